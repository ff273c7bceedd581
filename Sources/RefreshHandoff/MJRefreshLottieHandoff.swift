/// MJRefresh with lottie-ios: an `MJRefreshHeader` subclass that plays the plugin's export
/// (`refresh-dump export`, the files `refresh-dump handoff` writes beside the code): the pull scrubs
/// the `pulling` marker, past the trigger `eligible` loops, refreshing loops `refreshing`, and the
/// result plays before the refresh ends. Names checked against lottie-ios 4.6.1 and MJRefresh 3.7.9.
enum MJRefreshLottieHandoff {
    static func limits(_ spec: HandoffSpec) -> [String] {
        var limits: [String] = []
        if spec.hold != spec.trigger { limits.append("a hold extent (\(HandoffSpec.points(spec.hold)) pt) other than the trigger: the header's height (mj_h) is both") }
        if spec.policy == .onReach { limits.append("refreshing as soon as the trigger is reached: the header refreshes on release") }
        limits.append("the spring back: UIView animations of slowAnimationDuration stand in for it")
        return limits
    }

    static func swift(_ spec: HandoffSpec) -> String {
        let type = HandoffPlatform.typeName(spec.name) + "LottieHeader"
        let name = HandoffPlatform.literal(LottieExport.fileName(spec.name))
        let words = spec.texts
        func said(_ text: String) -> String { "\"\(HandoffPlatform.literal(text))\"" }
        return """
        import Lottie
        import MJRefresh
        import UIKit

        /// \(spec.name)'s header as RefreshKit exported it: add \(name).json and \(name)-dark.json (written
        /// beside this file by `refresh-dump handoff`, or by `refresh-dump export`) to the app's bundle.
        final class \(type): MJRefreshHeader {
            /// Points pulled at which a release refreshes; MJRefresh holds the header open this far too.
            static let triggerDistance: CGFloat = \(HandoffSpec.points(spec.trigger))
            /// Seconds the result plays before the refresh ends.
            static let resultHold: TimeInterval = \(HandoffSpec.number(spec.resultHold, 3))
            private let animationView = LottieAnimationView(animation: nil)

            override func prepare() {
                super.prepare()
                mj_h = Self.triggerDistance
                slowAnimationDuration = \(HandoffSpec.number(Double(spec.springBackMilliseconds) / 1000, 3))
                animationView.contentMode = .scaleAspectFit
                addSubview(animationView)
                loadAnimation()
            }

            override func placeSubviews() {
                super.placeSubviews()
                animationView.frame = bounds
            }

            override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
                super.traitCollectionDidChange(previousTraitCollection)
                if traitCollection.userInterfaceStyle != previousTraitCollection?.userInterfaceStyle { loadAnimation() }
            }

            /// The light or the dark export, as the system's appearance is.
            private func loadAnimation() {
                animationView.animation = LottieAnimation.named(traitCollection.userInterfaceStyle == .dark ? "\(name)-dark" : "\(name)")
                show(state)
            }

            /// 0 at rest, 1 at the trigger: scrubs the `pulling` marker.
            override var pullingPercent: CGFloat {
                didSet {
                    guard state == .idle, let start = animationView.frameTime(forMarker: "pulling"),
                          let length = animationView.durationFrameTime(forMarker: "pulling") else { return }
                    animationView.currentFrame = start + min(1, max(0, pullingPercent)) * max(0, length - 1)
                }
            }

            override var state: MJRefreshState {
                didSet { if state != oldValue { show(state) } }
            }

            /// The state's marker, and what VoiceOver says.
            private func show(_ state: MJRefreshState) {
                isAccessibilityElement = true
                switch state {
                case .pulling:
                    animationView.play(marker: "eligible", loopMode: .loop)
                    accessibilityLabel = \(said(words.eligible))
                case .refreshing, .willRefresh:
                    animationView.play(marker: "refreshing", loopMode: .loop)
                    accessibilityLabel = \(said(words.refreshing))
                case .noMoreData:
                    animationView.play(marker: "noMoreData", loopMode: .playOnce)
                    accessibilityLabel = \(said(words.noMoreData))
                default:
                    animationView.stop()  // idle: the pull scrubs
                    accessibilityLabel = \(said(words.pulling))
                }
            }

            /// Plays the result, then ends the refresh: call it where the load finishes.
            func endRefreshing(succeeded: Bool) {
                animationView.play(marker: succeeded ? "success" : "failure", loopMode: .playOnce)
                accessibilityLabel = succeeded ? \(said(words.success)) : \(said(words.failure))
                DispatchQueue.main.asyncAfter(deadline: .now() + Self.resultHold) { [weak self] in self?.endRefreshing() }
            }
        }

        // tableView.mj_header = \(type)(refreshingBlock: { [weak tableView] in
        //     load { ok in (tableView?.mj_header as? \(type))?.endRefreshing(succeeded: ok) }
        // })

        """
    }
}
