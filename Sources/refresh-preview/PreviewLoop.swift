import Foundation
import RefreshExport
import RefreshHost
import RefreshPluginSDK

/// The window's loop around a ``PreviewSession``: input → commands, the wall clock → steps, the session's
/// picture and the panel → the window; screenshots, the recording and the params file. Nothing
/// here decides how the list behaves.
@MainActor
final class PreviewLoop {
    let session: any PreviewSession
    let window: SDLWindow
    let outputFolder: String
    let paramsFile: String?
    let exitAfter: Double?
    private var pendingScreenshots: [(time: Double, path: String)]
    private var statistics = FrameStatistics()
    /// The recording under way.
    private var recording: Recorder?
    /// Recordings stopped whose files are still being finished on the encoder's thread.
    private var finishing: [Recorder] = []
    /// Each unfinished recording's scenario file (its number's claim) among the ``TemporaryPaths``:
    /// if the preview ends first (its X server went away), no scenario is left without its video.
    private var claims: [String: Int] = [:]
    /// The format V records in (shift+V: GIF) and the samples a second.
    let recordingFormat: AnimationFormat
    let recordingRate: Double
    private var paramsSignature: Date?
    /// Haptic clicks and spoken announcements.
    let feedback: PreviewFeedback

    init(session: any PreviewSession, window: SDLWindow, outputFolder: String, paramsFile: String?,
         screenshots: [(time: Double, path: String)], exitAfter: Double?, recordingFormat: AnimationFormat = .mp4, recordingRate: Double = 60,
         speak: Bool = false) {
        self.session = session
        feedback = PreviewFeedback(speak: speak)
        for note in feedback.notes { print(note) }
        self.recordingFormat = recordingFormat
        self.recordingRate = recordingRate
        self.window = window
        self.outputFolder = outputFolder
        self.paramsFile = paramsFile
        self.exitAfter = exitAfter
        pendingScreenshots = screenshots.sorted { $0.time < $1.time }
    }

    /// Runs until quit, the end of a script (unless `--exit-after` says longer), or `--exit-after`.
    func run() async throws {
        let frameInterval = Defaults.frameInterval
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
                case .toggleRecording(let alternate): toggleRecording(format: alternate ? .gif : recordingFormat)
                }
            }
            if frameStart - lastFileCheck > 0.25 {
                checkFiles()
                lastFileCheck = frameStart
            }
            if !(try session.advance(toWallTime: SDLWindow.now)) && exitAfter == nil { running = false }
            feedback.update(session)
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
                print("screenshot t=\(PanelText.format(session.time, 3)) \(shot.path)")
                for line in session.panelLines() { print("  | \(line)") }
            }
            for kind in screenshotsAsked { saveScreenshot(kind, window: captured) }
            record(image)
            reportFinishedRecordings()
            // Scripted, time is the scenario's, and it goes on past the scenario's end (frame by
            // frame), so `--exit-after` beyond the end still ends the run.
            if let player = session.script, player.isFinished { timeAfterEnd += player.frameDuration }
            let elapsed = session.script == nil ? SDLWindow.now - started : session.time + timeAfterEnd
            if let exitAfter, elapsed >= exitAfter { running = false }
            if let player = session.script, exitAfter == nil, pendingScreenshots.isEmpty, player.isFinished { running = false }
            // Frame pacing without vsync: 120 fps live. A script plays its frames as fast as they render.
            if !window.vsync && session.script == nil { SDLWindow.wait(until: frameStart + frameInterval) }
        }
        if recording != nil { stopRecording() }
        reportFinishedRecordings(wait: true)
        feedback.close()
        if session.script == nil {
            let wall = SDLWindow.now - started
            print(String(format: "simulated %.3f s in %.3f s of wall time (%.4f× at speed %g×; %d fps in the last second; time the list was at rest is not simulated)",
                         session.time, wall, session.time / wall, session.speed, statistics.fps))
        }
    }

    private var isAtRest: Bool {
        session.isAtRest && recording == nil && finishing.isEmpty && pendingScreenshots.isEmpty
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
                "frame ms last \(PanelText.format(statistics.last * 1000)) med \(PanelText.format(statistics.median * 1000)) max \(PanelText.format(statistics.worst * 1000))",
                "fps      \(statistics.fps) (\(window.vsync ? "vsync" : "paced to 120"))",
            ] + (recording.map { ["● recording \($0.format.rawValue.uppercased()) \(PanelText.format($0.length, 1)) s (V stops)"] } ?? [])
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
            session.say("screenshot failed: \(PlainErrorText.words(error))")
        }
    }

    /// Starts a recording in `format`, or stops the one under way.
    private func toggleRecording(format: AnimationFormat) {
        if recording != nil { return stopRecording() }
        var claimed: String?
        do {
            // A number no earlier recording used in any format (video or scenario), claimed by
            // creating its scenario file first: a GIF after an MP4, or another session in the same
            // folder, never replaces anything.
            let number = try OutputFile.claimNumber(in: outputFolder, prefix: "recording", extensions: AnimationFormat.allCases.map(\.fileExtension), claim: "json")
            claimed = "\(outputFolder)/recording-\(number).json"
            claims[claimed!] = TemporaryPaths.remember(claimed!)
            recording = try Recorder(path: "\(outputFolder)/recording-\(number).\(format.fileExtension)", format: format, rate: recordingRate)
            session.beginInteractionLog()
            session.say("recording \(format.rawValue.uppercased())… (V stops)")
        } catch {
            if let claimed {
                unlink(claimed)
                claims.removeValue(forKey: claimed).map(TemporaryPaths.forget)
            }
            recordingFailed(error)
        }
    }

    /// The scenario file that goes with a recording: its number's claim, then what the designer did.
    private static func scriptPath(of recording: Recorder) -> String {
        (recording.path as NSString).deletingPathExtension + ".json"
    }

    /// Says why a recording failed, in the panel and on standard error. Its video was never put in
    /// place (the encoder writes under a temporary name); `recording`'s scenario file goes too, so
    /// nothing of it is left, and the next V starts a new one.
    private func recordingFailed(_ error: Error, _ recording: Recorder? = nil) {
        if let recording {
            unlink(Self.scriptPath(of: recording))
            claims.removeValue(forKey: Self.scriptPath(of: recording)).map(TemporaryPaths.forget)
        }
        session.say("recording failed: \(PlainErrorText.words(error))")
        FileHandle.standardError.write(Data("recording failed: \(PlainErrorText.words(error))\n".utf8))
    }

    /// Ends the recording at the session's time; the file is finished on the encoder's thread
    /// and ``reportFinishedRecordings()`` says where it is.
    private func stopRecording() {
        guard let recording else { return }
        self.recording = nil
        recording.stop(at: session.time)
        finishing.append(recording)
        session.say("finishing \(recording.path)…")
        // What the designer did, as a scenario that replays it headless (refresh-dump run).
        let script = Self.scriptPath(of: recording)
        do {
            if let data = try session.endInteractionLog(name: ((script as NSString).lastPathComponent as NSString).deletingPathExtension) {
                // Said with the recording once it is written: a recording that fails takes its scenario with it.
                try OutputFile.write(data, to: script)
            } else {
                unlink(script)  // the empty claim of its number
                claims.removeValue(forKey: script).map(TemporaryPaths.forget)
            }
        } catch {
            session.say("the scenario could not be saved: \(PlainErrorText.words(error))")
        }
    }

    /// Says which stopped recordings are written (or why not); with `wait`, waits for them all.
    private func reportFinishedRecordings(wait: Bool = false) {
        finishing.removeAll { recording in
            if wait { recording.waitUntilWritten() }
            guard let result = recording.result else { return false }
            switch result {
            case .success:
                let dropped = recording.framesDropped == 0 ? "" : "; \(recording.framesDropped) frames dropped, the encoder was behind"
                session.say("recording saved: \(recording.path) (\(PanelText.format(recording.length, 2)) s)")
                print("recording saved: \(recording.path) (\(PanelText.format(recording.length, 3)) s of the list's time; the window at \(statistics.fps) fps\(dropped))")
                let script = Self.scriptPath(of: recording)
                claims.removeValue(forKey: script).map(TemporaryPaths.forget)
                if FileManager.default.fileExists(atPath: script) { print("scenario saved: \(script) (refresh-dump run \(script) replays it)") }
            case .failure(let error):
                recordingFailed(error, recording)
            }
            return true
        }
    }

    /// Hands the frame to the recording, on the session's clock: the file's time is the list's
    /// time, however many frames the window managed to draw.
    private func record(_ image: ImageSurface) {
        guard let recording else { return }
        do {
            try recording.show(image, at: session.time)
        } catch {
            self.recording = nil
            recording.stop(at: session.time)
            // try?: the interaction log of a recording that failed is not kept.
            _ = try? session.endInteractionLog(name: "")
            recordingFailed(error, recording)
        }
    }

    /// Reloads rebuilt plugins and a changed params file; returns whether anything changed.
    @discardableResult
    private func checkFiles() -> Bool {
        var changed = session.reloadChangedPlugins()
        // try?: a params file missing or unreadable now is looked at again at the next check; the last good values stay.
        guard let file = paramsFile, let attributes = try? FileManager.default.attributesOfItem(atPath: file),
              let modified = attributes[.modificationDate] as? Date, modified != paramsSignature else { return changed }
        paramsSignature = modified
        changed = true
        do {
            session.applyParameters(try CappedFile.contents(of: file, limit: 1 << 20), file: file)
        } catch {
            session.say("\(file): \(PlainErrorText.words(error)) (keeping the last good values)")
        }
        return changed
    }
}
