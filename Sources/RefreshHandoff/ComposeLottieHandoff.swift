import RefreshLottieExport

/// Jetpack Compose with lottie-compose: an indicator for compose.kt's `PullToRefreshBox` that plays
/// the plugin's export (the files `refresh-dump handoff` writes beside the code): the pull
/// (`distanceFraction`) scrubs the `pulling` marker, `eligible` and `refreshing` loop. Names checked
/// against lottie-compose 6.7.1 (`rememberLottieComposition`, `LottieClipSpec.Marker`,
/// `animateLottieCompositionAsState`, `LottieAnimation(progress =)`).
enum ComposeLottieHandoff {
    static func limits(_ spec: HandoffSpec) -> [String] {
        ["the result (success, failure): PullToRefreshBox closes when isRefreshing goes false; play LottieClipSpec.Marker(\"success\") first if it should show"]
    }

    static func kotlin(_ spec: HandoffSpec) -> String {
        let type = HandoffPlatform.typeName(spec.name)
        let name = CodeText.stringLiteral(LottieExport.fileName(spec.name), in: .kotlin)
        let t = { CodeText.stringLiteral($0, in: .kotlin) }
        return """
        import androidx.compose.foundation.isSystemInDarkTheme
        import androidx.compose.foundation.layout.fillMaxWidth
        import androidx.compose.foundation.layout.height
        import androidx.compose.material3.ExperimentalMaterial3Api
        import androidx.compose.material3.pulltorefresh.PullToRefreshState
        import androidx.compose.runtime.Composable
        import androidx.compose.runtime.getValue
        import androidx.compose.ui.Modifier
        import androidx.compose.ui.semantics.contentDescription
        import androidx.compose.ui.semantics.semantics
        import androidx.compose.ui.unit.dp
        import com.airbnb.lottie.compose.LottieAnimation
        import com.airbnb.lottie.compose.LottieClipSpec
        import com.airbnb.lottie.compose.LottieCompositionSpec
        import com.airbnb.lottie.compose.LottieConstants
        import com.airbnb.lottie.compose.animateLottieCompositionAsState
        import com.airbnb.lottie.compose.rememberLottieComposition

        /**
         * \(CodeText.blockComment(spec.name)) as RefreshKit exported it: put \(name).json and \(name)-dark.json (written beside this
         * file by `refresh-dump handoff`, or by `refresh-dump export`) in the app's assets, and pass this as
         * compose.kt's indicator: `indicator = { \(type)LottieIndicator(state, isRefreshing, Modifier.align(Alignment.TopCenter)) }`.
         */
        @OptIn(ExperimentalMaterial3Api::class)
        @Composable
        fun \(type)LottieIndicator(state: PullToRefreshState, isRefreshing: Boolean, modifier: Modifier = Modifier) {
            val composition by rememberLottieComposition(
                LottieCompositionSpec.Asset(if (isSystemInDarkTheme()) "\(name)-dark.json" else "\(name).json"))
            val pull = state.distanceFraction.coerceIn(0f, 1f)
            val marker = when {
                isRefreshing -> "refreshing"
                state.distanceFraction >= 1f -> "eligible"
                else -> null
            }
            val playing by animateLottieCompositionAsState(
                composition,
                isPlaying = marker != null,
                clipSpec = marker?.let { LottieClipSpec.Marker(it) },
                iterations = LottieConstants.IterateForever,
            )
            val words = when (marker) {
                "refreshing" -> "\(t(spec.texts.refreshing))"
                "eligible" -> "\(t(spec.texts.eligible))"
                else -> "\(t(spec.texts.pulling))"
            }
            LottieAnimation(
                composition = composition,
                progress = {
                    val loaded = composition
                    val pulling = loaded?.getMarker("pulling")
                    if (marker != null || loaded == null || pulling == null) playing
                    else loaded.getProgressForFrame(pulling.startFrame + pull * (pulling.durationFrames - 1))
                },
                modifier = modifier.fillMaxWidth().height(\(HandoffSpec.number(spec.hold, 1)).dp).semantics { contentDescription = words },
            )
        }

        """
    }
}
