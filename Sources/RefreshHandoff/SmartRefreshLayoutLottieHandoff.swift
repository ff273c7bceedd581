import RefreshLottieExport

/// SmartRefreshLayout with lottie-android: a `RefreshHeader` holding a `LottieAnimationView` that
/// plays the plugin's export (the files `refresh-dump handoff` writes beside the code): the finger's
/// pull scrubs the `pulling` marker, `eligible` and `refreshing` loop, the result plays for the hold
/// `onFinish` returns. Names checked against lottie-android 6.7.1 and SmartRefreshLayout 3.0.0-alpha.
enum SmartRefreshLayoutLottieHandoff {
    static func limits(_ spec: HandoffSpec) -> [String] {
        var limits: [String] = []
        if spec.placement != .push { limits.append("placement '\(spec.placement.rawValue)': set mSpinnerStyle as smartrefreshlayout.kt does") }
        limits.append("a change of dark mode while the header is shown: Android makes the view again on a configuration change")
        return limits
    }

    static func kotlin(_ spec: HandoffSpec) -> String {
        let type = HandoffPlatform.typeName(spec.name) + "LottieHeader"
        let name = CodeText.stringLiteral(LottieExport.fileName(spec.name), in: .kotlin)
        let t = { CodeText.stringLiteral($0, in: .kotlin) }
        return """
        import android.content.Context
        import android.content.res.Configuration
        import android.util.AttributeSet
        import android.view.ViewGroup
        import com.airbnb.lottie.LottieAnimationView
        import com.airbnb.lottie.LottieDrawable
        import com.scwang.smart.refresh.layout.api.RefreshHeader
        import com.scwang.smart.refresh.layout.api.RefreshLayout
        import com.scwang.smart.refresh.layout.constant.RefreshState
        import com.scwang.smart.refresh.layout.simple.SimpleComponent

        /**
         * \(CodeText.blockComment(spec.name))'s header as RefreshKit exported it: put \(name).json and \(name)-dark.json (written
         * beside this file by `refresh-dump handoff`, or by `refresh-dump export`) in the app's assets.
         */
        class \(type) @JvmOverloads constructor(context: Context, attrs: AttributeSet? = null) :
            SimpleComponent(context, attrs, 0), RefreshHeader {

            private val animation = LottieAnimationView(context)

            init {
                val night = resources.configuration.uiMode and Configuration.UI_MODE_NIGHT_MASK
                animation.setAnimation(if (night == Configuration.UI_MODE_NIGHT_YES) "\(name)-dark.json" else "\(name).json")
                addView(animation, ViewGroup.LayoutParams(ViewGroup.LayoutParams.MATCH_PARENT, ViewGroup.LayoutParams.MATCH_PARENT))
            }

            /** 1 at the trigger: while the finger pulls, scrubs the `pulling` marker. */
            override fun onMoving(isDragging: Boolean, percent: Float, offset: Int, height: Int, maxDragHeight: Int) {
                if (!isDragging) return
                val marker = animation.composition?.getMarker("pulling") ?: return
                animation.frame = (marker.startFrame + percent.coerceIn(0f, 1f) * (marker.durationFrames - 1)).toInt()
            }

            override fun onStateChanged(refreshLayout: RefreshLayout, oldState: RefreshState, newState: RefreshState) {
                when (newState) {
                    RefreshState.PullDownToRefresh -> {
                        animation.cancelAnimation()
                        animation.setMinAndMaxFrame("pulling")
                        contentDescription = "\(t(spec.texts.pulling))"
                    }
                    RefreshState.ReleaseToRefresh -> {
                        play("eligible", loop = true)
                        contentDescription = "\(t(spec.texts.eligible))"
                    }
                    RefreshState.Refreshing -> {
                        play("refreshing", loop = true)
                        contentDescription = "\(t(spec.texts.refreshing))"
                    }
                    else -> Unit
                }
            }

            /** Plays the result; the header closes after the hold this returns. */
            override fun onFinish(refreshLayout: RefreshLayout, success: Boolean): Int {
                play(if (success) "success" else "failure", loop = false)
                contentDescription = if (success) "\(t(spec.texts.success))" else "\(t(spec.texts.failure))"
                return RESULT_HOLD_MS
            }

            private fun play(marker: String, loop: Boolean) {
                animation.setMinAndMaxFrame(marker)
                animation.repeatCount = if (loop) LottieDrawable.INFINITE else 0
                animation.playAnimation()
            }

            companion object {
                /** Milliseconds the result plays before the header closes. */
                const val RESULT_HOLD_MS = \(Int((spec.resultHold * 1000).rounded()))
            }
        }

        """
    }
}
