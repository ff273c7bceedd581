import RefreshHost

/// SmartRefreshLayout (Android, Kotlin): the layout's knobs and a `SimpleComponent` header. The
/// header height is the inset held while refreshing; the trigger is that height × the trigger rate.
enum SmartRefreshLayoutHandoff {
    static let versions = [SmartRefreshLayoutLottieHandoff.versions[0]]
    /// The header height SmartRefreshLayout can take: the hold, or the trigger when that is further
    /// (its trigger rate is at most 1).
    static func headerHeight(_ spec: HandoffSpec) -> Double { max(spec.hold, spec.trigger) }

    static func limits(_ spec: HandoffSpec) -> [String] {
        var limits: [String] = []
        if spec.trigger > spec.hold { limits.append("a trigger (\(HandoffSpec.points(spec.trigger)) pt) beyond the hold (\(HandoffSpec.points(spec.hold)) pt): the trigger rate is at most 1, so the header is held at the trigger") }
        limits.append("the rubber band's curve: dragRate \(HandoffSpec.number(spec.rubberBand)) is its slope at the start, and maxDragRate its reach")
        limits.append("the spring back: reboundDuration \(spec.springBackMilliseconds) ms with the layout's interpolator stands in for it")
        if spec.policy == .onReach { limits.append("refreshing as soon as the trigger is reached: the layout refreshes on release") }
        if spec.startOffset != 0 { limits.append("a start offset (\(HandoffSpec.points(spec.startOffset)) pt)") }
        if spec.haptics != .off { limits.append("haptics: call performHapticFeedback in onStateChanged at ReleaseToRefresh") }
        if spec.secondFloorTrigger != nil { limits.append("the second floor's distances: use TwoLevelHeader and set its own rates") }
        return limits
    }

    static func kotlin(_ spec: HandoffSpec) -> String {
        let name = HandoffPlatform.typeName(spec.name)
        let height = headerHeight(spec)
        let style = switch spec.placement {
        case .push: "SpinnerStyle.Translate"
        case .behind: "SpinnerStyle.FixedBehind"
        case .above: "SpinnerStyle.FixedFront"
        case .stretch: "SpinnerStyle.MatchLayout"
        }
        let colors = spec.colors.map { "Color.parseColor(\"\($0.hex.count == 9 ? "#" + $0.hex.suffix(2) + $0.hex.dropFirst().prefix(6) : $0.hex)\")" }
        let primary = spec.accentColor.map { hex in "Color.parseColor(\"\(hex.count == 9 ? "#" + hex.suffix(2) + hex.dropFirst().prefix(6) : hex)\")" } ?? "Color.GRAY"
        let t = { CodeText.stringLiteral($0, in: .kotlin) }
        return """
        import android.content.Context
        import android.graphics.Color
        import android.util.AttributeSet
        import com.scwang.smart.refresh.layout.api.RefreshHeader
        import com.scwang.smart.refresh.layout.api.RefreshLayout
        import com.scwang.smart.refresh.layout.constant.RefreshState
        import com.scwang.smart.refresh.layout.constant.SpinnerStyle
        import com.scwang.smart.refresh.layout.simple.SimpleComponent

        /** \(CodeText.blockComment(spec.name)), as tuned in RefreshKit: the layout's settings. */
        object \(name)Refresh {
            const val HEADER_HEIGHT_DP = \(HandoffSpec.number(height, 1))f
            const val TRIGGER_RATE = \(HandoffSpec.number(min(1, spec.trigger / height), 3))f
            const val MAX_DRAG_RATE = \(HandoffSpec.number(min(10, max(1, Defaults.viewport.height / height)), 2))f
            const val DRAG_RATE = \(HandoffSpec.number(spec.rubberBand, 2))f
            const val REBOUND_DURATION_MS = \(spec.springBackMilliseconds)
            const val RESULT_HOLD_MS = \(Int((spec.resultHold * 1000).rounded()))
            val PRIMARY_COLOR = \(primary)
            /** Every colour parameter, in order: \(CodeText.blockComment(spec.colors.map(\.name).joined(separator: ", "))). */
            val COLORS = intArrayOf(\(colors.joined(separator: ", ")))

            fun apply(layout: RefreshLayout, header: \(name)RefreshHeader) {
                layout.setRefreshHeader(header)
                layout.setHeaderHeight(HEADER_HEIGHT_DP)
                layout.setHeaderTriggerRate(TRIGGER_RATE)
                layout.setHeaderMaxDragRate(MAX_DRAG_RATE)
                layout.setDragRate(DRAG_RATE)
                layout.setReboundDuration(REBOUND_DURATION_MS)
                layout.setEnableAutoLoadMore(true)
                layout.setPrimaryColors(PRIMARY_COLOR)
            }
        }

        /** \(CodeText.blockComment(spec.name))'s header: draw it from the percent onMoving gives (1 at the trigger). */
        class \(name)RefreshHeader @JvmOverloads constructor(context: Context, attrs: AttributeSet? = null) :
            SimpleComponent(context, attrs, 0), RefreshHeader {

            init {
                mSpinnerStyle = \(style)
            }

            override fun onMoving(isDragging: Boolean, percent: Float, offset: Int, height: Int, maxDragHeight: Int) {
                invalidate()
            }

            override fun onStateChanged(refreshLayout: RefreshLayout, oldState: RefreshState, newState: RefreshState) {
                contentDescription = when (newState) {
                    RefreshState.PullDownToRefresh -> "\(t(spec.texts.pulling))"
                    RefreshState.ReleaseToRefresh -> "\(t(spec.texts.eligible))"
                    RefreshState.Refreshing -> "\(t(spec.texts.refreshing))"
                    else -> contentDescription
                }
            }

            /** The result shows this long before the header closes. */
            override fun onFinish(refreshLayout: RefreshLayout, success: Boolean): Int {
                contentDescription = if (success) "\(t(spec.texts.success))" else "\(t(spec.texts.failure))"
                return \(name)Refresh.RESULT_HOLD_MS
            }
        }

        """
    }
}
