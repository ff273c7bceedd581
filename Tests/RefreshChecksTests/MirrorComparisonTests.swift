import Testing
import RefreshGraphics
@testable import RefreshChecks

/// Lint's mirror check apart from any plugin: the share of inked 4-point cells that a frame and
/// the other direction's frame, flipped, have in common.
@Suite struct MirrorComparisonTests {
    /// A box at the left mirrored to the right overlaps whole; left where it was, not at all; two
    /// empty frames are a mirror of each other; a box half moved overlaps in part.
    @Test func theOverlapOfAFrameAndTheOtherFlipped() throws {
        let left = try LintMeasureTests.band(.white, box: 40, 40), right = try LintMeasureTests.band(.white, box: 40, 40, at: 350)
        #expect(MirrorComparison.overlap(leftToRight: left, rightToLeft: right, background: .white) == 1)
        #expect(MirrorComparison.overlap(leftToRight: left, rightToLeft: left, background: .white) == 0)
        let blank = try LintMeasureTests.band(.white)
        #expect(MirrorComparison.overlap(leftToRight: blank, rightToLeft: blank, background: .white) == 1)
        let half = try LintMeasureTests.band(.white, box: 40, 40, at: 330)
        let overlap = MirrorComparison.overlap(leftToRight: left, rightToLeft: half, background: .white)
        #expect(overlap > 0.3 && overlap < MirrorComparison.minimumOverlap, "\(overlap)")
    }
}
