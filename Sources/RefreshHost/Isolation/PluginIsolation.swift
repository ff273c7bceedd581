/// Where a plugin's code runs.
public enum PluginIsolation: Sendable, Equatable {
    /// In this process: a little faster, and a debugger sees the plugin; a crash or hang in the
    /// plugin is the host's.
    case inProcess
    /// In a plugin-host child (``PluginHostProcess``): a crash or hang ends only the child, and
    /// the frames are the same bytes. A frame over `frameLimit` seconds of CPU ends the child.
    case childProcess(frameLimit: Double = PluginHostProcess.defaultFrameLimit)

    /// Loads the plugin at `path` where this says; a library found by id or name must report the
    /// id it was found by (``PluginSearchPath/resolve(_:among:)``).
    public func load(_ path: String) throws(PluginError) -> any LoadedPlugin {
        let loaded: any LoadedPlugin = switch self {
        case .inProcess: try PluginLibrary(path: path)
        case .childProcess(let frameLimit): try PluginHostProcess(path: path, frameLimit: frameLimit)
        }
        try PluginSearchPath.confirm(loaded.info.indicator.id, at: path)
        return loaded
    }
}
