import Foundation
import Testing
import RefreshPluginSDK
@testable import RefreshLottieExport

/// The Lottie plugin's own animation in its export: read with its members in order, its keyframes
/// as today's players and the format's schema read them, and shown through a time remap.
@Suite struct SourceAnimationTests {
    /// Keyframes as Bodymovin wrote them before 5.5: each with its end value, the last only a time.
    @Test func aKeyframeWithoutAValueTakesTheEndOfTheOneBefore() throws {
        let legacy = try #require(LottieJSON(parsing: Data(#"{"ty":"tr","r":{"a":1,"k":[{"t":0,"s":[0],"e":[180]},{"t":30,"s":[180],"e":[90]},{"t":59}]},"o":{"a":0,"k":100}}"#.utf8)))
        let modern = SourceAnimation.keyframesWithValues(legacy)
        let keyframes = try #require(modern["r"]?["k"]?.elements)
        #expect(keyframes.map { $0["s"]?.elements?.first?.number } == [0, 180, 90])
        // Members keep their order (a shape's type first), and what was not a keyframe list is untouched.
        #expect(String(decoding: modern.data, as: UTF8.self).hasPrefix(#"{"ty":"tr","r":"#))
        #expect(modern["o"]?["k"]?.number == 100)
    }

    /// rlottie takes a remap's seconds to a frame by rounding down, and ignores one that never
    /// changes: each frame shown is a 64th past its frame, and a still one is two keyframes.
    @Test func theRemapShowsEachFrameAndAStillOneIsTwoKeyframes() throws {
        let places = Array(repeating: Rect(x: 10, y: 20, width: 44, height: 44), count: 4)
        let playing = LottieLayers.remappedLayer(asset: "a", width: 120, height: 120, frames: 4, shown: [5, 6, 7, 8], places: places, framesPerSecond: 60)
        let runs = try #require(playing["tm"]?["k"]?.elements)
        #expect(runs.count == 2, "one keyframe that runs on to the last: \(runs.count)")
        let first: Double = (5 + 1.0 / 64) / 60
        #expect(runs.first?["s"]?.elements?.first?.number == first)
        let still = LottieLayers.remappedLayer(asset: "a", width: 120, height: 120, frames: 4, shown: [7, 7, 7, 7], places: places, framesPerSecond: 60)
        #expect(still["tm"]?["a"]?.number == 1 && still["tm"]?["k"]?.elements?.count == 2)
        // Placed as the plugin draws it: 44 points of a 120-unit animation.
        #expect(playing["ks"]?["s"]?["k"]?.elements?.compactMap(\.number) == [36.67, 36.67, 100])
        #expect(playing["ks"]?["p"]?["k"]?.elements?.compactMap(\.number) == [10, 20, 0])
    }

    /// Another file's animation that is not JSON is refused, not read in part.
    @Test func textThatIsNotJSONIsNotAnAnimation() {
        #expect(LottieJSON(parsing: Data("{\"layers\": [".utf8)) == nil)
    }
}

/// The dotLottie holding an export's animations is the same bytes every time it is written.
@Suite struct DotLottieFileTests {
    @Test func theSameAnimationsAreTheSameArchiveWhateverTheClock() throws {
        let animations = [("light", Data(#"{"v":"5.7.0"}"#.utf8)), ("dark", Data(#"{"v":"5.7.0","nm":"dark"}"#.utf8))]
        let archive = try DotLottieFile.data(animations: animations)
        // The first entry's DOS time and date (bytes 10 to 13 of its header): 2000-01-01 00:00, not the clock's.
        #expect(Array(archive[10..<14]) == [0, 0, 0x21, 0x28])
        #expect(try DotLottieFile.data(animations: animations) == archive)
    }
}
