import ArgumentParser
import RefreshCommandLine
import Foundation
import RefreshHost
import RefreshPluginSDK

/// `refresh-preview`: the designer's window.
@main
struct PreviewCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "refresh-preview",
        abstract: "Drag a simulated list with the mouse and watch refresh indicators live.",
        discussion: "Press ? in the window for the keys. Exit codes: 0 done, 2 bad input, 3 no display."
    )

    @Option(help: "Viewport size in points, WIDTHxHEIGHT (shrunk to fit the screen).")
    var size: String = "390x844"
    @Option(help: "The plugin to start with (id, name or path).")
    var plugin: String?
    @Option(name: .customLong("plugin-path"), help: "A folder to look for plugins in (repeatable).")
    var pluginPath: [String] = []
    @Option(name: .customLong("refresh-time"), help: "Seconds a simulated refresh or page load takes.")
    var refreshTime: Double = 1.2
    @Option(name: .customLong("failure-rate"), help: "Share of simulated loads that fail, 0...1.")
    var failureRate: Double = 0.25
    @Option(name: .customLong("page-size"), help: "Rows per page.")
    var pageSize: Int = 10
    @Option(name: .customLong("total-rows"), help: "Rows in all; load-more reaches no-more-data there.")
    var totalRows: Int = 50
    @Option(help: "A JSON file of parameters, {\"plugin id\": {\"name\": value}}, watched and re-applied when it changes.")
    var params: String?
    @Option(help: "Folder for screenshots and recordings.")
    var out: String = "out/preview"
    @Option(help: "Play this scenario instead of following the mouse.")
    var script: String?
    @Option(name: .customLong("screenshot-at"), help: "T=FILE.png: save what the window shows at T seconds (repeatable).")
    var screenshotAt: [String] = []
    @Option(name: .customLong("exit-after"), help: "Quit after this many seconds (scenario time when scripted).")
    var exitAfter: Double?
    @Flag(name: .customLong("no-panel"), help: "Start with the side panel hidden (H shows it).")
    var noPanel = false
    @Option(help: "auto: wait for the display's refresh when it is 120 Hz or more, else pace frames at 120 fps; on; off.")
    var vsync: String = "auto"

    static func main() async {
        await mainWithRefreshKitExitCodes()
    }

    func run() async throws {
        try await runOnMainActor()
    }

    /// SDL and the paging store both live on the main thread.
    @MainActor
    func runOnMainActor() async throws {
        Fonts.pin()
        var viewport = try FrameSpec.parseSize(size)
        let screenshots = try screenshotAt.map { entry -> (Double, String) in
            let parts = entry.split(separator: "=", maxSplits: 1)
            guard parts.count == 2, let t = Double(parts[0]), t >= 0 else { throw ValidationError("--screenshot-at '\(entry)': expected T=FILE.png") }
            return (t, String(parts[1]))
        }
        guard (0...1).contains(failureRate), refreshTime >= 0, pageSize > 0, totalRows > 0 else {
            throw ValidationError("--failure-rate is 0...1; --refresh-time ≥ 0; --page-size and --total-rows > 0")
        }
        let scenario = try script.map { try Scenario.load(path: $0) }
        if let scenario { viewport = scenario.viewport }
        // An unknown --plugin is an error with the close matches, not another plugin shown silently.
        if let plugin { _ = try PluginSearchPath.standard(extra: pluginPath).resolve(plugin) }

        guard ["auto", "on", "off"].contains(vsync) else { throw ValidationError("--vsync must be auto, on or off") }
        let panel = noPanel ? 0 : Panel.width
        let window: SDLWindow
        do {
            let refreshRate = try SDLWindow.start()
            let useVsync = vsync == "on" || (vsync == "auto" && refreshRate >= 120)
            // Fit the screen before the window exists, so that it is centred at the size it has.
            if let bounds = SDLWindow.usableBounds(), bounds.height < viewport.height, scenario == nil {
                viewport.height = max(200, bounds.height - 40)  // the list is just shorter
            }
            window = try SDLWindow(title: "RefreshKit preview", size: Size(width: viewport.width + panel, height: viewport.height), vsync: useVsync)
        } catch {
            FileHandle.standardError.write(Data("refresh-preview: no display (\(error)); run `refresh-dump run` for headless frames.\n".utf8))
            throw ExitCode(3)
        }
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        let libraries = PluginSearchPath.standard(extra: pluginPath).libraries()
        let options = PreviewApp.Options(
            viewport: viewport, plugins: libraries, firstPlugin: plugin ?? "dev.refreshkit.spinner", refreshTime: refreshTime,
            failureRate: failureRate, pageSize: pageSize, totalRows: totalRows, paramsFile: params, outputFolder: out,
            script: scenario, screenshots: screenshots, exitAfter: exitAfter, showPanel: !noPanel
        )
        let app = try PreviewApp(options: options, window: window)
        try await loop(app, window)
    }

    @MainActor
    func loop(_ app: PreviewApp, _ window: SDLWindow) async throws {
        let frameInterval = 1.0 / 120
        let started = SDLWindow.now
        var timeAfterEnd = 0.0
        var clock = FixedStepClock()
        var lastFrame = 0.0
        var lastFileCheck = 0.0
        var running = true
        while running {
            // Nothing can change until an input comes: wait for one (or a quarter of a second, for
            // file changes and a fresh frame) instead of redrawing the same picture.
            if app.isAtRest {
                let woke = window.waitForEvent(timeout: 0.25)
                _ = clock.steps(at: SDLWindow.now, rate: 0)  // the wait is not simulated time
                if !woke {
                    if let limit = app.options.exitAfter, SDLWindow.now - started >= limit { break }
                    lastFileCheck = SDLWindow.now
                    // No input and no file changed: no new frame (one every few seconds, to be safe).
                    if !app.checkFiles() && SDLWindow.now - lastFrame < 5 { continue }
                }
            }
            let frameStart = SDLWindow.now
            lastFrame = frameStart
            await Task.yield()  // lets the paging store's tasks run
            for input in window.poll() where !app.handle(input) { running = false }
            if frameStart - lastFileCheck > 0.25 {
                app.checkFiles()
                lastFileCheck = frameStart
            }
            let dt = app.player.map { 1 / $0.scenario.fps } ?? frameInterval
            // Live, the simulation follows the wall clock in fixed steps: "1×" is real time.
            let steps = clock.steps(at: SDLWindow.now, rate: app.paused ? 0 : app.speed)
            if !(try app.update(steps: steps, stepLength: clock.step)) { running = false }
            let image = try app.render(scale: window.scale)
            window.resize(to: image.size)  // H shows or hides the panel: the window follows
            let due = app.pendingScreenshots.first.map { app.scenarioTime >= $0.time - 1e-9 } ?? false
            // The frame's work: input, physics, state, drawing and upload; not the wait for vsync.
            let captured = window.present(image, capture: due || app.screenshotRequested) { app.statistics.record(time: SDLWindow.now, work: SDLWindow.now - frameStart) }
            if let captured {
                if due {
                    let shot = app.pendingScreenshots.removeFirst()
                    try captured.writePNG(to: shot.path)
                    print("screenshot t=\(String(format: "%.3f", app.scenarioTime)) \(shot.path)")
                    for line in app.panelLines() { print("  | \(line)") }
                }
                if app.screenshotRequested {
                    app.screenshotRequested = false
                    // Never over an earlier run's screenshot: the next number that is free.
                    var path: String
                    repeat {
                        app.screenshotCount += 1
                        path = "\(app.options.outputFolder)/screenshot-\(app.screenshotCount).png"
                    } while FileManager.default.fileExists(atPath: path)
                    try captured.writePNG(to: path)
                    app.message = "saved \(path)"
                }
            }
            if app.wantsRecording || app.recording != nil {
                if app.recording == nil { app.recording = try AnimatedWebP(width: image.width, height: image.height) }
                app.wantsRecording = false
                if app.recording?.width == image.width { try app.recording?.add(image, duration: dt) }
            }
            // Scripted, time is the scenario's, and it goes on past the scenario's end (frame by
            // frame), so `--exit-after` beyond the end still ends the run.
            if let player = app.player, player.isFinished { timeAfterEnd += player.frameDuration }
            let elapsed = app.player == nil ? SDLWindow.now - started : app.scenarioTime + timeAfterEnd
            if let limit = app.options.exitAfter, elapsed >= limit { running = false }
            if app.player != nil && app.options.exitAfter == nil && app.pendingScreenshots.isEmpty && app.player!.isFinished { running = false }
            // Frame pacing without vsync: 120 fps live. A script plays its frames as fast as they render.
            if !window.vsync && app.player == nil { SDLWindow.wait(until: frameStart + frameInterval) }
        }
        if let recording = app.recording { try recording.write(to: app.recordingPath) }
        if app.player == nil {
            let wall = SDLWindow.now - started
            print(String(format: "simulated %.3f s in %.3f s of wall time (%.4f× at speed %g×; %d fps in the last second; time the list was at rest is not simulated)", app.driver.time, wall, app.driver.time / wall, app.speed, app.statistics.fps))
        }
    }
}
