import Foundation
import RefreshHost
import RefreshPluginSDK

/// The window's loop around a ``Session``: input → commands, the wall clock → steps, the session's
/// picture and the panel → the window; screenshots, the recording and the params file. Nothing
/// here decides how the list behaves.
@MainActor
final class PreviewLoop {
    let session: Session
    let window: SDLWindow
    let outputFolder: String
    let paramsFile: String?
    let exitAfter: Double?
    private var pendingScreenshots: [(time: Double, path: String)]
    private var statistics = FrameStatistics()
    private var recording: AnimatedWebP?
    private var recordingPath = ""
    private var wantsRecording = false
    private var paramsSignature: Date?

    init(session: Session, window: SDLWindow, outputFolder: String, paramsFile: String?,
         screenshots: [(time: Double, path: String)], exitAfter: Double?) {
        self.session = session
        self.window = window
        self.outputFolder = outputFolder
        self.paramsFile = paramsFile
        self.exitAfter = exitAfter
        pendingScreenshots = screenshots.sorted { $0.time < $1.time }
    }

    /// Runs until quit, the end of a script (unless `--exit-after` says longer), or `--exit-after`.
    func run() async throws {
        let frameInterval = 1.0 / 120
        let started = SDLWindow.now
        var timeAfterEnd = 0.0
        var lastFrame = 0.0
        var lastFileCheck = 0.0
        var running = true
        while running {
            // Nothing can change until an input comes: wait for one (or a quarter of a second, for
            // file changes) instead of redrawing the same picture.
            if isAtRest {
                let woke = window.waitForEvent(timeout: 0.25)
                session.rested(untilWallTime: SDLWindow.now)  // the wait is not simulated time
                if !woke {
                    if let exitAfter, SDLWindow.now - started >= exitAfter { break }
                    lastFileCheck = SDLWindow.now
                    // No input and no file changed: no new frame (one every few seconds, to be safe).
                    if !checkFiles() && SDLWindow.now - lastFrame < 5 { continue }
                }
            }
            let frameStart = SDLWindow.now
            lastFrame = frameStart
            await Task.yield()  // lets the paging store's tasks run
            var screenshotsAsked: [Session.Screenshot] = []
            for command in window.poll() {
                switch session.perform(command) {
                case .none: break
                case .quit: running = false
                case .screenshot(let kind): screenshotsAsked.append(kind)
                case .toggleRecording: toggleRecording()
                }
            }
            if frameStart - lastFileCheck > 0.25 {
                checkFiles()
                lastFileCheck = frameStart
            }
            if !(try session.advance(toWallTime: SDLWindow.now)) && exitAfter == nil { running = false }
            let image = try render(scale: window.scale)
            window.resize(to: image.size)  // H shows or hides the panel: the window follows
            let due = pendingScreenshots.first.map { session.time >= $0.time - 1e-9 } ?? false
            // The frame's work: input, physics, state, drawing and upload; not the wait for vsync.
            let captured = window.present(image, capture: due || screenshotsAsked.contains(.window)) {
                statistics.record(time: SDLWindow.now, work: SDLWindow.now - frameStart)
            }
            if let captured, due {
                let shot = pendingScreenshots.removeFirst()
                try captured.writePNG(to: shot.path)
                print("screenshot t=\(Session.format(session.time, 3)) \(shot.path)")
                for line in session.panelLines() { print("  | \(line)") }
            }
            for kind in screenshotsAsked { saveScreenshot(kind, window: captured) }
            record(image)
            // Scripted, time is the scenario's, and it goes on past the scenario's end (frame by
            // frame), so `--exit-after` beyond the end still ends the run.
            if let player = session.player, player.isFinished { timeAfterEnd += player.frameDuration }
            let elapsed = session.player == nil ? SDLWindow.now - started : session.time + timeAfterEnd
            if let exitAfter, elapsed >= exitAfter { running = false }
            if let player = session.player, exitAfter == nil, pendingScreenshots.isEmpty, player.isFinished { running = false }
            // Frame pacing without vsync: 120 fps live. A script plays its frames as fast as they render.
            if !window.vsync && session.player == nil { SDLWindow.wait(until: frameStart + frameInterval) }
        }
        if let recording { try recording.write(to: recordingPath) }
        if session.player == nil {
            let wall = SDLWindow.now - started
            print(String(format: "simulated %.3f s in %.3f s of wall time (%.4f× at speed %g×; %d fps in the last second; time the list was at rest is not simulated)",
                         session.time, wall, session.time / wall, session.speed, statistics.fps))
        }
    }

    private var isAtRest: Bool {
        session.isAtRest && recording == nil && !wantsRecording && pendingScreenshots.isEmpty
    }

    /// The whole window: the session's list and, when shown, the panel.
    private func render(scale: Double) throws -> ImageSurface {
        let viewport = session.viewport
        let size = Size(width: viewport.width + (session.showsPanel ? Panel.width : 0), height: viewport.height)
        let image = try ImageSurface(size: size, scale: scale)
        let canvas = Canvas(surface: image)
        session.draw(in: canvas, scale: scale)
        if session.showsPanel {
            let lines = session.panelLines() + [
                "",
                "frame ms last \(Session.format(statistics.last * 1000)) med \(Session.format(statistics.median * 1000)) max \(Session.format(statistics.worst * 1000))",
                "fps      \(statistics.fps) (\(window.vsync ? "vsync" : "paced to 120"))",
            ] + (recording != nil || wantsRecording ? ["● recording"] : [])
            Panel.draw(lines, in: canvas, origin: Point(x: viewport.width, y: 0), height: size.height,
                       dark: session.environment.colorScheme == .dark)
        }
        return image
    }

    /// Saves the window as captured, or the band alone, under the next free number: never over an
    /// earlier run's file.
    private func saveScreenshot(_ kind: Session.Screenshot, window captured: ImageSurface?) {
        do {
            let image = kind == .band ? try session.renderBand(scale: window.scale) : captured
            guard let image else { return session.say("screenshot failed: the window could not be read back") }
            let path = OutputFile.nextFreePath(in: outputFolder, prefix: kind == .band ? "band" : "screenshot", extension: "png")
            try image.writePNG(to: path)
            session.say("saved \(path) (\(image.width)×\(image.height) px)")
        } catch {
            session.say("screenshot failed: \(error)")
        }
    }

    private func toggleRecording() {
        if let recording {
            do {
                try recording.write(to: recordingPath)
                session.say("recording saved: \(recordingPath)")
            } catch {
                session.say("recording failed: \(error)")
            }
            self.recording = nil
        } else {
            recordingPath = OutputFile.nextFreePath(in: outputFolder, prefix: "recording", extension: "webp")
            session.say("recording… (V stops)")
            wantsRecording = true
        }
    }

    private func record(_ image: ImageSurface) {
        guard wantsRecording || recording != nil else { return }
        do {
            if recording == nil { recording = try AnimatedWebP(width: image.width, height: image.height) }
            wantsRecording = false
            let duration = session.player.map { 1 / $0.scenario.fps } ?? 1.0 / 120
            if recording?.width == image.width { try recording?.add(image, duration: duration) }
        } catch {
            session.say("recording failed: \(error)")
            recording = nil
            wantsRecording = false
        }
    }

    /// Reloads rebuilt plugins and a changed params file; returns whether anything changed.
    @discardableResult
    private func checkFiles() -> Bool {
        var changed = session.reloadChangedPlugins()
        guard let file = paramsFile, let attributes = try? FileManager.default.attributesOfItem(atPath: file),
              let modified = attributes[.modificationDate] as? Date, modified != paramsSignature else { return changed }
        paramsSignature = modified
        changed = true
        do {
            session.applyParameters(try CappedFile.contents(of: file, limit: 1 << 20), file: file)
        } catch {
            session.say("\(file): \(error) (keeping the last good values)")
        }
        return changed
    }
}
