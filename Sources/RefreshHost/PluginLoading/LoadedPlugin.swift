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
    /// Why the plugin can draw no more (its child crashed, hung or ended), or nil while it can.
    var stopped: PluginError? { get }
    /// What the plugin tried that its sandbox refused, in words, once per kind (none in process).
    var refusals: [String] { get }
    /// Makes an indicator from parameter values given as a JSON object; values are checked
    /// against the declared parameters first.
    func makeIndicator(parametersJSON: String) throws(PluginError) -> Indicator
}

extension PluginLibrary: LoadedPlugin {
    /// Nil: a plugin in this process that stops takes the process with it.
    public var stopped: PluginError? { nil }
}

extension LoadedPlugin {
    /// None: a plugin that runs without a sandbox is refused nothing.
    public var refusals: [String] { [] }
}

extension LoadedPlugin {
    /// Makes an indicator; when the plugin refuses the values but can draw what is valid of them
    /// (it declares a bool parameter `lenient`, as Path Drawing does for path data with a late
    /// error), makes it again leniently and returns the refusal as a warning.
    public func makeIndicatorLeniently(parametersJSON json: String = "{}") throws(PluginError) -> (indicator: Indicator, warning: PluginError?) {
        do {
            return (try makeIndicator(parametersJSON: json), nil)
        } catch {
            guard case .createFailed = error.reason,
                  info.parameters.contains(where: { $0.name == "lenient" && $0.defaultValue == .bool(false) }),
                  // try?: any failure of the lenient retry leaves the first error, which is the one thrown.
                  var values = try? ParameterValues(specs: info.parameters, json: json), values.values["lenient"] == .bool(false),
                  (try? values.set("lenient", .bool(true), specs: info.parameters)) != nil,
                  let indicator = try? makeIndicator(parametersJSON: values.json) else { throw error }
            return (indicator, error)
        }
    }
}

