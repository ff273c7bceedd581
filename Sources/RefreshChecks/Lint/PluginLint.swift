import Foundation
import RefreshSystem
import RefreshPluginSDK
import RefreshHost

/// `refresh-dump lint`: what a motion designer is told to check and nobody automates — flashes,
/// contrast in both themes, reduced motion, mirroring, frame cost at 1×, 2× and 3×, and what a GIF
/// can show — measured on a loaded plugin, each problem a ``LintFinding`` with its figure, its
/// limit and how to fix it.
public struct PluginLint {
    /// The checks, by the names `--only` and `--skip` take.
    public enum Check: String, CaseIterable, Codable, Sendable {
        /// More than three flashes in any one second (WCAG 2.3.1).
        case flash
        /// Ink under 3:1 against the band (WCAG 1.4.11).
        case contrast
        /// Reduced motion that moves more than half as much as normal motion.
        case reducedMotion = "reduced-motion"
        /// A claimed mirror image right to left that is not one.
        case mirror
        /// Frame time over the budget at 1×, 2× or 3×.
        case cost
        /// An animation a GIF cannot show.
        case export
    }

    /// The plugin, loaded (in process or in a plugin-host child).
    public var plugin: any LoadedPlugin
    /// Its parameter values, a JSON object.
    public var parametersJSON = "{}"
    /// The scenarios the flash check plays (each in both themes, normal and reduced motion).
    public var scenarios: [Scenario]
    /// Which checks run.
    public var checks = Set(Check.allCases)
    /// The median frame time allowed at 2× (390 × 120 pt at 780 × 240 px), milliseconds of CPU;
    /// other scales get it in proportion to their pixels, never less.
    public var budgetMilliseconds = 0.5
    /// Whether a frame over the budget is a finding (a release build); otherwise only ten times it is.
    public var enforcesBudget: Bool

    /// A lint of `plugin` over `scenarios`.
    public init(plugin: any LoadedPlugin, scenarios: [Scenario], enforcesBudget: Bool) {
        self.plugin = plugin
        self.scenarios = scenarios
        self.enforcesBudget = enforcesBudget
    }

    /// What one run found: a line for each check that ran, and the findings.
    public struct Report: Codable, Sendable {
        /// The plugin's id.
        public var plugin: String
        /// One line a check: `✓ contrast: 4.6:1 at least (light, refreshing)` or `✗ …`.
        public var lines: [String]
        /// The problems.
        public var findings: [LintFinding]
        /// Seconds the lint took.
        public var seconds: Double
    }

    /// Runs the checks; `progress` hears each check's name as it starts.
    public func run(progress: (String) -> Void = { _ in }) throws -> Report {
        let started = ProcessClock.monotonic
        var lines: [String] = [], findings: [LintFinding] = []
        let indicator = try plugin.makeIndicator(parametersJSON: parametersJSON)
        func record(_ check: Check, _ passed: String, _ found: [LintFinding]) {
            findings += found
            lines += found.isEmpty ? ["✓ \(check.rawValue): \(passed)"] : found.map { "✗ \($0.line)" }
        }
        for check in Check.allCases where checks.contains(check) {
            progress(check.rawValue)
            switch check {
            case .flash: let (ok, found) = try flashes(); record(check, ok, found)
            case .contrast: let (ok, found) = try contrast(indicator); record(check, ok, found)
            case .reducedMotion: let (ok, found) = try reducedMotion(indicator); record(check, ok, found)
            case .mirror: let (ok, found) = try mirroring(indicator); record(check, ok, found)
            case .cost: let (ok, found) = try cost(indicator); record(check, ok, found)
            case .export: let (ok, found) = try export(indicator); record(check, ok, found)
            }
        }
        return Report(plugin: plugin.info.indicator.id, lines: lines, findings: findings, seconds: ProcessClock.monotonic - started)
    }

    // MARK: Frames

    /// A frame of `indicator` in `state` at `time`, in `scheme`, at `scale`.
    static func frame(_ indicator: any HostedIndicator, _ state: RefreshState, time: Double = 0, scheme: IndicatorEnvironment.ColorScheme = .light,
               reduceMotion: Bool = false, direction: TextDirection = .leftToRight, scale: Double = 2) throws -> ImageSurface {
        let spec = FrameSpec.frame(state, time: time, scale: scale, colorScheme: scheme, direction: direction, reduceMotion: reduceMotion,
                                   locale: direction == .rightToLeft ? "ar" : "en")
        indicator.refreshState = state
        return try FrameRenderer.render(indicator, frame: spec.frame(refreshLength: indicator.refreshLength))
    }

    /// Each visible state's ink contrast with the band (``InkContrast``), in both themes; states
    /// with too little ink to judge are left out. What lint's contrast check and validate's warning read.
    static func inkContrasts(of indicator: any HostedIndicator) throws -> [(ratio: Double, scheme: IndicatorEnvironment.ColorScheme, state: RefreshState, time: Double)] {
        var measured: [(ratio: Double, scheme: IndicatorEnvironment.ColorScheme, state: RefreshState, time: Double)] = []
        for scheme in IndicatorEnvironment.ColorScheme.allCases {
            for (state, time) in visibleStates {
                let image = try frame(indicator, state, time: time, scheme: scheme)
                if let ratio = InkContrast.ratio(of: image, background: FrameRenderer.background(for: scheme)) { measured.append((ratio, scheme, state, time)) }
            }
        }
        return measured
    }

    /// The states whose look a user must make out, with a time into each.
    static let visibleStates: [(RefreshState, Double)] = [
        (.pulling(progress: 1), 0), (.eligible, 0), (.refreshing, 0), (.refreshing, 0.35), (.finished(.success), 0.1),
        (.finished(.failure), 0.1), (.noMoreData, 0),
    ]

    static func seconds(_ t: Double) -> String { String(format: "%.2f s", t) }
}
