import Foundation
import Testing
import TestSupport
import RefreshHost
import RefreshPluginSDK
import RefreshPreviewSession

/// The preview playing a scenario: one frame of the script per advance, whatever the wall clock;
/// pause and step as in the interactive session; the list belongs to the script.
@MainActor
@Suite(.leavesNoPluginHost) struct ScriptedSessionTests {
    /// A pull and release of the Spinner, 30 frames a second: 0.5 s of drag, then 0.5 s of waiting.
    func session() throws -> ScriptedSession {
        let json = """
        { "name": "scripted", "fps": 30, "viewport": { "width": 240, "height": 300 }, "rows": 10,
          "edges": { "top": { "plugin": "dev.refreshkit.spinner" } },
          "steps": [ { "drag": { "from": 50, "to": 250, "duration": 0.5 } }, { "release": { "velocity": 0 } }, { "wait": 0.5 } ] }
        """
        let player = try ScenarioPlayer(scenario: Scenario.decode(Data(json.utf8)), searchPath: PluginSearchPath(directories: [products]))
        return ScriptedSession(player: player)
    }

    @Test func oneFrameOfTheScriptPerAdvanceWhateverTheWallClock() throws {
        let session = try session()
        // Wall times far apart and close together: each call is one frame of 1/30 s.
        for (i, wall) in [0.0, 0.001, 5, 5.0001, 60].enumerated() {
            #expect(try session.advance(toWallTime: wall))
            #expect(abs(session.time - Double(i + 1) / 30) < 1e-9)
        }
    }

    @Test func pauseHoldsTheFrameAndStepTakesOne() throws {
        let session = try session()
        _ = try session.advance(toWallTime: 0)
        session.perform(.togglePause)
        let held = session.time
        for wall in [1.0, 2, 3] { _ = try session.advance(toWallTime: wall) }
        #expect(session.time == held)
        session.perform(.step)
        _ = try session.advance(toWallTime: 4)
        #expect(abs(session.time - held - 1.0 / 30) < 1e-9)
        _ = try session.advance(toWallTime: 5)
        #expect(abs(session.time - held - 1.0 / 30) < 1e-9)
    }

    @Test func theListBelongsToTheScript() throws {
        let session = try session()
        let other = try self.session()
        for command: PreviewCommand in [.pointerDown(Point(x: 100, y: 100)), .pointerMoved(Point(x: 100, y: 280)), .beginRefresh, .nextLayout, .nextPlacement, .toggleSecondFloor, .wheel(Point(x: 0, y: 200))] {
            #expect(session.perform(command) == .none)
        }
        // The same frames as a session nobody touched.
        for wall in 0..<20 {
            _ = try session.advance(toWallTime: Double(wall))
            _ = try other.advance(toWallTime: Double(wall))
            #expect(session.driver.simulation.offset == other.driver.simulation.offset)
            #expect(session.driver.container.state(of: .top) == other.driver.container.state(of: .top))
        }
        #expect(session.driver.container.enabledEdges == [.top])
    }

    @Test func theViewsKeysWorkAndTheScriptEnds() throws {
        let session = try session()
        session.perform(.toggleTheme)
        session.perform(.nextLocale)
        #expect(session.environment.colorScheme == .dark)
        #expect(session.environment.locale == "zh-Hans")
        #expect(session.driver.container.locale == "zh-Hans")
        #expect(session.perform(.quit) == .quit)
        var frames = 0
        while try session.advance(toWallTime: Double(frames)) { frames += 1 }
        #expect(session.hasFinished)
        #expect((25...40).contains(frames), "\(frames) frames for a 1-second script at 30 fps")
        #expect(session.panelLines().contains { $0.hasPrefix("script   scripted t=") })
    }
}
