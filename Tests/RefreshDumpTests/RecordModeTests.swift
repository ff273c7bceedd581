import Foundation
import Testing
import TestSupport

/// `verify --record` and `REFRESHKIT_RECORD`: under CI a missing golden fails and nothing is
/// written under the golden folder; elsewhere a missing one is recorded; `failed` re-records what
/// differs; a golden that cannot be read is a failure (exit 1), never a pass or a crash.
@Suite struct RecordModeTests {
    static let pull = "\(scenarioFolder)/pull-short.json"
    /// No record mode from the environment, and CI as given.
    func environment(ci: String) -> [String: String] { ["CI": ci, "REFRESHKIT_RECORD": ""] }

    @Test func underCIAMissingGoldenFailsAndNothingIsRecorded() throws {
        let golden = scratch("record-ci") + "/golden"
        let (status, output) = try refreshDump(["verify", Self.pull, "--golden", golden], environment: environment(ci: "true"))
        #expect(status == 1, "\(output)")
        #expect(output.contains("no golden yet"), "\(output)")
        #expect(!FileManager.default.fileExists(atPath: golden), "CI wrote under the golden folder")
    }

    @Test func elsewhereAMissingGoldenIsRecordedAndThenCompared() throws {
        let golden = scratch("record-missing") + "/golden"
        var (status, output) = try refreshDump(["verify", Self.pull, "--golden", golden], environment: environment(ci: ""))
        #expect(status == 0, "\(output)")
        #expect(output.contains("● t0.300.png: recorded (no golden yet) in \(golden)") && output.contains("2 recorded"), "\(output)")
        #expect(FileManager.default.fileExists(atPath: golden + "/t0.300.png"))
        (status, output) = try refreshDump(["verify", Self.pull, "--golden", golden], environment: environment(ci: "0"))
        #expect(status == 0 && output.contains("✓ t0.300.png") && !output.contains("recorded"), "\(output)")
    }

    @Test func failedReRecordsOnlyWhatDiffers() throws {
        let golden = scratch("record-failed") + "/golden"
        #expect(try refreshDump(["verify", Self.pull, "--golden", golden, "--update"]).status == 0)
        let before = try Data(contentsOf: URL(fileURLWithPath: golden + "/t0.300.png"))
        // Another indicator differs: never fails it, failed records over it.
        #expect(try refreshDump(["verify", Self.pull, "--golden", golden, "--plugin", "Rainbow", "--record", "never"]).status == 1)
        let (status, output) = try refreshDump(["verify", Self.pull, "--golden", golden, "--plugin", "Rainbow", "--record", "failed"])
        #expect(status == 0 && output.contains("recorded over a failure"), "\(output)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: golden + "/t0.300.png")) != before)
        #expect(try refreshDump(["verify", Self.pull, "--golden", golden, "--plugin", "Rainbow", "--record", "never"]).status == 0)
    }

    @Test(arguments: [
        (["--update", "--record", "never"], [String: String](), "--update is --record all"),
        (["--record", "sometimes"], [:], "--record 'sometimes': expected one of all, missing, failed, never"),
        ([], ["REFRESHKIT_RECORD": "yes"], "REFRESHKIT_RECORD 'yes': expected one of all, missing, failed, never"),
    ])
    func aModeThatIsNotOneIsRefused(arguments: [String], environment: [String: String], expected: String) throws {
        let golden = scratch("record-bad") + "/golden"
        let (status, output) = try refreshDump(["verify", Self.pull, "--golden", golden] + arguments, environment: environment)
        #expect(status == 2 && output.contains(expected), "\(output)")
    }

    /// A golden that is not a PNG fails closed: exit 1 with the reason, and the frame kept to look at.
    @Test func aGoldenThatCannotBeReadFails() throws {
        let folder = scratch("record-corrupt")
        try FileManager.default.createDirectory(atPath: folder + "/golden", withIntermediateDirectories: true)
        try Data("not a png".utf8).write(to: URL(fileURLWithPath: folder + "/golden/t0.300.png"))
        let (status, output) = try refreshDump(["verify", Self.pull, "--golden", folder + "/golden", "--at", "0.3"])
        #expect(status == 1, "\(output)")
        #expect(output.contains("✗ t0.300.png: cannot compare: the golden cannot be read: ") && output.contains("not a PNG file"), "\(output)")
        #expect(FileManager.default.fileExists(atPath: folder + "/golden-failures/t0.300.actual.png"))
    }
}
