/// A dotLottie (`.lottie`) archive's `manifest.json`, the parts RefreshKit writes and reads:
/// `refresh-dump export` writes version 1 (`activeAnimationId`, which lottie-ios and the
/// LottieFiles players of that version read); the Lottie plugin reads either version.
package struct DotLottieManifest: Codable, Equatable, Sendable {
    /// The manifest's name in the archive.
    package static let fileName = "manifest.json"

    /// An animation the archive holds, at ``DotLottieManifest/path(of:)``.
    package struct Animation: Codable, Equatable, Sendable {
        /// Its id: the file's name without `.json`.
        package var id: String
        /// An animation with `id`.
        package init(id: String) { self.id = id }
    }

    /// Version 2's choice of the animation shown first.
    package struct Initial: Codable, Equatable, Sendable {
        /// Its id.
        package var animation: String?
    }

    /// The format's version ("1" or "2").
    package var version: String?
    /// What wrote the archive.
    package var generator: String?
    /// The animations, in order.
    package var animations: [Animation]
    /// Version 1's animation shown first.
    package var activeAnimationId: String?
    /// Version 2's.
    package var initial: Initial?

    /// A version 1 manifest of `ids`, the first shown first.
    package init(version1 ids: [String], generator: String) {
        version = "1"
        self.generator = generator
        animations = ids.map(Animation.init)
        activeAnimationId = ids.first ?? ""
        initial = nil
    }

    /// The animation a player shows first: version 2's initial one, else version 1's active one,
    /// else the first listed.
    package var firstShown: String? {
        [initial?.animation, activeAnimationId].compactMap { $0 }.first { !$0.isEmpty } ?? animations.first?.id
    }

    /// Where the animation `id` is in the archive.
    package static func path(of id: String) -> String { "animations/\(id).json" }
}
