import RefreshContract
import RefreshLottieExport

/// Jetpack Compose with lottie-compose: a refresh box that plays the plugin's export (the files
/// `refresh-dump handoff` writes beside the code) as ``LottiePlayback`` says: the content moves down
/// by the pull and the export rides above it (its bottom on the content's top edge, clipped at the
/// box's top, absent at rest); below the threshold the pull scrubs `pulling`; each state plays its
/// marker once or in a loop; the result plays while the app keeps `result` set, then the box closes.
///
/// Read against material3's `PullToRefresh.kt` of the 1.4 line (`Modifier.pullToRefresh(isRefreshing,
/// state, enabled, threshold, onRefresh)`; `PullToRefreshBox` takes no threshold there, so the box is
/// built on the modifier) and lottie-compose 6.7.1 (`LottieAnimatable.animate(composition, iteration,
/// iterations, …, clipSpec, initialProgress = the clip's start)`: the iteration is reset to 1 for each
/// marker; `LottieComposition.getMarker` returns null for a marker the file lacks).
enum ComposeLottieHandoff {
    static let versions = [
        "Compose Material 3 1.4.0: Gradle androidx.compose.material3:material3:1.4.0",
        "lottie-compose 6.7.1: Gradle com.airbnb.android:lottie-compose:6.7.1",
    ]

    static func limits(_ spec: HandoffSpec) -> [String] {
        var limits = ["the rubber band's curve: Material's pull is the drag halved, with its own tension past the threshold"]
        if let reach = spec.overpull?.reach, reach > 2 {
            limits.append("the over-pull past 2 thresholds: material3's distanceFraction stops at 2 (its tension, capped at a 200 % overshoot of the halved drag), so overpulling's frames past 2 of its \(HandoffSpec.number(reach, 3)) are not reached")
        }
        if spec.hold != spec.trigger { limits.append("a hold extent (\(HandoffSpec.points(spec.hold)) pt) other than the threshold: the box rests open at the threshold") }
        return limits
    }

    static func kotlin(_ spec: HandoffSpec) -> String {
        let type = HandoffPlatform.typeName(spec.name)
        let t = { CodeText.stringLiteral($0, in: .kotlin) }
        let table = LottiePlayback(spec)
        func m(_ marker: LottieMarker) -> String { table[marker].marker.rawValue }
        let looped = table.rows.filter { $0.play == .loop }.map { "\"\($0.marker.rawValue)\"" }.joined(separator: ", ")
        let startsWith = table.rows.compactMap { row in row.then.map { "\"\($0.rawValue)\" to \"\(row.marker.rawValue)\"" } }.joined(separator: ", ")
        return """
        import android.os.LocaleList
        import androidx.compose.foundation.isSystemInDarkTheme
        import androidx.compose.foundation.layout.Box
        import androidx.compose.foundation.layout.BoxScope
        import androidx.compose.foundation.layout.BoxWithConstraints
        import androidx.compose.foundation.layout.offset
        import androidx.compose.foundation.layout.requiredSize
        import androidx.compose.material3.ExperimentalMaterial3Api
        import androidx.compose.material3.pulltorefresh.PullToRefreshState
        import androidx.compose.material3.pulltorefresh.pullToRefresh
        import androidx.compose.material3.pulltorefresh.rememberPullToRefreshState
        import androidx.compose.runtime.Composable
        import androidx.compose.runtime.LaunchedEffect
        import androidx.compose.runtime.getValue
        import androidx.compose.runtime.mutableStateOf
        import androidx.compose.runtime.remember
        import androidx.compose.runtime.setValue
        import androidx.compose.ui.Alignment
        import androidx.compose.ui.Modifier
        import androidx.compose.ui.draw.clipToBounds
        import androidx.compose.ui.graphics.graphicsLayer
        import androidx.compose.ui.platform.LocalConfiguration
        import androidx.compose.ui.semantics.contentDescription
        import androidx.compose.ui.semantics.semantics
        import androidx.compose.ui.unit.Dp
        import androidx.compose.ui.unit.IntOffset
        import androidx.compose.ui.unit.dp
        import com.airbnb.lottie.compose.LottieAnimation
        import com.airbnb.lottie.compose.LottieClipSpec
        import com.airbnb.lottie.compose.LottieCompositionSpec
        import com.airbnb.lottie.compose.LottieConstants
        import com.airbnb.lottie.compose.rememberLottieAnimatable
        import com.airbnb.lottie.compose.rememberLottieComposition
        import com.airbnb.lottie.model.Marker
        import java.util.Locale
        import kotlin.math.roundToInt
        import kotlinx.coroutines.delay

        /** \(CodeText.blockComment(spec.name)) as RefreshKit tuned and exported it. */
        object \(type)Lottie {
            /** Points (dp) pulled at which a release refreshes; the box rests open this far while refreshing. */
            val Threshold = \(HandoffSpec.number(spec.trigger, 1)).dp
            /** Milliseconds the result plays before the box closes. */
            const val RESULT_HOLD_MS = \(Int(((table[.success].hold ?? 0) * 1000).rounded()))L
            /** The export's size in points (dp): 1 pt of it is 1 dp on screen. */
            val ExportWidth = \(HandoffSpec.number(table.exportSize.width, 1)).dp
            val ExportHeight = \(HandoffSpec.number(table.exportSize.height, 1)).dp
            /** Whether a box wider than the export scales it to its width (a scene that paints the whole gap). */
            const val FILLS_WIDTH = \(table.fillsWidth)
            /** Pulled this many thresholds, `\(m(.overpulling))` (where the file has it) shows its last frame; material3's
             * distanceFraction goes past 1 up to 2 (PullToRefresh.kt's calculateVerticalOffset: the threshold plus a tension). */
            const val OVERPULL_REACH = \(HandoffSpec.number(table.overpullReach, 3))f
        }

        /** The markers that loop; every other plays once and keeps its last frame. */
        private val Looped = setOf(\(looped))
        /** The marker a moment plays once first, where the file has it (the start refreshing draws once). */
        private val StartsWith = mapOf(\(startsWith))

        \(ExportLocales.kotlin(spec))

        /**
         * `marker`'s frames: played once, to its own last frame (LottieClipSpec.Marker would end on the
         * frame after it, the next marker's first: its max is startFrame + durationFrames); looped, the marker.
         */
        private fun clip(marker: Marker, once: Boolean): LottieClipSpec =
            if (once) LottieClipSpec.Frame(marker.startFrame.roundToInt(), (marker.startFrame + marker.durationFrames).roundToInt() - 1)
            else LottieClipSpec.Marker(marker.name)

        /**
         * A box that refreshes `content` (a scrolling list) when pulled past the threshold, showing
         * \(CodeText.blockComment(spec.name)): put \(ExportLocales.files(spec)) (written beside this file by
         * `refresh-dump handoff`) in the app's assets. When the load ends, set `result` (true succeeded,
         * false failed) and keep `isRefreshing` true: the result plays for RESULT_HOLD_MS, then
         * `onResultShown` is called, where the app sets `isRefreshing` false and `result` null.
         */
        @OptIn(ExperimentalMaterial3Api::class)
        @Composable
        fun \(type)LottieRefreshBox(
            isRefreshing: Boolean,
            result: Boolean?,
            onRefresh: () -> Unit,
            onResultShown: () -> Unit,
            modifier: Modifier = Modifier,
            content: @Composable BoxScope.() -> Unit,
        ) {
            val state = rememberPullToRefreshState()
            LaunchedEffect(result) {
                if (result != null) {
                    delay(\(type)Lottie.RESULT_HOLD_MS)
                    onResultShown()
                }
            }
            BoxWithConstraints(
                modifier
                    .clipToBounds()
                    .pullToRefresh(isRefreshing = isRefreshing, state = state, threshold = \(type)Lottie.Threshold, onRefresh = onRefresh),
            ) {
                val pull = \(type)Lottie.Threshold * state.distanceFraction
                Box(Modifier.graphicsLayer { translationY = pull.toPx() }) { content() }
                if (state.distanceFraction > 0f || isRefreshing) {
                    \(type)LottieIndicator(state, isRefreshing, result, pull, maxWidth)
                }
            }
        }

        /**
         * The export at `pull` (the gap above the content): 1 dp of it is 1 pt of the export, centred, its
         * bottom on the content's top edge; a scene that fills the width is scaled up to a wider box, never down.
         */
        @OptIn(ExperimentalMaterial3Api::class)
        @Composable
        fun BoxScope.\(type)LottieIndicator(state: PullToRefreshState, isRefreshing: Boolean, result: Boolean?, pull: Dp, width: Dp) {
            val composition by rememberLottieComposition(
                LottieCompositionSpec.Asset(exportAsset(LocalConfiguration.current.locales, dark = isSystemInDarkTheme())))
            // The result stays (its last frame) while the box closes after it; the indicator leaves at rest.
            var lastResult by remember { mutableStateOf<Boolean?>(null) }
            LaunchedEffect(result) { if (result != null) lastResult = result }
            val shown = result ?: lastResult
            val marker = when {
                shown != null -> if (shown) "\(m(.success))" else "\(m(.failure))"
                isRefreshing -> "\(m(.refreshing))"
                state.distanceFraction >= 1f -> "\(m(.eligible))"
                else -> null  // below the threshold the pull scrubs `\(m(.pulling))`
            }
            val animatable = rememberLottieAnimatable()
            // `\(m(.eligible))` has played (once): past the threshold the pull then scrubs `\(m(.overpulling))`, which starts on its last frame.
            var eligiblePlayed by remember { mutableStateOf(false) }
            LaunchedEffect(composition, marker) {
                eligiblePlayed = false
                val loaded = composition ?: return@LaunchedEffect
                if (marker == null || loaded.getMarker(marker) == null) return@LaunchedEffect  // a marker the file lacks: skipped
                // Its start once first where the file has one; a new marker cancels this effect, and the chain with it.
                val first = StartsWith[marker]?.let { loaded.getMarker(it) }
                if (first != null) {
                    animatable.animate(loaded, iteration = 1, iterations = 1, clipSpec = clip(first, once = true))
                }
                val looped = marker in Looped
                animatable.animate(
                    loaded,
                    iteration = 1,
                    iterations = if (looped) LottieConstants.IterateForever else 1,
                    clipSpec = clip(loaded.getMarker(marker)!!, once = !looped),
                )
                // Reached only when it played to its end (a new marker cancels the effect first).
                eligiblePlayed = marker == "\(m(.eligible))" && marker !in Looped
            }
            val scale = if (\(type)Lottie.FILLS_WIDTH) maxOf(1f, width / \(type)Lottie.ExportWidth) else 1f
            val height = \(type)Lottie.ExportHeight * scale
            LottieAnimation(
                composition = composition,
                progress = {
                    val loaded = composition
                    val pulling = loaded?.getMarker("\(m(.pulling))")
                    val overpulling = loaded?.getMarker("\(m(.overpulling))")
                    if (eligiblePlayed && loaded != null && overpulling != null && \(type)Lottie.OVERPULL_REACH > 1f) {
                        val f = ((state.distanceFraction - 1f) / (\(type)Lottie.OVERPULL_REACH - 1f)).coerceIn(0f, 1f)
                        loaded.getProgressForFrame(overpulling.startFrame + f * (overpulling.durationFrames - 1))
                    } else if (marker != null || loaded == null || pulling == null) animatable.progress
                    else loaded.getProgressForFrame(pulling.startFrame + state.distanceFraction.coerceIn(0f, 1f) * (pulling.durationFrames - 1))
                },
                modifier = Modifier
                    .align(Alignment.TopCenter)
                    .requiredSize(\(type)Lottie.ExportWidth * scale, height)
                    .offset { IntOffset(0, (pull - height).roundToPx()) }
                    .semantics {
                        contentDescription = when (marker) {
                            "\(m(.success))" -> "\(t(spec.texts.success))"
                            "\(m(.failure))" -> "\(t(spec.texts.failure))"
                            "\(m(.refreshing))" -> "\(t(spec.texts.refreshing))"
                            "\(m(.eligible))" -> "\(t(spec.texts.eligible))"
                            else -> "\(t(spec.texts.pulling))"
                        }
                    },
            )
        }

        """
    }
}
