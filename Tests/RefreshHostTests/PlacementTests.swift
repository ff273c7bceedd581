import Foundation
import Testing
import RefreshHost
import RefreshPluginSDK

/// The four placements, drawn by the scene renderer with two indicators (the Spinner at the top,
/// the Label at the bottom) and told to the plugins through the frame.
@Suite struct PlacementTests {
    /// A three-row list whose top is pulled and refreshing at 0.6 s, then whose bottom is pulled
    /// past its trigger at 2.5 s.
    func player(_ placement: IndicatorPlacement) throws -> ScenarioPlayer {
        let json = """
        { "name": "placement", "window": "full", "viewport": { "width": 240, "height": 300 }, "rows": 3,
          "edges": { "top": { "plugin": "dev.refreshkit.spinner", "placement": "\(placement.rawValue)" },
                     "bottom": { "plugin": "dev.refreshkit.label", "placement": "\(placement.rawValue)" } },
          "steps": [ { "drag": { "from": 50, "to": 210, "duration": 0.4 } }, { "release": { "velocity": 0 } }, { "wait": 0.3 },
                     { "finish": { "edge": "top" } }, { "wait": 1.5 },
                     { "drag": { "from": 250, "to": 90, "duration": 0.4 } }, { "wait": 0.2 } ] }
        """
        return try ScenarioPlayer(scenario: Scenario.decode(Data(json.utf8)), searchPath: PluginSearchPath(directories: [products]))
    }

    /// The frame at `time` seconds and, beside it, the one at `later`.
    func frames(_ player: ScenarioPlayer, at times: [Double]) throws -> ImageSurface {
        var images: [ImageSurface] = []
        for time in times {
            while player.time < time - 1e-9 { _ = try player.advance() }
            let (image, errors) = try player.render(scale: 1)
            #expect(errors.isEmpty)
            images.append(image)
        }
        let sheet = try ImageSurface(size: Size(width: 240 * Double(images.count), height: 300), scale: 1)
        let canvas = Canvas(surface: sheet)
        for (i, image) in images.enumerated() { canvas.drawImage(image, in: Rect(x: 240 * Double(i), y: 0, width: 240, height: 300)) }
        return sheet
    }

    @Test(arguments: IndicatorPlacement.allCases)
    func eachPlacementMatchesItsGolden(_ placement: IndicatorPlacement) throws {
        let p = try player(placement)
        try expectMatchesGolden(try frames(p, at: [0.1, 0.6, 2.65]), "placement-\(placement.rawValue)")
    }

    @Test func aboveLeavesTheContentWhereItIsAndTheOthersMoveIt() throws {
        // The first row's top-left pixel column: where the first row's avatar is with the top pulled.
        func firstRowTop(_ placement: IndicatorPlacement) throws -> Int {
            let p = try player(placement)
            while p.time < 0.6 { _ = try p.advance() }
            #expect(p.driver.container.state(of: .top) == .refreshing)
            #expect(p.driver.container.status(of: .top)?.placement == placement)
            let (image, _) = try p.render(scale: 1)
            // The row background is white; scan down the right margin for the first white pixel.
            return try #require((0..<300).first { y in image.pixel(x: 236, y: y) == Color.white })
        }
        #expect(try firstRowTop(.above) == 0, "the content does not move")
        for placement in [IndicatorPlacement.push, .behind, .stretch] {
            #expect(try firstRowTop(placement) > 30, "\(placement): the content moves by the hold")
        }
    }
}
