/// Jetpack Compose (Material 3): a box on `Modifier.pullToRefresh` with the tuned threshold, and an
/// indicator composable driven by `PullToRefreshState.distanceFraction`.
///
/// Read against material3's `PullToRefresh.kt` of the 1.4 line: `PullToRefreshBox` takes no
/// threshold there and `PullToRefreshDefaults.Indicator` calls its distance `maxDistance` (1.3 called
/// it `threshold`), so the box is built on `Modifier.pullToRefresh(…, threshold, onRefresh)`, which takes it.
enum ComposeHandoff {
    static let versions = [ComposeLottieHandoff.versions[0]]

    static func limits(_ spec: HandoffSpec) -> [String] {
        var limits: [String] = []
        if spec.hold != spec.trigger { limits.append("a hold extent (\(HandoffSpec.points(spec.hold)) pt) other than the threshold: the indicator rests at the threshold") }
        if spec.placement != .above { limits.append("placement '\(spec.placement.rawValue)': Material's pull-to-refresh keeps the content still and the indicator over it") }
        limits.append("the rubber band's curve: the pull is the drag halved, up to twice the threshold")
        limits.append("a result held \(Int((spec.resultHold * 1000).rounded())) ms: keep isRefreshing true that long after the load")
        if spec.policy == .onReach { limits.append("refreshing as soon as the threshold is reached: it refreshes on release") }
        if spec.haptics != .off { limits.append("haptics: call LocalHapticFeedback.current when distanceFraction first reaches 1") }
        if spec.secondFloorTrigger != nil { limits.append("a second floor") }
        return limits
    }

    static func kotlin(_ spec: HandoffSpec) -> String {
        let name = HandoffPlatform.typeName(spec.name)
        let ink = spec.accentColor.map { "Color(0x\($0.count == 9 ? String($0.suffix(2) + $0.dropFirst().prefix(6)) : "FF" + $0.dropFirst()))" } ?? "Color.Gray"
        return """
        import androidx.compose.animation.core.spring
        import androidx.compose.foundation.layout.Box
        import androidx.compose.foundation.layout.BoxScope
        import androidx.compose.material3.ExperimentalMaterial3Api
        import androidx.compose.material3.pulltorefresh.PullToRefreshDefaults
        import androidx.compose.material3.pulltorefresh.PullToRefreshState
        import androidx.compose.material3.pulltorefresh.pullToRefresh
        import androidx.compose.material3.pulltorefresh.rememberPullToRefreshState
        import androidx.compose.runtime.Composable
        import androidx.compose.ui.Alignment
        import androidx.compose.ui.Modifier
        import androidx.compose.ui.graphics.Color
        import androidx.compose.ui.unit.dp

        /** \(CodeText.blockComment(spec.name)), as tuned in RefreshKit. */
        object \(name)Refresh {
            /** Points (dp) pulled at which a release refreshes, and how far the indicator travels. */
            val Threshold = \(HandoffSpec.number(spec.trigger, 1)).dp
            const val RESULT_HOLD_MS = \(Int((spec.resultHold * 1000).rounded()))L
            val Ink = \(ink)
            val SpringBack = spring<Float>(dampingRatio = \(HandoffSpec.number(spec.spring.dampingRatio))f, stiffness = \(HandoffSpec.number(spec.spring.stiffness / spec.spring.mass))f)
        }

        @OptIn(ExperimentalMaterial3Api::class)
        @Composable
        fun \(name)RefreshBox(
            isRefreshing: Boolean,
            onRefresh: () -> Unit,
            modifier: Modifier = Modifier,
            content: @Composable BoxScope.() -> Unit,
        ) {
            val state = rememberPullToRefreshState()
            Box(modifier.pullToRefresh(isRefreshing = isRefreshing, state = state, threshold = \(name)Refresh.Threshold, onRefresh = onRefresh)) {
                content()
                \(name)Indicator(state, isRefreshing, Modifier.align(Alignment.TopCenter))
            }
        }

        /** Draw \(CodeText.blockComment(spec.name)) from state.distanceFraction (0 at rest, 1 at the threshold); Material's indicator stands in. */
        @OptIn(ExperimentalMaterial3Api::class)
        @Composable
        fun \(name)Indicator(state: PullToRefreshState, isRefreshing: Boolean, modifier: Modifier = Modifier) {
            PullToRefreshDefaults.Indicator(
                state = state,
                isRefreshing = isRefreshing,
                modifier = modifier,
                color = \(name)Refresh.Ink,
                maxDistance = \(name)Refresh.Threshold,
            )
        }

        """
    }
}
