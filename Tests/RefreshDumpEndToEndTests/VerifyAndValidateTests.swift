import Foundation
import Testing
import TestSupport
import RefreshHost
import RefreshPluginSDK

/// Every shipped scenario with every built-in against committed goldens (a few checkpoint frames
/// each). `REFRESHKIT_UPDATE_GOLDENS=1` rewrites them; failures go to `.build/golden-failures/`.
@Suite(.leavesNoPluginHost) struct ScenarioGoldenTests {
    static let cases: [(String, String)] = shippedScenarios.flatMap { file in builtInIDs.map { (file, $0) } }

    @Test(arguments: cases)
    func checkpointsMatchTheGoldens(file: String, plugin: String) async throws {
        let scenario = try Scenario.load(path: "\(scenarioFolder)/\(file)")
        let search = PluginSearchPath(directories: [buildFolder])
        let player = try ScenarioPlayer(scenario: scenario, searchPath: search, pluginOverride: PluginLibrary(path: search.resolve(plugin)))
        let folder = here.appendingPathComponent("Golden/\(scenario.name)/\(goldenID(plugin, scenario: scenario.name))").path
        let update = ProcessInfo.processInfo.environment["REFRESHKIT_UPDATE_GOLDENS"] == "1" && plugin == goldenID(plugin, scenario: scenario.name)
        var verifier = ScenarioVerifier(goldenFolder: folder, failureFolder: packageRoot.appendingPathComponent(".build/golden-failures/\(scenario.name)/\(plugin)").path,
                                        tolerance: 3, record: update ? .all : .never)
        // One motion golden (every frame of the main scenario with the Spinner): the physics and
        // the state machine between the checkpoints, at the cost of one film in the repository.
        let motion = file == "pull-to-refresh.json" && goldenID(plugin) == "dev.refreshkit.spinner"
        if !motion { verifier.motion = nil }
        let verification = try verifier.verify(player)
        let checks = verification.checks
        if motion {
            let check = try #require(verification.motion)
            #expect(check.passed, "\(scenario.name) with \(plugin): \(check.name): \(check.detail)")
            #expect(check.actual.frames.count > 150)
        }
        #expect(checks.count == scenario.checkpoints.count)
        for check in checks {
            #expect(check.passed, "\(scenario.name) with \(plugin) at \(check.name): \(check.outcome) \(check.pluginErrors)")
        }
    }
}

@Suite(.leavesNoPluginHost) struct VerifyCommandTests {
    @Test func aChangedFrameFailsVerifyAndLeavesADiff() async throws {
        let golden = scratch("verify-golden")
        let pull = "\(scenarioFolder)/pull-to-refresh.json"
        var (status, output) = try await refreshDump(["verify", pull, "--golden", golden, "--update"])
        #expect(status == 0 && output.contains("4 passed, 0 failed"), "\(output)")
        (status, output) = try await refreshDump(["verify", pull, "--golden", golden])
        #expect(status == 0 && output.hasSuffix("4 passed, 0 failed\n"), "\(output)")

        // Deface one golden: verify must fail on that frame only, with a diff image beside it.
        let target = golden + "/t1.000.png"
        let image = try ImageSurface.readPNG(at: target, scale: 2)
        let canvas = Canvas(surface: image)
        canvas.addRect(Rect(x: 10, y: 10, width: 30, height: 20))
        canvas.fill(.color(Color(red: 1, green: 0, blue: 1)))
        try image.writePNG(to: target)
        (status, output) = try await refreshDump(["verify", pull, "--golden", golden])
        #expect(status == 1)
        #expect(output.contains("✗ t1.000.png: 2400 of 187200 pixels differ"), "\(output)")
        #expect(output.hasSuffix("3 passed, 1 failed\n"))
        #expect(FileManager.default.fileExists(atPath: golden + "-failures/t1.000.diff.png"))
        #expect(FileManager.default.fileExists(atPath: golden + "-failures/t1.000.actual.png"))
        let diff = try ImageSurface.readPNG(at: golden + "-failures/t1.000.diff.png")
        #expect(diff.pixel(x: 40, y: 40) == Color(red: 1, green: 0, blue: 0), "the defaced area is red in the diff")
    }

    @Test func listShowsEveryBuiltInWithItsFile() async throws {
        let (status, output) = try await refreshDump(["list"])
        #expect(status == 0)
        for id in builtInIDs { #expect(output.contains(id), "\(id) missing from:\n\(output)") }
        // The template is an example, not a built-in: listed only when its folder is named.
        #expect(!output.contains("com.example.my-indicator"), "\(output)")
        let (_, named) = try await refreshDump(["list", "--plugin-path", products])
        #expect(named.contains("com.example.my-indicator"), "\(named)")
        #expect(output.contains("\(products)/libRefreshLabel.so"))
        #expect(!output.contains("Fixture"))
        // The ABI and SDK this tool speaks, and the SDK each plugin was built with (none for a C one).
        #expect(output.contains("plugin ABI 1 (loads 1...1), RefreshPluginSDK \(SDKVersion.current)"), "\(output)")
        let lines = output.split(separator: "\n")
        #expect(lines.first { $0.hasPrefix("dev.refreshkit.spinner ") }?.contains("SDK \(SDKVersion.current)") == true, "\(output)")
        #expect(lines.first { $0.hasPrefix("dev.refreshkit.spinner-c ") }?.contains("C ABI 1") == true, "\(output)")
        // The test fixtures are a package of their own, never beside the tools; a user's library
        // named libFixture… is listed like any other.
        let mine = scratch("list-fixture-named")
        try FileManager.default.copyItem(atPath: fixturePlugin("FixturePluginLogs"), toPath: "\(mine)/libFixtureMine.so")
        let (_, withMine) = try await refreshDump(["list", "--plugin-path", mine])
        #expect(withMine.contains("\(mine)/libFixtureMine.so"), "\(withMine)")
        let bad = scratch("list-bad")
        try String(repeating: "not a library ", count: 20).write(toFile: bad + "/libBroken.so", atomically: true, encoding: .utf8)
        let withBad = try await refreshDump(["list", "--plugin-path", bad])
        #expect(withBad.output.contains("✗ plugin \(bad)/libBroken.so: not a shared object"))
    }

    @Test func badInputExitsWithTwo() async throws {
        #expect(try await refreshDump(["verify", "/nonexistent.json", "--golden", "/tmp"]).status == 2)
        #expect(try await refreshDump(["render", "--plugin", "Spinner", "--state", "sleeping"]).output.contains("state: 'sleeping' is not a state"))
        #expect(try await refreshDump(["render", "--plugin", "Spinner", "--state", "sleeping"]).status == 2)
        #expect(try await refreshDump(["render", "--plugin", "NoSuchPlugin"]).status == 2)
    }
}

@Suite(.leavesNoPluginHost) struct ValidateCommandTests {
    @Test(arguments: ["RefreshSpinner", "RefreshSpinnerC", "RefreshRainbow", "RefreshPathDrawing", "RefreshLabel", "RefreshLottie", "ExampleTemplate",
                      "RefreshMaterial", "RefreshWaterDrop", "RefreshBezierRadar", "RefreshStoreHouse", "RefreshPhoenix", "RefreshTaurus", "RefreshImageSequence"])
    func everyBuiltInPasses(product: String) async throws {
        let (status, output) = try await refreshDump(["validate", "\(products)/lib\(product).so"])
        #expect(status == 0, "\(output)")
        #expect(output.hasSuffix("PASS\n"))
        #expect(output.contains("✓ determinism") && output.contains("✓ rendering: 728 frames"))
    }

    /// Level 1 loads, creates and draws every state once; level 3 adds the fuzzing, whose 400 steps
    /// (over 64 KB of lines, which used to fill the pipe and stall the check child until its CPU
    /// limit) come through.
    /// validate names a plugin as every other command does (--plugin and --plugin-path), a path
    /// alone still works, and naming none or two is an error that says how.
    @Test func validateNamesAPluginAsEveryCommandDoes() async throws {
        let named = try await refreshDump(["validate", "--plugin-path", products, "--plugin", "Spinner (C)", "--level", "1"])
        #expect(named.status == 0 && named.output.contains("libRefreshSpinnerC.so") && named.output.contains("PASS"), "\(named.output)")
        let byID = try await refreshDump(["validate", "--plugin", "dev.refreshkit.spinner-c", "--level", "1"])
        #expect(byID.status == 0, "\(byID.output)")
        let none = try await refreshDump(["validate"])
        #expect(none.status != 0 && none.output.contains("name the plugin: --plugin <id|name|path>, or its path"), "\(none.output)")
        let both = try await refreshDump(["validate", "\(products)/libRefreshSpinnerC.so", "--plugin", "Spinner"])
        #expect(both.status != 0 && both.output.contains("not both"), "\(both.output)")
        let missing = try await refreshDump(["validate", "--plugin", "No Such Plugin"])
        #expect(missing.status != 0 && missing.output.contains("No Such Plugin"), "\(missing.output)")
    }

    @Test func levelsCheckLessAndMore() async throws {
        let low = try await refreshDump(["validate", "\(products)/libRefreshSpinner.so", "--level", "1"])
        #expect(low.status == 0 && low.output.contains("✓ rendering: 14 frames in every state\n"), "\(low.output)")
        #expect(!low.output.contains("frame time") && !low.output.contains("parameter limits"), "\(low.output)")
        let high = try await refreshDump(["validate", "\(products)/libRefreshSpinner.so", "--level", "3"])
        #expect(high.status == 0, "\(high.output)")
        #expect(high.output.contains("✓ fuzz: 300 instances made and dropped") && high.output.contains("✓ fuzz: 400 odd frames drawn")
                && high.output.contains("✓ fuzz: 40 of them drawn twice gave the same pixels") && high.output.hasSuffix("PASS\n"), "\(high.output)")
        #expect(try await refreshDump(["validate", "\(products)/libRefreshSpinner.so", "--level", "4"]).status == 2)
    }

    /// No frame of a real plugin takes under a tenth of a microsecond of CPU: 1,000× over a budget
    /// of 0.0001 ms fails without --enforce-budget, and says why.
    @Test func farOverTheBudgetFailsWithoutEnforceBudget() async throws {
        let (status, output) = try await refreshDump(["validate", "\(products)/libRefreshSpinner.so", "--budget-ms", "0.0001"])
        #expect(status == 1, "\(output)")
        #expect(output.contains("✗ frame time: median") && output.contains("over 10× the budget"), "\(output)")
    }

    @Test(arguments: [
        ("FixturePluginNoEntry", "✗ load: plugin %@: missing entry symbol 'refresh_plugin_entry'"),
        ("FixturePluginFutureABI", "✗ load: plugin %@: built for plugin ABI 99, newer than this host's (1); update the host"),
        ("FixturePluginSmallStruct", "✗ load: plugin %@: descriptor struct too small: 16 bytes, the host needs at least 96"),
        ("FixturePluginDeclines", "✗ load: plugin %@: the plugin declined to load: this plugin needs a GPU"),
        ("FixturePluginCreateFails", "✗ load: plugin %@: create failed: the tint is not a colour this plugin likes"),
        ("FixturePluginNaNLength", "✗ load: plugin %@: refresh length is nan; it must be a finite number > 0"),
        ("FixturePluginRenderFails", "✗ rendering: 728 frames failed, first: top light none t=0.0: plugin %@: render failed: out of paint"),
        ("FixturePluginRenderCrashes", "✗ crashed with signal 11 (Segmentation fault) during: render top light none t=0.0"),
        // Plugins that draw and return 0, yet would harm a host: each caught by its own check.
        ("FixturePluginExits", "✗ the check process ended early (status 0) during: render top light none t=0.4; a plugin must never end its host"),
        ("FixturePluginUntidy", "✗ Cairo state: 728 frames left the context changed, first: top light none t=0.0: left its Cairo context in an error state: invalid matrix (not invertible)"),
        ("FixturePluginPaintsOutside", "✗ bounds: 728 frames painted outside the frame (over a host's list or panel), first: top light none t=0.0"),
        ("FixturePluginProcess", "✗ process: the plugin changed the C locale, changed the working directory, replaced the handler of signal 10 (the host put it back; a plugin must not)"),
        ("FixturePluginHugeLength", "✗ refresh length 1e+308 pt is outside 1...2000 (a host would pull the list that far)"),
        ("FixturePluginEscapes", "✗ text: name, version hold bytes that are not UTF-8 or control characters (a terminal escape, a newline)"),
    ])
    func everyBadPluginFailsWithItsReason(product: String, expected: String) async throws {
        let path = fixturePlugin(product)
        let (status, output) = try await refreshDump(["validate", path])
        #expect(status == 1)
        #expect(output.contains(expected.replacingOccurrences(of: "%@", with: path)), "\(output)")
        #expect(output.contains("FAIL"))
    }
}

/// A plugin that crashes a tool in-process (`render`) is named on the way out; the process still
/// ends with the signal, as it would have.
@Suite(.leavesNoPluginHost) struct PluginCrashReportTests {
    /// In-process (under a debugger), the crash is the command's own, and it names the plugin.
    @Test func aCrashInsideAPluginInProcessNamesIt() async throws {
        let path = fixturePlugin("FixturePluginRenderCrashes")
        let (status, output) = try await refreshDump(["render", "--in-process", "--plugin", path, "--out", FileManager.default.temporaryDirectory.path + "/crash-\(getpid()).png"],
                                               environment: ["SWIFT_BACKTRACE": "enable=no"])
        #expect(status == SIGSEGV)
        #expect(output.contains("refreshkit: crashed inside plugin \(path) (signal 11)"), "\(output)")
    }
}
