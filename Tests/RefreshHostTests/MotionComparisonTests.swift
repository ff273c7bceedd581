import Foundation
import Testing
import TestSupport
@testable import RefreshHost

/// The motion comparator and its pixel judge on tracks made here (the CLI's verify tests reach
/// them only end to end): what matches, what a frame tolerance forgives, and that a picture it
/// cannot see fails the frame instead of passing it.
@Suite(.leavesNoPluginHost)
struct MotionComparisonTests {
    /// A pull to 0.9 over 10 frames, a refresh beginning at frame 6; frame `n`'s picture is `h<n>`.
    static func track(late: Int = 0, offsetAt: (frame: Int, by: Double)? = nil, hashes: (Int) -> String = { "h\($0)" }, fps: Double = 60) -> MotionTrack {
        let frames = (0..<10).map { n -> MotionTrack.Frame in
            let shifted = max(0, n - late)
            let refreshing = shifted >= 6
            var frame = MotionTrack.Frame(time: Double(n) / fps, offset: -Double(shifted) * 8,
                                          edges: ["top": .init(state: refreshing ? "refreshing" : "pulling", progress: refreshing ? 0 : Double(shifted) / 10)],
                                          events: shifted == 6 && n - late == 6 ? ["began refreshing top"] : nil, hash: hashes(shifted))
            if let offsetAt, offsetAt.frame == n { frame.offset += offsetAt.by }
            return frame
        }
        return MotionTrack(scenario: "pull.json", fps: fps, frames: frames)
    }

    func compare(_ golden: MotionTrack, _ actual: MotionTrack, tolerance: Int = 0, pixels: MotionComparison.PixelCheck = .exact) -> MotionComparison {
        let film = scratchDirectory("motion-film-\(UUID().uuidString.prefix(8))")
        return MotionComparison(golden: golden, actual: actual, goldenFilm: film, actualFilm: film,
                                options: .init(frameTolerance: tolerance, pixels: pixels))
    }

    @Test func theSameTrackMatches() {
        let comparison = compare(Self.track(), Self.track())
        #expect(comparison.matches, "\(comparison.differences)")
    }

    @Test func aFrameLateFailsWithoutToleranceAndPassesWithOne() {
        let late = Self.track(late: 1)
        let strict = compare(Self.track(), late)
        #expect(!strict.matches)
        #expect(strict.differences.contains { $0.what.contains("began refreshing top") }, "the event's move is said: \(strict.differences)")
        #expect(compare(Self.track(), late, tolerance: 1).matches, "\(compare(Self.track(), late, tolerance: 1).differences)")
    }

    @Test func aChangedOffsetIsNamedAtItsFrame() throws {
        let comparison = compare(Self.track(), Self.track(offsetAt: (5, 3)))
        let difference = try #require(comparison.differences.first)
        #expect(difference.frames == 5...5 && difference.goldenFrame == 5, "\(comparison.differences)")
    }

    @Test func aShorterRunAndAnotherFrameRateAreSaid() {
        var short = Self.track()
        short.frames.removeLast(3)
        #expect(compare(Self.track(), short).differences.contains { $0.what.hasPrefix("the run is 7 frames") })
        let other = compare(Self.track(), Self.track(fps: 30))
        #expect(other.differences.map(\.what) == ["the golden was recorded at 60.0 fps and 1.0x, this run is 30.0 fps and 1.0x: record it again"])
    }

    /// The pixel judge: `exact` fails a changed picture, `ignore` does not look, and `compare`
    /// without the pictures fails the frame with why (it never passes what it did not see).
    @Test func thePixelJudgeFailsWhatItCannotSee() {
        let repainted = Self.track(hashes: { $0 == 3 ? "other" : "h\($0)" })
        let exact = compare(Self.track(), repainted, pixels: .exact)
        #expect(exact.differences.map(\.what).contains { $0.hasPrefix("frame 3 (0.050 s): pixels: ") && $0.contains("(other, the golden h3)") }, "\(exact.differences.map(\.what))")
        #expect(compare(Self.track(), repainted, pixels: .ignore).matches)
        let unseen = compare(Self.track(), repainted, pixels: .compare)
        #expect(unseen.differences.contains { $0.what.contains("cannot compare: the golden film has no picture h3.png") }, "\(unseen.differences)")
        #expect(unseen.framesCompared == 1 && unseen.framesWithinTolerance == 0)
    }
}
