import Testing
import RefreshGraphics
@testable import RefreshChecks

/// What the flash and export checks count: a pixel's brightness going one way past the step and
/// then back, apart from any plugin.
@Suite struct BrightnessTurnsTests {
    static let pixels = 390 * 120

    /// The first frame sets where each pixel stands; black after white moves every pixel, and white
    /// again turns every one of them back.
    @Test func aChangeBackPastTheStepIsATurn() throws {
        var turns = BrightnessTurns(step: 0.05)
        let white = try LintMeasureTests.band(.white), black = try LintMeasureTests.band(.black)
        let first = turns.add(white), down = turns.add(black), up = turns.add(white), still = turns.add(white)
        #expect(first == nil)
        #expect(down?.moved == Self.pixels && down?.reversed == 0)
        #expect(up?.moved == Self.pixels && up?.reversed == Self.pixels)
        #expect(still?.moved == 0 && still?.reversed == 0)
    }

    /// A change under the step is none; a slow fade counts once it has gone far enough; and a turn
    /// between two light greys is none where the darker side must be under 0.8 (WCAG's flashes).
    @Test func smallChangesAndLightTurnsAreNone() throws {
        func grey(_ level: Double) throws -> ImageSurface { try LintMeasureTests.band(Color(red: level, green: level, blue: level)) }
        var turns = BrightnessTurns(step: 0.05)
        _ = turns.add(try grey(0.5))
        let slight = turns.add(try grey(0.51)), further = turns.add(try grey(0.52)), far = turns.add(try grey(0.6))
        #expect(slight?.moved == 0 && further?.moved == 0)
        #expect(far?.moved == Self.pixels, "the fade has gone past the step from where it stood")
        var light = BrightnessTurns(step: 0.1, darkerBelow: 0.8), anyLevel = BrightnessTurns(step: 0.1)
        _ = light.add(try grey(1))
        _ = anyLevel.add(try grey(1))
        let lightTurn = light.add(try grey(0.93)), anyTurn = anyLevel.add(try grey(0.93))
        #expect(lightTurn?.moved == 0, "0.93 grey is 0.85 luminance: not under 0.8")
        #expect(anyTurn?.moved == Self.pixels)
    }
}
