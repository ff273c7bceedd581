import RefreshContract
import RefreshLottieExport

/// SwiftUI with lottie-ios's `LottieView`: an indicator that plays the plugin's export (the files
/// `refresh-dump handoff` writes beside the code) as ``LottiePlayback`` says, driven by the pull,
/// the refresh and its result as swiftui.swift's list gives them: below the trigger the pull scrubs
/// `pulling`; each state plays its marker once or in a loop; the export is at its own size (1 pt a
/// point), its bottom on the list's top edge, clipped to the gap the list gives it.
/// Read against lottie-ios 4.6.1 (`LottieView.playbackMode(_:)`, `LottiePlaybackMode.playing(.marker(_:loopMode:))`,
/// `.paused(at: .frame(_:))`, `LottieAnimation.frameTime(forMarker:)` returning nil for a missing marker).
enum SwiftUILottieHandoff {
    static let versions = [MJRefreshLottieHandoff.versions[1]]

    static func limits(_ spec: HandoffSpec) -> [String] {
        ["the result's length: the list in swiftui.swift keeps it \(Int((spec.resultHold * 1000).rounded())) ms, then closes"]
    }

    static func swift(_ spec: HandoffSpec) -> String {
        let type = HandoffPlatform.typeName(spec.name) + "LottieIndicator"
        let name = CodeText.stringLiteral(LottieExport.fileName(spec.name), in: .swift)
        let t = { CodeText.stringLiteral($0, in: .swift) }
        let table = LottiePlayback(spec)
        func m(_ marker: LottieMarker) -> String { table[marker].marker.rawValue }
        func loop(_ marker: LottieMarker) -> String { table[marker].play == .loop ? ".loop" : ".playOnce" }
        return """
        import Lottie
        import SwiftUI

        /// \(CodeText.lineComment(spec.name)) as RefreshKit exported it: add \(name).json and \(name)-dark.json (written beside this
        /// file by `refresh-dump handoff`) to the app's bundle. Use it in place of the indicator in
        /// swiftui.swift's list, which gives it the gap above the list: `pull` in points, the refresh, its result.
        struct \(type): View {
            var pull: CGFloat
            var isRefreshing: Bool
            /// The refresh's result while it shows: true succeeded, false failed, nil none.
            var result: Bool? = nil
            @Environment(\\.colorScheme) private var colorScheme
            /// This refresh's `\(m(.refreshingStart))` has played: `\(m(.refreshing))` loops from now on.
            @State private var startPlayed = false

            static let triggerDistance: CGFloat = \(HandoffSpec.points(spec.trigger))
            /// The export's size in points: 1 pt of it is 1 pt on screen.
            static let exportSize = CGSize(width: \(HandoffSpec.points(table.exportSize.width)), height: \(HandoffSpec.points(table.exportSize.height)))
            /// Whether a list wider than the export scales it to its width (a scene that paints the whole gap).
            static let fillsWidth = \(table.fillsWidth)
            private static let light = LottieAnimation.named("\(name)")
            private static let dark = LottieAnimation.named("\(name)-dark")

            var body: some View {
                let animation = colorScheme == .dark ? Self.dark : Self.light
                GeometryReader { gap in
                    let scale = Self.fillsWidth ? max(1, gap.size.width / Self.exportSize.width) : 1
                    LottieView(animation: animation)
                        .playbackMode(mode(of: animation))
                        .animationDidFinish { completed in if completed && isRefreshing { startPlayed = true } }
                        .resizable()
                        .frame(width: Self.exportSize.width * scale, height: Self.exportSize.height * scale)
                        .frame(width: gap.size.width, height: gap.size.height, alignment: .bottom)
                }
                .clipped()
                .onChange(of: isRefreshing) { _ in startPlayed = false }
                .accessibilityLabel(words)
            }

            /// The marker the state plays, or the pull's frame of `\(m(.pulling))` below the trigger.
            private func mode(of animation: LottieAnimation?) -> LottiePlaybackMode {
                if let result { return .playing(.marker(result ? "\(m(.success))" : "\(m(.failure))", loopMode: \(loop(.success)))) }
                if isRefreshing {
                    // The start refreshing draws once, where the file has it; then the loop.
                    if !startPlayed, animation?.frameTime(forMarker: "\(m(.refreshingStart))") != nil {
                        return .playing(.marker("\(m(.refreshingStart))", loopMode: .playOnce))
                    }
                    return .playing(.marker("\(m(.refreshing))", loopMode: \(loop(.refreshing))))
                }
                if pull >= Self.triggerDistance { return .playing(.marker("\(m(.eligible))", loopMode: \(loop(.eligible)))) }
                guard let animation, let start = animation.frameTime(forMarker: "\(m(.pulling))"),
                      let length = animation.durationFrameTime(forMarker: "\(m(.pulling))") else { return .paused(at: .currentFrame) }
                return .paused(at: .frame(start + max(0, pull) / Self.triggerDistance * max(0, length - 1)))
            }

            private var words: String {
                if let result { return result ? "\(t(spec.texts.success))" : "\(t(spec.texts.failure))" }
                if isRefreshing { return "\(t(spec.texts.refreshing))" }
                return pull >= Self.triggerDistance ? "\(t(spec.texts.eligible))" : "\(t(spec.texts.pulling))"
            }
        }

        """
    }
}
