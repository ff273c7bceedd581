import Foundation
import RefreshPluginSDK
import RefreshHost

/// One plugin a ``Session`` can show: loaded and watched for rebuilds, or the reason it could not load.
/// Probed first (``PluginProbe``: loaded in a child process), it is loaded here only when it is
/// first shown, and never when the probe failed: a library whose constructor crashes or hangs is
/// listed with its reason and cannot take the session down.
package final class SessionPlugin {
    /// The library's file.
    package let path: String
    /// Where the plugin runs once loaded.
    package let isolation: PluginIsolation
    /// The loaded plugin, watched for rebuilds; nil when it could not load.
    package private(set) var hot: HotReloadingPlugin?
    /// Why it could not load.
    package private(set) var loadError: PluginError?
    /// Parameter values set in the preview (or its params file), by name.
    package var overrides: [String: ParameterValue] = [:]
    /// Why the overrides could not make an indicator; its error card shows until they can.
    private(set) var parameterError: PluginError?
    /// What the probe found, for a plugin not loaded yet.
    private var probed: PluginInfo?
    /// The file as it was when the probe failed: a new build is probed again.
    private var failedFile: Date?
    /// A load running in the background (a plugin-host child starting and making its indicator).
    private var pending: BackgroundLoad<HotReloadingPlugin>?

    /// The plugin at `path`: with the probe's finding, loaded when first shown (or never, when the
    /// probe failed); without one, loaded now.
    package init(path: String, probed: Result<PluginInfo, PluginError>? = nil, isolation: PluginIsolation = .inProcess) {
        self.path = path
        self.isolation = isolation
        switch probed {
        case .success(let info)?: self.probed = info
        case .failure(let error)?:
            loadError = error
            failedFile = Self.modified(path)
        case nil: load()
        }
    }

    /// Loads the plugin if it was probed and not loaded yet.
    package func loadIfNeeded() {
        if hot == nil && loadError == nil && pending == nil { load() }
    }

    /// What its bundle's manifest lets it read beyond drawing, in words (`PluginPermissions.words`),
    /// for the panel's plugin card; nil for a library outside a bundle (it declares nothing). Read
    /// once: the panel is drawn every frame.
    package private(set) lazy var permissionWords: String? = {
        // try?: a bundle whose manifest cannot be read fails to load, and its card says why; it declares nothing here.
        guard let bundle = try? PluginBundle.enclosing(library: path) else { return nil }
        return PluginPermissions.words(bundle.manifest.permissions)
    }()

    /// Whether a load is under way in the background; its card says so meanwhile.
    package var isLoading: Bool { pending != nil }

    /// Takes the result of a background load that has finished; true when one was taken (the
    /// plugin, or why it did not load, is there now).
    package func adoptLoaded() -> Bool {
        guard let box = pending, let outcome = box.outcome else { return false }
        pending = nil
        switch outcome {
        case .success(let loaded):
            hot = loaded
            loadError = nil
            // Values set while it loaded.
            if !overrides.isEmpty { _ = applyOverrides() }
        case .failure(let error):
            loadError = error
            failedFile = Self.modified(path)  // tried again when the file changes, not at every look
        }
        return true
    }

    /// Waits for a background load to finish and takes its result (for tests and the scripted path).
    package func waitUntilLoaded() {
        pending?.wait()
        _ = adoptLoaded()
        hot?.waitForReload()
    }

    private static func modified(_ path: String) -> Date? {
        // try?: a file gone or unreadable has no date; nil differs from the last date, so the watcher looks again.
        (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
    }

    /// (Re)loads from scratch: after a failed first load, or when asked to rescan. In a child the
    /// load runs in the background, so a plugin slow to start or to make its indicator never holds
    /// up the window (its card says it is loading until ``adoptLoaded()`` takes the result); in
    /// this process it runs now.
    package func load() {
        guard case .childProcess = isolation else {
            do {
                hot = try HotReloadingPlugin(path: path, parametersJSON: json, isolation: isolation)
                loadError = nil
            } catch {
                loadError = error
                failedFile = Self.modified(path)  // tried again when the file changes, not at every look
            }
            return
        }
        guard pending == nil else { return }
        let path = path, json = json, isolation = isolation
        pending = BackgroundLoad { () throws(PluginError) in try HotReloadingPlugin(path: path, parametersJSON: json, isolation: isolation) }
    }

    /// Its name, or the file's name when it did not load.
    package var name: String { hot?.indicator.info.name ?? probed?.indicator.name ?? (path as NSString).lastPathComponent }
    /// Its id, or the file's name when it did not load.
    package var id: String { hot?.indicator.info.id ?? probed?.indicator.id ?? (path as NSString).lastPathComponent }
    /// The placement it is drawn for where none was chosen (push until it is loaded).
    package var placement: IndicatorPlacement { hot?.maker.info.placement ?? .push }
    /// Its version, as declared ("–" before it is known).
    package var version: String { hot?.indicator.info.version ?? probed?.indicator.version ?? "–" }
    /// The values set in the preview, as one text (a thumbnail drawn with others is drawn again).
    package var overridesSignature: String { json }

    /// The indicator to draw: the plugin, or one that shows why it is not there or why its
    /// parameters (or a file they name) cannot make one.
    package var indicator: any HostedIndicator {
        _ = adoptLoaded()
        loadIfNeeded()
        if isLoading { return LoadingIndicator(name: name, id: id) }
        guard let hot else { return FailedIndicator(error: loadError ?? PluginError(file: path, reason: .noSuchFile)) }
        if let error = parameterError ?? hot.inputError { return FailedIndicator(error: error) }
        return hot.indicator
    }

    /// The declared parameters.
    package var parameters: [ParameterSpec] { hot?.maker.info.parameters ?? [] }
    /// The languages it draws words in, in words ("draws words in en, zh-Hans, ar"); nil when it
    /// declares none (or has not loaded).
    package var languageWords: String? {
        let locales = hot?.maker.info.drawnLocales ?? probed?.drawnLocales ?? []
        return locales.isEmpty ? nil : "draws words in " + locales.joined(separator: ", ")
    }

    /// The current values, defaults filled in.
    package var values: ParameterValues? { hot?.indicator.parameters }

    private var json: String {
        "{" + overrides.keys.sorted().map { "\(ParameterValue.string($0).json): \(overrides[$0]!.json)" }.joined(separator: ", ") + "}"
    }

    /// Applies `overrides`; on failure returns why, and the error card stands in for the indicator.
    package func applyOverrides() -> PluginError? {
        // Not loaded yet: the values apply when it loads. Failed: it is not loaded for them.
        guard let hot else { return loadError }
        parameterError = hot.setParameters(json: json)
        return parameterError
    }

    /// Loads a rebuilt library if the file changed; returns a message for the panel when something happened.
    package func reloadIfChanged() -> String? {
        guard let hot else {
            // Not shown yet, or failed: a changed file is probed again, and loaded only if it can be.
            guard loadError != nil, let now = Self.modified(path), now != failedFile else { return nil }
            failedFile = now
            switch PluginProbe.probe([path])[0] {
            case .failure(let error):
                loadError = error
                return nil
            case .success:
                load()
                return loadError == nil ? "loaded \(name)" : nil
            }
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
