import Foundation
import RefreshCore
import RefreshPluginSDK
import RefreshHost
import RefreshLottieExport

/// What a designer tuned, as a developer re-types it: the plugin and its parameter values, the
/// refresh edge's distances, timing and placement, the words for each state, and the motion
/// (the spring back, and the cubic-bézier that comes closest to it for libraries that only take
/// a duration and a curve). Each ``HandoffPlatform`` writes it as that platform's code.
package struct HandoffSpec: Sendable {
    /// The plugin's name, id and version.
    package var name: String
    package var id: String
    package var version: String
    /// Points pulled past the start offset at which a release (or the reach) refreshes.
    package var trigger: Double
    /// Points the list is held open while refreshing and while the result shows.
    package var hold: Double
    /// Points pulled before progress starts.
    package var startOffset: Double
    package var policy: RefreshTriggerPolicy
    /// Seconds the result (success, failure) shows before the edge closes.
    package var resultHold: Double
    package var placement: IndicatorPlacement
    package var haptics: HapticFeedback
    /// The second floor's trigger distance, when the edge has one.
    package var secondFloorTrigger: Double?
    /// The plugin's parameters, name → value, sorted by name.
    package var parameters: [(name: String, value: ParameterValue)]
    /// What a screen reader says (and a label shows) in each state, in English.
    package var texts: StateTexts
    /// The rubber band's coefficient (UIScrollView's 0.55) and the spring back.
    package var rubberBand: Double
    package var spring: Spring
    /// The export's markers that loop (``LottieExport/loopingMarkers``): refreshing, and eligible or
    /// no more data where the plugin draws them repeating. The handoff plays the others once.
    package var loopingMarkers: [String] = [LottieMarker.refreshing.rawValue]
    /// The export's over-pull (``LottieExport/overpull``): how far it reaches, in triggers, and the
    /// export's height with it (taller than the band for a scene that fills the gap); nil: the export has no `overpulling`.
    package var overpull: (reach: Double, height: Double)?
    /// The locales the export is written in, the first's files named without one (``LottieExport/fileName(_:theme:locale:primary:)``):
    /// the code that plays it picks the app's (``ExportLocales``).
    package var locales = ["en"]

    /// The words for the states an indicator shows.
    package struct StateTexts: Equatable, Sendable {
        package var pulling: String
        package var eligible: String
        package var refreshing: String
        package var success: String
        package var failure: String
        package var noMoreData: String
    }

    /// The colours among the parameters (`#RRGGBB` or `#RRGGBBAA` strings), name → hex.
    package var colors: [(name: String, hex: String)] {
        parameters.compactMap { parameter in
            switch parameter.value {
            case .color(let color): return (parameter.name, color.hex.uppercased())
            // A text parameter that holds a colour (a plugin that declared it as text).
            case .string(let text):
                let digits = text.dropFirst()
                guard text.hasPrefix("#"), digits.count == 6 || digits.count == 8, digits.allSatisfy(\.isHexDigit) else { return nil }
                return (parameter.name, text.uppercased())
            case .number, .bool: return nil
            }
        }
    }

    /// The first colour that is not a dark-theme, success or failure one: the indicator's ink.
    package var accentColor: String? {
        colors.first { !["dark", "success", "failure", "error", "background"].contains(where: $0.name.lowercased().contains) }?.hex ?? colors.first?.hex
    }

    /// The spring's response: the period of its undamped oscillation, in seconds (SwiftUI's
    /// `response`, Core Animation's `perceptualDuration`).
    package var springResponse: Double { 2 * Double.pi * (spring.mass / spring.stiffness).squareRoot() }

    /// Milliseconds the spring takes to bring the edge from the hold extent to within half a
    /// point of closed, at rest to start: the duration to give a library that only takes one.
    package var springBackMilliseconds: Int {
        var t = 0.0
        while t < 5, abs(spring.state(displacement: hold, velocity: 0, time: t).displacement) > 0.5 { t += 0.001 }
        return Int((t * 1000).rounded())
    }

    /// The cubic-bézier that comes closest to the spring back (over its settle time, normalised).
    package var springBezier: CubicBezier {
        let duration = Double(springBackMilliseconds) / 1000
        return CubicBezier.fit { x in 1 - spring.state(displacement: 1, velocity: 0, time: x * duration).displacement }
    }
}

extension HandoffSpec {
    /// The motion spec as comment lines, the same for every platform: durations in milliseconds,
    /// the spring and its closest cubic-bézier, distances and placement.
    package var motionLines: [String] {
        let bezier = springBezier, settle = springBackMilliseconds
        var lines = [
            "Motion spec — \(name) \(version) (\(id)), from RefreshKit",
            "  trigger:        \(Self.points(trigger)) pt past a start offset of \(Self.points(startOffset)) pt, refreshing \(policy == .onRelease ? "on release" : "as soon as it is reached")",
            "  hold:           \(Self.points(hold)) pt open while refreshing and while the result shows",
            "  result hold:    \(Int((resultHold * 1000).rounded())) ms (success or failure stays this long, then the edge closes)",
            "  spring back:    damping ratio \(Self.number(spring.dampingRatio)), response \(Self.number(springResponse, 3)) s (mass \(Self.number(spring.mass)), stiffness \(Self.number(spring.stiffness))); settles in \(settle) ms",
            "  as a curve:     cubic-bezier(\(bezier.description)) over \(settle) ms",
            "  rubber band:    coefficient \(Self.number(rubberBand)) (UIScrollView's): banded = (1 - 1 / (raw × \(Self.number(rubberBand)) / height + 1)) × height",
            "  placement:      \(placement.rawValue); haptics: \(haptics.rawValue)",
        ]
        if let secondFloorTrigger { lines.append("  second floor:   \(Self.points(secondFloorTrigger)) pt") }
        lines.append("  words:          \"\(texts.pulling)\" · \"\(texts.eligible)\" · \"\(texts.refreshing)\" · \"\(texts.success)\" · \"\(texts.failure)\" · \"\(texts.noMoreData)\"")
        if !parameters.isEmpty { lines.append("  parameters:     " + parameters.map { "\($0.name) = \($0.value.json)" }.joined(separator: ", ")) }
        return lines
    }

    /// A distance without a needless ".0".
    package static func points(_ value: Double) -> String { number(value, 1) }

    /// `value` with at most `decimals` decimals, trailing zeros dropped, in the C locale.
    package static func number(_ value: Double, _ decimals: Int = 2) -> String { DecimalText.short(value, decimals) }
}
