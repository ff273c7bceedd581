import Foundation
import Testing
import TestSupport

/// refresh_plugin.h's thread promises (one call at a time into a library, an instance only on the
/// thread that made it), kept through every command that draws: the ThreadRules fixture fails its
/// renders, and says so on standard error, from the first call that breaks one.
@Suite(.leavesNoPluginHost) struct ThreadRulesEntryPointTests {
    static let fixture = fixturePlugin("FixturePluginThreadRules")
    static let scenario = "\(scenarioFolder)/pull-short.json"

    /// Each command that draws plugins, with the fixture, in plugin-host children and in this process.
    static let commands: [(name: String, arguments: @Sendable (String) -> [String])] = [
        ("run, two jobs, every format", { out in ["run", scenario, "--plugin", fixture, "--jobs", "2", "--format", "png,gif,apng,webp,mp4", "--scale", "1", "--out", out] }),
        ("report, four cells", { out in ["report", "--plugin", fixture, "--scenario", "pull-short", "--scenario", "load-more-to-end", "--theme", "light,dark", "--out", out] }),
        ("gallery", { out in ["gallery", "--plugin", fixture, "--out", out] }),
        ("verify, twice over", { out in ["verify", scenario, "--plugin", fixture, "--golden", out + "/golden", "--update"] }),
    ]

    @Test(arguments: 0..<commands.count, [false, true])
    func everyCommandKeepsThePromises(command: Int, inProcess: Bool) async throws {
        let (name, arguments) = Self.commands[command]
        let out = scratch("thread-rules-\(command)-\(inProcess)")
        var result = try await refreshDump(arguments(out) + (inProcess ? ["--in-process"] : []))
        #expect(result.status == 0, "\(name): \(result.output.suffix(800))")
        if name.hasPrefix("verify") {
            result = try await refreshDump(["verify", Self.scenario, "--plugin", Self.fixture, "--golden", out + "/golden", "--repeat", "2"] + (inProcess ? ["--in-process"] : []))
            #expect(result.status == 0 && result.output.contains(" passed, 0 failed"), "\(name): \(result.output.suffix(800))")
        }
        #expect(!result.output.contains("thread-rules fixture:") && !result.output.contains("thread rule broken"), "\(name): \(result.output.suffix(800))")
    }
}
