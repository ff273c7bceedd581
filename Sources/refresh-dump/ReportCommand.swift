import ArgumentParser
import Foundation
import RefreshExport
import RefreshHost
import RefreshPluginSDK

/// `refresh-dump report`: a folder a team opens in a browser: every plugin × scenario as a looping
/// video with a timeline, per theme, and the handoff spec for engineers.
struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Write a review page (index.html, videos, spec.json): plugins × scenarios, with timelines and the handoff spec.",
        discussion: """
            Open OUT/index.html in any browser (it needs no network). Each cell loops the scenario's band as an \
            MP4; its timeline marks where states change; click a cell's timeline or use ← → to step frame by frame.
            Example: refresh-dump report --plugin Spinner --plugin Lottie --scenario pull-to-refresh --theme light,dark
            """
    )

    @Option(name: .customLong("plugin"), help: "A plugin to include (repeatable; default: every plugin found).")
    var plugins: [String] = []
    @Option(name: .customLong("scenario"), help: "A scenario file or shipped name (repeatable; default: every shipped scenario).")
    var scenarios: [String] = []
    @Option(help: "Themes as tabs: light, dark or both (comma-separated).")
    var theme: String = "light"
    @OptionGroup var search: SearchPathOptions
    @Option(help: "Output folder.")
    var out: String = "out/report"

    /// One cell: what the page shows and the timeline's data.
    struct Cell: Encodable {
        var plugin: String
        var pluginName: String
        var scenario: String
        var theme: String
        var video: String
        var poster: String
        var fps: Double
        var frames: Int
        /// Per frame: each edge's state name and progress, e.g. `top refreshing 1.00`.
        var states: [String]
        /// Frames where a state changed, with the new state: the timeline's markers.
        var markers: [Marker]
        var errors: [String]
    }

    struct Marker: Encodable {
        var frame: Int
        var label: String
    }

    func run() throws {
        let themes = try theme.split(separator: ",").map { name -> IndicatorEnvironment.ColorScheme in
            guard let scheme = IndicatorEnvironment.ColorScheme(rawValue: String(name)) else { throw ValidationError("--theme: '\(name)' is not light or dark") }
            return scheme
        }
        let searchPath = search.searchPath
        let found = searchPath.probed()
        let pluginPaths = try plugins.isEmpty
            ? found.compactMap { try? $0.result.get() }.filter { !$0.indicator.id.hasPrefix("com.example.") }.map(\.path)
            : plugins.map { try searchPath.resolve($0, among: found) }
        guard !pluginPaths.isEmpty else { throw ValidationError("no plugins found; pass --plugin or --plugin-path") }
        let scenarioPaths = scenarios.isEmpty
            ? ((try? FileManager.default.contentsOfDirectory(atPath: Assets.path("Scenarios") ?? "")) ?? []).filter { $0.hasSuffix(".json") }.sorted().map { "Scenarios/" + $0 }.compactMap(Assets.path)
            : scenarios
        guard !scenarioPaths.isEmpty else { throw ValidationError("no scenarios; pass --scenario") }

        try makeDirectory(out)
        var cells: [Cell] = []
        var spec: [String: Any] = [:]
        var pluginSpecs: [String: Any] = [:]
        for scheme in themes {
            for scenarioPath in scenarioPaths {
                var scenario = try Scenario.load(path: scenarioPath)
                scenario.environment.colorScheme = scheme
                for pluginPath in pluginPaths {
                    let player = try ScenarioPlayer(scenario: scenario, searchPath: searchPath, pluginOverride: pluginPath, allowsPluginPaths: true)
                    let cell = try render(player, theme: scheme.rawValue)
                    cells.append(cell)
                    spec[scenario.fileName] = Self.edgeSpec(player, merging: spec[scenario.fileName] as? [String: Any])
                    if pluginSpecs[cell.plugin] == nil { pluginSpecs[cell.plugin] = Self.pluginSpec(player) }
                    print("\(scheme.rawValue) \(scenario.fileName) \(cell.pluginName): \(cell.frames) frames")
                }
            }
        }
        let handoff: [String: Any] = ["scenarios": spec, "plugins": pluginSpecs,
                                      "physics": ["rubberBandCoefficient": RubberBand().coefficient, "spring": ["mass": Spring.critical.mass, "stiffness": Spring.critical.stiffness, "dampingRatio": Spring.critical.dampingRatio]]]
        let specData = try JSONSerialization.data(withJSONObject: handoff, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        try specData.write(to: URL(fileURLWithPath: "\(out)/spec.json"))
        let cellData = try JSONEncoder().encode(cells)
        try ReportPage.html(cells: String(decoding: cellData, as: UTF8.self), spec: String(decoding: specData, as: UTF8.self),
                            themes: themes.map(\.rawValue)).write(toFile: "\(out)/index.html", atomically: true, encoding: .utf8)
        print("report: \(out)/index.html (\(cells.count) cells, spec \(out)/spec.json)")
    }

    /// Plays `player` to the end: the MP4, a poster frame and the timeline's data.
    func render(_ player: ScenarioPlayer, theme: String) throws -> Cell {
        let plugin = player.slots.values.first?.indicator.info
        let id = plugin?.id ?? "unknown", scenario = player.scenario.fileName
        let folder = "cells/\(theme)/\(scenario)"
        try makeDirectory("\(out)/\(folder)")
        let rect = player.windowRect(nil)
        let video = "\(folder)/\(Scenario.safeFileName(id)).mp4", poster = "\(folder)/\(Scenario.safeFileName(id)).png"
        var encoder: (any AnimationEncoder)?
        var states: [String] = [], markers: [Marker] = [], errors = Set<String>()
        var last = ""
        while try player.advance() {
            let (image, problems) = try player.render(window: rect, scale: 2)
            problems.forEach { errors.insert($0.description) }
            if encoder == nil {
                encoder = try AnimationFormat.mp4.encoder(path: "\(out)/\(video)", width: image.width, height: image.height, frameRate: player.scenario.fps)
                try image.writePNG(to: "\(out)/\(poster)")
            }
            try encoder?.add(image, duration: player.frameDuration)
            let now = player.scenario.edges.keys.sorted().map { edge -> String in
                let state = player.driver.container.state(of: edge)
                return "\(edge.rawValue) \(Self.name(of: state)) \(String(format: "%.2f", player.driver.container.status(of: edge)?.progress ?? 0))"
            }.joined(separator: " · ")
            let kinds = now.split(separator: "·").map { $0.split(separator: " ").dropLast().joined(separator: " ") }.joined(separator: " · ")
            if kinds != last {
                markers.append(Marker(frame: states.count, label: kinds))
                last = kinds
            }
            states.append(now)
        }
        try encoder?.finish()
        return Cell(plugin: id, pluginName: plugin?.name ?? id, scenario: scenario, theme: theme, video: video, poster: poster,
                    fps: player.scenario.fps, frames: states.count, states: states, markers: markers, errors: errors.sorted())
    }

    static func name(of state: RefreshState) -> String {
        switch state {
        case .finished(let result): "finished(\(result))"
        case .pulling: "pulling"
        default: "\(state)"
        }
    }

    /// What an engineer needs to rebuild the scenario's edges: each edge's distances and timing.
    /// An edge that does not set its trigger distance takes the plugin's refresh length, so that
    /// one is listed per plugin (`earlier` is the spec so far, from the other plugins).
    static func edgeSpec(_ player: ScenarioPlayer, merging earlier: [String: Any]?) -> [String: Any] {
        var edges = earlier?["edges"] as? [String: [String: Any]] ?? [:]
        let plugin = player.slots.values.first?.indicator.info.id ?? "unknown"
        for (edge, setup) in player.scenario.edges {
            let c = setup.configuration
            let trigger = c.triggerDistance ?? player.slots[edge]?.refreshLength ?? 0
            var byPlugin = edges[edge.rawValue]?["triggerDistanceByPlugin"] as? [String: Any] ?? [:]
            byPlugin[plugin] = trigger
            edges[edge.rawValue] = [
                "triggerDistance": c.triggerDistance as Any? ?? NSNull(), "triggerDistanceByPlugin": byPlugin,
                "startOffset": c.startOffset, "holdExtent": c.holdExtent as Any? ?? NSNull(),
                "policy": "\(c.triggerPolicy)", "preloadDistance": c.preloadDistance as Any? ?? NSNull(), "resultHoldTime": c.resultHoldTime,
            ] as [String: Any]
        }
        return ["fps": player.scenario.fps, "edges": edges]
    }

    /// A plugin's identity and the parameter values it ran with.
    static func pluginSpec(_ player: ScenarioPlayer) -> [String: Any] {
        guard let slot = player.slots.values.first, let plugin = slot.indicator as? any PluginInstance else { return [:] }
        var values: [String: Any] = [:]
        for (name, value) in plugin.parameters.values {
            switch value {
            case .number(let n): values[name] = n
            case .bool(let b): values[name] = b
            case .string(let s): values[name] = s
            case .color(let c): values[name] = c.hex
            }
        }
        return ["name": plugin.info.name, "version": plugin.info.version, "refreshLength": plugin.refreshLength, "parameters": values]
    }
}
