import RefreshLottieExport

/// SwiftUI with lottie-ios's `LottieView`: an indicator that plays the plugin's export (the files
/// `refresh-dump handoff` writes beside the code), driven by the pull as swiftui.swift's list gives
/// it: the pull scrubs the `pulling` marker, `eligible` and `refreshing` loop. Names checked
/// against lottie-ios 4.6.1 (`LottieView`, `LottiePlaybackMode`).
enum SwiftUILottieHandoff {
    static func limits(_ spec: HandoffSpec) -> [String] {
        ["the result (success, failure): pass result: and the indicator plays its marker; the list in swiftui.swift decides how long it shows"]
    }

    static func swift(_ spec: HandoffSpec) -> String {
        let type = HandoffPlatform.typeName(spec.name) + "LottieIndicator"
        let name = CodeText.stringLiteral(LottieExport.fileName(spec.name), in: .swift)
        let t = { CodeText.stringLiteral($0, in: .swift) }
        return """
        import Lottie
        import SwiftUI

        /// \(CodeText.lineComment(spec.name)) as RefreshKit exported it: add \(name).json and \(name)-dark.json (written beside this
        /// file by `refresh-dump handoff`, or by `refresh-dump export`) to the app's bundle. Use it in place
        /// of the indicator in swiftui.swift: `pull` in points, 1 at the trigger.
        struct \(type): View {
            var pull: CGFloat
            var isRefreshing: Bool
            /// The refresh's result while it shows: true succeeded, false failed, nil none yet.
            var result: Bool? = nil
            @Environment(\\.colorScheme) private var colorScheme

            static let triggerDistance: CGFloat = \(HandoffSpec.points(spec.trigger))
            private static let light = LottieAnimation.named("\(name)")
            private static let dark = LottieAnimation.named("\(name)-dark")

            var body: some View {
                let animation = colorScheme == .dark ? Self.dark : Self.light
                let progress = min(max(pull / Self.triggerDistance, 0), 1)
                LottieView(animation: animation)
                    .playbackMode(mode(of: animation, at: progress))
                    .resizable()
                    .accessibilityLabel(words(at: progress))
            }

            /// The marker the state plays, or the pull's frame of `pulling`.
            private func mode(of animation: LottieAnimation?, at progress: CGFloat) -> LottiePlaybackMode {
                if let result { return .playing(.marker(result ? "success" : "failure", loopMode: .playOnce)) }
                if isRefreshing { return .playing(.marker("refreshing", loopMode: .loop)) }
                if progress >= 1 { return .playing(.marker("eligible", loopMode: .loop)) }
                guard let animation, let start = animation.frameTime(forMarker: "pulling"),
                      let length = animation.durationFrameTime(forMarker: "pulling") else { return .paused(at: .currentFrame) }
                return .paused(at: .frame(start + progress * max(0, length - 1)))
            }

            private func words(at progress: CGFloat) -> String {
                if let result { return result ? "\(t(spec.texts.success))" : "\(t(spec.texts.failure))" }
                if isRefreshing { return "\(t(spec.texts.refreshing))" }
                return progress >= 1 ? "\(t(spec.texts.eligible))" : "\(t(spec.texts.pulling))"
            }
        }

        """
    }
}
