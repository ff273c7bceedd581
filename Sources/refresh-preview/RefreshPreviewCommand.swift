import ArgumentParser
import RefreshSystem
import RefreshCommandLine
import Foundation
import RefreshAnimationFiles
import RefreshHost
import RefreshPreviewSession
import RefreshPluginSDK

/// `refresh-preview`: the designer's window.
@main
struct RefreshPreviewCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "refresh-preview",
        abstract: "Drag a simulated list with the mouse and watch refresh indicators live.",
        discussion: """
            Press ? in the window for the keys. Drop a file on the window to open it, as --open does: an SVG \
            (Path Drawing), a Lottie JSON or .lottie (Lottie), a folder of PNG frames or one numbered frame \
            (Image Sequence), a plugin library, bundle folder or bundle archive (that plugin, checked as install \
            checks it), a scenario (played, then the list comes back) or a params file (applied); dropped on a \
            text field of the panel, a file sets that parameter to its path. A file that cannot be opened says why on a card; \
            the session goes on. Exit codes: 0 done, 2 bad input, 3 no display.
            """
    )

    @Option(help: "Viewport size in points, WIDTHxHEIGHT (shrunk to fit the screen).")
    var size: String = "\(Int(Defaults.viewport.width))x\(Int(Defaults.viewport.height))"
    @Option(help: "The plugin to start with (id, name or path); scripted, it replaces the scenario's plugins.")
    var plugin: String?
    @Option(name: .customLong("plugin-path"), help: "A folder to look for plugins in (repeatable).")
    var pluginPath: [String] = []
    @Option(name: .customLong("refresh-time"), help: "Seconds a simulated refresh or page load takes.")
    var refreshTime: Double = Defaults.refreshTime
    @Option(name: .customLong("failure-rate"), help: "Share of simulated loads that fail, 0...1.")
    var failureRate: Double = Defaults.failureRate
    @Option(name: .customLong("page-size"), help: "Rows per page (default: enough to fill the window and scroll).")
    var pageSize: Int?
    @Option(name: .customLong("total-rows"), help: "Rows in all; load-more reaches no-more-data there.")
    var totalRows: Int = Defaults.totalRows
    @Option(help: "A JSON file of parameters, {\"plugin id\": {\"name\": value}} (the preview's Save writes one), watched and re-applied when it changes; with --script, read once as run reads --params.")
    var params: String?
    @Option(help: "Folder for screenshots and recordings.")
    var out: String = "out/preview"
    @Option(help: "Play this scenario instead of following the mouse.")
    var script: String?
    @Option(name: .customLong("open"), help: "A file to open as if dropped on the window (repeatable): SVG, Lottie JSON or .lottie, PNG frames, a plugin (library, bundle or .refreshplugin.tar.gz), a scenario or a params file. With --script, one file a plugin shows: it replaces the scenario's plugins, as --plugin does.")
    var open: [String] = []
    @Flag(name: .customLong("allow-plugin-paths"), help: "Let the --script scenario name plugins by path (loading a library runs its code).")
    var allowPluginPaths = false
    @Option(name: .customLong("screenshot-at"), help: "T=FILE.png: save what the window shows at T seconds (repeatable).")
    var screenshotAt: [String] = []
    @Option(name: .customLong("exit-after"), help: "Quit after this many seconds (scenario time when scripted).")
    var exitAfter: Double?
    @Option(name: .customLong("record"), help: "START:END: with --script, record the list from START to END seconds of the scenario (repeatable); each recording is saved in --out with the scenario beside it.")
    var record: [String] = []
    @Option(name: .customLong("record-format"), help: "What V and --record record: mp4, gif, apng or webp (shift+V always records GIF).")
    var recordFormat: String = "mp4"
    @Option(name: .customLong("record-rate"), help: "Frames a second in a recording, 1…240, on the list's clock.")
    var recordRate: Double = 60
    @Option(name: .customLong("record-scale"), help: "Pixels per point in a recording, 1…4 (default: the window's: 2 on a HiDPI screen, else 1).")
    var recordScale: Double?
    @Flag(name: .customLong("in-process"), help: "Run plugins inside the preview instead of one plugin-host process each: a little faster, but a plugin that crashes or hangs takes the preview with it.")
    var inProcess = false
    @Flag(name: .customLong("no-sandbox"), help: "Run each plugin-host child without its sandbox: the plugin may read and write any file, use the network and start programs.")
    var noSandbox = false
    @Flag(help: "Speak what a screen reader would say (the captions) with espeak-ng, when it is installed.")
    var speak = false

    @Flag(name: .customLong("no-panel"), help: "Start with the side panel hidden (H shows it).")
    var noPanel = false
    @Option(help: "auto: wait for the display's refresh when it is 120 Hz or more, else pace frames at 120 fps; on; off.")
    var vsync: String = "auto"

    static func main() async {
        // HUP, QUIT, USR1, USR2 and ALRM take temporary files with them, and one a plugin sends is
        // survived; SIGINT and SIGTERM are the window's, to quit the ordinary way (StopDeadline).
        TemporaryPaths.removeOnStopSignals(leaving: StopDeadline.signals)
        PluginCrashReport.install()  // a plugin that crashes the preview is named on the way out
        PluginHostZygote.isEnabled = true  // plugin-host children are forked by a warm zygote
        PluginProbeCache.isEnabled = true  // what the plugin libraries are is kept between commands
        await mainWithRefreshKitExitCodes()
    }

    func run() async throws {
        try await runOnMainActor()
    }

    /// SDL and the paging store both live on the main thread.
    @MainActor
    func runOnMainActor() async throws {
        Fonts.pin()
        if noSandbox { PluginSandbox.turnOff() }
        if inProcess { PluginSandbox.sayUnconfined(because: "--in-process: plugins run inside the preview") }
        var viewport = try FrameSpec.parseSize(size)
        let screenshots = try screenshotAt.map { entry -> (time: Double, path: String) in
            let parts = entry.split(separator: "=", maxSplits: 1)
            guard parts.count == 2, let t = Double(parts[0]), t.isFinite, t >= 0 else { throw ValidationError("--screenshot-at '\(entry)': expected T=FILE.png") }
            return (t, String(parts[1]))
        }
        guard failureRate.isFinite, (0...1).contains(failureRate) else { throw ValidationError("--failure-rate '\(failureRate)': expected 0...1") }
        guard refreshTime.isFinite, (0...600).contains(refreshTime) else { throw ValidationError("--refresh-time '\(refreshTime)': expected 0...600 seconds") }
        guard (1...10_000).contains(pageSize ?? 1) else { throw ValidationError("--page-size '\(pageSize ?? 0)': expected 1...10000 rows") }
        guard (0...1_000_000).contains(totalRows) else { throw ValidationError("--total-rows '\(totalRows)': expected 0...1000000 rows") }
        guard let recordingFormat = AnimationFormat(rawValue: recordFormat.lowercased()) else { throw ValidationError("--record-format '\(recordFormat)': expected mp4, gif, apng or webp") }
        guard recordRate.isFinite, (1...240).contains(recordRate) else { throw ValidationError("--record-rate '\(recordRate)': expected 1...240") }
        if let recordScale { guard recordScale.isFinite, (1...4).contains(recordScale) else { throw ValidationError("--record-scale '\(recordScale)': expected 1...4") } }
        let ranges = try record.map(Self.recordingRange)
        guard ranges.isEmpty || script != nil else { throw ValidationError("--record needs --script: a range is scenario time (press V to record by hand)") }
        if let exitAfter { guard exitAfter.isFinite, exitAfter >= 0 else { throw ValidationError("--exit-after '\(exitAfter)': expected seconds ≥ 0") } }
        guard ["auto", "on", "off"].contains(vsync) else { throw ValidationError("--vsync must be auto, on or off") }
        let searchPath = PluginSearchPath.standard(extra: pluginPath)
        if script == nil {
            PluginHostProcess.stoppedHint = "; rebuild it or press R to restart"
            // Interactive: a plugin that blocks shows its last frame and a badge; the keys never wait
            // for it (a script's frames are exact, so it waits).
            PluginHostProcess.answersWithoutWaitingByDefault = true
        }
        // Probed once, for the check below and the session (a script's player finds its own).
        let found = script == nil ? searchPath.probed() : []
        // An unknown --plugin is an error with the close matches, not another plugin shown silently.
        if let plugin, script == nil { _ = try searchPath.resolve(plugin, among: found) }
        // SDL before any plugin call: it installs its own handlers for SIGINT and SIGTERM, and a
        // plugin call after that must not be taken for the one that changed them.
        let refreshRate: Int
        do {
            refreshRate = try SDLWindow.start()
        } catch {
            throw Self.noDisplay(error)
        }
        let isolation: PluginIsolation = inProcess ? .inProcess : .childProcess()
        let opened = try script == nil ? nil : scriptedOpen(searchPath: searchPath, isolation: isolation)
        // A script's plugins take --params as run's do: read and checked before the window opens,
        // a bad file an error naming it (the file was ignored).
        let scriptParameters = try script == nil ? nil : params.map(ParametersFileOption.init(path:))
        if scriptParameters != nil, opened != nil { throw ValidationError("--params with --script and --open: the opened file sets its plugin's values; give one of them") }
        let player = try script.map { path in
            var scenario = try Scenario.load(path: path)
            var overrides = opened?.parameters ?? [:]
            if let scriptParameters, let plugin {
                overrides = try scriptParameters.values(for: ParametersFileOption.info(of: plugin, in: searchPath, isolation: isolation), required: true) ?? [:]
            } else if let scriptParameters {
                try scriptParameters.apply(to: &scenario, except: [:], search: searchPath, allowsPluginPaths: allowPluginPaths, isolation: isolation)
            }
            return try ScenarioPlayer(scenario: scenario, searchPath: searchPath,
                                      pluginOverride: opened?.plugin ?? plugin.map { reference throws(PluginError) in try isolation.load(searchPath.resolve(reference)) },
                                      parameterOverrides: overrides, allowsPluginPaths: allowPluginPaths, isolation: isolation)
        }
        if let player { viewport = player.scenario.viewport }

        let panel = noPanel ? 0 : Panel.width
        let window: SDLWindow
        do {
            let useVsync = vsync == "on" || (vsync == "auto" && refreshRate >= 120)
            // Fit the screen before the window exists, so that it is centred at the size it has: the
            // list, the timeline strip under it (the interactive session shows it) and a title bar's room.
            let strip = player == nil ? TimelineLayout.height : 0
            if let bounds = SDLWindow.usableBounds(), bounds.height < viewport.height + strip + 40, player == nil {
                viewport.height = max(200, bounds.height - strip - 40)  // the list is just shorter
            }
            window = try SDLWindow(title: "RefreshKit preview", size: Size(width: viewport.width + panel, height: viewport.height + strip), vsync: useVsync)
        } catch {
            throw Self.noDisplay(error)
        }
        // A quit asked while a plugin's child hangs is answered at once, not after the frame limit.
        let quitIsWaiting = { SDLWindow.quitIsWaiting() }
        PluginHostProcess.abandonsWaitingByDefault = quitIsWaiting
        for case let host as PluginHostProcess in player?.plugins.values.map({ $0 }) ?? [] { host.abandonsWaiting = quitIsWaiting }
        try OutputFile.makeFolder(out)
        let session: any PreviewSession
        if let player {
            session = ScriptedSession(player: player)
        } else {
            var options = Session.Options()
            options.viewport = viewport
            options.refreshTime = refreshTime
            options.failureRate = failureRate
            options.pageSize = pageSize
            options.totalRows = totalRows
            options.pluginIsolation = inProcess ? .inProcess : .childProcess()
            session = try Session(options: options, probed: found, firstPlugin: plugin ?? "dev.refreshkit.spinner")
        }
        session.showsPanel = !noPanel
        let recordings = PreviewRecordings(folder: out, format: recordingFormat, rate: recordRate, scale: recordScale, ranges: ranges, pluginOverride: plugin)
        let loop = PreviewLoop(session: session, window: window, outputFolder: out, paramsFile: params,
                               screenshots: screenshots, exitAfter: exitAfter, recordings: recordings, speak: speak)
        // A scenario dropped on the window is data someone may have sent: plugin paths in it are refused, as for --script.
        loop.scenarioOpener = { path in
            try ScriptedSession(player: ScenarioPlayer(scenario: Scenario.load(path: path), searchPath: searchPath, allowsPluginPaths: allowPluginPaths, isolation: isolation))
        }
        if script == nil { for file in open { loop.open(file) } }
        try await loop.run()
        // A scripted run is a check like `run`: a plugin whose child crashed or hung fails it (exit 2).
        if let (_, error) = session.stoppedPlugin {
            FileHandle.standardError.write(Data("error: \(error.description)\n".utf8))
            throw ExitCode(2)
        }
    }

    /// With `--script`, the one `--open` file as the plugin that shows it and its parameter; says
    /// which plugin opened it. Anything else is bad input (exit 2).
    func scriptedOpen(searchPath: PluginSearchPath, isolation: PluginIsolation) throws -> (plugin: any LoadedPlugin, parameters: [String: ParameterValue])? {
        guard let file = open.first else { return nil }
        guard open.count == 1, plugin == nil else { throw ValidationError("--open with --script: one file, and no --plugin (the file's plugin replaces the scenario's)") }
        switch try OpenedFile.classify(file) {
        case .parameter(let id, let name, let value):
            let loaded = try isolation.load(searchPath.resolve(id))
            print("opened \((file as NSString).lastPathComponent) with \(loaded.info.indicator.name)")
            return (loaded, [name: .string(value)])
        case .plugin(let path), .pluginArchive(let path):
            let library = PluginArchive.isArchive(path) ? try PluginArchive.openedBundle(path).libraryPath : try searchPath.resolve(path)
            let loaded = try isolation.load(library)
            print("opened \((file as NSString).lastPathComponent): \(loaded.info.indicator.name)")
            return (loaded, [:])
        case .scenario, .params:
            throw ValidationError("--open \(file) with --script: a scenario or params file; --open takes a file a plugin shows there")
        }
    }

    /// A `--record` range, START:END in seconds of the scenario.
    static func recordingRange(_ text: String) throws -> ClosedRange<Double> {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, let start = Double(parts[0]), let end = Double(parts[1]), start.isFinite, end.isFinite, start >= 0, end > start else {
            throw ValidationError("--record '\(text)': expected START:END in seconds of the scenario, 0 ≤ START < END (like 0.5:3.5)")
        }
        return start...end
    }

    /// Says there is no display (and how to get frames without one); the exit code for it.
    private static func noDisplay(_ error: Error) -> ExitCode {
        FileHandle.standardError.write(Data("refresh-preview: no display (\(error)); run `refresh-dump run` for headless frames.\n".utf8))
        return ExitCode(3)
    }
}
