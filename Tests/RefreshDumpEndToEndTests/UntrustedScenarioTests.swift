import Foundation
import Testing
import TestSupport
@testable import RefreshHost
import RefreshPluginSDK

/// A scenario is data someone may have sent a designer: it cannot load a library by path, write
/// outside `--out`, ask for hours of frames, or fail halfway with an error that names nothing
/// (input-hardening issue: untrusted files, limits, messages).
@Suite(.leavesNoPluginHost) struct UntrustedScenarioTests {
    func write(_ json: String, to folder: String, name: String = "s.json") throws -> String {
        let path = folder + "/" + name
        try Data(json.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// A plugin path in a scenario is refused before anything is loaded, naming file and field;
    /// `--allow-plugin-paths` (the user's own decision) lets it through.
    @Test func aScenarioCannotLoadALibraryByPath() async throws {
        let folder = scratch("evil")
        try FileManager.default.copyItem(atPath: products + "/libRefreshSpinner.so", toPath: folder + "/libEvil.so")
        let file = try write(#"{"edges": {"top": {"plugin": "./libEvil.so"}}, "steps": [{"wait": 0.1}]}"#, to: folder)
        let scenario = try Scenario.load(path: file)
        #expect {
            try ScenarioPlayer(scenario: scenario, searchPath: PluginSearchPath(directories: [buildFolder]))
        } throws: { error in
            let text = "\(error)"
            return text.hasPrefix("scenario \(file): line 1, column 20: edges.top.plugin: './libEvil.so' is a path") && text.contains("--allow-plugin-paths")
        }
        let refused = try await refreshDump(["run", file, "--out", folder + "/out", "--no-animation"])
        #expect(refused.status == 2 && refused.output.contains("edges.top.plugin"), "\(refused.output)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/out/frames/0001.png"))
        // The path is relative to where the command runs (never changed in this process: other tests run beside it).
        let allowed = try await refreshDump(["run", file, "--allow-plugin-paths", "--out", "out", "--no-animation"], in: folder)
        #expect(allowed.status == 0, "\(allowed.output)")
        #expect(FileManager.default.fileExists(atPath: folder + "/out/frames/0001.png"))
    }

    /// A locale is a BCP 47 tag, in a scenario and on the command line: a million characters cost
    /// `run` 7.8 s of CPU before; now they are refused where they are read, naming the field.
    @Test func aLocaleIsATagNotABook() async throws {
        let folder = scratch("long-locale")
        let book = String(repeating: "x", count: 1_000_000)
        let file = try write(#"{"edges": {"top": {"plugin": "Spinner"}}, "locale": "\#(book)", "steps": [{"wait": 0.1}]}"#, to: folder)
        #expect {
            try Scenario.load(path: file)
        } throws: { error in
            "\(error)".contains("locale: expected a BCP 47 tag")
        }
        #expect(try Scenario.load(path: try write(#"{"edges": {"top": {"plugin": "Spinner"}}, "locale": "zh-Hans", "steps": [{"wait": 0.1}]}"#, to: folder, name: "ok.json"))
            .environment.locale == "zh-Hans")
        let render = try await refreshDump(["render", "--plugin", "Spinner", "--locale", "en\u{1B}[2J", "--out", folder + "/f.png"])
        #expect(render.status == 2 && render.output.contains("--locale") && !render.output.contains("\u{1B}"), "\(render.output)")
        let run = try await refreshDump(["run", "pull-short", "--locale", String(repeating: "y", count: 100), "--out", folder + "/run"])
        #expect(run.status == 2 && run.output.contains("--locale"), "\(run.output)")
    }

    /// `--out NEW/` is the folder NEW, made as `--out NEW` is (it always failed: "cannot be created").
    @Test func aNewOutputFolderWithATrailingSlashIsMade() async throws {
        let folder = scratch("trailing-slash")
        let run = try await refreshDump(["run", "pull-short", "--no-animation", "--out", folder + "/new/"])
        #expect(run.status == 0, "\(run.output)")
        #expect(FileManager.default.fileExists(atPath: folder + "/new/frames/0001.png"), "\(run.output)")
    }

    /// The scenario's name never becomes a path outside `--out`.
    @Test func aHostileNameStaysInsideTheOutputFolder() async throws {
        let folder = scratch("name")
        let file = try write(#"{"name": "../../escaped", "edges": {"top": {"plugin": "Spinner"}}, "steps": [{"wait": 0.05}]}"#, to: folder)
        let result = try await refreshDump(["run", file, "--out", folder + "/a/b", "--webp", "--plugin-path", products])
        #expect(result.status == 0, "\(result.output)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/escaped.webp"))
        let written = try FileManager.default.contentsOfDirectory(atPath: folder + "/a/b").sorted()
        #expect(written == ["-..-escaped.webp", ".refreshkit-run", "contact-sheet.png", "frames"], "\(written)")
        #expect(Scenario(name: "..", description: "", viewport: Size(width: 1, height: 1), axis: .vertical, rows: 0, rowHeight: 8, fps: 1,
                         edges: [:], environment: IndicatorEnvironment(), window: .edge, checkpoints: [], steps: []).fileName == "scenario")
    }

    /// 446 bytes asked for 144k frames: the length is checked before the first frame.
    @Test func aTimelineOverTheFrameLimitIsRefusedBeforeTheFirstFrame() async throws {
        let steps = Array(repeating: #"{"wait": 600}"#, count: 1).joined(separator: ",")
        let scenario = try Scenario.decode(Data(#"{"fps": 240, "edges": {"top": {"plugin": "Spinner"}}, "steps": [\#(steps)]}"#.utf8), file: "long.json")
        #expect(throws: InputFileError(file: "long.json", field: "steps",
                                      reason: "the timeline is 144000 frames (600 s at 240 fps), over the limit of 20000 (--max-frames raises it)")) {
            try ScenarioPlayer(scenario: scenario, searchPath: PluginSearchPath(directories: [buildFolder]))
        }
        let allowed = try ScenarioPlayer(scenario: scenario, searchPath: PluginSearchPath(directories: [buildFolder]), frameLimit: 200_000)
        #expect(allowed.totalFrames == 144_000)
    }

    /// A list too long is refused from the bytes, before any value is built (an 80,000-step file
    /// of 2.4 MB took 414 MB of memory to refuse on its frame count; now 50 MB, the bench of the
    /// note), with the place in the file; a string with brackets and commas inside is not counted.
    @Test func aListOverTheLimitIsRefusedBeforeItIsRead() async throws {
        let steps = Array(repeating: #"{"release": {}}"#, count: 40_001).joined(separator: ",")
        let json = #"{"edges": {"top": {"plugin": "Spinner"}}, "steps": [\#(steps)]}"#
        #expect(throws: InputFileError.self) { try Scenario.decode(Data(json.utf8), file: "many.json") }
        do {
            _ = try Scenario.decode(Data(json.utf8), file: "many.json")
        } catch {
            #expect(error.description.hasPrefix("scenario many.json: line 1, column ") && error.description.contains("over 40000 entries"), "\(error)")
        }
        // At the limit, and with commas inside strings, nothing is refused for its length.
        let atLimit = Array(repeating: #"{"release": {}}"#, count: 40_000).joined(separator: ",")
        #expect(JSONSyntax.firstArray(in: Data(#"{"steps": [\#(atLimit)]}"#.utf8), longerThan: 40_000) == nil)
        #expect(JSONSyntax.firstArray(in: Data(#"["a,b,c,\",d", 1]"#.utf8), longerThan: 2) == nil)
        #expect(JSONSyntax.firstArray(in: Data(#"[1, [2, 3, 4], 5]"#.utf8), longerThan: 2) == 9, "the inner list's third entry")
    }

    /// Every limit states itself, and a message names the file it is about.
    @Test func limitsAndMissingCheckpointsSayWhatAndWhere() async throws {
        #expect(throws: FrameSpec.Error(field: "size", reason: "width 1000000 is over the limit of 4096 pt")) { try FrameSpec.parseSize("1000000x120") }
        #expect(throws: FrameSpec.Error(field: "size", reason: "height 0.5 is under the least of 1 pt")) { try FrameSpec.parseSize("390x0.5") }
        let long = String(repeating: "9", count: 500)
        do {
            _ = try FrameSpec.parseSize("\(long)xabc")
            Issue.record("accepted")
        } catch {
            #expect(error.reason.count < 140, "a long value is cut: \(error.reason)")
        }
        let folder = scratch("no-checkpoints")
        let path = try write(#"{"edges": {"top": {"plugin": "Spinner"}}, "steps": [{"wait": 1}]}"#, to: folder)
        let (status, output) = try await refreshDump(["verify", path, "--golden", folder + "/golden"])
        #expect(status == 2 && output.contains("scenario \(path): checkpoints: none to check"), "\(output)")
    }

    /// A frame the commands' check lets through is one a plugin host draws: 8 to 64 megapixels
    /// passed `--size`'s check and were refused by the host's 32 MB of shared pixels, naming no option.
    @Test func aFrameTheCheckAllowsIsDrawnInAPluginHost() async throws {
        let folder = scratch("large-frame")
        let (status, output) = try await refreshDump(["render", "--plugin", "Spinner", "--size", "2048x1536", "--scale", "2", "--out", "\(folder)/large.png"])
        #expect(status == 0, "\(output)")
        let frame = try ImageSurface.readPNG(at: "\(folder)/large.png")
        #expect(frame.width == 4096 && frame.height == 3072, "12.6 megapixels, over the 8 the host held")
    }

    /// Checkpoints and `--at` beyond the timeline are errors, not traps (`verify --at 1e300`).
    @Test func checkpointsAfterTheEndAreErrors() async throws {
        let scenario = try Scenario.decode(Data(#"{"edges": {"top": {"plugin": "Spinner"}}, "checkpoints": [0.5, 1e300], "steps": [{"wait": 1}]}"#.utf8), file: "c.json")
        #expect(throws: InputFileError(file: "c.json", field: "checkpoints[1]", reason: "1e+300 s is after the end of the timeline (1.0 s)")) {
            try ScenarioPlayer(scenario: scenario, searchPath: PluginSearchPath(directories: [buildFolder]))
        }
        let folder = scratch("at")
        let result = try await refreshDump(["verify", scenarioFolder + "/pull-short.json", "--golden", folder, "--at", "1e300", "--plugin-path", products])
        #expect(result.status == 2 && result.output.contains("--at: '1e300' is not a time in seconds within the scenario"), "\(result.output)")
    }

    /// A bad `setParameter` is found before any frame is written, naming the step.
    @Test func aBadParameterStepIsFoundBeforeTheFirstFrame() async throws {
        let folder = scratch("param")
        let file = try write(#"{"edges": {"top": {"plugin": "Spinner"}}, "steps": [{"wait": 0.5}, {"setParameter": {"name": "spokes", "value": "many"}}]}"#, to: folder)
        let result = try await refreshDump(["run", file, "--out", folder + "/out", "--plugin-path", products])
        #expect(result.status == 2 && result.output.contains("scenario \(file): line 1, column 69: steps[1].setParameter: "), "\(result.output)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/out/frames/0001.png"), "frames were written before the error")
    }

    /// Errors name the file, not the scenario's (possibly huge) name; names are bounded.
    @Test func errorsNameTheFileAndNamesAreBounded() async throws {
        let folder = scratch("names")
        let long = String(repeating: "x", count: 5000)
        let file = try write(#"{"name": "\#(long)", "edges": {"top": {"plugin": "Spinner"}}, "steps": []}"#, to: folder)
        #expect(throws: InputFileError(file: file, field: "name", reason: "expected at most 100 characters and no control characters (found 5000 characters)", line: 1, column: 2)) {
            try Scenario.load(path: file)
        }
        let unknown = try write(#"{"name": "fine", "edges": {"top": {"plugin": "NoSuchPlugin"}}, "steps": []}"#, to: folder, name: "u.json")
        #expect {
            try ScenarioPlayer(scenario: try Scenario.load(path: unknown), searchPath: PluginSearchPath(directories: [buildFolder]))
        } throws: { error in
            "\(error)".hasPrefix("scenario \(unknown): line 1, column 36: edges.top.plugin: ")
        }
        // A plugin that crashes while the scenario is set up is the plugin's failure: the headline
        // names it, the scenario's place comes after (it read as a scenario error at a valid line).
        let crashing = try write(#"{"edges": {"top": {"plugin": "\#(fixturePlugin("FixturePluginCreateAborts"))"}}, "steps": []}"#, to: folder, name: "c.json")
        #expect {
            try ScenarioPlayer(scenario: try Scenario.load(path: crashing), searchPath: PluginSearchPath(directories: [buildFolder]), allowsPluginPaths: true,
                               isolation: .childProcess())
        } throws: { error in
            "\(error)".hasPrefix("plugin \(fixturePlugin("FixturePluginCreateAborts")): crashed with signal 6 (Aborted) during create")
                && "\(error)".hasSuffix("(scenario \(crashing): line 1, column 12: edges.top)")
        }
        #expect(throws: InputFileError(file: "/dev/zero", field: "", reason: "is not a regular file (a device, pipe or socket)")) {
            try Scenario.load(path: "/dev/zero")
        }
    }
}

/// JSON problems say where, whatever the problem (input-hardening issue: messages that name the place).
@Suite(.leavesNoPluginHost) struct JSONProblemTests {
    @Test(arguments: [
        ("{\"a\": 1,\n \"a\": 2}", "line 2, column 2: the key \"a\" appears twice in one object"),
        ("{\"a\": [1,\n 2, 1e400]}", "line 2, column 5: the number 1e400 is too large"),
        ("{\"a\":\n \"\u{FF}\"}", "not UTF-8 text (byte 8 is 0xFF)"),
        ("{\"a\": 1,,}", "line 1, column"),
    ])
    func everyProblemHasAPlace(text: String, expected: String) throws {
        var data = Data(text.utf8)
        if text.contains("\u{FF}") { data = Data([0x7B, 0x22, 0x61, 0x22, 0x3A, 0x0A, 0x20, 0x22, 0xFF, 0x22, 0x7D]) }
        let problem = try #require(JSONSyntax.problem(in: data)).text(in: data)
        #expect(problem.contains(expected), "\(problem)")
        if text.contains("\u{FF}") { #expect(problem.hasPrefix("line 2, column 3")) }
    }

    @Test func aScenarioWithADuplicateKeyIsRefused() async {
        let json = #"{"edges": {"top": {"plugin": "Spinner"}}, "steps": [], "steps": [{"wait": 1}]}"#
        #expect(throws: InputFileError(file: "d.json", reason: "not valid JSON: the key \"steps\" appears twice in one object", line: 1, column: 56)) {
            try Scenario.decode(Data(json.utf8), file: "d.json")
        }
    }
}

/// The numbers the tools accepted and then trapped on (SIGILL), each now refused where it enters
/// with the option named: exit 2, never a signal.
@Suite(.leavesNoPluginHost) struct NumbersThatTrappedTests {
    @Test(arguments: [
        (["verify", "PULL", "--golden", "G", "--at", "1e300"], "--at"),
        (["trace", "--drag-time", "1e300"], "--drag-time"),
        (["trace", "--drag-time", "inf"], "--drag-time"),
        (["trace", "--trigger", "1e-300"], "--trigger"),
        (["render", "--plugin", "Spinner", "--state-time", "1e18"], "--state-time"),
        (["render", "--plugin", "Label", "--state-time", "1e18"], "--state-time"),
        (["render", "--plugin", "Rainbow", "--state-time", "1e308"], "--state-time"),
        (["render", "--plugin", "Spinner", "--size", "4096x4096", "--scale", "7.99"], "--size"),
        (["render", "--plugin", "Spinner", "--pull", "1e308"], "--pull"),
        (["sweep", "--plugin", "Spinner", "--times", "0:1e19:2"], "--times"),
        (["render", "--plugin", "Path Drawing", "--param", "svg=M-1e308 0 L1e308 0 C 0 1 0 1 0 0"], "offset 0"),
        (["render", "--plugin", "Path Drawing", "--param", "svg=M1e308 0 l1e308 0 c 1 1 2 2 3 3"], "offset 0"),
        (["render", "--plugin", "Spinner", "--out", "/dev/null"], "/dev/null: is not a regular file"),
    ])
    func refusedWithTheOptionNamed(arguments: [String], named: String) async throws {
        let folder = scratch("numbers")
        let resolved = arguments.map { $0 == "PULL" ? scenarioFolder + "/pull-short.json" : $0 == "G" ? folder : $0 }
        let outArguments = resolved.contains("--out") || !["render", "sweep"].contains(resolved[0]) ? [] : ["--out", folder + "/out.png"]
        let result = try await refreshDump(resolved + outArguments + (resolved[0] == "trace" ? [] : ["--plugin-path", products]))
        #expect(result.status == 2, "\(arguments): status \(result.status)\n\(result.output)")
        #expect(result.output.contains(named), "\(arguments): \(result.output)")
    }
}
