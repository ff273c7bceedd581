/// SwiftUI: `.refreshable` runs the load; the pull distance, read from the scroll view's
/// geometry, drives a custom indicator view; the tuned values are constants.
enum SwiftUIHandoff {
    static let versions = ["SwiftUI of the iOS 18.0 SDK (onScrollGeometryChange: iOS 18.0 and later)"]
    static func limits(_ spec: HandoffSpec) -> [String] {
        var limits = [
            "the trigger distance (\(HandoffSpec.points(spec.trigger)) pt): .refreshable fires at the system's distance; the constant drives the drawing only",
            "hiding the system's spinner: .refreshable shows its own above the custom indicator",
            "the rubber band and the spring back: the scroll view's own (UIScrollView's, the same 0.55 coefficient)",
        ]
        if spec.policy == .onReach { limits.append("refreshing as soon as the trigger is reached") }
        if spec.secondFloorTrigger != nil { limits.append("a second floor") }
        return limits
    }

    static func swift(_ spec: HandoffSpec) -> String {
        let name = HandoffPlatform.typeName(spec.name)
        let color = spec.accentColor.map(HandoffPlatform.components).map {
            "Color(red: \(HandoffSpec.number($0.red, 3)), green: \(HandoffSpec.number($0.green, 3)), blue: \(HandoffSpec.number($0.blue, 3)), opacity: \(HandoffSpec.number($0.alpha, 3)))"
        } ?? "Color.secondary"
        let t = { CodeText.stringLiteral($0, in: .swift) }
        return """
        import SwiftUI

        /// \(CodeText.lineComment(spec.name)), as tuned in RefreshKit.
        enum \(name)Refresh {
            static let triggerDistance: CGFloat = \(HandoffSpec.points(spec.trigger))
            static let holdExtent: CGFloat = \(HandoffSpec.points(spec.hold))
            static let resultHold: Duration = .milliseconds(\(Int((spec.resultHold * 1000).rounded())))
            static let springBack = Animation.spring(response: \(HandoffSpec.number(spec.springResponse, 3)), dampingFraction: \(HandoffSpec.number(spec.spring.dampingRatio)))
            static let ink = \(color)
            static let pulling = "\(t(spec.texts.pulling))"
            static let eligible = "\(t(spec.texts.eligible))"
            static let refreshing = "\(t(spec.texts.refreshing))"
            static let success = "\(t(spec.texts.success))"
            static let failure = "\(t(spec.texts.failure))"
        }

        /// The indicator, drawn from the pull distance (1 at the trigger).
        struct \(name)RefreshIndicator: View {
            var pull: CGFloat
            var isRefreshing: Bool
            /// The refresh's result while it shows: true succeeded, false failed, nil none.
            var result: Bool? = nil

            var body: some View {
                let progress = min(pull / \(name)Refresh.triggerDistance, 1)
                Group {
                    if isRefreshing {
                        ProgressView()
                    } else {
                        ProgressView(value: progress)
                    }
                }
                .tint(\(name)Refresh.ink)
                .opacity(pull > 0 || isRefreshing ? 1 : 0)
                .accessibilityLabel(result.map { $0 ? \(name)Refresh.success : \(name)Refresh.failure }
                                    ?? (isRefreshing ? \(name)Refresh.refreshing : progress >= 1 ? \(name)Refresh.eligible : \(name)Refresh.pulling))
            }
        }

        /// A scrolling list whose pull drives the indicator; `load` runs when it refreshes and says
        /// whether it succeeded: the result shows for resultHold before the list closes.
        struct \(name)RefreshList<Content: View>: View {
            var load: () async -> Bool
            @ViewBuilder var content: () -> Content
            @State private var pull: CGFloat = 0
            @State private var isRefreshing = false
            @State private var result: Bool?

            var body: some View {
                ScrollView {
                    content()
                }
                .onScrollGeometryChange(for: CGFloat.self) { geometry in
                    max(0, -(geometry.contentOffset.y + geometry.contentInsets.top))
                } action: { _, distance in
                    pull = distance
                    if distance <= 0, !isRefreshing { result = nil }  // closed: the result has shown
                }
                .overlay(alignment: .top) {
                    \(name)RefreshIndicator(pull: pull, isRefreshing: isRefreshing, result: result)
                        .frame(height: max(pull, isRefreshing ? \(name)Refresh.holdExtent : 0))
                }
                .refreshable {
                    isRefreshing = true
                    result = await load()
                    do { try await Task.sleep(for: \(name)Refresh.resultHold) } catch {}
                    withAnimation(\(name)Refresh.springBack) { isRefreshing = false }
                }
            }
        }

        """
    }
}
