import Foundation
import RefreshPluginSDK
import RefreshHost

/// The plugins' parameters in the interactive session: stepped by keys, read from a params file,
/// and plugins rebuilt while the preview runs.
extension Session {
    /// Steps the selected parameter of the plugin shown (``step(_:by:)``).
    func changeParameter(by step: Int) {
        guard !plugins.isEmpty else { return }
        let specs = plugins[current].parameters
        guard specs.indices.contains(selectedParameter) else { return }
        self.step(specs[selectedParameter].name, by: step)
    }

    /// Steps parameter `name` of the plugin shown: a number by a twentieth of its range (at least
    /// 1), a choice or colour to the next, a boolean over; text is edited in a params file.
    func step(_ name: String, by step: Int) {
        guard !plugins.isEmpty, let values = plugins[current].values, let spec = plugins[current].parameters.first(where: { $0.name == name }) else { return }
        let palette = ["#0A84FF", "#FF375F", "#30D158", "#FF9F0A", "#BF5AF2", "#8E8E93", "#FFFFFF", "#000000"]
        let next: ParameterValue
        switch (spec.kind, values.values[spec.name]) {
        case (.number(_, let range), .number(let value)?):
            let width = range.upperBound - range.lowerBound
            let increment = width <= 20 ? 1 : (width / 20).rounded()
            next = .number(min(range.upperBound, max(range.lowerBound, value + Double(step) * increment)))
        case (.bool, .bool(let on)?): next = .bool(!on)
        case (.choice(_, let options), .string(let chosen)?):
            let index = options.firstIndex(of: chosen) ?? 0
            next = .string(options[(index + step + options.count) % options.count])
        case (.color, .color(let color)?):
            let index = palette.firstIndex(of: color.hex) ?? -1
            next = .string(palette[(index + step + palette.count) % palette.count])
        case (.string, _):
            view.message = "\(spec.name) is text: edit it in the params file"
            return
        default:
            return  // values are made from the specs, so each matches its kind
        }
        set(spec.name, to: next)
    }

    /// Waits for the plugins loading in the background and shows the current one: what the
    /// window sees a moment later, at once (for tests).
    package func finishLoading() {
        for plugin in plugins { plugin.waitUntilLoaded() }
        reloadChangedPlugins()
        showCurrentPlugin()
    }

    /// Takes the plugins that finished loading in the background and loads rebuilt ones; returns
    /// whether anything changed.
    @discardableResult
    package func reloadChangedPlugins() -> Bool {
        var changed = false
        for (index, plugin) in plugins.enumerated() where plugin.adoptLoaded() {
            // A background load finished: its indicator, or its error card, takes the place of the loading card.
            // Said of the plugin shown (or a failure of any): "loaded Spinner" under Lottie's card misled.
            if index == current || plugin.loadError != nil { view.message = plugin.loadError.map { "\($0)" } ?? "loaded \(plugin.name)" }
            changed = true
            if index == current { showCurrentPlugin() }
        }
        for (index, plugin) in plugins.enumerated() {
            guard let note = plugin.reloadIfChanged() else { continue }
            view.message = note
            changed = true
            if index == current { showCurrentPlugin() }
        }
        return changed
    }

    /// Applies the contents of a params file (``ParameterFile``: `{"version": 1, "plugin id or
    /// name": {"parameter": value}}`, or a flat file of values for the plugin shown). A plugin a
    /// keyed file does not name goes back to its defaults (`{"version": 1}` restores them all). A
    /// file that is not valid (half written) changes nothing; the message says where it is wrong.
    package func applyParameters(_ data: Data, file: String) {
        let kept = " (keeping the last good values)"
        let parameterFile: ParameterFile
        do {
            parameterFile = try ParameterFile.read(data, file: file, kind: "params file")
        } catch {
            view.message = "\(error)" + kept
            return
        }
        // A flat file is for the plugin shown; a keyed one for each plugin it names.
        func values(of plugin: SessionPlugin) -> [String: ParameterValue]? {
            if parameterFile.flat != nil && plugin !== plugins[current] { return nil }
            return parameterFile.values(id: plugin.id, name: plugin.name)
        }
        // A value a plugin refuses is named by its place in the file before anything changes.
        for plugin in plugins {
            // One still loading has no declarations yet: its values are checked when it loads.
            guard plugin.values != nil, let given = values(of: plugin) else { continue }
            do {
                _ = try ParameterValues(specs: plugin.parameters, overrides: given)
            } catch {
                let field = parameterFile.field(id: plugin.id, name: plugin.name).map { "\($0).\(error.parameter)" } ?? error.parameter
                view.message = "\(InputFileError(file: file, field: field, reason: error.reason, kind: "params file").located(in: data))" + kept
                return
            }
        }
        view.message = "applied \(file)"
        for plugin in plugins {
            let values = values(of: plugin) ?? [:]
            guard values != plugin.overrides else { continue }
            plugin.overrides = values
            if let error = plugin.applyOverrides() { view.message = "\(file): \(error)" }
        }
        showCurrentPlugin()
    }
}
