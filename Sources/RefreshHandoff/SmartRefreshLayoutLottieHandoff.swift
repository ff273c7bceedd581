import RefreshContract
import RefreshLottieExport

/// SmartRefreshLayout with lottie-android: a `RefreshHeader` holding a `LottieAnimationView` that
/// plays the plugin's export (the files `refresh-dump handoff` writes beside the code) as
/// ``LottiePlayback`` says: the finger's pull below the trigger scrubs `pulling`, each state plays
/// its marker once or in a loop, the result plays for the hold `onFinish` returns.
///
/// Read against SmartRefreshLayout 2.1.0 (`RefreshComponent.onMoving(isDragging, percent, …)` is
/// called while dragging and while the layout springs back, so the scrub is kept to
/// `PullDownToRefresh` with the finger down; `RefreshLayout.setHeaderHeight(dp)` sets the header's
/// height, which is the trigger at rate 1 and the hold) and lottie-android 6.7.1
/// (`LottieAnimationView.setMinAndMaxFrame(String)` throws `IllegalArgumentException` for a
/// missing marker, so markers are looked up with `LottieComposition.getMarker`, which returns null;
/// `setFrame` is clamped to the min and max frame).
enum SmartRefreshLayoutLottieHandoff {
    static let versions = [
        "SmartRefreshLayout 2.1.0: Gradle io.github.scwang90:refresh-layout-kernel:2.1.0",
        "lottie-android 6.7.1: Gradle com.airbnb.android:lottie:6.7.1",
    ]

    static func limits(_ spec: HandoffSpec) -> [String] {
        var limits: [String] = []
        if spec.hold != spec.trigger { limits.append("a hold extent (\(HandoffSpec.points(spec.hold)) pt) other than the trigger: the header's height is both") }
        if spec.placement != .push { limits.append("placement '\(spec.placement.rawValue)': the header is translated with the content (SpinnerStyle.Translate), as the export is drawn") }
        limits.append("a change of dark mode while the header is shown: Android makes the view again on a configuration change")
        return limits
    }

    static func kotlin(_ spec: HandoffSpec) -> String {
        let type = HandoffPlatform.typeName(spec.name) + "LottieHeader"
        let t = { CodeText.stringLiteral($0, in: .kotlin) }
        let table = LottiePlayback(spec)
        func m(_ marker: LottieMarker) -> String { table[marker].marker.rawValue }
        func loops(_ marker: LottieMarker) -> String { table[marker].play == .loop ? "true" : "false" }
        return """
        import android.animation.Animator
        import android.animation.AnimatorListenerAdapter
        import android.content.Context
        import android.content.res.Configuration
        import android.os.LocaleList
        import android.util.AttributeSet
        import android.view.ViewGroup
        import android.widget.RelativeLayout
        import com.airbnb.lottie.LottieAnimationView
        import com.airbnb.lottie.LottieDrawable
        import com.scwang.smart.refresh.layout.api.RefreshHeader
        import com.scwang.smart.refresh.layout.api.RefreshLayout
        import com.scwang.smart.refresh.layout.constant.RefreshState
        import com.scwang.smart.refresh.layout.constant.SpinnerStyle
        import com.scwang.smart.refresh.layout.simple.SimpleComponent
        import java.util.Locale
        import kotlin.math.max
        import kotlin.math.roundToInt

        \(ExportLocales.kotlin(spec))

        /**
         * \(CodeText.blockComment(spec.name))'s header as RefreshKit exported it: put \(ExportLocales.files(spec)) (written
         * beside this file by `refresh-dump handoff`) in the app's assets, and call `attach(layout)`.
         */
        class \(type) @JvmOverloads constructor(context: Context, attrs: AttributeSet? = null) :
            SimpleComponent(context, attrs, 0), RefreshHeader {

            private val animation = LottieAnimationView(context)
            /** The finger pulls below the trigger: only then does the pull scrub `\(m(.pulling))`. */
            private var scrubbing = false
            /** The marker that plays when the one playing ends (`\(m(.refreshing))` after `\(m(.refreshingStart))`); null: none. */
            private var next: String? = null
            /** The marker last played, whether a state's change cancelled it, and the finger's last pull (1 at the trigger). */
            private var playing: String? = null
            private var cancelled = false
            private var pulled = 0f
            /** `\(m(.eligible))` has played, past the trigger: the pull scrubs `\(m(.overpulling))`, its last frame `\(m(.eligible))`'s. */
            private var overpulling = false

            init {
                mSpinnerStyle = SpinnerStyle.Translate
                clipChildren = false  // an over-pull shows the export above the header's height
                val night = resources.configuration.uiMode and Configuration.UI_MODE_NIGHT_MASK
                animation.setAnimation(exportAsset(resources.configuration.locales, dark = night == Configuration.UI_MODE_NIGHT_YES))
                addView(animation, exportLayout(scale = 1f))
                animation.addAnimatorListener(object : AnimatorListenerAdapter() {
                    override fun onAnimationStart(animator: Animator) { cancelled = false }
                    override fun onAnimationCancel(animator: Animator) { cancelled = true }
                    // lottie-android calls this after a cancel too (LottieValueAnimator.notifyCancel).
                    override fun onAnimationEnd(animator: Animator) {
                        if (playing == "\(m(.eligible))" && !cancelled && !overpulling) {
                            overpulling = OVERPULL_REACH > 1f && range("\(m(.overpulling))")
                            return overscrub()
                        }
                        val marker = next ?: return
                        next = null
                        animation.post { play(marker, loop = \(loops(.refreshing))) }
                    }
                })
            }

            /** Sets this header on `layout` at the trigger's height (the trigger at rate 1, and the hold). */
            fun attach(layout: RefreshLayout) {
                layout.setRefreshHeader(this)
                layout.setHeaderHeight(TRIGGER_DP)
                layout.setHeaderTriggerRate(1f)
                layout.layout.clipChildren = false
            }

            /**
             * 1 dp of the export is 1 pt of it on screen, centred, its bottom on the list's top edge; a scene
             * that fills the width is scaled up to a wider header, never down.
             */
            private fun exportLayout(scale: Float): RelativeLayout.LayoutParams {
                val density = resources.displayMetrics.density
                return RelativeLayout.LayoutParams((EXPORT_WIDTH_DP * scale * density).roundToInt(), (EXPORT_HEIGHT_DP * scale * density).roundToInt()).apply {
                    addRule(RelativeLayout.ALIGN_PARENT_BOTTOM)
                    addRule(RelativeLayout.CENTER_HORIZONTAL)
                }
            }

            override fun onSizeChanged(width: Int, height: Int, oldWidth: Int, oldHeight: Int) {
                super.onSizeChanged(width, height, oldWidth, oldHeight)
                if (FILLS_WIDTH) animation.layoutParams = exportLayout(max(1f, width / (EXPORT_WIDTH_DP * resources.displayMetrics.density)))
            }

            /**
             * 1 at the trigger: while the finger pulls below it, scrubs the `\(m(.pulling))` marker; past it, once
             * `\(m(.eligible))` has played, `\(m(.overpulling))` (the layout's headerMaxDragRate, 2.5 by default, is as far as it goes).
             */
            override fun onMoving(isDragging: Boolean, percent: Float, offset: Int, height: Int, maxDragHeight: Int) {
                if (!isDragging) return
                pulled = percent
                if (overpulling) return overscrub()
                if (!scrubbing) return
                val marker = animation.composition?.getMarker("\(m(.pulling))") ?: return
                animation.frame = (marker.startFrame + percent.coerceIn(0f, 1f) * (marker.durationFrames - 1)).toInt()
            }

            /** The frame of `\(m(.overpulling))` the finger's pull shows: the trigger its first, OVERPULL_REACH triggers its last. */
            private fun overscrub() {
                if (!overpulling) return
                val marker = animation.composition?.getMarker("\(m(.overpulling))") ?: return
                val f = ((pulled - 1f) / (OVERPULL_REACH - 1f)).coerceIn(0f, 1f)
                animation.frame = (marker.startFrame + f * (marker.durationFrames - 1)).toInt()
            }

            override fun onStateChanged(refreshLayout: RefreshLayout, oldState: RefreshState, newState: RefreshState) {
                scrubbing = newState == RefreshState.PullDownToRefresh
                overpulling = false
                if (newState != RefreshState.Refreshing) next = null
                when (newState) {
                    RefreshState.PullDownToRefresh -> {
                        animation.cancelAnimation()
                        range("\(m(.pulling))")
                        contentDescription = "\(t(spec.texts.pulling))"
                    }
                    RefreshState.ReleaseToRefresh -> {
                        play("\(m(.eligible))", loop = \(loops(.eligible)))
                        contentDescription = "\(t(spec.texts.eligible))"
                    }
                    RefreshState.RefreshReleased, RefreshState.Refreshing -> {
                        if (oldState != RefreshState.RefreshReleased) playRefreshing()
                        contentDescription = "\(t(spec.texts.refreshing))"
                    }
                    else -> Unit  // the result, played by onFinish, stays while the header closes
                }
            }

            /** Plays the result; the header closes after the hold this returns. */
            override fun onFinish(refreshLayout: RefreshLayout, success: Boolean): Int {
                next = null
                play(if (success) "\(m(.success))" else "\(m(.failure))", loop = \(loops(.success)))
                contentDescription = if (success) "\(t(spec.texts.success))" else "\(t(spec.texts.failure))"
                return RESULT_HOLD_MS
            }

            /** Limits the animation to `name`'s frames; false (and nothing changed) when the file has no such marker. */
            private fun range(name: String): Boolean {
                val marker = animation.composition?.getMarker(name) ?: return false
                val start = marker.startFrame.toInt()
                animation.setMinAndMaxFrame(start, start + max(0, marker.durationFrames.toInt() - 1))
                animation.frame = start
                return true
            }

            /**
             * `\(m(.refreshingStart))` once where the file has it (the start refreshing draws once), then `\(m(.refreshing))`;
             * a state that follows first stops the chain.
             */
            private fun playRefreshing() {
                if (animation.composition?.getMarker("\(m(.refreshingStart))") == null) return play("\(m(.refreshing))", loop = \(loops(.refreshing)))
                play("\(m(.refreshingStart))", loop = false)
                next = "\(m(.refreshing))"
            }

            /** Plays `name` from its first frame, over and over or once (its last frame then stays). */
            private fun play(name: String, loop: Boolean) {
                playing = name
                if (!range(name)) return
                animation.repeatCount = if (loop) LottieDrawable.INFINITE else 0
                animation.playAnimation()
            }

            companion object {
                /** Points (dp) pulled at which a release refreshes; the header's height, held while refreshing. */
                const val TRIGGER_DP = \(HandoffSpec.number(spec.trigger, 1))f
                /** Milliseconds the result plays before the header closes. */
                const val RESULT_HOLD_MS = \(Int(((table[.success].hold ?? 0) * 1000).rounded()))
                /** The export's size in points (dp): 1 pt of it is 1 dp on screen. */
                const val EXPORT_WIDTH_DP = \(HandoffSpec.number(table.exportSize.width, 1))f
                const val EXPORT_HEIGHT_DP = \(HandoffSpec.number(table.exportSize.height, 1))f
                /** Whether a header wider than the export scales it to its width (a scene that paints the whole gap). */
                const val FILLS_WIDTH = \(table.fillsWidth)
                /** Pulled this many triggers, `\(m(.overpulling))` (where the file has it) shows its last frame. */
                const val OVERPULL_REACH = \(HandoffSpec.number(table.overpullReach, 3))f
            }
        }

        """
    }
}
