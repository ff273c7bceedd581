import Foundation
import RefreshPluginSDK
import RefreshHost

extension InspectorLayout {
    /// What the controls above the parameters show.
    package struct Header: Sendable {
        package var plugin: String
        package var placement: IndicatorPlacement
        package var dark: Bool
        package var reduceMotion: Bool
        package var locale: String
        package var speed: Double
    }

    /// Draws the controls at `origin` (the panel's top-left in the canvas).
    /// `editing` is a field being typed, its text as shown (with its caret); `selected`, whether
    /// that text is all selected (drawn highlighted, typing replaces it).
    package func draw(in canvas: Canvas, at origin: Point, header: Header, editing: (name: String, text: String)? = nil, selected: Bool = false) {
        let dark = header.dark
        let ink = dark ? Color(red: 0.9, green: 0.9, blue: 0.92) : Color(red: 0.1, green: 0.1, blue: 0.12)
        let accent = Color(red: 0, green: 0.48, blue: 1)
        let field = dark ? Color(red: 0.2, green: 0.2, blue: 0.22) : Color.white
        let line = dark ? Color(red: 0.35, green: 0.35, blue: 0.38) : Color(red: 0.78, green: 0.78, blue: 0.8)
        canvas.withSavedState {
            canvas.translate(x: origin.x, y: origin.y)
            func box(_ rect: Rect, selected: Bool = false) {
                canvas.addRoundedRect(rect, radius: 6)
                canvas.fill(.color(selected ? accent : field))
                canvas.addRoundedRect(rect.insetBy(0.5), radius: 6)
                canvas.stroke(.color(selected ? accent : line), style: StrokeStyle(lineWidth: 1))
            }
            func text(_ string: String, _ rect: Rect, color: Color, size: Double = 11, weight: FontWeight = .regular, center: Bool = true, truncation: TextTruncation = .end) {
                let layout = canvas.makeTextLayout(string, style: TextStyle(size: size, weight: weight, alignment: center ? .center : .leading, width: rect.width - 8, truncation: truncation))
                canvas.draw(layout, at: Point(x: rect.minX + 4, y: rect.minY + (rect.height - layout.size.height) / 2), color: color)
            }
            /// A field's text as typed: highlighted when it is all selected.
            func fieldText(_ string: String, _ rect: Rect) {
                if selected, !string.isEmpty {
                    let layout = canvas.makeTextLayout(string, style: TextStyle(size: 11, alignment: .leading, width: rect.width - 8, truncation: .start))
                    canvas.addRect(Rect(x: rect.minX + 3, y: rect.minY + (rect.height - layout.size.height) / 2 - 1,
                                        width: min(layout.size.width + 2, rect.width - 6), height: layout.size.height + 2))
                    canvas.fill(.color(Color(red: accent.red, green: accent.green, blue: accent.blue, alpha: 0.3)))
                }
                text(string, rect, color: ink, center: false, truncation: .start)
            }
            for control in controls {
                let r = control.rect
                switch control.target {
                case .pluginButton:
                    box(r)
                    text("\(header.plugin)  ▾  all plugins", r, color: ink, size: 12, weight: .semibold, center: false)
                case .placement(let p):
                    box(r, selected: p == header.placement)
                    text(p.rawValue, r, color: p == header.placement ? .white : ink)
                case .theme:
                    box(r)
                    text(dark ? "☾ dark" : "☀ light", r, color: ink)
                case .motion:
                    box(r, selected: header.reduceMotion)
                    text(header.reduceMotion ? "reduced motion" : "full motion", r, color: header.reduceMotion ? .white : ink)
                case .locale:
                    box(r)
                    text("locale \(header.locale) ▸", r, color: ink)
                case .speed(let s):
                    box(r, selected: abs(s - header.speed) < 1e-9)
                    text(Self.speedName(s), r, color: abs(s - header.speed) < 1e-9 ? .white : ink)
                case .save, .copy, .export:
                    box(r)
                    text(control.target == .save ? "Save" : control.target == .copy ? "Copy" : "Export", r, color: ink)
                case .slider(let name) where editing?.name == name:
                    drawParameterControl(control, in: canvas, ink: ink, accent: accent, field: field, line: line)
                    // The value being typed, in a field over the value beside the track.
                    let track = Self.sliderTrack(r)
                    let value = Rect(x: track.maxX + 4, y: r.minY, width: r.maxX - track.maxX - 4, height: r.height)
                    box(value)
                    canvas.addRoundedRect(value.insetBy(0.5), radius: 6)
                    canvas.stroke(.color(accent), style: StrokeStyle(lineWidth: 2))
                    fieldText(editing?.text ?? "", value)
                case .text(let name) where editing?.name == name, .pickerHex(let name) where editing?.name == name:
                    box(r, selected: false)
                    canvas.addRoundedRect(r.insetBy(0.5), radius: 6)
                    canvas.stroke(.color(accent), style: StrokeStyle(lineWidth: 2))
                    fieldText(editing?.text ?? "", r)
                default:
                    // A row the plugin says changes nothing now (an SVG file's own colours) is faded, and still works.
                    let faded = rows.contains { $0.inactive && $0.top == r.minY }
                    canvas.withAlpha(faded ? 0.4 : 1) { drawParameterControl(control, in: canvas, ink: ink, accent: accent, field: field, line: line) }
                }
            }
            if let save = control(.save) {
                text("Parameters", Rect(x: Self.margin, y: save.rect.minY, width: 120, height: save.rect.height), color: ink, size: 12, weight: .semibold, center: false)
            }
            for row in rows {
                let label = Rect(x: Self.margin, y: row.top, width: Self.labelWidth, height: 22)
                // The plugin's words for it where it gives them ("Smoothing"), else its name ("depth").
                let color = (row.changed ? accent : ink).withAlpha(row.inactive ? 0.45 : 1)
                text((row.changed ? "• " : "") + (row.spec.label ?? row.spec.name), label, color: color, center: false, truncation: .middle)
            }
        }
    }

    /// A speed as the control says it (1×, ½×, ¼×, ⅒×).
    package static func speedName(_ speed: Double) -> String {
        switch speed {
        case 0.5: "½×"
        case 0.25: "¼×"
        case 0.1: "⅒×"
        default: "\(DecimalText.short(speed))×"
        }
    }

    private func drawParameterControl(_ control: Control, in canvas: Canvas, ink: Color, accent: Color, field: Color, line: Color) {
        let r = control.rect
        func value(_ name: String) -> ParameterValue? { rows.first { $0.spec.name == name }?.value }
        func label(_ string: String, _ rect: Rect, color: Color = ink, truncation: TextTruncation = .end) {
            let layout = canvas.makeTextLayout(string, style: TextStyle(size: 11, width: max(8, rect.width), truncation: truncation))
            canvas.draw(layout, at: Point(x: rect.minX, y: rect.minY + (rect.height - layout.size.height) / 2), color: color)
        }
        /// A colour's swatch at the start of `r`.
        func swatch(_ c: Color) {
            canvas.addRoundedRect(Rect(x: r.minX, y: r.minY + 2, width: 28, height: 18), radius: 4)
            canvas.fill(.color(c))
            canvas.addRoundedRect(Rect(x: r.minX + 0.5, y: r.minY + 2.5, width: 27, height: 17), radius: 4)
            canvas.stroke(.color(line), style: StrokeStyle(lineWidth: 1))
        }
        switch control.target {
        case .slider(let name):
            guard let spec = rows.first(where: { $0.spec.name == name })?.spec, case .number(_, let range) = spec.kind, case .number(let v)? = value(name) else { return }
            let track = Self.sliderTrack(r)
            let f = range.upperBound > range.lowerBound ? (v - range.lowerBound) / (range.upperBound - range.lowerBound) : 0
            canvas.addRoundedRect(Rect(x: track.minX, y: track.minY + track.height / 2 - 2, width: track.width, height: 4), radius: 2)
            canvas.fill(.color(line))
            canvas.addRoundedRect(Rect(x: track.minX, y: track.minY + track.height / 2 - 2, width: track.width * f, height: 4), radius: 2)
            canvas.fill(.color(accent))
            canvas.addEllipse(in: Rect(x: track.minX + track.width * f - 7, y: track.minY + track.height / 2 - 7, width: 14, height: 14))
            canvas.fill(.color(.white))
            canvas.addEllipse(in: Rect(x: track.minX + track.width * f - 7, y: track.minY + track.height / 2 - 7, width: 14, height: 14))
            canvas.stroke(.color(line), style: StrokeStyle(lineWidth: 1))
            label(DecimalText.short(v), Rect(x: track.maxX + 8, y: r.minY, width: r.maxX - track.maxX - 8, height: r.height))
        case .swatch(let name):
            guard case .color(let c)? = value(name) else { return }
            swatch(c)
            label(c.hex, Rect(x: r.minX + 36, y: r.minY, width: r.width - 36, height: r.height))
        case .toggle(let name):
            let on = value(name) == .bool(true)
            canvas.addRoundedRect(Rect(x: r.minX, y: r.minY + 2, width: 36, height: 18), radius: 9)
            canvas.fill(.color(on ? accent : line))
            canvas.addEllipse(in: Rect(x: r.minX + (on ? 20 : 2), y: r.minY + 4, width: 14, height: 14))
            canvas.fill(.color(.white))
        case .menu(let name):
            guard case .string(let chosen)? = value(name) else { return }
            canvas.addRoundedRect(r, radius: 6)
            canvas.fill(.color(field))
            label("\(chosen)  ▸", Rect(x: r.minX + 6, y: r.minY, width: r.width - 12, height: r.height))
        case .text(let name):
            guard case .string(let text)? = value(name) else { return }
            // Empty, the field says what it takes: the parameter's own help (a range's "frames 0-59 or a marker name").
            let help = rows.first { $0.spec.name == name }?.spec.help ?? ""
            label(text.isEmpty ? (help.isEmpty ? "(type, or drop a file)" : help) : text, r, color: ink.withAlpha(text.isEmpty ? 0.45 : 0.7),
                  truncation: text.isEmpty ? .end : .middle)
        case .pickerHex(let name):
            guard case .color(let c)? = value(name) else { return }
            canvas.addRoundedRect(r, radius: 6)
            canvas.fill(.color(field))
            canvas.addRoundedRect(r.insetBy(0.5), radius: 6)
            canvas.stroke(.color(line), style: StrokeStyle(lineWidth: 1))
            label(c.hex, Rect(x: r.minX + 6, y: r.minY, width: r.width - 12, height: r.height))
        case .pickerPair(let pair):
            guard case .color(let c)? = value(pair) else { return }
            // The pair's swatch and which theme it is for (its hex is on its own row).
            swatch(c)
            label(pair.hasPrefix("dark") ? "☾ dark" : "☀ light", Rect(x: r.minX + 32, y: r.minY, width: max(8, r.width - 32), height: r.height), color: ink.withAlpha(0.8))
        case .reset:
            label("↺", Rect(x: r.minX + 5, y: r.minY, width: r.width - 5, height: r.height), color: accent)
        case .pickerSquare(let name):
            guard case .color(let c)? = value(name) else { return }
            let hsv = HSVColor(c)
            canvas.addRect(r)
            canvas.fill(.linearGradient(start: Point(x: r.minX, y: r.minY), end: Point(x: r.maxX, y: r.minY),
                                        stops: [GradientStop(0, .white), GradientStop(1, HSVColor(hue: hsv.hue, saturation: 1, value: 1).color)]))
            canvas.addRect(r)
            canvas.fill(.linearGradient(start: Point(x: r.minX, y: r.minY), end: Point(x: r.minX, y: r.maxY),
                                        stops: [GradientStop(0, Color(red: 0, green: 0, blue: 0, alpha: 0)), GradientStop(1, .black)]))
            canvas.addEllipse(in: Rect(x: r.minX + hsv.saturation * r.width - 5, y: r.minY + (1 - hsv.value) * r.height - 5, width: 10, height: 10))
            canvas.stroke(.color(.white), style: StrokeStyle(lineWidth: 2))
        case .pickerHue(let name):
            guard case .color(let c)? = value(name) else { return }
            canvas.addRoundedRect(r, radius: 4)
            canvas.fill(.linearGradient(start: Point(x: r.minX, y: r.minY), end: Point(x: r.maxX, y: r.minY),
                                        stops: (0...6).map { GradientStop(Double($0) / 6, HSVColor(hue: Double($0) / 6, saturation: 1, value: 1).color) }))
            let x = r.minX + HSVColor(c).hue * r.width
            canvas.addRect(Rect(x: x - 1.5, y: r.minY - 2, width: 3, height: r.height + 4))
            canvas.fill(.color(.white))
        default:
            break
        }
    }

    /// The part of a slider's control that is its track (the rest shows the value).
    package static func sliderTrack(_ rect: Rect) -> Rect {
        Rect(x: rect.minX + 7, y: rect.minY, width: max(10, rect.width - 62), height: rect.height)
    }
}
