import RefreshPluginSDK

/// An indicator made by a loaded plugin, wherever that plugin runs: in this process
/// (``PluginIndicator``) or in a plugin-host child (``RemoteIndicator``).
public protocol PluginInstance: HostedIndicator {
    /// The values it was made with, defaults filled in.
    var parameters: ParameterValues { get }
    /// The plugin's metadata and parameters.
    var pluginInfo: PluginInfo { get }
    /// What the plugin wrote into the host's log, oldest first.
    var logLines: [String] { get }
}

/// A loaded plugin that makes indicators: a ``PluginLibrary`` in this process, or a
/// ``PluginHostProcess`` holding the library in a child.
public protocol PluginMaker: AnyObject {
    /// The plugin's metadata and parameters.
    var info: PluginInfo { get }
    /// Makes an indicator from parameter values given as a JSON object; values are checked
    /// against the declared parameters first.
    func makeInstance(parametersJSON: String) throws(PluginError) -> any PluginInstance
}

extension PluginIndicator: PluginInstance {
    /// The library's metadata.
    public var pluginInfo: PluginInfo { library.info }
    /// The library's log.
    public var logLines: [String] { library.logLines }
}

extension PluginLibrary: PluginMaker {
    /// ``makeIndicator(parametersJSON:)`` as a ``PluginMaker``.
    public func makeInstance(parametersJSON: String) throws(PluginError) -> any PluginInstance {
        try makeIndicator(parametersJSON: parametersJSON)
    }
}
