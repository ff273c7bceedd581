import Testing
import TestSupport
import RefreshHost
import RefreshPluginSDK
@testable import RefreshChecks

/// Lint's cost check on the shipped Spinner: a figure at each of 1×, 2× and 3×, and a finding at
/// each scale whose budget the frames go over (a budget no drawing meets), none within one.
@Suite(.leavesNoPluginHost) struct LintCostTests {
    @Test func eachScaleIsMeasuredAndOnlyAScaleOverItsBudgetIsFound() throws {
        let library = try PluginLibrary(path: PluginSearchPath(directories: [buildFolder]).resolve("dev.refreshkit.spinner"))
        let indicator = try library.makeIndicator()
        var lint = PluginLint(plugin: library, scenarios: [], enforcesBudget: true)
        lint.budgetMilliseconds = 1_000
        let (figures, none) = try lint.cost(indicator)
        #expect(none.isEmpty, "\(none)")
        for scale in ["1×: p50 ", "2×: p50 ", "3×: p50 "] { #expect(figures.contains(scale), "\(figures)") }
        lint.budgetMilliseconds = 1e-9
        let (_, found) = try lint.cost(indicator)
        #expect(found.map(\.at) == ["1× (390 × 120 px), pulling and refreshing", "2× (780 × 240 px), pulling and refreshing", "3× (1170 × 360 px), pulling and refreshing"])
        #expect(found.allSatisfy { $0.check == PluginLint.Check.cost.rawValue })
    }
}
