import Foundation
import Testing
import TestSupport
import RefreshGraphics
@testable import RefreshGoldens

/// The golden comparator: a perceptual threshold, anti-aliased pixels told apart, a pixel budget,
/// the kind of a change, and a comparison that cannot be made is a failure.
@Suite struct PerceptualComparisonTests {
    /// 20×20 white with a black block over x 5..<15, y 5..<15, then `change` applied to its pixels.
    func picture(_ change: (inout [UInt32]) -> Void = { _ in }) throws -> ImageSurface {
        var words = [UInt32](repeating: 0xFFFF_FFFF, count: 400)
        for y in 5..<15 { for x in 5..<15 { words[y * 20 + x] = 0xFF00_0000 } }
        change(&words)
        let image = try ImageSurface(width: 20, height: 20)
        image.withPixels { buffer in
            for (i, word) in words.enumerated() { buffer.storeBytes(of: word, toByteOffset: (i / 20) * image.bytesPerRow + (i % 20) * 4, as: UInt32.self) }
        }
        return image
    }

    @Test func identicalFramesPass() throws {
        let c = try PerceptualComparison(expected: try picture(), actual: try picture())
        #expect(c.passes && c.differing == 0 && c.antiAliased == 0 && c.kind == .none)
    }

    /// One grey pixel on the block's edge, as another machine's anti-aliasing leaves: not counted by
    /// default, a failure when anti-aliasing counts.
    @Test func aOnePixelAntiAliasingChangePassesByDefaultAndFailsWhenCounted() throws {
        let expected = try picture(), actual = try picture { $0[10 * 20 + 15] = 0xFF80_8080 }
        let lenient = try PerceptualComparison(expected: expected, actual: actual)
        #expect(lenient.passes && lenient.antiAliased == 1 && lenient.differing == 0 && lenient.kind == .antiAliasingOnly)
        let strict = try PerceptualComparison(expected: expected, actual: actual, options: .init(countsAntiAliasing: true))
        #expect(!strict.passes && strict.differing == 1)
        // Through a golden file, as verify and the tests use it.
        let folder = scratchDirectory("perceptual-golden")
        try expected.writePNG(to: folder + "/g.png")
        #expect(try GoldenImage(path: folder + "/g.png").check(actual, record: .never, failureDirectory: folder + "/f").passed)
        let counted = try GoldenImage(path: folder + "/g.png", options: .init(countsAntiAliasing: true)).check(actual, record: .never, failureDirectory: folder + "/f")
        #expect(!counted.passed)
        #expect("\(counted)".contains("1 of 400 pixels differ (geometry; anti-aliased pixels counted"), "\(counted)")
    }

    @Test func aRecolouredBlockIsAColourChangeAndAMovedOneGeometry() throws {
        let recoloured = try PerceptualComparison(expected: try picture(), actual: try picture { words in
            for i in words.indices where words[i] == 0xFF00_0000 { words[i] = 0xFF20_0000 }
        })
        #expect(!recoloured.passes && recoloured.kind == .colour && recoloured.differing == 100)
        let moved = try PerceptualComparison(expected: try picture(), actual: try picture { words in
            for y in 5..<15 { words[y * 20 + 5] = 0xFFFF_FFFF; words[y * 20 + 4] = 0xFF00_0000 }
        })
        #expect(!moved.passes && moved.kind == .geometry)
    }

    @Test func theThresholdAndThePixelBudgetLoosenOnlyWhatTheySay() throws {
        // A faint change in the white over 5 pixels far from any edge.
        let faint = try picture { for x in 0..<5 { $0[x] = 0xFFFA_FAFA } }
        #expect(!(try PerceptualComparison(expected: try picture(), actual: faint)).passes)
        #expect(try PerceptualComparison(expected: try picture(), actual: faint, options: .init(threshold: 0.1)).passes)
        #expect(try PerceptualComparison(expected: try picture(), actual: faint, options: .init(maxDiffPixels: 5)).passes)
        #expect(!(try PerceptualComparison(expected: try picture(), actual: faint, options: .init(maxDiffPixels: 4))).passes)
        #expect(try PerceptualComparison(expected: try picture(), actual: faint, options: .init(maxDiffRatio: 5.0 / 400)).passes)
        #expect(try PerceptualComparison(expected: try picture(), actual: faint, options: .init(channelTolerance: 5)).passes)
    }

    /// A pixel that turned transparent looks the same over white; it still counts (compared over black too).
    @Test func aChangeOfTransparencyAloneCounts() throws {
        let clear = try PerceptualComparison(expected: try picture(), actual: try picture { $0[2 * 20 + 2] = 0 })
        #expect(!clear.passes && clear.differing == 1)
    }

    @Test func framesOfDifferentSizesCannotBeCompared() throws {
        #expect(throws: GraphicsError.self) { try PerceptualComparison(expected: try picture(), actual: try ImageSurface(width: 20, height: 21)) }
    }

    /// The diff image: counted pixels red, anti-aliased ones yellow, the rest a faded copy of the actual frame.
    @Test func theDiffImageMarksEachKind() throws {
        let actual = try picture { $0[10 * 20 + 15] = 0xFF80_8080; $0[0] = 0xFF00_00FF }
        let diff = try PerceptualComparison(expected: try picture(), actual: actual).diffImage(of: actual).pixelWords()
        #expect(diff[0] == 0xFFFF_0000)
        #expect(diff[10 * 20 + 15] == 0xFFFF_D000)
        #expect(diff[10 * 20 + 10] != 0xFF00_0000 && diff[10 * 20 + 10] & 0xFF < 0xFF, "the black block, faded")
    }
}
