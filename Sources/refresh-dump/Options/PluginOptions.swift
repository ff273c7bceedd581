import ArgumentParser
import Foundation
import RefreshHost
import RefreshPluginSDK

/// Where to look for plugins: what every command that finds plugins takes.
struct SearchPathOptions: ParsableArguments {
    @Option(name: .customLong("plugin-path"), help: "A folder to look for plugins in (repeatable); searched before REFRESH_PLUGIN_PATH and the build folder.")
    var pluginPath: [String] = []

    /// `--plugin-path` folders, then `REFRESH_PLUGIN_PATH`, then the build folder.
    var searchPath: PluginSearchPath { .standard(extra: pluginPath) }
}

/// What a scenario may make a command do: options of `run` and `verify`.
struct ScenarioOptions: ParsableArguments {
    @Flag(name: .customLong("allow-plugin-paths"), help: "Let the scenario name plugins by path. Off by default: a scenario is data someone may have sent you, and loading a library runs its code.")
    var allowPluginPaths = false
    @Option(name: .customLong("max-frames"), help: "The most frames the scenario may ask for (default 20000).")
    var maxFrames: Int = ScenarioPlayer.defaultFrameLimit
    @OptionGroup var isolation: IsolationOptions

    /// Loads the scenario at `path`, lets `customize` change it (command-line overrides), and
    /// makes its player. Out of process, `spares` plugin-host children per edge are started first
    /// (``SparePluginHosts``), while the search path is probed: one for each
    /// player the caller will play the scenario on at once. The caller ends those left over.
    func player(_ path: String, search: SearchPathOptions, plugin: String?, parameters: [String: ParameterValue] = [:], spares: Int = 0,
                customize: (inout Scenario) throws -> Void = { _ in }) throws -> ScenarioPlayer {
        guard maxFrames >= 1, maxFrames <= 10_000_000 else { throw ValidationError("--max-frames must be 1...10000000") }
        var scenario = try Scenario.load(path: path, elementLimit: max(Scenario.defaultElementLimit, 2 * maxFrames))
        try customize(&scenario)
        if !isolation.inProcess { SparePluginHosts.shared.start(spares * scenario.edges.count) }
        let place = isolation.isolation
        let override = try plugin.map { reference throws(PluginError) in try place.load(search.searchPath.resolve(reference)) }
        return try ScenarioPlayer(scenario: scenario, searchPath: search.searchPath, pluginOverride: override, parameterOverrides: parameters,
                                  allowsPluginPaths: allowPluginPaths, frameLimit: maxFrames, isolation: place)
    }
}

/// Options every command that loads a plugin shares.
struct PluginOptions: ParsableArguments {
    @Option(name: .long, help: "The plugin: an id (dev.refreshkit.spinner), a name (Spinner) or a path to a .so.")
    var plugin: String
    @OptionGroup var search: SearchPathOptions
    @Option(name: .customLong("param"), help: "A parameter value, name=value (repeatable); values are JSON when they parse as JSON, else text.")
    var params: [String] = []
    @Option(name: .customLong("params"), help: "A parameter file, as the preview's Save writes it ({\"version\": 1, \"plugin id\": {\"name\": value}}) or one plugin's values ({\"name\": value}); --param entries override it.")
    var paramsFile: String?
    @OptionGroup var isolation: IsolationOptions

    /// The search path these options describe.
    var searchPath: PluginSearchPath { search.searchPath }

    /// The parameter values for `plugin` as a JSON object text, file first, then each --param.
    /// A value of the file that `plugin` refuses is named by file, line, column and parameter.
    func parametersJSON(for plugin: any LoadedPlugin) throws -> String {
        let given = try Self.parse(params)
        var values = try paramsFile.map { try ParametersFileOption(path: $0).values(for: plugin.info, except: given, required: true) ?? [:] } ?? [:]
        values.merge(given) { $1 }
        return ParameterValue.json(values)
    }

    /// `name=value` entries as values: JSON when the value parses as JSON, else text.
    static func parse(_ entries: [String]) throws -> [String: ParameterValue] {
        var values: [String: ParameterValue] = [:]
        for entry in entries {
            guard let equals = entry.firstIndex(of: "="), equals != entry.startIndex else {
                throw ValidationError("--param '\(entry)': expected name=value")
            }
            let name = String(entry[..<equals]), text = String(entry[entry.index(after: equals)...])
            // try?: a value that is not JSON (a number, true/false, a quoted string) is taken as the text itself, by design.
            values[name] = (try? JSONDecoder().decode(ParameterValue.self, from: Data(text.utf8))) ?? .string(text)
        }
        return values
    }

    /// Finds and loads the plugin where `isolation` says, then makes an indicator with the parameters.
    func makeIndicator(_ isolation: PluginIsolation) throws -> any HostedIndicator {
        try makePlacedIndicator(isolation).indicator
    }

    /// ``makeIndicator(_:)``, and the placement the plugin is drawn for where none is chosen.
    func makePlacedIndicator(_ isolation: PluginIsolation) throws -> (indicator: any HostedIndicator, placement: IndicatorPlacement) {
        let made = try makeDescribedIndicator(isolation)
        return (made.indicator, made.info.placement)
    }

    /// ``makeIndicator(_:)``, and what the plugin says of itself (its placement, the languages it draws words in).
    func makeDescribedIndicator(_ isolation: PluginIsolation) throws -> (indicator: any HostedIndicator, info: PluginInfo) {
        let path = try searchPath.resolve(plugin)
        let plugin = try isolation.load(path)
        return (try Self.checked(plugin.makeIndicator(parametersJSON: try parametersJSON(for: plugin)), path: path), plugin.info)
    }

    /// `indicator`, when its refresh length is one a host accepts (``Defaults/refreshLengths``).
    static func checked<Indicator: HostedIndicator>(_ indicator: Indicator, path: String) throws -> Indicator {
        guard Defaults.refreshLengths.contains(indicator.refreshLength) else {
            let range = "\(Int(Defaults.refreshLengths.lowerBound))...\(Int(Defaults.refreshLengths.upperBound))"
            throw PluginError(file: path, reason: .reported("refresh length \(indicator.refreshLength) pt is outside \(range) (a host would pull the list that far)"))
        }
        return indicator
    }

    /// ``makeIndicator()``, but a plugin that can draw the valid part of refused values (path data
    /// with a late error) is made leniently; the refusal comes back as a warning.
    func makeIndicatorLeniently(_ isolation: PluginIsolation) throws -> (indicator: any HostedIndicator, warning: PluginError?) {
        let path = try searchPath.resolve(plugin)
        let plugin = try isolation.load(path)
        let (indicator, warning) = try plugin.makeIndicatorLeniently(parametersJSON: try parametersJSON(for: plugin))
        return (try Self.checked(indicator, path: path), warning)
    }
}

/// Options describing one frame.
struct FrameOptions: ParsableArguments {
    @Option(help: "none, pulling:P, eligible, refreshing, finished:success|failure|noMoreData, noMoreData.")
    var state: String = "refreshing"
    @Option(name: .customLong("frame-progress"), help: "The frame's progress when it should differ from the state's, e.g. past 1 while eligible.")
    var progress: Double?
    @Option(help: "Visible pull distance in points (default: from progress and the indicator's length).")
    var pull: Double?
    @Option(help: "Animation clock, seconds.")
    var time: Double = 0
    @Option(name: .customLong("state-time"), help: "Seconds since the state began.")
    var stateTime: Double = 0
    @Option(help: "top, bottom, leading or trailing.")
    var edge: String = "top"
    @Option(help: "Frame size in points, WIDTHxHEIGHT.")
    var size: String = "\(Int(Defaults.bandSize.width))x\(Int(Defaults.bandSize.height))"
    @Option(help: "Pixels per point.")
    var scale: Double = 2
    @Option(help: "light or dark.")
    var theme: String = "light"
    @Option(help: "BCP 47 locale tag, e.g. en, zh-Hans, ar (ar, he, fa, ur lay out right to left).")
    var locale: String = "en"
    @Flag(name: .customLong("reduce-motion"), help: "Ask for no spinning or sliding.")
    var reduceMotion = false

    func spec() throws -> FrameSpec {
        var spec = FrameSpec(state: try FrameSpec.parseState(state), progress: progress)
        spec.pullDistance = pull
        spec.time = time
        spec.stateTime = stateTime
        guard let edge = RefreshEdge(rawValue: edge) else { throw ValidationError("--edge must be top, bottom, leading or trailing, not '\(edge)'") }
        spec.edge = edge
        spec.size = try FrameSpec.parseSize(size)
        do {
            try FrameSpec.checkPixels(size: spec.size, scale: scale)
        } catch {
            throw ValidationError("--\(error.field) \(error.reason)")
        }
        spec.scale = scale
        guard let scheme = IndicatorEnvironment.ColorScheme(rawValue: theme) else { throw ValidationError("--theme must be light or dark, not '\(theme)'") }
        guard Scenario.isLocaleTag(locale) else { throw ValidationError("--locale: '\(PluginError.printable(String(locale.prefix(40))))' is not a BCP 47 tag such as en, zh-Hans or ar") }
        spec.environment = IndicatorEnvironment(colorScheme: scheme, reduceMotion: reduceMotion,
                                                layoutDirection: TextDirection(locale: locale), locale: locale)
        for (name, value) in [("time", time), ("state-time", stateTime)] where !(value >= 0 && value <= IndicatorFrame.maximumTime) {
            throw ValidationError("--\(name) must be 0...\(Int(IndicatorFrame.maximumTime)) seconds")
        }
        if let pull, !(pull >= 0 && pull <= 100_000) { throw ValidationError("--pull must be 0...100000 points") }
        if let progress, !(progress >= -10 && progress <= 10) { throw ValidationError("--frame-progress must be -10...10") }
        return spec
    }
}
