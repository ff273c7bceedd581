import Foundation
import RefreshPluginSDK
import RefreshHost

/// The inspector's controls for one moment, laid out in the side panel (points from the panel's
/// top-left): the plugin button, placement, theme, motion, locale and speed, Save and Copy, and a
/// row per parameter made from its declaration — a slider for a number, a swatch (and its
/// picker when open) for a colour, a switch for a boolean, a menu for a choice, the text for text
/// — with a reset button on a changed row. Drawing and hit-testing use the same layout.
package struct InspectorLayout {
    /// What a point of the panel is over.
    package enum Target: Equatable, Sendable {
        case pluginButton
        case placement(IndicatorPlacement)
        case theme, motion, locale
        case speed(Double)
        case save, copy, export
        case slider(String)
        case swatch(String)
        case pickerSquare(String)
        case pickerHue(String)
        /// The open picker's hex field (click, type, Enter).
        case pickerHex(String)
        /// The colour paired with the open picker's (the dark-mode one beside the light, or back):
        /// click to pick it instead.
        case pickerPair(String)
        case toggle(String)
        case menu(String)
        case text(String)
        case reset(String)
    }

    /// One control: where, and what it is.
    package struct Control: Equatable, Sendable {
        package var rect: Rect
        package var target: Target
    }

    /// A parameter row: its declaration, value, whether it differs from the default, and whether
    /// the plugin says it changes nothing now (``HostedIndicator/inactiveParameters``: drawn faded).
    package struct Row: Sendable {
        package var spec: ParameterSpec
        package var value: ParameterValue
        package var changed: Bool
        package var top: Double
        package var inactive = false
    }

    static let margin = 10.0, rowHeight = 26.0, labelWidth = 98.0, resetWidth = 22.0
    /// The speeds the speed control offers.
    package static let speeds = [1.0, 0.5, 0.25, 0.1]
    /// The colour picker's saturation–value square and hue strip heights.
    static let pickerHeight = 96.0, hueHeight = 14.0

    package let width: Double
    package private(set) var controls: [Control] = []
    package private(set) var rows: [Row] = []
    /// The y just below the last control: the status lines start there.
    package private(set) var height = 0.0

    /// Lays out the controls for `specs` with `values` (the plugin's current ones), `overrides`
    /// (what was changed), the picker open and the parameters that change nothing now (`inactive`),
    /// in a panel `width` wide.
    package init(width: Double, specs: [ParameterSpec], values: [String: ParameterValue], overrides: [String: ParameterValue], picker: String?,
                 inactive: [String] = []) {
        self.width = width
        let inner = width - 2 * Self.margin
        var y = Self.margin
        func add(_ target: Target, _ x: Double, _ w: Double, _ h: Double = 22) { controls.append(Control(rect: Rect(x: x, y: y, width: w, height: h), target: target)) }
        add(.pluginButton, Self.margin, inner, 26)
        y += 34
        let placements = IndicatorPlacement.allCases
        for (i, placement) in placements.enumerated() { add(.placement(placement), Self.margin + Double(i) * inner / Double(placements.count), inner / Double(placements.count) - 2) }
        y += Self.rowHeight
        for (i, target) in [Target.theme, .motion, .locale].enumerated() { add(target, Self.margin + Double(i) * inner / 3, inner / 3 - 2) }
        y += Self.rowHeight
        for (i, speed) in Self.speeds.enumerated() { add(.speed(speed), Self.margin + Double(i) * inner / 4, inner / 4 - 2) }
        y += Self.rowHeight + 8
        add(.export, width - Self.margin - 170, 54, 20)
        add(.save, width - Self.margin - 112, 54, 20)
        add(.copy, width - Self.margin - 54, 54, 20)
        y += Self.rowHeight
        let controlX = Self.margin + Self.labelWidth, controlWidth = inner - Self.labelWidth - Self.resetWidth - 4
        for spec in specs {
            guard let value = values[spec.name] else { continue }
            rows.append(Row(spec: spec, value: value, changed: overrides[spec.name] != nil, top: y, inactive: inactive.contains(spec.name)))
            switch spec.kind {
            case .number: add(.slider(spec.name), controlX, controlWidth)
            case .color: add(.swatch(spec.name), controlX, controlWidth)
            case .bool: add(.toggle(spec.name), controlX, 40)
            case .choice: add(.menu(spec.name), controlX, controlWidth)
            case .string: add(.text(spec.name), controlX, controlWidth)
            }
            if overrides[spec.name] != nil { add(.reset(spec.name), width - Self.margin - Self.resetWidth, Self.resetWidth) }
            y += Self.rowHeight
            if case .color = spec.kind, picker == spec.name {
                add(.pickerSquare(spec.name), controlX, controlWidth, Self.pickerHeight)
                y += Self.pickerHeight + 4
                add(.pickerHue(spec.name), controlX, controlWidth, Self.hueHeight)
                y += Self.hueHeight + 6
                add(.pickerHex(spec.name), controlX, 76)
                if let pair = Self.pairedColor(of: spec.name, in: specs) { add(.pickerPair(pair), controlX + 82, controlWidth - 82) }
                y += 22 + 6
            }
        }
        height = y + 6
    }

    /// The colour parameter paired with `name` for the other theme (`color` ↔ `darkColor`,
    /// `successColor` ↔ `darkSuccessColor`), when the plugin declares it.
    package static func pairedColor(of name: String, in specs: [ParameterSpec]) -> String? {
        let pair = name.hasPrefix("dark") && name.count > 4
            ? name.dropFirst(4).prefix(1).lowercased() + name.dropFirst(5)
            : "dark" + name.prefix(1).uppercased() + name.dropFirst()
        guard let spec = specs.first(where: { $0.name == pair }), case .color = spec.kind else { return nil }
        return pair
    }

    /// The control at `point` (panel points), if any; the last laid out wins where they overlap.
    package func target(at point: Point) -> Control? {
        controls.last { $0.rect.contains(point) }
    }

    /// The control for `target`.
    package func control(_ target: Target) -> Control? { controls.first { $0.target == target } }
}
