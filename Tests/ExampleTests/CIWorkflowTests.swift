import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import TestSupport

/// `Examples/CI`: the workflow's steps run here as a CI would run them — two shards under `CI`,
/// then the merge — so the file a team copies keeps working.
@Suite(.leavesNoPluginHost) struct CIWorkflowTests {
    static let folder = packageRoot.appendingPathComponent("Examples/CI").path

    /// The environment of a CI job on shard `index` of 2 (or the merge job, with nil).
    func environment(shard index: Int?) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment.merging([
            "CI": "true", "REFRESHKIT_RECORD": "", "REFRESH_DUMP": products + "/refresh-dump", "XDG_DATA_HOME": testDataHome,
        ]) { $1 }
        if let index {
            environment["TEST_SHARD_INDEX"] = String(index)
            environment["TEST_TOTAL_SHARDS"] = "2"
        }
        return environment
    }

    /// A team's repository: one scenario, and its goldens recorded on this machine.
    func teamRepository(_ name: String) async throws -> String {
        let repository = scratch(name)
        try FileManager.default.createDirectory(atPath: repository + "/scenarios", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: packageRoot.appendingPathComponent("Assets/Scenarios/pull-short.json").path, toPath: repository + "/scenarios/pull-short.json")
        #expect(try await refreshDump(["verify", repository + "/scenarios/pull-short.json", "--golden", repository + "/goldens/pull-short", "--update"]).status == 0)
        return repository
    }

    func runSteps(in repository: String) async throws -> (shards: [Int32], merge: Int32, output: String) {
        var statuses: [Int32] = [], output = ""
        for shard in 0..<2 {
            let result = try await runProgram("/bin/sh", [Self.folder + "/verify-shard.sh", "scenarios", "goldens", "shards/shard-\(shard)"],
                                        in: repository, environment: environment(shard: shard))
            statuses.append(result.status)
            output += result.output
        }
        let merge = try await runProgram("/bin/sh", [Self.folder + "/merge-shards.sh", "shards", "merged"], in: repository, environment: environment(shard: nil))
        return (statuses, merge.status, output + merge.output)
    }

    func junit(_ repository: String) throws -> (tests: String?, failures: String?) {
        let root = try #require(try XMLDocument(contentsOf: URL(fileURLWithPath: repository + "/merged/junit.xml")).rootElement())
        return (root.attribute(forName: "tests")?.stringValue, root.attribute(forName: "failures")?.stringValue)
    }

    @Test func twoShardsAndTheMergePass() async throws {
        let repository = try await teamRepository("ci-pass")
        let (shards, merge, output) = try await runSteps(in: repository)
        #expect(shards == [0, 0] && merge == 0, "\(output)")
        // Two checkpoints and the motion (checked by the first shard).
        #expect(output.contains("3 passed, 0 failed (2 shards)"), "\(output)")
        let (tests, failures) = try junit(repository)
        #expect(tests == "3" && failures == "0")
        // One suite for the scenario, both shards' checkpoints and the motion in it.
        let suites = try #require(try XMLDocument(contentsOf: URL(fileURLWithPath: repository + "/merged/junit.xml")).rootElement()).elements(forName: "testsuite")
        #expect(suites.count == 1 && suites.first?.elements(forName: "testcase").count == 3)
        #expect(FileManager.default.fileExists(atPath: repository + "/merged/index.html"))
    }

    /// A golden nobody recorded fails its shard and the merge, and CI records nothing.
    @Test func aMissingGoldenFailsTheRunAndIsNotRecorded() async throws {
        let repository = try await teamRepository("ci-missing")
        try FileManager.default.removeItem(atPath: repository + "/goldens/pull-short/t0.550.png")
        let (shards, merge, output) = try await runSteps(in: repository)
        #expect(shards.sorted() == [0, 1] && merge == 1, "\(output)")
        #expect(!FileManager.default.fileExists(atPath: repository + "/goldens/pull-short/t0.550.png"), "CI recorded a golden")
        let (tests, failures) = try junit(repository)
        #expect(tests == "3" && failures == "1")
        // The failing frame went with the shard's output; the checkout holds only the goldens.
        #expect(try FileManager.default.contentsOfDirectory(atPath: repository + "/goldens") == ["pull-short"])
    }

    /// The workflow runs these two scripts, on as many shards as its matrix has.
    @Test func theWorkflowCallsTheScriptsItShipsWith() async throws {
        let workflow = try String(contentsOfFile: Self.folder + "/github-actions-verify.yml", encoding: .utf8)
        #expect(workflow.contains("ci/verify-shard.sh scenarios goldens \"shards/shard-${{ matrix.shard }}\""))
        #expect(workflow.contains("ci/merge-shards.sh shards merged"))
        #expect(workflow.contains("shard: [0, 1]") && workflow.contains("TEST_TOTAL_SHARDS: 2"))
        #expect(workflow.contains("CI: \"true\""))
    }
}
