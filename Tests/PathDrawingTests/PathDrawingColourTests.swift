import Foundation
import Testing
import TestSupport
import RefreshGraphics
import RefreshHost
import RefreshPluginSDK

/// Path Drawing with an SVG file: each shape keeps the colour the file paints it with, until the
/// designer sets the plugin's colour for that theme; a shape painted black (or not at all) takes it.
@Suite(.leavesNoPluginHost) struct PathDrawingColourTests {
    let plugin = library("RefreshPathDrawing")

    /// A red stroked line above a line with no paint of its own (filled black, as SVG says).
    static let svg = """
        <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 60">
          <path d="M10 15 L90 15" stroke="#FF0000" stroke-width="4" fill="none"/>
          <path d="M10 45 L90 45 L90 47 L10 47 Z"/>
        </svg>
        """

    /// Pixels of the eligible frame (the whole picture drawn) as (red, green, blue) over white.
    func colours(_ parameters: String, scheme: IndicatorEnvironment.ColorScheme = .light) throws -> [(Int, Int, Int)] {
        let indicator = try PluginLibrary(path: plugin).makeIndicator(parametersJSON: parameters)
        var spec = FrameSpec(state: .eligible)
        spec.size = Size(width: 390, height: 120)
        spec.environment = IndicatorEnvironment(colorScheme: scheme)
        let frame = spec.frame(refreshLength: indicator.refreshLength)
        indicator.refreshState = frame.state
        return try FrameRenderer.render(indicator, frame: frame).pixelWords().map { (Int($0 >> 16 & 0xFF), Int($0 >> 8 & 0xFF), Int($0 & 0xFF)) }
    }

    func count(_ pixels: [(Int, Int, Int)], _ test: (Int, Int, Int) -> Bool) -> Int { pixels.count { test($0.0, $0.1, $0.2) } }
    static func red(_ r: Int, _ g: Int, _ b: Int) -> Bool { r > 200 && g < 60 && b < 60 }
    static func blue(_ r: Int, _ g: Int, _ b: Int) -> Bool { r < 60 && g > 100 && g < 170 && b > 200 }
    static func green(_ r: Int, _ g: Int, _ b: Int) -> Bool { r < 60 && g > 130 && b < 60 }

    @Test func anSVGFileKeepsItsColoursUntilTheDesignerSetsOne() throws {
        let folder = scratchDirectory("path-drawing-colours")
        let path = folder + "/two-lines.svg"
        try Self.svg.write(toFile: path, atomically: true, encoding: .utf8)
        let own = try colours(#"{"file": "\#(path)"}"#)
        #expect(count(own, Self.red) > 50, "the red line is drawn red")
        #expect(count(own, Self.blue) > 50, "the unpainted line takes the tint (#0A84FF)")
        let set = try colours(##"{"file": "\##(path)", "color": "#00AA00"}"##)
        #expect(count(set, Self.red) == 0 && count(set, Self.green) > 100, "a colour the designer sets paints every shape")
        // Dark: the file's colours again, while darkColor is at its default.
        let dark = try colours(##"{"file": "\##(path)", "color": "#00AA00"}"##, scheme: .dark)
        #expect(count(dark, Self.red) > 50 && count(dark, Self.green) == 0)
        // Path data (no file) has no colours of its own: the tint, as before.
        let data = try colours(#"{"svg": "M0 0 L10 0"}"#)
        #expect(count(data, Self.red) == 0 && count(data, Self.blue) > 20)
    }
}
