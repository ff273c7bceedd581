import Foundation
import Testing
import TestSupport
import RefreshHost
import RefreshPluginSDK

@Suite(.leavesNoPluginHost) struct ScenarioFileTests {
    @Test func theShippedScenariosCoverTheIssuesList() async {
        #expect(shippedScenarios == ["first-page-fails.json", "fling-bottom.json", "load-more-to-end.json", "pull-short.json", "pull-to-refresh.json",
                                     "refresh-fails.json", "second-floor.json", "short-list-both-ends.json"])
    }

    @Test(arguments: shippedScenarios)
    func shippedScenariosLoadAndPlayToTheEnd(file: String) async throws {
        let scenario = try Scenario.load(path: "\(scenarioFolder)/\(file)")
        #expect(!scenario.checkpoints.isEmpty && !scenario.steps.isEmpty)
        let player = try ScenarioPlayer(scenario: scenario, searchPath: PluginSearchPath(directories: [buildFolder]))
        while try player.advance() {}
        #expect(player.frameIndex == player.totalFrames)
    }

    /// The shipped pull-to-refresh refreshes every built-in as written: its drag reaches 1.3
    /// triggers of whatever plugin plays it. The same drag without its reach never refreshes
    /// Phoenix (trigger 120 pt), and the player says so in words.
    @Test func pullToRefreshRefreshesEveryBuiltInAsWritten() async throws {
        let shipped = try Scenario.load(path: "\(scenarioFolder)/pull-to-refresh.json")
        #expect(shipped.dragReaches == [0: 1.3])
        let builtIns = ["bezier-radar", "image-sequence", "label", "lottie", "material", "path-drawing", "phoenix", "rainbow",
                        "spinner", "spinner-c", "storehouse", "taurus", "water-drop"].map { "dev.refreshkit." + $0 }
        func play(_ plugin: String, reaching: Bool, parameters: [String: ParameterValue] = [:]) throws -> (refreshed: Bool, said: [String]) {
            var scenario = shipped
            scenario.edges[.top]?.plugin = plugin
            scenario.edges[.top]?.parameters = parameters
            if !reaching { scenario.dragReaches = [:] }
            let player = try ScenarioPlayer(scenario: scenario, searchPath: PluginSearchPath(directories: [buildFolder]))
            var refreshed = false
            while try player.advance() { refreshed = refreshed || player.driver.container.state(of: .top) == .refreshing }
            return (refreshed, player.triggersNeverReached)
        }
        for plugin in builtIns {
            let played = try play(plugin, reaching: true)
            #expect(played.refreshed && played.said.isEmpty, "\(plugin): \(played.said)")
        }
        // Water Drop tuned with its longest stretch (trigger 140 pt) too.
        #expect(try play("dev.refreshkit.water-drop", reaching: true, parameters: ["stretch": .number(140)]).refreshed)
        let asWritten = try play("dev.refreshkit.phoenix", reaching: false)
        #expect(!asWritten.refreshed && asWritten.said == ["Phoenix never refreshes: the pull reaches 106 of 120 pt"], "\(asWritten.said)")
    }

    /// A drag's reach is version 2 of the file, written back as read; a file that uses none is
    /// still written as version 1, which older builds read.
    @Test func aDragsReachIsWrittenBackAndOnlyItNeedsVersionTwo() throws {
        let shipped = try Scenario.load(path: "\(scenarioFolder)/pull-to-refresh.json")
        let text = String(decoding: try JSONEncoder().encode(shipped), as: UTF8.self)
        #expect(text.contains(#""version":2"#) && text.contains(#""reach":1.3"#), "\(text.prefix(300))")
        #expect(try Scenario.decode(Data(text.utf8)).dragReaches == [0: 1.3])
        var plain = shipped
        plain.dragReaches = [:]
        #expect(String(decoding: try JSONEncoder().encode(plain), as: UTF8.self).contains(#""version":1"#))
        #expect(throws: InputFileError.self) { try Scenario.decode(Data(#"{"edges": {"top": {"plugin": "Spinner"}}, "steps": [{"drag": {"from": 0, "to": 10, "reach": 20}}]}"#.utf8)) }
    }

    static let badFiles: [(String, String)] = [
        (#"{"edges": {"top": {"plugin": "Spinner"}}, "steps": [{"wait": 1}, {"drag": {"from": 0, "to": "far"}}]}"#,
         "scenario (scenario): line 1, column 87: steps[1].drag.to: expected a number, found a string"),
        (#"{"edges": {"top": {"plugin": "Spinner"}}, "steps": [{"drag": {"from": 0, "to": 10, "duraton": 1}}]}"#,
         "scenario (scenario): line 1, column 84: steps[0].drag.duraton: unknown field (expected one of duration, easing, from, reach, to)"),
        (#"{"edges": {"top": {"plugin": "Spinner"}}, "steps": [{"jump": {}}]}"#,
         "scenario (scenario): line 1, column 53: steps[0]: unknown step 'jump' (expected one of drag, hold, release, fling, wheel, wait, finish, begin, openSecondFloor, closeSecondFloor, loadMore, setParameter, placeholder)"),
        (#"{"edges": {"top": {"plugin": "Spinner"}}, "steps": [{"finish": {"result": "maybe"}}]}"#,
         "scenario (scenario): line 1, column 65: steps[0].finish.result: 'maybe' is not one of success, failure, noMoreData"),
        (#"{"edges": {"top": {"plugin": "Spinner"}}, "steps": [{"wait": -1}]}"#,
         "scenario (scenario): line 1, column 54: steps[0].wait: -1.0 is outside 0...600 seconds"),
        (#"{"edges": {"left": {"plugin": "Spinner"}}, "steps": []}"#,
         "scenario (scenario): line 1, column 12: edges.left: unknown field (expected one of bottom, leading, top, trailing)"),
        (#"{"edges": {"leading": {"plugin": "Spinner"}}, "steps": []}"#,
         "scenario (scenario): line 1, column 12: edges.leading: a horizontal edge on a vertical list"),
        (#"{"edges": {"top": {}}, "steps": []}"#, "scenario (scenario): line 1, column 12: edges.top.plugin: missing (a string)"),
        (#"{"steps": []}"#, "scenario (scenario): line 1, column 1: edges: missing (an object of edge name → indicator)"),
        (#"{"edges": {"top": {"plugin": "Spinner"}}, "steps": [], "fps": 0}"#, "scenario (scenario): line 1, column 56: fps: 0.0 is outside 1.0...240.0"),
        (#"{"edges": {"top": {"plugin": "Spinner"}}, "steps": [{"wait": 1, "hold": 2}]}"#,
         "scenario (scenario): line 1, column 53: steps[0]: expected an object with one step name (drag, hold, release, fling, wheel, wait, finish, begin, openSecondFloor, closeSecondFloor, loadMore, setParameter, placeholder)"),
        // Valid JSON no double can hold: the field and the place, never a Swift type.
        (#"{"rows": 4.9e-325, "edges": {"top": {"plugin": "Spinner"}}, "steps": []}"#,
         "scenario (scenario): line 1, column 10: rows: the number 4.9e-325 is too small for a double (it would read as 0)"),
        // A value quoted in a message is cut to 80 characters.
        (#"{"window": "\#(String(repeating: "x", count: 100_000))", "edges": {"top": {"plugin": "Spinner"}}, "steps": []}"#,
         "scenario (scenario): line 1, column 2: window: '\(String(repeating: "x", count: 80))…' is not one of edge, full"),
        // An empty key is named as "".
        (#"{"": 1, "edges": {"top": {"plugin": "Spinner"}}, "steps": []}"#,
         "scenario (scenario): line 1, column 2: \"\": unknown field (expected one of axis, checkpoints, description, edges, fps, locale, name, offset, reduceMotion, rowHeight, rows, steps, theme, version, viewport, window)"),
    ]

    @Test(arguments: badFiles)
    func badFilesNameTheStepAndField(json: String, message: String) async {
        #expect(throws: InputFileError.self) { try Scenario.decode(Data(json.utf8)) }
        do {
            _ = try Scenario.decode(Data(json.utf8))
        } catch {
            #expect(error.description == message)
        }
    }

    @Test func invalidJSONAndMissingFilesSayWhere() async {
        #expect(throws: InputFileError.self) { try Scenario.decode(Data("{\"edges\": ".utf8), file: "x.json") }
        do { _ = try Scenario.decode(Data("{\n  \"name\": \"x\",,\n}".utf8), file: "x.json") } catch {
            #expect(error.description == "scenario x.json: line 2, column 15: not valid JSON: invalid value")
        }
        do { _ = try Scenario.decode(Data("{\"name\": \"x\"".utf8), file: "x.json") } catch {
            #expect(error.description == "scenario x.json: line 1, column 13: not valid JSON: unexpected end of file during JSON parse")
        }
        do { _ = try Scenario.load(path: "/nonexistent.json") } catch { #expect(error.description == "scenario /nonexistent.json: no such file") }
    }

    @Test func badParametersNameTheEdge() async throws {
        let json = #"{"edges": {"top": {"plugin": "dev.refreshkit.spinner", "params": {"spokes": 40}}}, "steps": [{"wait": 0.1}]}"#
        let scenario = try Scenario.decode(Data(json.utf8))
        #expect {
            try ScenarioPlayer(scenario: scenario, searchPath: PluginSearchPath(directories: [buildFolder]))
        } throws: { error in
            (error as? InputFileError)?.description == "scenario (scenario): edges.top.params.spokes: 40.0 is outside 8.0...12.0"
        }
    }
}

@Suite(.leavesNoPluginHost) struct ErrorCardTests {
    /// In a plugin-host child a create failure reads as in process: "create failed: " once.
    @Test func aChildsCreateFailureIsSaidOnce() async throws {
        let plugin = try PluginIsolation.childProcess().load(fixturePlugin("FixturePluginCreateFails"))
        #expect(throws: PluginError.self) { _ = try plugin.makeIndicator(parametersJSON: "{}") }
        do {
            _ = try plugin.makeIndicator(parametersJSON: "{}")
        } catch {
            #expect(error.reasonDescription == "create failed: the tint is not a colour this plugin likes")
        }
    }

    /// In a plugin-host child the reason reads as in process: "render failed: " once, not twice.
    @Test func aChildsRenderFailureIsSaidOnce() async throws {
        let plugin = fixturePlugin("FixturePluginRenderFails")
        let json = #"{"edges": {"top": {"plugin": "\#(plugin)"}}, "steps": [{"drag": {"from": 100, "to": 260, "duration": 0.3}}]}"#
        let player = try ScenarioPlayer(scenario: try Scenario.decode(Data(json.utf8)), searchPath: PluginSearchPath(directories: [buildFolder]),
                                        allowsPluginPaths: true, isolation: .childProcess())
        while try player.advance() {}
        let (_, errors) = try player.render(scale: 1)
        #expect(errors.first?.reasonDescription == "render failed: out of paint")
    }

    /// A plugin that fails to render gets a card in the part of its band that is on screen, the
    /// reason first, so that it can be read while only a little of the band shows.
    @Test func theCardSitsInTheVisiblePartOfTheBand() async throws {
        let plugin = fixturePlugin("FixturePluginRenderFails")
        let json = #"{"viewport": {"width": 390, "height": 400}, "edges": {"top": {"plugin": "\#(plugin)"}},"# +
            #" "steps": [{"drag": {"from": 100, "to": 260, "duration": 0.3}}]}"#
        let player = try ScenarioPlayer(scenario: try Scenario.decode(Data(json.utf8)), searchPath: PluginSearchPath(directories: [buildFolder]), allowsPluginPaths: true)
        while try player.advance() {}
        let (image, errors) = try player.render(window: Rect(x: 0, y: 0, width: 390, height: 400), scale: 1)
        #expect(errors.first?.reasonDescription == "render failed: out of paint")
        let gap = Int(player.driver.container.status(of: .top)!.pull.distance)
        #expect(gap > 40 && gap < 120, "the band is partly open: \(gap) pt")
        // Dark red text inside the gap, on the card.
        func isText(_ c: Color) -> Bool { c.red > 0.4 && c.green < 0.2 && c.blue < 0.2 }
        let textRows = (0..<image.height).filter { y in (0..<image.width).contains { isText(image.pixel(x: $0, y: y)) } }
        #expect(!textRows.isEmpty && textRows.allSatisfy { $0 < gap }, "text rows \(textRows.first ?? -1)...\(textRows.last ?? -1), gap \(gap)")
    }
}

/// What a sweep of runs needs without generated scenario files: theme, locale and parameters on the
/// command line, default folders that differ when the runs differ, the animation only on request.
@Suite(.leavesNoPluginHost) struct RunOptionsTests {
    func run(_ arguments: [String], in folder: String) async throws -> (status: Int32, output: String) {
        try await refreshDump(arguments + ["--plugin-path", products], in: folder)
    }

    @Test func themeLocaleAndParametersOverrideTheScenarioAndNameTheFolder() async throws {
        let folder = scratch("run-options")
        let scenario = scenarioFolder + "/pull-short.json"
        let plain = try await run(["run", scenario], in: folder)
        let dark = try await run(["run", scenario, "--plugin", "Label", "--theme", "dark", "--locale", "ar", "--param", "color=#FF0000"], in: folder)
        #expect(plain.status == 0 && dark.status == 0, "\(plain.output)\n\(dark.output)")
        let outputs = try FileManager.default.contentsOfDirectory(atPath: folder + "/out").sorted()
        #expect(outputs.count == 2 && outputs.contains("pull-short") && outputs.contains { $0.hasPrefix("pull-short-Label-dark-ar-params-") }, "\(outputs)")
        let darkFolder = folder + "/out/" + outputs.first { $0 != "pull-short" }!
        #expect(!FileManager.default.fileExists(atPath: darkFolder + "/pull-short.webp"), "no animation unless asked")
        let first = try ImageSurface.readPNG(at: darkFolder + "/frames/0001.png")
        let light = try ImageSurface.readPNG(at: folder + "/out/pull-short/frames/0001.png")
        #expect(first.pixelWords()[0] != light.pixelWords()[0], "the dark theme's background")
        let unknown = try await run(["run", scenario, "--param", "noSuchParameter=1"], in: folder)
        #expect(unknown.status == 2 && unknown.output.contains("edges.top.params"), "\(unknown.output)")
    }
}

/// A run's folder appears whole or not at all, replaces only a previous run's, and never a folder
/// of other files.
@Suite(.leavesNoPluginHost) struct RunFolderTests {
    @Test func aRunReplacesAPreviousRunButNeverOtherFiles() async throws {
        let folder = scratch("run-folder")
        let out = folder + "/out"
        let first = try await refreshDump(["run", scenarioFolder + "/pull-short.json", "--out", out, "--plugin-path", products])
        #expect(first.status == 0, "\(first.output)")
        try Data("stale".utf8).write(to: URL(fileURLWithPath: out + "/frames/9999.png"))
        let second = try await refreshDump(["run", scenarioFolder + "/pull-short.json", "--out", out, "--plugin-path", products])
        #expect(second.status == 0, "\(second.output)")
        #expect(!FileManager.default.fileExists(atPath: out + "/frames/9999.png"), "the previous run was replaced whole")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["out"], "no staging or old folder left")
        let mine = folder + "/mine"
        try FileManager.default.createDirectory(atPath: mine, withIntermediateDirectories: true)
        try Data("keep".utf8).write(to: URL(fileURLWithPath: mine + "/notes.txt"))
        let refused = try await refreshDump(["run", scenarioFolder + "/pull-short.json", "--out", mine, "--plugin-path", products])
        #expect(refused.status == 2 && refused.output.contains("refusing to replace it"), "\(refused.output)")
        #expect(FileManager.default.contents(atPath: mine + "/notes.txt") == Data("keep".utf8))
        let failed = try await refreshDump(["run", scenarioFolder + "/pull-short.json", "--out", folder + "/bad", "--param", "spokes=1e9", "--plugin-path", products])
        #expect(failed.status == 2)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["mine", "out"], "a failed run leaves nothing")
    }
}

/// A run replaces only what it writes: an earlier run's MP4 stays beside this run's GIF and the
/// run says so; `--clean` empties the folder of earlier runs' files first. The marker lists them.
@Suite(.leavesNoPluginHost) struct RunKeepsEarlierOutputsTests {
    @Test func aGIFAfterAnMP4KeepsTheMP4AndSaysSo() async throws {
        let out = scratch("run-keeps") + "/out"
        let pull = scenarioFolder + "/pull-short.json"
        let first = try await refreshDump(["run", pull, "--format", "mp4", "--no-frames", "--out", out])
        #expect(first.status == 0, "\(first.output)")
        let mp4 = try #require(FileManager.default.contents(atPath: out + "/pull-short.mp4"))
        let second = try await refreshDump(["run", pull, "--format", "gif", "--no-frames", "--out", out])
        #expect(second.status == 0 && second.output.contains("kept:") && second.output.contains("pull-short.mp4"), "\(second.output)")
        #expect(FileManager.default.contents(atPath: out + "/pull-short.mp4") == mp4, "the earlier MP4 is untouched")
        #expect(FileManager.default.fileExists(atPath: out + "/pull-short.gif"))
        let marker = try String(contentsOfFile: out + "/.refreshkit-run", encoding: .utf8)
        #expect(marker.contains("pull-short.mp4") && marker.contains("pull-short.gif") && marker.contains("contact-sheet.png"), "\(marker)")
        let clean = try await refreshDump(["run", pull, "--format", "gif", "--no-frames", "--clean", "--out", out])
        #expect(clean.status == 0 && !clean.output.contains("kept:"), "\(clean.output)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: out).sorted() == [".refreshkit-run", "contact-sheet.png", "pull-short.gif"])
    }
}

/// `--param` reaches the plugin `--plugin` swaps in, not only the scenario's own.
@Suite(.leavesNoPluginHost) struct RunParameterOverrideTests {
    @Test func paramsApplyToAnOverridingPlugin() async throws {
        let folder = scratch("run-override-params")
        let plain = try await refreshDump(["run", "pull-short", "--plugin", "Spinner", "--no-frames", "--out", "\(folder)/plain"])
        let big = try await refreshDump(["run", "pull-short", "--plugin", "Spinner", "--param", "radius=30", "--no-frames", "--out", "\(folder)/big"])
        #expect(plain.status == 0 && big.status == 0, "\(plain.output)\(big.output)")
        #expect(FileManager.default.contents(atPath: "\(folder)/plain/contact-sheet.png") != FileManager.default.contents(atPath: "\(folder)/big/contact-sheet.png"))
        let bad = try await refreshDump(["run", "pull-short", "--plugin", "Spinner", "--param", "radius=300", "--no-frames", "--out", "\(folder)/bad"])
        #expect(bad.status == 2 && bad.output.contains("radius"), "\(bad.output)")
    }
}

/// A scenario's edge can ask for haptics; `run` lists them with the other events, and `handoff`
/// tells the app the same haptics the preview plays.
@Suite(.leavesNoPluginHost) struct ScenarioHapticTests {
    @Test func runListsTheHapticsAnEdgeAsksFor() async throws {
        let folder = scratch("run-haptics")
        let text = try String(contentsOfFile: "\(scenarioFolder)/pull-to-refresh.json", encoding: .utf8)
        let asking = text.replacingOccurrences(of: #""plugin": "dev.refreshkit.spinner""#, with: #""plugin": "dev.refreshkit.spinner", "haptics": "thresholdAndStart""#)
        #expect(asking != text)
        try asking.write(toFile: "\(folder)/haptics.json", atomically: true, encoding: .utf8)
        let (status, output) = try await refreshDump(["run", "\(folder)/haptics.json", "--no-frames", "--out", "\(folder)/out"])
        #expect(status == 0, "\(output)")
        #expect(output.contains("top: haptic (selection)") && output.contains("top: haptic (impact)"), "\(output)")
        let (plainStatus, plain) = try await refreshDump(["run", "pull-to-refresh", "--no-frames", "--out", "\(folder)/plain"])
        #expect(plainStatus == 0 && !plain.contains("haptic ("), "\(plain)")
        let bad = asking.replacingOccurrences(of: "thresholdAndStart", with: "always")
        try bad.write(toFile: "\(folder)/bad.json", atomically: true, encoding: .utf8)
        let (badStatus, badOutput) = try await refreshDump(["run", "\(folder)/bad.json", "--no-frames", "--out", "\(folder)/bad"])
        #expect(badStatus == 2 && badOutput.contains("haptics"), "\(badOutput)")
    }

    /// One source of truth: the handoff of a scenario that says nothing of haptics tells the app
    /// what the preview plays (it said "haptics: off" while the preview ticked at the threshold); a
    /// scenario that says, and `--haptics`, are written as they say. The scenario still plays none.
    @Test func theHandoffTellsTheAppWhatThePreviewPlaysUnlessTheScenarioSays() async throws {
        let folder = scratch("handoff-haptics")
        func handoff(_ arguments: [String], _ name: String) async throws -> (status: Int32, output: String, code: String) {
            let (status, output) = try await refreshDump(["handoff", "--plugin", "Spinner", "--out", "\(folder)/\(name)"] + arguments)
            let code = (try? String(contentsOfFile: "\(folder)/\(name)/mjrefresh.swift", encoding: .utf8)) ?? ""  // try?: none written is checked below
            return (status, output, code)
        }
        let preview = try await handoff([], "preview")
        #expect(preview.status == 0 && preview.code.contains("haptics: thresholdAndStart"), "\(preview.output)")
        let text = try String(contentsOfFile: "\(scenarioFolder)/pull-to-refresh.json", encoding: .utf8)
        let off = text.replacingOccurrences(of: #""plugin": "dev.refreshkit.spinner""#, with: #""plugin": "dev.refreshkit.spinner", "haptics": "off""#)
        try off.write(toFile: "\(folder)/off.json", atomically: true, encoding: .utf8)
        let said = try await handoff(["--scenario", "\(folder)/off.json"], "said")
        #expect(said.status == 0 && said.code.contains("haptics: off"), "\(said.output)")
        let chosen = try await handoff(["--haptics", "threshold"], "chosen")
        #expect(chosen.status == 0 && chosen.code.contains("haptics: threshold\n"), "\(chosen.output)")
        let bad = try await handoff(["--haptics", "always"], "bad")
        #expect(bad.status != 0 && bad.output.contains("--haptics must be off, threshold or thresholdAndStart, not 'always'"), "\(bad.output)")
    }

    @Test func theSecondFloorScenarioListsItsEventsAndCodeStepsWork() async throws {
        let folder = scratch("run-second-floor")
        let (status, output) = try await refreshDump(["run", "second-floor", "--no-frames", "--out", "\(folder)/out"])
        #expect(status == 0, "\(output)")
        for line in ["top: became eligible for the second floor", "top: opened the second floor (userGesture)", "top: closing the second floor",
                     "top: announce \"Release to open the second floor\"", "top: announce \"Second floor open\""] {
            #expect(output.contains(line), "\(line) missing from \(output)")
        }
        #expect(!output.contains("began refreshing"), "a floor, not a refresh")
        let code = #"""
        { "edges": { "top": { "plugin": "dev.refreshkit.label", "placement": "above", "secondFloor": { "triggerDistance": 150, "openExtent": 300 } } },
          "locale": "zh-Hans",
          "steps": [ { "openSecondFloor": {} }, { "wait": 0.8 }, { "closeSecondFloor": { "edge": "top" } }, { "wait": 1 } ] }
        """#
        try code.write(toFile: "\(folder)/code.json", atomically: true, encoding: .utf8)
        let (codeStatus, codeOutput) = try await refreshDump(["run", "\(folder)/code.json", "--no-frames", "--out", "\(folder)/code"])
        #expect(codeStatus == 0 && codeOutput.contains("top: opened the second floor (programmatic)") && codeOutput.contains("top: announce \"已进入二楼\""), "\(codeOutput)")
        for (good, bad) in [(#""secondFloor": { "triggerDistance": 150"#, #""secondFloor": { "triggerDistance": 20"#),
                            (#""placement": "above""#, #""placement": "sideways""#)] {
            try code.replacingOccurrences(of: good, with: bad).write(toFile: "\(folder)/bad.json", atomically: true, encoding: .utf8)
            let (badStatus, badOutput) = try await refreshDump(["run", "\(folder)/bad.json", "--no-frames", "--out", "\(folder)/bad"])
            #expect(badStatus == 2 && badOutput.contains("edges.top") && (badOutput.contains("secondFloor.triggerDistance") || badOutput.contains("placement")), "\(badOutput)")
        }
    }
}

