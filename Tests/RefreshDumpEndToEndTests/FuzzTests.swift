import Foundation
import Testing
import TestSupport
import RefreshHost
import RefreshChecks

/// A seeded slice of the fuzzing that `refresh-dump fuzz` runs at length (input-hardening issue):
/// every stage, nothing non-finite, every error placed; and the command counts crashes and hangs.
@Suite(.leavesNoPluginHost) struct FuzzTests {
    static let plugins = PluginSearchPath(directories: [buildFolder])

    @Test(arguments: [(Fuzzer.Stage.svg, 3000), (.scenario, 150), (.params, 180)])
    func aSeededSliceOfEveryStageIsClean(stage: Fuzzer.Stage, inputs: Int) async {
        let report = Fuzzer.run(stage, seed: 2026, first: 0, count: inputs, plugins: Self.plugins, scratch: scratch("fuzz-\(stage)"))
        #expect(report.isClean, "\(report)\n\(report.problems.joined(separator: "\n"))")
        #expect(report.inputs == inputs)
        #expect(report.accepted > inputs / 20 && report.rejected > inputs / 20, "the inputs must reach the later stages and also be refused: \(report)")
    }

    /// rlottie is not ours: its inputs run in child processes, through the command.
    @Test func lottieMutationsRunInChildProcesses() async throws {
        let result = try await refreshDump(["fuzz", "--stage", "lottie", "--inputs", "60", "--plugin-path", products])
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("lottie: 60 inputs") && result.output.contains("0 non-finite, 0 unplaced errors, 0 crashes, 0 hangs"), "\(result.output)")
    }

    /// The command's scratch folders (its own and each worker's, inside its own) are private ones
    /// from mkdtemp, and nothing of them is left when it ends, even of a worker that crashed (a
    /// crashed worker's folder used to stay behind in the temporary folder).
    @Test func theScratchFoldersAreGoneWhenTheCommandEnds() async throws {
        let temporary = scratch("fuzz-tmpdir")
        let result = try await refreshDump(["fuzz", "--stage", "svg", "--inputs", "20", "--deadline", "3", "--plugin-path", products],
                                     environment: ["TMPDIR": temporary, "REFRESHKIT_FUZZ_CRASH_AT": "7"])
        #expect(result.status == 1 && result.output.contains("1 crashes"), "\(result.output)")
        let left = try FileManager.default.contentsOfDirectory(atPath: temporary)
        #expect(left.isEmpty, "left behind: \(left)")
    }

    /// A crash or a hang in a child is counted against the input that caused it, and the run fails.
    @Test(arguments: [("REFRESHKIT_FUZZ_CRASH_AT", "1 crashes, 0 hangs", "#7: signal 11"), ("REFRESHKIT_FUZZ_HANG_AT", "0 crashes, 1 hangs", "#7: no answer")])
    func crashesAndHangsAreCountedPerInput(variable: String, counts: String, problem: String) async throws {
        let (status, output) = try await refreshDump(["fuzz", "--stage", "svg", "--inputs", "20", "--deadline", "3", "--plugin-path", products],
                                               environment: [variable: "7"])
        #expect(status == 1, "\(output)")
        #expect(output.contains("svg: 20 inputs") && output.contains(counts) && output.contains(problem), "\(output)")
    }
}

/// In-process, a plugin call that never returns ends the command with its name, instead of hanging CI.
@Suite(.leavesNoPluginHost) struct PluginWatchdogTests {
    @Test func aRenderThatNeverReturnsEndsTheCommandWithTheReason() async throws {
        let (status, output) = try await refreshDump(["render", "--in-process", "--plugin", fixturePlugin("FixturePluginRenderHangs"), "--out", scratch("watchdog") + "/frame.png"],
                                               environment: ["REFRESHKIT_PLUGIN_CPU_LIMIT": "1"])
        #expect(status == 2)
        #expect(output.contains("libFixturePluginRenderHangs.so: render (refreshing, t=0.000 s) did not return after 1."), "\(output)")
    }

    /// validate's report says what hung and for how long, not only "the check process ended with status 2".
    @Test func validateSaysWhatHung() async throws {
        let (status, output) = try await refreshDump(["validate", fixturePlugin("FixturePluginRenderHangs"), "--level", "1"],
                                               environment: ["REFRESHKIT_PLUGIN_CPU_LIMIT": "1"])
        #expect(status == 1)
        let report = try #require(output.split(separator: "\n").first { $0.contains("✗ the check process ended with status 2") }, "\(output)")
        #expect(report.contains("during: render") && report.contains("did not return after 1."), "\(report)")
    }
}
