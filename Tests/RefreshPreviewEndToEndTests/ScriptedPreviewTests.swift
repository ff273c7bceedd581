import Foundation
import Testing
@testable import RefreshHost
import RefreshPluginSDK
import TestSupport
import RefreshGoldens

/// The preview itself, under Xvfb: a scripted run must show exactly the headless frame of the
/// same moment, and its panel must report the same state.
@Suite(.leavesNoPluginHost) struct ScriptedPreviewTests {
    let products = toolsFolder
    let scenarioPath = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Assets/Scenarios/pull-to-refresh.json").path

    @Test func theWindowShowsTheHeadlessFrameAndTheSameState() async throws {
        guard FileManager.default.fileExists(atPath: "/usr/bin/xvfb-run") else {
            Issue.record("xvfb-run is missing: `make test` installs the xvfb package")
            return
        }
        let folder = scratchDirectory("preview")
        let (status, output) = try await runUnderXvfb(["\(products)/refresh-preview",
                                                             "--script", scenarioPath, "--out", folder,
                                                             "--screenshot-at", "1.0=\(folder)/refreshing.png", "--screenshot-at", "1.7=\(folder)/success.png",
                                                             "--exit-after", "2"])
        #expect(status == 0, "\(output)")

        // The panel's state at each screenshot, as the preview printed it.
        let blocks = output.components(separatedBy: "screenshot t=").dropFirst()
        #expect(blocks.count == 2, "\(output)")
        #expect(blocks.first?.contains("| state    refreshing") == true, "\(output)")
        #expect(blocks.last?.contains("| state    finished:success") == true, "\(output)")

        // The indicator's band of the window equals the headless frame of the same moment.
        let player = try ScenarioPlayer(scenario: Scenario.load(path: scenarioPath), searchPath: PluginSearchPath(directories: [buildFolder]))
        for (time, file) in [(1.0, "refreshing.png"), (1.7, "success.png")] {
            while player.time < time - 1e-9 { try player.advance() }
            let screenshot = try ImageSurface.readPNG(at: "\(folder)/\(file)")
            let scale = Double(screenshot.height) / player.scenario.viewport.height
            let headless = try player.render(window: player.windowRect(), scale: scale).image
            let band = try ImageSurface(width: headless.width, height: headless.height, scale: scale)
            Canvas(surface: band).drawImage(screenshot, in: Rect(x: 0, y: 0, width: Double(screenshot.width) / scale, height: Double(screenshot.height) / scale))
            let comparison = try ImageComparison(expected: headless, actual: band, tolerance: 2)
            #expect(comparison.matches, "\(file): \(comparison.pixelsOverTolerance) pixels differ (max \(comparison.maxChannelDifference))")
        }
    }

    @Test func withoutADisplayItSaysSoAndExitsThree() async throws {
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = nil
        environment["WAYLAND_DISPLAY"] = nil
        environment["SDL_VIDEODRIVER"] = nil  // SDL would fall back to an invisible window: that is no display too
        // No --exit-after: a preview that wrongly opened an invisible window would never end this test.
        let (status, output) = try await runProgram("\(products)/refresh-preview", [], environment: environment)
        #expect(status == 3)
        #expect(output.contains("refresh-preview: no display"), "\(output)")
    }
}

/// `--exit-after` beyond a scripted scenario's end ended nothing: the preview kept running (and
/// burning a core) forever, a CI hang. It ends at the given scenario time whatever the script does.
@Suite(.leavesNoPluginHost) struct ScriptedExitTests {
    /// `refresh-preview --script pull-short.json` with `arguments` under Xvfb; nil (and an issue
    /// recorded) when xvfb-run is missing.
    static func scriptedPreview(_ arguments: [String]) async throws -> (status: Int32, output: String)? {
        guard FileManager.default.fileExists(atPath: "/usr/bin/xvfb-run") else {
            Issue.record("xvfb-run is missing: `make test` installs the xvfb package")
            return nil
        }
        let products = toolsFolder
        let scenario = packageRoot.appendingPathComponent("Assets/Scenarios/pull-short.json").path
        return try await runUnderXvfb(["\(products)/refresh-preview", "--script", scenario, "--no-panel", "--out", scratchDirectory("scripted-preview-out-\(UUID().uuidString.prefix(8))")] + arguments)
    }

    /// In-process, a healthy plugin is not blamed for the signal handlers SDL puts in at start and
    /// takes out at the end ("set_state replaced the handler of signal 2" on every scripted run).
    @Test func aHealthyPluginInProcessIsNotBlamedForSDLsHandlers() async throws {
        guard let (status, output) = try await Self.scriptedPreview(["--in-process"]) else { return }
        #expect(status == 0, "\(output)")
        #expect(!output.contains("replaced the handler"), "\(output)")
    }

    @Test func exitAfterBeyondTheScriptsEndStillExits() async throws {
        // Before the fix, this never returned.
        guard let (status, output) = try await Self.scriptedPreview(["--exit-after", "30"]) else { return }
        #expect(status == 0, "\(output)")
    }
}

/// `--plugin Spiner` opened another plugin without a word; an unknown plugin is an error that
/// names the close matches, before any window opens.
@Suite(.leavesNoPluginHost) struct UnknownPluginTests {
    @Test func aMisspelledPluginIsAnErrorWithTheCloseMatch() async throws {
        let products = toolsFolder
        let (status, output) = try await runProgram(products + "/refresh-preview", ["--plugin", "Spiner", "--plugin-path", products])
        #expect(status == 2)
        #expect(output.contains("plugin Spiner: not found") && output.contains("did you mean 'Spinner'"), "\(output)")
    }

    @Test func closeMatchesAreThoseWithinAFewSlips() async {
        let names = ["Spinner", "Spinner (C)", "Label", "Lottie", "dev.refreshkit.spinner"]
        #expect(PluginSearchPath.closeMatches(to: "Spiner", among: names) == ["Spinner"])
        #expect(PluginSearchPath.closeMatches(to: "lable", among: names) == ["Label"])
        #expect(PluginSearchPath.closeMatches(to: "Waterfall", among: names).isEmpty)
    }
}

/// `--script` with a plugin that crashes or hangs: its child ends, the preview finishes the script
/// with the error card and exits 2 naming the plugin, never with the plugin's signal.
@Suite(.leavesNoPluginHost) struct ScriptedFaultyPluginTests {
    @Test(arguments: ["FixturePluginRenderCrashes", "FixturePluginRenderHangs", "FixturePluginCreateAborts"])
    func theScriptEndsWithTwoNamingThePlugin(fixture: String) async throws {
        let plugin = fixturePlugin(fixture)
        guard let (status, output) = try await ScriptedExitTests.scriptedPreview(["--plugin", plugin]) else { return }
        #expect(status == 2, "\(output)")
        #expect(output.contains("plugin \(plugin)"), "\(output)")
    }
}

/// A plugin that signals the preview: refused by its sandbox and named, in the output and on the
/// panel (a plugin given by path, with no hot reload, has its plugin host asked), the script played
/// to its end; unsandboxed, its fault (the preview ended with 138 and no word on SIGUSR1).
@Suite(.leavesNoPluginHost) struct ScriptedSignallingPluginTests {
    @Test(arguments: [true, false])
    func aPluginsSignalIsNamedAndSurvived(sandboxed: Bool) async throws {
        guard FileManager.default.fileExists(atPath: "/usr/bin/xvfb-run") else {
            Issue.record("xvfb-run is missing: `make test` installs the xvfb package")
            return
        }
        let scenario = packageRoot.appendingPathComponent("Assets/Scenarios/pull-short.json").path
        let folder = scratchDirectory("signalling-preview-\(UUID().uuidString.prefix(8))")
        let (status, output) = try await runUnderXvfb(["/usr/bin/env", "REFRESHKIT_FIXTURE_ATTEMPT=kill-parent", "\(toolsFolder)/refresh-preview",
                                                       "--script", scenario, "--plugin", fixturePlugin("FixturePluginHostile"),
                                                       "--out", folder, "--screenshot-at", "0.5=\(folder)/shot.png"]
                                                      + (sandboxed ? [] : ["--no-sandbox"]))
        if sandboxed {
            #expect(status == 0, "\(output)")
            #expect(output.contains("tried to signal another process: refused by its sandbox"), "\(output)")
            let panel = output.components(separatedBy: "screenshot t=").dropFirst().first ?? ""
            // The panel wraps the line: "⚠ tried to signal another process:", then "refused by its sandbox".
            let words = panel.split(whereSeparator: \.isWhitespace).filter { $0 != "|" }.joined(separator: " ")
            #expect(words.contains("⚠ tried to signal another process: refused by its sandbox"), "the panel: \(panel)")
        } else {
            #expect(status == 2, "\(output)")
            #expect(output.contains("sent the process hosting it User defined signal 1"), "\(output)")
        }
    }
}

/// A stop signal ends the preview even while a plugin hangs inside it (`--in-process`), where the
/// loop that would read SDL's quit never runs again: it ignored SIGTERM and never ended. The
/// fixture's own process sends the signal as the render begins to hang, so the moment is known.
@Suite(.leavesNoPluginHost) struct StoppedPreviewTests {
    @Test func aStopSignalEndsThePreviewWhileAPluginHangsInside() async throws {
        var environment = ProcessInfo.processInfo.environment
        environment["SDL_VIDEODRIVER"] = "dummy"  // asked for: no display needed to hang
        environment["REFRESHKIT_FIXTURE_STOP_SELF"] = "1"
        let temporary = scratchDirectory("stopped-preview-tmp-\(UUID().uuidString.prefix(8))")
        environment["TMPDIR"] = temporary
        let scenario = packageRoot.appendingPathComponent("Assets/Scenarios/pull-short.json").path
        let (status, output) = try await runProgram("\(toolsFolder)/refresh-preview",
                                              ["--script", scenario, "--plugin", fixturePlugin("FixturePluginRenderHangs"), "--in-process",
                                               "--no-panel", "--out", scratchDirectory("stopped-preview-\(UUID().uuidString.prefix(8))")],
                                              environment: environment)
        #expect(status == SIGTERM, "the preview ended with \(status), not by the signal: \(output)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary).isEmpty, "left in its TMPDIR")
    }
}
