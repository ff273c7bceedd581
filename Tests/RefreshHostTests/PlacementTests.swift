import Foundation
import Testing
import TestSupport
@testable import RefreshHost
import RefreshPluginSDK

/// The four placements, drawn by the scene renderer with two indicators (the Spinner at the top,
/// the Label at the bottom) and told to the plugins through the frame.
@Suite(.leavesNoPluginHost) struct PlacementTests {
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

    /// An `above` frame (Material's disc) follows the pull to its trigger, then slows and never goes
    /// more than one trigger distance further, however far the list is pulled (SwipeRefreshLayout's
    /// tension); a stretched frame still follows the pull.
    @Test func aLongOverPullCarriesAnAboveFrameOneTriggerDistanceFurtherAtMost() throws {
        let json = """
        { "name": "far", "window": "full", "viewport": { "width": 240, "height": 600 }, "rows": 12,
          "edges": { "top": { "plugin": "dev.refreshkit.material" } },
          "steps": [ { "drag": { "from": 10, "to": 590, "duration": 1.0 } } ] }
        """
        let p = try ScenarioPlayer(scenario: Scenario.decode(Data(json.utf8)), searchPath: PluginSearchPath(directories: [products]))
        let trigger = try #require(p.driver.container.status(of: .top)).triggerDistance
        var pulls: [Double] = [], bottoms: [Double] = []
        while try p.advance() {
            let status = try #require(p.driver.container.status(of: .top))
            #expect(status.placement == .above)
            pulls.append(p.driver.simulation.pull(at: .top).distance)
            bottoms.append(p.layout.placedRect(.top, placement: .above, triggerDistance: trigger, simulation: p.driver.simulation).rect.maxY)
        }
        let far = try #require(pulls.max())
        #expect(far > 2.5 * trigger, "the drag over-pulls far: \(far) for a trigger of \(trigger)")
        for (pull, bottom) in zip(pulls, bottoms) {
            if pull <= trigger { #expect(abs(bottom - pull) < 1e-9, "up to the trigger the frame follows the pull") }
            #expect(bottom <= 2 * trigger + 1e-9 && bottom <= max(pull, trigger) + 1e-9, "pull \(pull): frame's edge at \(bottom)")
        }
        let deepest = try #require(pulls.firstIndex(of: far))
        #expect(bottoms[deepest] < far - 0.5 * trigger && bottoms[deepest] > 1.8 * trigger, "at the deepest pull \(far): \(bottoms[deepest])")
        #expect(zip(bottoms, bottoms.dropFirst()).allSatisfy { $0 <= $1 + 1e-9 } == zip(pulls, pulls.dropFirst()).allSatisfy { $0 <= $1 + 1e-9 })
        let stretched = p.layout.placedRect(.top, placement: .stretch, triggerDistance: trigger, simulation: p.driver.simulation).rect.maxY
        #expect(abs(stretched - pulls.last!) < 1e-9)
    }

    /// A scenario that leaves `placement` out: each plugin is placed as it claims; one that says
    /// it: as it says.
    @Test func aScenarioWithoutAPlacementTakesThePlugins() throws {
        func placement(_ plugin: String, _ field: String) throws -> IndicatorPlacement? {
            let json = """
            { "name": "own", "edges": { "top": { "plugin": "\(plugin)"\(field) } }, "steps": [ { "wait": 0.1 } ] }
            """
            let p = try ScenarioPlayer(scenario: Scenario.decode(Data(json.utf8)), searchPath: PluginSearchPath(directories: [products]))
            return p.driver.container.status(of: .top)?.placement
        }
        #expect(try placement("dev.refreshkit.material", "") == .above)
        #expect(try placement("dev.refreshkit.phoenix", "") == .stretch)
        #expect(try placement("dev.refreshkit.bezier-radar", "") == .stretch)
        #expect(try placement("dev.refreshkit.taurus", "") == .stretch)
        #expect(try placement("dev.refreshkit.spinner", "") == .push)
        #expect(try placement("dev.refreshkit.material", ", \"placement\": \"push\"") == .push)
        // Written back, a placement left out stays out (the plugin's own again when it is played).
        let left = try Scenario.decode(Data(#"{ "name": "own", "edges": { "top": { "plugin": "dev.refreshkit.material" } }, "steps": [] }"#.utf8))
        #expect(!String(decoding: try left.fileData(), as: UTF8.self).contains("placement"))
    }

    /// A full-bleed scene pulled one and a half times as deep as the band still paints the viewport's top row:
    /// Phoenix's and Taurus' sky, Bezier Radar's wave, never the list's background above them.
    @Test(arguments: ["dev.refreshkit.phoenix", "dev.refreshkit.taurus", "dev.refreshkit.bezier-radar"])
    func aSceneOverPulledPaintsToTheTop(_ plugin: String) throws {
        let json = """
        { "name": "deep", "window": "full", "viewport": { "width": 240, "height": 400 }, "rows": 8,
          "edges": { "top": { "plugin": "\(plugin)" } },
          "steps": [ { "drag": { "from": 20, "to": 700, "duration": 0.5 } }, { "hold": 0.1 } ] }
        """
        let p = try ScenarioPlayer(scenario: Scenario.decode(Data(json.utf8)), searchPath: PluginSearchPath(directories: [products]))
        while p.time < 0.55 { _ = try p.advance() }
        let pull = try #require(p.driver.container.status(of: .top)).pull.distance
        #expect(pull > 1.5 * 120, "pulled past one and a half bands (\(pull) pt)")
        let (image, errors) = try p.render(scale: 1)
        #expect(errors.isEmpty)
        let background = FrameRenderer.background(for: .light)
        let bare = stride(from: 0, to: 240, by: 20).flatMap { x in [0, 1, Int(pull) / 2].map { (x, $0) } }.filter { x, y in
            let c = image.pixel(x: x, y: y)
            return abs(c.red - background.red) + abs(c.green - background.green) + abs(c.blue - background.blue) < 0.03
        }
        #expect(bare.isEmpty, "points of a \(pull)-point gap left the list's background: \(bare)")
    }
}
