import Foundation
import RefreshPluginSDK
import RefreshHost

extension Session {
    /// The inspector laid out for the plugin shown.
    package var inspectorLayout: InspectorLayout {
        let plugin = plugins.isEmpty ? nil : plugins[current]
        return InspectorLayout(width: SessionView.panelWidth, specs: plugin?.parameters ?? [], values: plugin?.values?.values ?? [:],
                               overrides: plugin?.overrides ?? [:], picker: view.inspector.picker, inactive: plugin?.indicator.inactiveParameters ?? [])
    }

    /// What the inspector's controls above the parameters show.
    package var inspectorHeader: InspectorLayout.Header {
        let plugin = plugins.isEmpty ? nil : plugins[current]
        return InspectorLayout.Header(plugin: plugin.map { "\($0.name) \($0.version)" } ?? "no plugin", placement: placement,
                                      dark: environment.colorScheme == .dark, reduceMotion: environment.reduceMotion, locale: environment.locale, speed: speed)
    }

    /// The parameter row under the pointer, named as the inspector names it, and what it is for (its
    /// help): "Smoothing: how closely …". Nil off the rows, over the gallery, or for a row with no help.
    package var hoveredRowHelp: String? {
        guard showsPanel, !view.showsGallery, let hover = view.inspector.hover, hover.x >= viewport.width,
              let row = inspectorLayout.rows.first(where: { hover.y >= $0.top && hover.y < $0.top + InspectorLayout.rowHeight }),
              !row.spec.help.isEmpty else { return nil }
        return "\(row.spec.label ?? row.spec.name): \(row.spec.help)"
    }

    /// A pointer command over the panel (or a drag that began there): the inspector's, with what the
    /// front end must do; nil when it is the list's.
    func performInInspector(_ command: PreviewCommand) -> PreviewEffect? {
        let origin = Point(x: viewport.width, y: 0)
        func local(_ p: Point) -> Point { Point(x: p.x - origin.x, y: p.y - origin.y) }
        switch command {
        case .pointerMoved(let p):
            view.inspector.hover = p
            guard let target = view.inspector.dragging else { return nil }
            drag(target, to: local(p))
            return PreviewEffect.none
        case .pointerDown(let p):
            guard showsPanel, p.x >= viewport.width else { return nil }
            view.inspector.hover = p
            guard let control = inspectorLayout.target(at: local(p)) else { return PreviewEffect.none }
            return click(control, at: local(p))
        case .pointerUp:
            guard view.inspector.dragging != nil else { return nil }
            view.inspector.dragging = nil
            return PreviewEffect.none
        case .wheel(let delta):
            guard showsPanel, let hover = view.inspector.hover, hover.x >= viewport.width else { return nil }
            if case .slider(let name)? = inspectorLayout.target(at: local(hover))?.target, delta.y != 0 {
                step(name, by: delta.y > 0 ? 1 : -1)
            }
            return PreviewEffect.none
        default:
            return nil
        }
    }

    private func click(_ control: InspectorLayout.Control, at point: Point) -> PreviewEffect {
        switch control.target {
        case .pluginButton: openGallery()
        case .placement(let wanted):
            for _ in IndicatorPlacement.allCases where placement != wanted { _ = perform(.nextPlacement) }
        case .theme: _ = perform(.toggleTheme)
        case .motion: _ = perform(.toggleReduceMotion)
        case .locale: _ = perform(.nextLocale)
        case .speed(let rate): _ = perform(.setSpeed(rate))
        case .save:
            guard let data = savedParameters else { view.message = "nothing changed to save"; break }
            return .saveParameters(data)
        case .export: return .exportIndicator
        case .copy:
            guard let line = parameterLine else { view.message = "nothing changed to copy"; break }
            view.message = "copied: \(line)"
            return .copyToClipboard(line)
        case .slider(let name) where point.x > InspectorLayout.sliderTrack(control.rect).maxX + 4:
            // The value beside the track: click to type one.
            guard case .number(let v)? = plugins[current].values?.values[name] else { break }
            view.inspector.beginEditing(name, DecimalText.short(v))
            view.message = "type the \(name); Enter sets it, Esc leaves it as it was"
        case .slider, .pickerSquare, .pickerHue:
            view.inspector.dragging = control.target
            drag(control.target, to: point)
        case .swatch(let name): view.inspector.picker = view.inspector.picker == name ? nil : name
        case .pickerHex(let name):
            guard case .color(let c)? = plugins[current].values?.values[name] else { break }
            view.inspector.beginEditing(name, c.hex)
            view.message = "type the \(name) as #RRGGBB or #RRGGBBAA; Enter sets it, Esc leaves it"
        case .pickerPair(let pair):
            // The pair's picker, in the theme that shows it.
            view.inspector.picker = pair
            if (pair.hasPrefix("dark")) != (environment.colorScheme == .dark) { _ = perform(.toggleTheme) }
            view.message = "\(pair): shown in the \(environment.colorScheme.rawValue) theme"
        case .toggle(let name):
            if case .bool(let on)? = plugins[current].values?.values[name] { set(name, to: .bool(!on)) }
        case .menu(let name): step(name, by: 1)
        case .text(let name):
            guard case .string(let text)? = plugins[current].values?.values[name] else { break }
            view.inspector.beginEditing(name, text)
            view.message = "type the \(name); Enter sets it, Esc leaves it as it was"
        case .reset(let name):
            plugins[current].overrides[name] = nil
            if let error = plugins[current].applyOverrides() { view.message = "\(error)" } else { view.message = "\(name): back to its default" }
            showCurrentPlugin()
        }
        return .none
    }

    /// While a text field has the focus, keys type into it: text and backspace edit, Enter sets
    /// the parameter, Esc leaves it; a click elsewhere sets it too. Nil when nothing is being typed.
    func performWhileTyping(_ command: PreviewCommand) -> PreviewEffect? {
        guard let editing = view.inspector.editing else {
            if case .typed = command { return PreviewEffect.none }  // typed outside a field: the keys' own commands handle it
            if case .deleteBackward = command { return PreviewEffect.none }
            if case .selectAll = command { return PreviewEffect.none }
            if case .moveCaret = command { return PreviewEffect.none }
            return nil
        }
        switch command {
        case .typed(let text):
            view.inspector.type(text.filter { !$0.isNewline })
        case .deleteBackward:
            view.inspector.deleteBackward()
        case .selectAll:
            view.inspector.selectsAll = true
        case .moveCaret(let offset):
            view.inspector.moveCaret(by: offset)
        case .retry:
            view.inspector.editing = nil
            setTyped(editing)
        case .dismiss:
            view.inspector.editing = nil
            view.message = "\(editing.name) left as it was"
        case .pointerDown:
            view.inspector.editing = nil
            setTyped(editing)
            return nil  // and the click goes where it points
        case .quit, .pointerMoved, .pointerUp, .wheel, .open:
            return nil
        default:
            break  // the keys' commands are letters being typed: the field has them
        }
        return PreviewEffect.none
    }

    /// Sets the parameter typed into: a number for a number's field, else the text (a colour's hex too).
    private func setTyped(_ editing: (name: String, text: String)) {
        guard case .number? = plugins[current].parameters.first(where: { $0.name == editing.name })?.kind else {
            return set(editing.name, to: .string(editing.text))
        }
        guard let value = Double(editing.text.trimmingCharacters(in: .whitespaces)), value.isFinite else {
            view.message = "\(editing.name): '\(editing.text)' is not a number; left as it was"
            return
        }
        set(editing.name, to: .number(value))
    }

    /// A drag on a slider or the colour picker sets the value under the pointer.
    private func drag(_ target: InspectorLayout.Target, to point: Point) {
        guard let control = inspectorLayout.control(target) else { return }
        let r = control.rect
        switch target {
        case .slider(let name):
            guard let spec = plugins[current].parameters.first(where: { $0.name == name }), case .number(let initial, let range) = spec.kind else { return }
            let track = InspectorLayout.sliderTrack(r)
            let f = min(1, max(0, (point.x - track.minX) / track.width))
            let raw = range.lowerBound + f * (range.upperBound - range.lowerBound)
            // Whole numbers where the declaration is whole (a count of spokes) or the range wide;
            // hundredths otherwise (a line width, a speed).
            let whole = [initial, range.lowerBound, range.upperBound].allSatisfy { $0 == $0.rounded() }
            let value = whole || range.upperBound - range.lowerBound >= 20 ? raw.rounded() : (raw * 100).rounded() / 100
            set(name, to: .number(min(range.upperBound, max(range.lowerBound, value))))
        case .pickerSquare(let name), .pickerHue(let name):
            guard case .color(let c)? = plugins[current].values?.values[name] else { return }
            var hsv = HSVColor(c)
            let fx = min(1, max(0, (point.x - r.minX) / r.width)), fy = min(1, max(0, (point.y - r.minY) / r.height))
            if case .pickerHue = target {
                hsv.hue = min(fx, 0.999)
                if hsv.saturation == 0 { hsv.saturation = 1 }
                if hsv.value == 0 { hsv.value = 1 }
            } else {
                hsv.saturation = fx
                hsv.value = 1 - fy
            }
            set(name, to: .string(hsv.color.withAlpha(c.alpha).hex))
        default:
            break
        }
    }

    /// Sets parameter `name` of the plugin shown; the panel says the value, or why it was refused.
    /// A value the plugin's declaration refuses (a word in a number, "#3AEA0D#FF375F" for a
    /// colour) is said and never stored: not saved, and the next edit shows as any other.
    func set(_ name: String, to value: ParameterValue) {
        guard !plugins.isEmpty else { return }
        var proposed = plugins[current].overrides
        proposed[name] = value
        // A plugin still loading has no declarations yet: its values are checked when it loads.
        if plugins[current].values != nil {
            do {
                _ = try ParameterValues(specs: plugins[current].parameters, overrides: proposed)
            } catch {
                view.message = "\(name): \(error.reason); left as it was"
                return
            }
        }
        plugins[current].overrides = proposed
        if let error = plugins[current].applyOverrides() {
            view.message = "\(error)"
        } else {
            view.message = "\(name) = \(value.json)"
        }
        showCurrentPlugin()
    }

    /// The changed values of every plugin as a params file (``ParameterFile``, keyed by plugin id and
    /// versioned): what every `--params` reads. Nil when none changed.
    package var savedParameters: Data? {
        let changed = plugins.filter { !$0.overrides.isEmpty }
        guard !changed.isEmpty else { return nil }
        return ParameterFile(plugins: Dictionary(changed.map { ($0.id, $0.overrides) }) { $1 }).data
    }

    /// The changed values as command-line options: `--plugin ID --param k=v …`, shell-quoted where needed.
    var parameterLine: String? {
        guard !plugins.isEmpty, !plugins[current].overrides.isEmpty else { return nil }
        let plugin = plugins[current]
        func quoted(_ text: String) -> String {
            text.allSatisfy { $0.isLetter || $0.isNumber || "#._-=/:+".contains($0) } ? text : "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
        }
        let params = plugin.overrides.keys.sorted().map { name -> String in
            let value: String = switch plugin.overrides[name]! {
            case .string(let text): text
            case .color(let color): color.hex
            case let other: other.json
            }
            return "--param " + quoted("\(name)=\(value)")
        }
        return (["--plugin " + quoted(plugin.id)] + params).joined(separator: " ")
    }
}
