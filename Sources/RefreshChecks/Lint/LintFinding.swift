import Foundation
import RefreshHost

/// One problem `refresh-dump lint` found: which check, when in the animation, the measured figure
/// against its limit, and how to fix it.
public struct LintFinding: Codable, Equatable, Sendable {
    /// The check's name (`flash`, `contrast`, …).
    public var check: String
    /// Where it was seen: the scenario, theme and state, and the time in seconds when there is one.
    public var at: String
    /// What was measured, e.g. `5 flashes in one second`.
    public var figure: String
    /// The limit, e.g. `at most 3 (WCAG 2.3.1)`.
    public var limit: String
    /// How to fix it.
    public var fix: String

    /// `flash at pull-to-refresh, dark, 1.20 s: 5 flashes in one second (limit: at most 3 …); fix: …`.
    public var line: String { "\(check) at \(at): \(figure) (limit: \(limit)); fix: \(fix)" }
}
