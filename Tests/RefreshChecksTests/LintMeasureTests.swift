import Testing
import RefreshGraphics
@testable import RefreshChecks

/// Lint's measures on frames made for them, apart from any plugin: what each counts, and where its
/// line is (the CLI tests show them on real indicators).
@Suite struct LintMeasureTests {
    /// A 390 × 120 band of `background` with a `width` × `height` box of `ink` at its corner.
    static func band(_ background: Color, ink: Color = .black, box width: Double = 0, _ height: Double = 0, at x: Double = 0) throws -> ImageSurface {
        let image = try ImageSurface(width: 390, height: 120)
        let canvas = Canvas(surface: image)
        canvas.clear(background)
        if width > 0 {
            canvas.addRect(Rect(x: x, y: 0, width: width, height: height))
            canvas.fill(.color(ink))
        }
        return image
    }

    /// The whole band turning black and white ten times a second is five flashes a second, over
    /// WCAG's three; a steady band is none; the same turns in a box under the flash area are none.
    @Test func theFlashCounterCountsPairsOfTurnsOverTheArea() throws {
        let white = try Self.band(.white), black = try Self.band(.black)
        var whole = FlashCounter(scale: 1), steady = FlashCounter(scale: 1), small = FlashCounter(scale: 1)
        let smallOn = try Self.band(.white, box: 100, 100), smallOff = white
        for step in 0..<30 {
            let time = Double(step) / 10
            whole.add(step % 2 == 0 ? white : black, time: time)
            steady.add(white, time: time)
            small.add(step % 2 == 0 ? smallOff : smallOn, time: time)
        }
        #expect(whole.worst.flashes == 5)
        #expect(whole.worst.flashes > FlashCounter.flashesPerSecond)
        #expect(steady.worst.flashes == 0)
        #expect(100 * 100 < FlashCounter.areaLimit && small.worst.flashes == 0)
    }

    /// Black ink on white is 21:1, mid-grey about 4.5:1 (WCAG's own figures), pale grey under 3:1;
    /// a band with next to no ink has no contrast to judge.
    @Test func inkContrastIsTheStrongInksRatio() throws {
        let black = try #require(InkContrast.ratio(of: try Self.band(.white, box: 40, 40), background: .white))
        #expect(abs(black - 21) < 0.01)
        let grey = try #require(InkContrast.ratio(of: try Self.band(.white, ink: Color(red: 0.46, green: 0.46, blue: 0.46), box: 40, 40), background: .white))
        #expect(grey > 4.4 && grey < 4.8, "\(grey)")
        let pale = try #require(InkContrast.ratio(of: try Self.band(.white, ink: Color(red: 0.8, green: 0.8, blue: 0.8), box: 40, 40), background: .white))
        #expect(pale < InkContrast.minimum, "\(pale)")
        #expect(InkContrast.ratio(of: try Self.band(.white, box: 2, 2), background: .white) == nil)
    }

    /// A box moving 10 pt to the right each frame moves ink; the same box fading (all one way)
    /// moves none, which is what reduced motion may do instead.
    @Test func motionIsInkThatMovesNotInkThatFades() throws {
        var moving = MotionAmount(scale: 1), fading = MotionAmount(scale: 1)
        for step in 0..<10 {
            moving.add(try Self.band(.white, box: 40, 40, at: Double(step) * 10), interval: 0.1)
            let level = 1 - Double(step) / 10
            fading.add(try Self.band(.white, ink: Color(red: level, green: level, blue: level), box: 40, 40), interval: 0.1)
        }
        // Each frame 10 × 40 pt turn light and 10 × 40 pt dark: 800 pt² a frame, 10 frames a second.
        #expect(abs(moving.perSecond - 8000) < 1, "\(moving.perSecond)")
        #expect(fading.perSecond == 0)
    }
}
