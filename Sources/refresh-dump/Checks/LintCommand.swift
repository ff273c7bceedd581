import ArgumentParser
import Foundation
import RefreshSystem
import RefreshHost
import RefreshChecks
import RefreshPluginSDK

/// `refresh-dump lint`: motion safety and cost, measured.
struct LintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Check an indicator for flashes, contrast, reduced motion, mirroring, frame cost and what a GIF can show.",
        discussion: """
            Checks (--only and --skip take their names):
            flash: more than three flashes in any second over a quarter of a 10° field (WCAG 2.3.1), \
            in every scenario, both themes, normal and reduced motion.
            contrast: the ink of each visible state against the band, at least 3:1 (WCAG 1.4.11), both themes.
            reduced-motion: moved ink a second while refreshing must at least halve (a fade moves none).
            mirror: a plugin that claims REFRESH_PLUGIN_MIRRORS_FOR_RTL must mirror.
            cost: p50 and p99 CPU time of a frame at 1×, 2× and 3× against the budget \
            (a debug build fails only at ten times it).
            export: brightness that turns back more than 25 times a second, which a GIF cannot show.
            Each finding gives the time, the figure, the limit and how to fix it. \
            Exit 0 clean, 1 on findings, 2 on bad input.
            """
    )

    @OptionGroup var plugin: PluginOptions
    @Option(name: .customLong("scenario"), help: "A scenario to play for the flash check (repeatable; default: every shipped scenario).")
    var scenarios: [String] = []
    @Option(help: "Only these checks, comma-separated.")
    var only: String?
    @Option(help: "Not these checks, comma-separated.")
    var skip: String?
    @Option(name: .customLong("budget-ms"), help: "The median frame time allowed at 2×, milliseconds of CPU.")
    var budgetMilliseconds: Double = 0.5
    @Option(help: "Also write the report as JSON to this file.")
    var json: String?

    func run() throws {
        let checks = try selectedChecks()
        guard budgetMilliseconds > 0, budgetMilliseconds.isFinite else { throw ValidationError("--budget-ms must be > 0") }
        let path = try plugin.searchPath.resolve(plugin.plugin)
        let loaded = try plugin.isolation.isolation.load(path)
        let names = scenarios.isEmpty ? Self.shippedScenarios() : scenarios
        let played = try names.map { try Scenario.load(path: $0) }
        #if DEBUG
        let enforcesBudget = false
        #else
        let enforcesBudget = true
        #endif
        var lint = PluginLint(plugin: loaded, scenarios: played, enforcesBudget: enforcesBudget)
        lint.parametersJSON = try plugin.parametersJSON(for: loaded)
        lint.checks = checks
        lint.budgetMilliseconds = budgetMilliseconds
        let report = try lint.run()
        print("\(loaded.info.indicator.name) (\(loaded.info.indicator.id)):")
        for line in report.lines { print("  " + line) }
        print(report.findings.isEmpty ? "clean (\(String(format: "%.1f", report.seconds)) s)"
                                      : "\(report.findings.count) finding\(report.findings.count == 1 ? "" : "s") (\(String(format: "%.1f", report.seconds)) s)")
        if let json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            try OutputFile.makeFolder(containing: json)
            try OutputFile.write(encoder.encode(report), to: json)
        }
        if !report.findings.isEmpty { throw ExitCode(1) }
    }

    /// `--only` and `--skip` as a set of checks; an unknown name is bad input.
    func selectedChecks() throws -> Set<PluginLint.Check> {
        func parse(_ text: String, _ option: String) throws -> Set<PluginLint.Check> {
            Set(try text.split(separator: ",").map { name in
                let trimmed = name.trimmingCharacters(in: .whitespaces)
                guard let check = PluginLint.Check(rawValue: trimmed) else {
                    throw ValidationError("\(option) '\(trimmed)': expected one of \(PluginLint.Check.allCases.map(\.rawValue).joined(separator: ", "))")
                }
                return check
            })
        }
        var checks = try only.map { try parse($0, "--only") } ?? Set(PluginLint.Check.allCases)
        if let skip { checks.subtract(try parse(skip, "--skip")) }
        guard !checks.isEmpty else { throw ValidationError("--only and --skip leave no check to run") }
        return checks
    }

    /// Every shipped scenario, by path.
    static func shippedScenarios() -> [String] {
        guard let folder = Assets.path("Scenarios") else { return [] }
        // try?: a folder that cannot be listed has no scenarios; the flash check then says it played none.
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { $0.hasSuffix(".json") }.sorted().map { "\(folder)/\($0)" }
    }
}
