import ArgumentParser
import Foundation
import RefreshSystem
import RefreshAnimationFiles
import RefreshHandoff
import RefreshHost
import RefreshPluginSDK
import RefreshCore

/// `refresh-dump report`: a folder a team opens in a browser: every plugin × scenario as a looping
/// video with a timeline, a tab per theme (and locale), and the handoff spec for engineers.
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
    @Option(name: .customLong("variant"), help: "A parameter set to compare beside the baseline, NAME: k=v, k=v for every plugin that has those parameters, or PLUGIN/NAME: k=v for one (repeatable; a column each).")
    var variants: [String] = []
    @Option(name: .customLong("params"), help: "A parameter file, as the preview's Save writes it: each plugin's cells (its variants' too) start from the values the file holds for it.")
    var paramsFile: String?
    @Flag(help: "Also write each column's indicator as Lottie beside its handoff code (handoff/COLUMN/NAME.json and NAME-dark.json, what its Lottie files play).")
    var export = false
    @Option(help: "Themes as tabs: light, dark or both (comma-separated).")
    var theme: String = "light"
    @Option(help: "Locales as tabs, comma-separated (ar, he, fa, ur lay out right to left; default: each scenario's own).")
    var locale: String?
    @OptionGroup var search: SearchPathOptions
    @Option(help: "Output folder.")
    var out: String = "out/report"
    @OptionGroup var sharding: ShardOptions
    @OptionGroup var isolation: IsolationOptions
    @Option(parsing: .upToNextOption, help: "Shard folders to combine into one page in --out (nothing is rendered).")
    var merge: [String] = []

    /// One cell: what the page shows and the timeline's data.
    struct Cell: Codable {
        /// Its place in the page (the order of themes, scenarios, plugins), whichever shard made it.
        var index = 0
        var plugin: String
        var pluginName: String
        /// The page's column: the plugin, and its variant when there are variants.
        var column: String
        var columnName: String
        var scenario: String
        var theme: String
        /// The tab it shows under: the theme, with the locale when there are locales.
        var tab: String
        var video: String
        var poster: String
        var fps: Double
        var frames: Int
        /// Per frame: each edge's state name and progress, e.g. `top refreshing 1.00`.
        var states: [String]
        /// Frames where a state changed, with the new state: the timeline's markers.
        var markers: [Marker]
        /// Frames where the container asked for a haptic, with its kind: the timeline's ticks.
        var haptics: [Marker]?
        var errors: [String]
        /// "never refreshes: trigger 140 pt, pull reached 118 pt" when a pulled edge never reached its trigger.
        var badge: String?
        /// Why a variant's column shows the baseline here; the cell then shows the ``sameAs`` column's cell.
        var note: String?
        var sameAs: String?
    }

    struct Marker: Codable {
        var frame: Int
        var label: String
    }

    func run() throws {
        OutputRoots.add(out)
        if !merge.isEmpty { return try mergeShards() }
        let themes = try theme.split(separator: ",").map { name -> IndicatorEnvironment.ColorScheme in
            guard let scheme = IndicatorEnvironment.ColorScheme(rawValue: String(name)) else { throw ValidationError("--theme: '\(name)' is not light or dark") }
            return scheme
        }
        let searchPath = search.searchPath
        let found = searchPath.probed()
        let pluginPaths = try plugins.isEmpty
            // try?: with no --plugin the page shows the plugins that load; `list` names the ones that do not.
            ? found.compactMap { try? $0.result.get() }.filter { !$0.indicator.id.hasPrefix("com.example.") }.map(\.path)
            : plugins.map { try searchPath.resolve($0, among: found) }
        guard !pluginPaths.isEmpty else { throw ValidationError("no plugins found; pass --plugin or --plugin-path") }
        let scenarioPaths = scenarios.isEmpty
            // try?: no scenario folder is reported just below as no scenarios.
            ? ((try? FileManager.default.contentsOfDirectory(atPath: Assets.path("Scenarios") ?? "")) ?? []).filter { $0.hasSuffix(".json") }.sorted().map { "Scenarios/" + $0 }.compactMap(Assets.path)
            : scenarios
        guard !scenarioPaths.isEmpty else { throw ValidationError("no scenarios; pass --scenario") }

        // Every cell, in the page's order, with what it costs (its frames): shards split this list.
        // A variant a plugin cannot take is a cell of no cost that shows the plugin's baseline.
        let variants = try variants.map(ReportVariant.init(parsing:))
        let infos = variants.isEmpty && paramsFile == nil ? [:] : Self.infos(of: pluginPaths, isolation: isolation.isolation)
        try ReportVariant.check(variants, against: Array(infos.values))
        var fileValues: [String: [String: ParameterValue]] = [:]
        if let paramsFile {
            let file = try ParametersFileOption(path: paramsFile)
            for path in pluginPaths { fileValues[path] = try infos[path].flatMap { try file.values(for: $0, required: false) } }
            if fileValues.values.allSatisfy(\.isEmpty) {
                throw InputFileError(file: paramsFile, reason: "holds no values for the page's plugins", kind: ParametersFileOption.kind)
            }
        }
        var jobs: [(scenario: Scenario, tab: String, plugin: String, variant: String, parameters: [String: ParameterValue], cost: Int, note: String?)] = []
        let locales: [String?] = try locale.map(LocaleList.tags) ?? [nil]
        var tabs: [String] = []
        for scheme in themes {
          for localeTag in locales {
            let tab = localeTag.map { "\(scheme.rawValue) · \($0)" } ?? scheme.rawValue
            tabs.append(tab)
            for scenarioPath in scenarioPaths {
                var scenario = try Scenario.load(path: scenarioPath)
                scenario.environment.colorScheme = scheme
                if let localeTag {
                    scenario.environment.locale = localeTag
                    scenario.environment.layoutDirection = TextDirection(locale: localeTag)
                }
                for pluginPath in pluginPaths {
                    let cost = ScenarioPlayer.totalFrames(of: scenario)
                    let baseline = fileValues[pluginPath] ?? [:]
                    jobs.append((scenario, tab, pluginPath, "", baseline, cost, nil))
                    for variant in variants {
                        let note = infos[pluginPath].map(variant.baselineNote) ?? "the baseline: the plugin did not load"
                        jobs.append((scenario, tab, pluginPath, variant.name, baseline.merging(variant.overrides) { $1 }, note == nil ? cost : 0, note))
                    }
                }
            }
          }
        }
        // Each column's handoff comes from its first cell (the first tab and scenario).
        var seenColumns = Set<String>()
        let handoffJobs = Set(jobs.indices.filter { jobs[$0].note == nil && seenColumns.insert("\(jobs[$0].plugin) · \(jobs[$0].variant)").inserted })
        let (shardIndex, shardCount) = try sharding.resolved()
        let mine = Self.assign(costs: jobs.map(\.cost), shards: shardCount)[shardIndex]

        try makeDirectory(out)
        var cells: [Cell] = []
        var handoffs: [ReportHandoff] = []
        var spec: JSONValue = [:]
        var failed = 0
        for index in mine {
            let job = jobs[index]
            if let note = job.note {
                var cell = baselineCell(job.scenario, plugin: job.plugin, info: infos[job.plugin], tab: job.tab, variant: job.variant, note: note)
                cell.index = index
                cells.append(cell)
                continue
            }
            var player: ScenarioPlayer
            do {
                player = try ScenarioPlayer(scenario: job.scenario, searchPath: searchPath, pluginOverride: isolation.isolation.load(job.plugin),
                                            parameterOverrides: job.parameters, allowsPluginPaths: true)
            } catch {
                // A plugin that does not load (or crashes loading) is a card in its cell; the other cells go on.
                var cell = try failedCell(job.scenario, plugin: job.plugin, tab: job.tab, variant: job.variant, message: PlainErrorText.words(error))
                cell.index = index
                cells.append(cell)
                failed += 1
                FileHandle.standardError.write(Data("error: \(cell.tab) \(cell.scenario) \(cell.columnName): \(PlainErrorText.words(error))\n".utf8))
                continue
            }
            var (cell, lengthening) = try render(player, tab: job.tab, variant: job.variant)
            // A plugin whose trigger lies beyond the scenario's pull is played again with longer
            // drags, so that every plugin is reviewed refreshing; the cell says so.
            // try?: a plugin that loaded once and not the second time keeps the cell first played.
            if let factor = lengthening, let longer = try? ScenarioPlayer(scenario: job.scenario.lengtheningDrags(by: factor), searchPath: searchPath,
                                                                          pluginOverride: isolation.isolation.load(job.plugin),
                                                                          parameterOverrides: job.parameters, allowsPluginPaths: true) {
                let (again, stillShort) = try render(longer, tab: job.tab, variant: job.variant)
                if stillShort == nil {
                    let written = cell.badge ?? "never refreshes"
                    (player, cell) = (longer, again)
                    cell.badge = "\(written) as written; played with drags \(Int((factor * 100).rounded())) % as long"
                }
            }
            let handoff = handoffJobs.contains(index) ? HandoffSpec(player: player) : nil
            if let handoff {
                let shown = export ? RefreshEdge.allCases.lazy.compactMap({ player.slots[$0] }).first : nil
                handoffs.append(try ReportHandoff.write(handoff, column: cell.column, title: cell.columnName, in: out, exporting: shown))
            }
            cell.index = index
            cells.append(cell)
            if let (_, error) = player.stoppedPlugin {
                failed += 1
                FileHandle.standardError.write(Data("error: \(cell.tab) \(cell.scenario) \(cell.columnName): \(PlainErrorText.words(error))\n".utf8))
            }
            spec = spec.merged(with: Self.specFragment(player, column: cell.column))
            print("\(cell.tab) \(cell.scenario) \(cell.columnName): \(cell.frames) frames")
        }
        let result = ShardResult(index: shardIndex, count: shardCount, themes: tabs, cells: cells,
                                 spec: String(decoding: spec.data(), as: UTF8.self), handoff: handoffs)
        try OutputFile.write(Self.encoder.encode(result), to: "\(out)/\(ShardResult.fileName(shardIndex, shardCount))")
        if shardCount == 1 {
            try writePage(cells: cells, spec: spec, themes: result.themes, handoff: handoffs)
        } else {
            print("shard \(shardIndex)/\(shardCount): \(cells.count) of \(jobs.count) cells in \(out); combine the shards with report --merge")
        }
        ShardOptions.acknowledge()
        if failed > 0 {
            FileHandle.standardError.write(Data("report: \(failed) of \(mine.count) cells have a plugin that crashed, hung or did not load; they show its card\n".utf8))
            throw ExitCode(1)
        }
    }

    /// The cell of a plugin that could not be loaded for `scenario`: its poster is the error card
    /// with `message`, and it has no video.
    func failedCell(_ scenario: Scenario, plugin: String, tab: String, variant: String, message: String) throws -> Cell {
        let id = (plugin as NSString).lastPathComponent
        let poster = try cellFile(tab: tab, scenario: scenario.fileName, id: id, variant: variant) + ".png"
        let size = scenario.windowRect().size  // the size of the other cells' frames
        let image = try ImageSurface(size: size, scale: 2)
        let canvas = Canvas(surface: image)
        canvas.clear(FrameRenderer.background(for: scenario.environment.colorScheme))
        ErrorCard.draw(message, in: canvas, rect: Rect(x: 0, y: 0, width: size.width, height: size.height), scheme: scenario.environment.colorScheme)
        try image.writePNG(to: "\(out)/\(poster)")
        let column = variant.isEmpty ? id : "\(id) · \(variant)"
        return Cell(plugin: id, pluginName: id, column: column, columnName: column, scenario: scenario.fileName, theme: scenario.environment.colorScheme.rawValue,
                    tab: tab, video: "", poster: poster, fps: scenario.fps, frames: 1, states: ["did not load"], markers: [], haptics: [], errors: [message])
    }

    /// What one shard wrote: its cells and its part of the spec (`report-shard-I-of-N.json`).
    struct ShardResult: Codable {
        /// The shard file's format version (``FileVersion``): ``version`` when written, nil (version 1) before shards carried it.
        var version: Int? = Self.version
        /// The shard format this build writes and reads.
        static let version = 1
        var index: Int
        var count: Int
        var themes: [String]
        var cells: [Cell]
        /// The spec's JSON object as text (merged with the other shards' by ``merged(_:_:)``).
        var spec: String
        /// The handoff of each column whose first cell this shard rendered.
        var handoff: [ReportHandoff]?

        static func fileName(_ index: Int, _ count: Int) -> String { "report-shard-\(index)-of-\(count).json" }
    }

    /// Keys sorted: the same report twice is the same files, byte for byte.
    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    /// Splits jobs of `costs` into `shards` lists of indices, balanced by cost: the costliest first,
    /// each to the shard with the least so far (the lowest-numbered on a tie). Deterministic.
    static func assign(costs: [Int], shards: Int) -> [[Int]] {
        var lists = Array(repeating: [Int](), count: shards), loads = Array(repeating: 0, count: shards)
        for index in costs.indices.sorted(by: { (costs[$0], -$0) > (costs[$1], -$1) }) {
            let target = loads.indices.min { (loads[$0], $0) < (loads[$1], $1) }!
            lists[target].append(index)
            loads[target] += costs[index]
        }
        return lists.map { $0.sorted() }
    }

    /// `report --merge DIR…`: the shards' cells and spec as one page in `out`, their files copied in.
    func mergeShards() throws {
        var results: [ShardResult] = []
        for folder in merge {
            // try?: an unreadable folder is reported below as holding no shards, with its name.
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasPrefix("report-shard-") && $0.hasSuffix(".json") }
            guard !names.isEmpty else { throw ValidationError("--merge \(folder): no report-shard-*.json (run report --shard there first)") }
            for name in names {
                let result = try InputFileError.decode(ShardResult.self, at: "\(folder)/\(name)", limit: 256 << 20, kind: "--merge",
                                                       expected: "not a shard result (it has the fields of another file)", newestVersion: ShardResult.version)
                // A shard is a file someone may have sent: its tabs must be tabs this command makes,
                // checked before anything of it is copied.
                for (index, tab) in result.themes.enumerated() where !Self.isTab(tab) {
                    throw ValidationError("--merge: shard \(result.index) of \(result.count): themes[\(index)]: \(InputFileError.quoted(tab)) is not a tab (light or dark, with a locale: 'dark · ar')")
                }
                for (index, cell) in result.cells.enumerated() {
                    for (field, file) in [("video", cell.video), ("poster", cell.poster)] where !file.isEmpty && !Self.isCellFile(file) {
                        throw ValidationError("--merge: shard \(result.index) of \(result.count): cells[\(index)].\(field): \(InputFileError.quoted(file)) is not a file under cells/")
                    }
                    if !Self.isTab(cell.tab) { throw ValidationError("--merge: shard \(result.index) of \(result.count): cells[\(index)].tab: \(InputFileError.quoted(cell.tab)) is not a tab") }
                }
                for (index, handoff) in (result.handoff ?? []).enumerated() where !handoff.isWellFormed {
                    throw ValidationError("--merge: shard \(result.index) of \(result.count): handoff[\(index)]: a file outside handoff/COLUMN/")
                }
                results.append(result)
            }
        }
        let count = results[0].count
        let present = Set(results.map(\.index))
        guard results.allSatisfy({ $0.count == count && $0.themes == results[0].themes }), present == Set(0..<count), results.count == count else {
            throw ValidationError("--merge: shards \(present.sorted()) of \(count) (each once, from one report) — missing \(Set(0..<count).subtracting(present).sorted())")
        }
        // Everything is checked before anything is written.
        try makeDirectory(out)
        for folder in merge {
            try FileTree.copy(from: "\(folder)/cells", to: "\(out)/cells")
            if FileManager.default.fileExists(atPath: "\(folder)/handoff") { try FileTree.copy(from: "\(folder)/handoff", to: "\(out)/handoff") }
        }
        var spec: JSONValue = [:]
        for result in results.sorted(by: { $0.index < $1.index }) {
            do { spec = spec.merged(with: try JSONValue(parsing: Data(result.spec.utf8))) } catch {
                throw ValidationError("--merge: the spec of shard \(result.index) of \(result.count) is not JSON")
            }
        }
        let columns = results.flatMap(\.cells).sorted { $0.index < $1.index }.map(\.column)
        let handoff = results.flatMap { $0.handoff ?? [] }.sorted { (columns.firstIndex(of: $0.column) ?? .max) < (columns.firstIndex(of: $1.column) ?? .max) }
        try writePage(cells: results.flatMap(\.cells).sorted { $0.index < $1.index }, spec: spec, themes: results[0].themes, handoff: handoff)
    }

    /// Whether `tab` is one ``run()`` makes: a colour scheme, or a scheme, ` · ` and a locale tag.
    static func isTab(_ tab: String) -> Bool {
        let parts = tab.components(separatedBy: " · ")
        guard let scheme = parts.first, IndicatorEnvironment.ColorScheme(rawValue: scheme) != nil, parts.count <= 2 else { return false }
        return parts.count == 1 || Scenario.isLocaleTag(parts[1])
    }

    /// Whether `path` is one ``cellFile(tab:scenario:id:variant:)`` makes: relative, under `cells/`,
    /// of safe names (no `..`, no scheme, no query), so a shard cannot point the page elsewhere.
    static func isCellFile(_ path: String) -> Bool { OwnFile.isInside("cells", path) }

    /// Writes `index.html` and `spec.json` for `cells` (in page order).
    func writePage(cells: [Cell], spec: JSONValue, themes: [String], handoff: [ReportHandoff]) throws {
        let specData = spec.data(pretty: true)
        try OutputFile.write(specData, to: "\(out)/spec.json")
        let cellData = try Self.encoder.encode(cells)
        let handoffData = try Self.encoder.encode(handoff)
        try OutputFile.write(ReportPage.html(cells: String(decoding: cellData, as: UTF8.self), spec: String(decoding: specData, as: UTF8.self), themes: themes,
                                             handoff: String(decoding: handoffData, as: UTF8.self)),
                             to: "\(out)/index.html")
        print("report: \(out)/index.html (\(cells.count) cells, spec \(out)/spec.json)")
    }

    /// What each of `paths` is, parameters included (loaded where `isolation` says: a probe
    /// leaves them out); a plugin that does not load has none. Only loaded when there are variants.
    static func infos(of paths: [String], isolation: PluginIsolation) -> [String: PluginInfo] {
        var infos: [String: PluginInfo] = [:]
        for path in paths {
            // try?: a plugin that does not load shows its card in every cell; its variants say so.
            if let plugin = try? isolation.load(path) { infos[path] = plugin.info }
        }
        return infos
    }

    /// The cell of a variant `plugin` cannot take: it shows the plugin's baseline cell, with `note`.
    func baselineCell(_ scenario: Scenario, plugin: String, info: PluginInfo?, tab: String, variant: String, note: String) -> Cell {
        let id = info?.indicator.id ?? (plugin as NSString).lastPathComponent, name = info?.indicator.name ?? id
        return Cell(plugin: id, pluginName: name, column: "\(id) · \(variant)", columnName: "\(name) · \(variant)", scenario: scenario.fileName,
                    theme: scenario.environment.colorScheme.rawValue, tab: tab, video: "", poster: "", fps: scenario.fps, frames: 0, states: [],
                    markers: [], haptics: [], errors: [], note: note, sameAs: id)
    }

    /// A cell's files without their extension, relative to the page (`cells/TAB/SCENARIO/ID-VARIANT`);
    /// the folder is made.
    func cellFile(tab: String, scenario: String, id: String, variant: String) throws -> String {
        let folder = "cells/\(Scenario.safeFileName(tab.replacingOccurrences(of: " · ", with: "-")))/\(scenario)"
        try makeDirectory("\(out)/\(folder)")
        return "\(folder)/\(Scenario.safeFileName(variant.isEmpty ? id : "\(id)-\(variant)"))"
    }

    /// Plays `player` to the end: the MP4, a poster frame and the timeline's data. The poster is
    /// the frame that shows the indicator best: the first refreshing one, else the deepest pull.
    /// Also how much longer the scenario's drags would have to be for the plugin to refresh (nil
    /// when it did).
    func render(_ player: ScenarioPlayer, tab: String, variant: String) throws -> (Cell, lengthening: Double?) {
        let theme = player.scenario.environment.colorScheme.rawValue
        let plugin = player.slots.values.first?.indicator.info
        let id = plugin?.id ?? "unknown", scenario = player.scenario.fileName
        let column = variant.isEmpty ? id : "\(id) · \(variant)"
        let rect = player.windowRect(nil)
        let file = try cellFile(tab: tab, scenario: scenario, id: id, variant: variant)
        let video = "\(file).mp4", poster = "\(file).png"
        var encoder: (any AnimationEncoder)?
        var states: [String] = [], markers: [Marker] = [], errors = Set<String>()
        var last = ""
        var posterImage: (image: ImageSurface, refreshing: Bool, pull: Double)?
        var reach = EdgeReach()
        while try player.advance() {
            let (image, problems) = try player.render(window: rect, scale: 2)
            problems.forEach { errors.insert($0.description) }
            if encoder == nil {
                encoder = try AnimationFormat.mp4.encoder(path: "\(out)/\(video)", width: image.width, height: image.height, frameRate: player.scenario.fps)
            }
            try encoder?.add(image, duration: player.frameDuration)
            reach.observe(player.driver.container, edges: player.scenario.edges.keys.sorted())
            let refreshing = player.scenario.edges.keys.contains { player.driver.container.state(of: $0) == .refreshing }
            let pull = player.scenario.edges.keys.map { player.driver.container.status(of: $0)?.pull.distance ?? 0 }.max() ?? 0
            if posterImage == nil || (refreshing && !posterImage!.refreshing) || (!posterImage!.refreshing && pull > posterImage!.pull) {
                posterImage = (image, refreshing, pull)
            }
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
        try posterImage?.image.writePNG(to: "\(out)/\(poster)")
        let name = plugin?.name ?? id
        return (Cell(plugin: id, pluginName: name, column: column, columnName: variant.isEmpty ? name : "\(name) · \(variant)", scenario: scenario, theme: theme, tab: tab, video: video, poster: poster,
                    fps: player.scenario.fps, frames: states.count, states: states, markers: markers,
                    haptics: player.events.compactMap { if case .haptic(let edge, let kind) = $0.event { Marker(frame: $0.frame, label: "\(edge.rawValue) \(kind.rawValue)") } else { nil } },
                    errors: errors.sorted(), badge: reach.badge), reach.lengthening)
    }

    static func name(of state: RefreshState) -> String {
        switch state {
        case .finished(let result): "finished(\(result))"
        case .pulling: "pulling"
        default: "\(state)"
        }
    }
}
