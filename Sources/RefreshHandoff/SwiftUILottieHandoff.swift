import RefreshContract
import RefreshLottieExport

/// SwiftUI with lottie-ios's `LottieView`: an indicator that plays the plugin's export (the files
/// `refresh-dump handoff` writes beside the code) as ``LottiePlayback`` says, driven by the pull,
/// the refresh and its result as swiftui.swift's list gives them: below the trigger the pull scrubs
/// `pulling`, past it (once `eligible` has played) `overpulling`; each state plays its marker once
/// or in a loop; the export is at its own size (1 pt a point), its bottom on the list's top edge,
/// clipped to the gap the list gives it.
/// Read against lottie-ios 4.6.1 (`LottieView.playbackMode(_:)`, `.playing(.fromFrame(_:toFrame:loopMode:))`
/// — not `.marker(_:loopMode:)`, which plays to the marker's frame plus its duration and, once,
/// stays on the next marker's first frame —, `.paused(at: .frame(_:))`, `.animationDidFinish`,
/// `LottieAnimation.frameTime(forMarker:)` returning nil for a missing marker).
enum SwiftUILottieHandoff {
    static let versions = [MJRefreshLottieHandoff.versions[1]]

    static func limits(_ spec: HandoffSpec) -> [String] {
        ["the result's length: the list in swiftui.swift keeps it \(Int((spec.resultHold * 1000).rounded())) ms, then closes"]
    }

    static func swift(_ spec: HandoffSpec) -> String {
        let type = HandoffPlatform.typeName(spec.name) + "LottieIndicator"
        let t = { CodeText.stringLiteral($0, in: .swift) }
        let table = LottiePlayback(spec)
        func m(_ marker: LottieMarker) -> String { table[marker].marker.rawValue }
        func loop(_ marker: LottieMarker) -> String { table[marker].play == .loop ? "true" : "false" }
        return """
        import Lottie
        import SwiftUI

        /// \(CodeText.lineComment(spec.name)) as RefreshKit exported it: add \(ExportLocales.files(spec)) (written beside this
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
            /// This pull's `\(m(.eligible))` has played: past the trigger the pull scrubs `\(m(.overpulling))`, its last frame `\(m(.eligible))`'s.
            @State private var eligiblePlayed = false

            static let triggerDistance: CGFloat = \(HandoffSpec.points(spec.trigger))
            /// The export's size in points: 1 pt of it is 1 pt on screen.
            static let exportSize = CGSize(width: \(HandoffSpec.points(table.exportSize.width)), height: \(HandoffSpec.points(table.exportSize.height)))
            /// Whether a list wider than the export scales it to its width (a scene that paints the whole gap).
            static let fillsWidth = \(table.fillsWidth)
            /// Pulled this many triggers, `\(m(.overpulling))` (where the file has it) shows its last frame.
            static let overpullReach: CGFloat = \(HandoffSpec.number(table.overpullReach, 3))
            private static let light = LottieAnimation.named(exportName(dark: false))
            private static let dark = LottieAnimation.named(exportName(dark: true))
        \(ExportLocales.swift(spec))

            var body: some View {
                let animation = colorScheme == .dark ? Self.dark : Self.light
                GeometryReader { gap in
                    let scale = Self.fillsWidth ? max(1, gap.size.width / Self.exportSize.width) : 1
                    LottieView(animation: animation)
                        .playbackMode(mode(of: animation))
                        .animationDidFinish { completed in
                            guard completed else { return }
                            if isRefreshing { startPlayed = true } else if result == nil, pull >= Self.triggerDistance { eligiblePlayed = true }
                        }
                        .resizable()
                        .frame(width: Self.exportSize.width * scale, height: Self.exportSize.height * scale)
                        .frame(width: gap.size.width, height: gap.size.height, alignment: .bottom)
                }
                .clipped()
                .onChange(of: isRefreshing) { _ in startPlayed = false }
                .onChange(of: pull >= Self.triggerDistance) { _ in eligiblePlayed = false }
                .accessibilityLabel(words)
            }

            /// The marker the state plays, or the pull's frame of `\(m(.pulling))` below the trigger.
            private func mode(of animation: LottieAnimation?) -> LottiePlaybackMode {
                if let result { return play(result ? "\(m(.success))" : "\(m(.failure))", in: animation, loop: \(loop(.success))) }
                if isRefreshing {
                    // The start refreshing draws once, where the file has it; then the loop.
                    if !startPlayed, animation?.frameTime(forMarker: "\(m(.refreshingStart))") != nil {
                        return play("\(m(.refreshingStart))", in: animation, loop: false)
                    }
                    return play("\(m(.refreshing))", in: animation, loop: \(loop(.refreshing)))
                }
                if pull >= Self.triggerDistance {
                    // Once eligible has played, the pull past the trigger picks the frame of the over-pull.
                    guard eligiblePlayed, Self.overpullReach > 1, let animation, let start = animation.frameTime(forMarker: "\(m(.overpulling))"),
                          let length = animation.durationFrameTime(forMarker: "\(m(.overpulling))") else { return play("\(m(.eligible))", in: animation, loop: \(loop(.eligible))) }
                    let f = min(1, max(0, (pull / Self.triggerDistance - 1) / (Self.overpullReach - 1)))
                    return .paused(at: .frame(start + f * max(0, length - 1)))
                }
                guard let animation, let start = animation.frameTime(forMarker: "\(m(.pulling))"),
                      let length = animation.durationFrameTime(forMarker: "\(m(.pulling))") else { return .paused(at: .currentFrame) }
                return .paused(at: .frame(start + max(0, pull) / Self.triggerDistance * max(0, length - 1)))
            }

            /// `marker` from its first frame: looped, or once to its own last frame, which stays. A marker the file lacks: as it is.
            private func play(_ marker: String, in animation: LottieAnimation?, loop: Bool) -> LottiePlaybackMode {
                guard let animation, let start = animation.frameTime(forMarker: marker),
                      let length = animation.durationFrameTime(forMarker: marker) else { return .paused(at: .currentFrame) }
                return .playing(.fromFrame(start, toFrame: start + (loop ? length : max(0, length - 1)), loopMode: loop ? .loop : .playOnce))
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
