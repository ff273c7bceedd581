import Foundation
import Testing
import TestSupport

/// `verify --record` and `REFRESHKIT_RECORD`: under CI a missing golden fails and nothing is
/// written under the golden folder; elsewhere a missing one is recorded; `failed` re-records what
/// differs; a golden that cannot be read is a failure (exit 1), never a pass or a crash.
@Suite(.leavesNoPluginHost) struct RecordModeTests {
    static let pull = "\(scenarioFolder)/pull-short.json"
    /// No record mode from the environment, and CI as given.
    func environment(ci: String) -> [String: String] { ["CI": ci, "REFRESHKIT_RECORD": ""] }

    @Test func underCIAMissingGoldenFailsAndNothingIsRecorded() async throws {
        let golden = scratch("record-ci") + "/golden"
        let (status, output) = try await refreshDump(["verify", Self.pull, "--golden", golden], environment: environment(ci: "true"))
        #expect(status == 1, "\(output)")
        #expect(output.contains("no golden yet"), "\(output)")
        #expect(!FileManager.default.fileExists(atPath: golden), "CI wrote under the golden folder")
    }

    @Test func elsewhereAMissingGoldenIsRecordedAndThenCompared() async throws {
        let golden = scratch("record-missing") + "/golden"
        var (status, output) = try await refreshDump(["verify", Self.pull, "--golden", golden], environment: environment(ci: ""))
        #expect(status == 0, "\(output)")
        #expect(output.contains("● t0.300.png: recorded (no golden yet) in \(golden)") && output.contains("3 recorded"), "\(output)")
        #expect(FileManager.default.fileExists(atPath: golden + "/t0.300.png"))
        (status, output) = try await refreshDump(["verify", Self.pull, "--golden", golden], environment: environment(ci: "0"))
        #expect(status == 0 && output.contains("✓ t0.300.png") && !output.contains("recorded"), "\(output)")
    }

    @Test func failedReRecordsOnlyWhatDiffers() async throws {
        let golden = scratch("record-failed") + "/golden"
        #expect(try await refreshDump(["verify", Self.pull, "--golden", golden, "--update"]).status == 0)
        let before = try Data(contentsOf: URL(fileURLWithPath: golden + "/t0.300.png"))
        // Another indicator differs: never fails it, failed records over it.
        #expect(try await refreshDump(["verify", Self.pull, "--golden", golden, "--plugin", "Rainbow", "--record", "never"]).status == 1)
        let (status, output) = try await refreshDump(["verify", Self.pull, "--golden", golden, "--plugin", "Rainbow", "--record", "failed"])
        #expect(status == 0 && output.contains("recorded over a failure"), "\(output)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: golden + "/t0.300.png")) != before)
        #expect(try await refreshDump(["verify", Self.pull, "--golden", golden, "--plugin", "Rainbow", "--record", "never"]).status == 0)
    }

    @Test(arguments: [
        (["--update", "--record", "never"], [String: String](), "--update is --record all"),
        (["--record", "sometimes"], [:], "--record 'sometimes': expected one of all, missing, failed, never"),
        ([], ["REFRESHKIT_RECORD": "yes"], "REFRESHKIT_RECORD 'yes': expected one of all, missing, failed, never"),
    ])
    func aModeThatIsNotOneIsRefused(arguments: [String], environment: [String: String], expected: String) async throws {
        let golden = scratch("record-bad") + "/golden"
        let (status, output) = try await refreshDump(["verify", Self.pull, "--golden", golden] + arguments, environment: environment)
        #expect(status == 2 && output.contains(expected), "\(output)")
    }

    /// A golden that is not a PNG fails closed: exit 1 with the reason, and the frame kept to look at.
    @Test func aGoldenThatCannotBeReadFails() async throws {
        let folder = scratch("record-corrupt")
        try FileManager.default.createDirectory(atPath: folder + "/golden", withIntermediateDirectories: true)
        try Data("not a png".utf8).write(to: URL(fileURLWithPath: folder + "/golden/t0.300.png"))
        let (status, output) = try await refreshDump(["verify", Self.pull, "--golden", folder + "/golden", "--at", "0.3"])
        #expect(status == 1, "\(output)")
        #expect(output.contains("✗ t0.300.png: cannot compare: the golden cannot be read: ") && output.contains("not a PNG file"), "\(output)")
        #expect(FileManager.default.fileExists(atPath: folder + "/golden-failures/t0.300.actual.png"))
    }

    /// `--repeat 2` plays the scenario twice: a deterministic plugin passes, one whose frames come
    /// from the clock fails, naming the checkpoint and the first frame of the motion that differs.
    @Test func repeatFindsAPluginThatIsNotDeterministic() async throws {
        let folder = scratch("repeat")
        let clocked = fixturePlugin("FixturePluginNondeterministic")
        let (steady, steadyOutput) = try await refreshDump(["verify", Self.pull, "--golden", folder + "/steady", "--record", "missing", "--repeat", "2"])
        #expect(steady == 0, "\(steadyOutput)")
        // pull-to-refresh: at 0.25 s the indicator is on screen.
        let (status, output) = try await refreshDump(["verify", "\(scenarioFolder)/pull-to-refresh.json", "--plugin", clocked, "--golden", folder + "/clocked",
                                                "--record", "missing", "--repeat", "2"])
        #expect(status == 1 && output.contains("✗ t0.250.png: nondeterministic: the frame differs between run 1 and run 2"), "\(output)")
        // Between the checkpoints too: the motion names the first frame that differs.
        #expect(output.contains("✗ pull-to-refresh.motion.json: nondeterministic: frame "), "\(output)")
    }

    /// A golden folder records what drew it; a failure says what changed since (a library, a font).
    @Test func aFailureNamesWhatChangedInTheRenderingEnvironment() async throws {
        let golden = scratch("fingerprint") + "/golden"
        #expect(try await refreshDump(["verify", Self.pull, "--golden", golden, "--update"]).status == 0)
        let path = golden + "/fingerprint.json"
        var stored = try String(contentsOfFile: path, encoding: .utf8)
        #expect(stored.contains("\"cairo\"") && stored.contains("\"pango\"") && stored.contains("\"font DejaVuSans.ttf\""), "\(stored)")
        let (sameStatus, same) = try await refreshDump(["verify", Self.pull, "--golden", golden, "--plugin", "Rainbow"])
        #expect(sameStatus == 1 && same.contains("recorded with this rendering environment"), "\(same)")
        stored = stored.replacingOccurrences(of: #""pango" : "[^"]*""#, with: #""pango" : "0.1.0""#, options: .regularExpression)
        try stored.write(toFile: path, atomically: true, encoding: .utf8)
        let (status, output) = try await refreshDump(["verify", Self.pull, "--golden", golden, "--plugin", "Rainbow"])
        #expect(status == 1 && output.contains("recorded with another rendering environment: pango 0.1.0 → "), "\(output)")
    }
}
