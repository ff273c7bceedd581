import RefreshPluginSDK

/// A plugin loaded and ready to make indicators: a ``PluginLibrary`` in this process, or a
/// ``PluginHostProcess`` holding the library in a child. Not an indicator itself: what it makes
/// is a ``HostedIndicator`` (a ``PluginIndicator`` or a ``RemoteIndicator``).
public protocol LoadedPlugin: AnyObject {
    /// The kind of indicator it makes.
    associatedtype Indicator: HostedIndicator
    /// The plugin's metadata and parameters.
    var info: PluginInfo { get }
    /// What the plugin wrote into the host's log, oldest first.
    var logLines: [String] { get }
    /// Makes an indicator from parameter values given as a JSON object; values are checked
    /// against the declared parameters first.
    func makeIndicator(parametersJSON: String) throws(PluginError) -> Indicator
}

extension PluginLibrary: LoadedPlugin {}
