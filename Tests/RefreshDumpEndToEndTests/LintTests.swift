import Foundation
import Testing
import RefreshPluginSDK
import TestSupport

/// `refresh-dump lint`: every built-in passes; a fixture made to fail one check fails it, with the
/// time, the figure, the limit and the fix; the clean fixture (which claims to mirror, and does)
/// passes every check. One scenario each keeps the flash check to a few seconds in a debug build.
@Suite(.leavesNoPluginHost) struct LintTests {
    static let builtIns = builtInIDs + ["dev.refreshkit.material", "dev.refreshkit.water-drop", "dev.refreshkit.bezier-radar",
                                        "dev.refreshkit.storehouse", "dev.refreshkit.phoenix", "dev.refreshkit.taurus", "dev.refreshkit.image-sequence",
                                        "\(products)/libExampleTemplate.so"]

    static func fixture(_ name: String) -> String { fixturePlugin("FixturePluginLint\(name)") }

    /// Every check but the cost, which measures CPU time and so passes or fails with the machine
    /// and its load (a test never does): the Slow fixture below fails it by far.
    @Test(arguments: builtIns)
    func everyBuiltInPasses(plugin: String) async throws {
        let (status, output) = try await refreshDump(["lint", "--plugin", plugin, "--scenario", "pull-to-refresh", "--skip", "cost"])
        #expect(status == 0 && output.contains("clean ("), "\(output)")
        for check in ["flash", "contrast", "reduced-motion", "mirror", "export"] { #expect(output.contains("✓ \(check): "), "\(check): \(output)") }
        #expect(!output.contains("cost"), "\(output)")
    }

    @Test func theCleanFixturePassesEveryCheck() async throws {
        let (status, output) = try await refreshDump(["lint", "--plugin", Self.fixture("Clean"), "--scenario", "pull-to-refresh"])
        #expect(status == 0 && output.contains("✓ mirror: 100 % of the ink where the mirror image puts it"), "\(output)")
    }

    @Test(arguments: [
        ("Flashes", "flash", "✗ flash at pull-to-refresh, light, ", "flashes in one second (limit: at most 3 (WCAG 2.3.1"),
        ("VanishesInDark", "contrast", "✗ contrast at dark, ", "ink contrast 1.12:1 against the band"),
        ("IgnoresReducedMotion", "reduced-motion", "✗ reduced-motion at refreshing, light, 0–2 s: ", "pt² of ink moved a second with reduced motion"),
        ("Slow", "cost", "✗ cost at 1× (390 × 120 px), pulling and refreshing: ", "ms of CPU a frame (limit: p50 0.500 ms"),
        ("FalseMirror", "mirror", "✗ mirror at refreshing, ", "% of the ink where the mirror image puts it (limit: 85 %"),
    ])
    func aFixtureFailsItsCheck(fixture: String, check: String, line: String, figure: String) async throws {
        let json = scratch("lint-\(fixture)") + "/lint.json"
        let (status, output) = try await refreshDump(["lint", "--plugin", Self.fixture(fixture), "--scenario", "pull-to-refresh", "--only", check, "--json", json])
        #expect(status == 1 && output.contains(line) && output.contains(figure) && output.contains("; fix: "), "\(output)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json))) as? [String: Any])
        let findings = try #require(report["findings"] as? [[String: String]])
        #expect(findings.count >= 1 && findings.allSatisfy { $0["check"] == check && !($0["fix"] ?? "").isEmpty && !($0["limit"] ?? "").isEmpty }, "\(findings)")
        // The same fixture passes every other check.
        let (others, othersOutput) = try await refreshDump(["lint", "--plugin", Self.fixture(fixture), "--scenario", "pull-to-refresh", "--skip", "\(check),flash,cost"])
        #expect(others == 0 || check == "contrast" || check == "mirror", "\(othersOutput)")
    }

    @Test func badInputIsSaidAndACrashIsSurvived() async throws {
        var (status, output) = try await refreshDump(["lint", "--plugin", "Spinner", "--only", "flash,sparkle"])
        #expect(status == 2 && output.contains("--only 'sparkle': expected one of flash, contrast, reduced-motion, mirror, cost, export"), "\(output)")
        (status, output) = try await refreshDump(["lint", "--plugin", "Spinner", "--only", "cost", "--skip", "cost"])
        #expect(status == 2 && output.contains("--only and --skip leave no check to run"), "\(output)")
        // A plugin that crashes in render ends its plugin-host child, not lint.
        (status, output) = try await refreshDump(["lint", "--plugin", fixturePlugin("FixturePluginRenderCrashes"), "--only", "contrast"])
        #expect(status == 2 && output.contains("crashed"), "\(output)")
    }

    /// pack records lint's lines in the manifest.
    @Test func packRecordsTheLintSummary() async throws {
        let out = scratch("lint-pack")
        let (status, output) = try await refreshDump(["pack", "\(products)/libRefreshSpinner.so", "--author", "Test", "--license", "MIT", "--out", out])
        #expect(status == 0, "\(output)")
        let manifest = try String(contentsOfFile: "\(out)/dev.refreshkit.spinner.refreshplugin/plugin.json", encoding: .utf8)
        #expect(manifest.contains("\"lint\" : [") && manifest.contains("✓ contrast: ") && manifest.contains("✓ flash: "), "\(manifest)")
        // Pack lints fewer scenarios than lint does; the manifest says which, and the SDK that built the library.
        #expect(manifest.contains("over 1 scenario (pull-to-refresh)"), "\(manifest)")
        #expect(manifest.contains("\"sdk\" : \"RefreshPluginSDK \(SDKVersion.current)\""), "\(manifest)")
    }
}
