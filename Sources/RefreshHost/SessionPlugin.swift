import Foundation
import RefreshPluginSDK

/// One plugin a ``Session`` can show: loaded and watched for rebuilds, or the reason it could not load.
package final class SessionPlugin {
    /// The library's file.
    package let path: String
    /// The loaded plugin, watched for rebuilds; nil when it could not load.
    package private(set) var hot: HotReloadingPlugin?
    /// Why it could not load.
    package private(set) var loadError: PluginError?
    /// Parameter values set in the preview (or its params file), by name.
    package var overrides: [String: ParameterValue] = [:]
    /// Why the overrides could not make an indicator; its error card shows until they can.
    private(set) var parameterError: PluginError?

    /// Loads the plugin at `path` (a failure is kept in ``loadError``).
    package init(path: String) {
        self.path = path
        load()
    }

    /// (Re)loads from scratch: after a failed first load, or when asked to rescan.
    package func load() {
        do {
            hot = try HotReloadingPlugin(path: path, parametersJSON: json)
            loadError = nil
        } catch {
            loadError = error
        }
    }

    /// Its name, or the file's name when it did not load.
    package var name: String { hot?.indicator.info.name ?? (path as NSString).lastPathComponent }
    /// Its id, or the file's name when it did not load.
    package var id: String { hot?.indicator.info.id ?? (path as NSString).lastPathComponent }

    /// The indicator to draw: the plugin, or one that shows why it is not there or why its
    /// parameters (or a file they name) cannot make one.
    package var indicator: any HostedIndicator {
        guard let hot else { return FailedIndicator(error: loadError ?? PluginError(file: path, reason: .noSuchFile)) }
        if let error = parameterError ?? hot.inputError { return FailedIndicator(error: error) }
        return hot.indicator
    }

    /// The declared parameters.
    package var parameters: [ParameterSpec] { hot?.indicator.library.info.parameters ?? [] }

    /// The current values, defaults filled in.
    package var values: ParameterValues? { hot?.indicator.parameters }

    private var json: String {
        "{" + overrides.keys.sorted().map { "\(ParameterValue.string($0).json): \(overrides[$0]!.json)" }.joined(separator: ", ") + "}"
    }

    /// Applies `overrides`; on failure returns why, and the error card stands in for the indicator.
    package func applyOverrides() -> PluginError? {
        guard let hot else {
            load()
            return loadError
        }
        parameterError = hot.setParameters(json: json)
        return parameterError
    }

    /// Loads a rebuilt library if the file changed; returns a message for the panel when something happened.
    package func reloadIfChanged() -> String? {
        guard let hot else {
            if FileManager.default.fileExists(atPath: path) { load() }
            return loadError == nil ? "loaded \(name)" : nil
        }
        let errorsBefore = (hot.lastError?.description, hot.inputError?.description)
        let swapped = hot.reloadIfChanged()
        // Say something when a new indicator came in or an error came or went, not at every look.
        guard swapped || (hot.lastError?.description, hot.inputError?.description) != errorsBefore else { return nil }
        if let error = hot.lastError { return "reload failed, keeping the old build: \(error)" }
        if let error = hot.inputError { return "\(error)" }
        if let file = hot.changedInput { return "reloaded \((file as NSString).lastPathComponent) for \(name)" }
        return "reloaded \(name) (build \(hot.reloadCount + 1))"
    }
}

/// Stands where a plugin failed to load: its render fails with the reason, so the scene draws an
/// error card in its place and the preview goes on.
package final class FailedIndicator: HostedIndicator {
    /// Why the plugin is not there.
    package let error: PluginError
    /// An indicator that draws `error`.
    package init(error: PluginError) { self.error = error }
    /// A modest band, so the card is readable.
    package let refreshLength = 60.0
    /// Kept, unused.
    package var refreshState = RefreshState.unknown
    /// The failed file, as id and name.
    package var info: IndicatorInfo { IndicatorInfo(id: error.file, name: (error.file as NSString).lastPathComponent, version: "-", summary: "failed to load") }
    /// Fails with the reason, so the scene draws an error card.
    package func render(_ frame: IndicatorFrame, into canvas: Canvas) throws(PluginError) { throw error }
}
