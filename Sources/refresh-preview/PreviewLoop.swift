import Foundation
import RefreshSystem
import RefreshAnimationFiles
import RefreshHandoff
import RefreshLottieExport
import RefreshHost
import RefreshPreviewSession
import RefreshPluginSDK

/// The window's loop around a ``PreviewSession``: input → commands, the wall clock → steps, the session's
/// picture and the panel → the window; screenshots, the recording and the params file. Nothing
/// here decides how the list behaves.
@MainActor
final class PreviewLoop {
    /// The session shown: the interactive list, or a scenario (a script, or one dropped on the window).
    private(set) var session: any PreviewSession
    /// Whether the script's edges that never refreshed were said.
    private var saidShortfalls = false
    /// The interactive list to return to when a scenario dropped on the window ends.
    private var live: Session?
    /// Makes a scripted session for a scenario file opened in the window; nil: scenarios are not opened.
    var scenarioOpener: ((String) throws -> ScriptedSession)?
    let window: SDLWindow
    let outputFolder: String
    let paramsFile: String?
    let exitAfter: Double?
    private var pendingScreenshots: [(time: Double, path: String)]
    private var statistics = FrameStatistics()
    /// The recordings: under way, scripted ranges to come, and finishing.
    let recordings: PreviewRecordings
    private var paramsSignature: Date?
    /// Haptic clicks and spoken announcements.
    let feedback: PreviewFeedback

    init(session: any PreviewSession, window: SDLWindow, outputFolder: String, paramsFile: String?,
         screenshots: [(time: Double, path: String)], exitAfter: Double?, recordings: PreviewRecordings, speak: Bool = false) {
        self.session = session
        feedback = PreviewFeedback(speak: speak)
        for note in feedback.notes { print(note) }
        session.view.hasAudio = feedback.hasAudio
        self.recordings = recordings
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
        // When the next frame is due without vsync: on a fixed beat, so a slow frame is made up by
        // the next one rather than lost (never more than a frame behind).
        var nextFrame = 0.0
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
            recordings.windowScale = window.scale
            await Task.yield()  // lets the paging store's tasks run
            var screenshotsAsked: [PreviewScreenshot] = []
            for (command, time) in window.poll(typing: (session as? Session)?.view.inspector.editing != nil) {
                // The list takes a pointer or wheel input at the moment it happened, however late the frame.
                switch session.perform(command, atWallTime: time) {
                case .none: break
                case .quit:
                    running = false
                    quitByUser = true
                case .screenshot(let kind): screenshotsAsked.append(kind)
                case .exportIndicator: exportIndicator()
                case .toggleRecording(let alternate): recordings.toggle(format: alternate ? .gif : recordings.format, session: session)
                case .open(let path): open(path)
                case .copyToClipboard(let text):
                    if !SDLWindow.setClipboard(text) { session.say("the clipboard could not be set") }
                case .saveParameters(let data): saveParameters(data)
                case .saveScenario(let data): saveScenario(data)
                case .recordClip(let span, let scenario):
                    guard let live = session as? Session else { break }
                    let shown = live.timeline.playhead
                    recordings.recordClip(span, scenario: scenario, session: live) { time in
                        live.review(at: time)
                        return try renderList(scale: recordings.scale)
                    }
                    if let shown { live.review(at: shown) } else { live.leaveReview() }
                }
            }
            if frameStart - lastFileCheck > 0.25 {
                checkFiles()
                lastFileCheck = frameStart
            }
            if !(try advance()) && exitAfter == nil { running = false }
            if recordings.isRecording, let live = session as? Session, let why = live.logInterruption {
                // A scenario keeps one plugin, theme and layout: the take ends where the list changed.
                recordings.stopUnderWay(session: live)
                live.say("recording stopped: \(why)")
                print("recording stopped: \(why) (a recording keeps one plugin, theme, locale and layout; parameters may change)")
            }
            feedback.update(session)
            let image = try render(scale: window.scale)
            window.resize(to: image.size)  // H shows or hides the panel: the window follows
            let due = pendingScreenshots.first.map { session.time >= $0.time - 1e-9 } ?? false
            // The frame's work: input, physics, state, drawing and upload; not the wait for vsync.
            let captured = window.present(image, capture: due || screenshotsAsked.contains(.window)) {
                statistics.record(time: SDLWindow.now, work: SDLWindow.now - frameStart)
            }
            if recordings.isRecording != statistics.isInSpan {
                // How the window kept up while it recorded (the file has every frame either way).
                if recordings.isRecording {
                    statistics.beginSpan(at: SDLWindow.now)
                } else if let span = statistics.endSpan(at: SDLWindow.now) {
                    print("while recording, the window drew \(PanelText.format(span.fps, 0)) frames a second (frame work median \(PanelText.format(span.median * 1000, 1)) ms, worst \(PanelText.format(span.worst * 1000, 1)) ms)")
                }
            }
            if let captured, due {
                let shot = pendingScreenshots.removeFirst()
                try captured.writePNG(to: shot.path)
                print("screenshot t=\(PanelText.format(session.time, 3)) \(shot.path)")
                for line in session.panelLines() { print("  | \(line)") }
            }
            for kind in screenshotsAsked { saveScreenshot(kind, window: captured) }
            // A stopped V recording is drawn from its scenario in what is left of the frame (more
            // while the list rests): the window keeps its pace meanwhile.
            recordings.drawReplays(until: session.isAtRest ? frameStart + 0.05 : frameStart + 0.9 * frameInterval, session: session)
            recordings.reportFinished(session: session)
            // Scripted, time is the scenario's, and it goes on past the scenario's end (frame by
            // frame), so `--exit-after` beyond the end still ends the run.
            if let step = session.scriptFrameDuration, session.hasFinished { timeAfterEnd += step }
            if session.hasFinished, !saidShortfalls, let script = session as? ScriptedSession {
                // Said once, as the script ends: a scenario that never refreshes its plugin looks like a broken plugin.
                saidShortfalls = true
                for line in script.triggersNeverReached { FileHandle.standardError.write(Data("refresh-preview: \(line)\n".utf8)) }
            }
            let elapsed = session.scriptFrameDuration == nil ? SDLWindow.now - started : session.time + timeAfterEnd
            if let exitAfter, elapsed >= exitAfter { running = false }
            if session.hasFinished, let live {
                // A dropped scenario has played: back to the list it was dropped on.
                recordings.stopUnderWay(session: session)
                session = live
                self.live = nil
                session.rested(untilWallTime: SDLWindow.now)
            } else if session.hasFinished, exitAfter == nil, pendingScreenshots.isEmpty {
                running = false
            }
            // Frame pacing without vsync: 120 fps live. A script plays its frames as fast as they render.
            if !window.vsync && session.scriptFrameDuration == nil {
                nextFrame = max(nextFrame + frameInterval, SDLWindow.now - frameInterval)
                SDLWindow.wait(until: nextFrame)
            }
        }
        recordings.finishAll(session: session)
        if quitByUser { keepUnsavedParameters() }
        feedback.close()
        if session.scriptFrameDuration == nil {
            let wall = SDLWindow.now - started
            print(String(format: "simulated %.3f s in %.3f s of wall time (%.4f× at speed %g×; %d fps in the last second; time the list was at rest is not simulated)",
                         session.time, wall, session.time / wall, session.speed, statistics.fps))
        }
    }

    /// Opens a file given with `--open` or dropped on the window, with the interactive session
    /// (a dropped scenario is played, then the list comes back); says what happened on standard output.
    func open(_ path: String) {
        guard let target = (session as? Session) ?? live else {
            session.say("a scripted preview opens the files given with --open, before it starts")
            return print("not opened: \(path) (a scripted preview opens the files given with --open)")
        }
        if session !== target {
            recordings.stopUnderWay(session: session)
            session = target
            live = nil
        }
        switch target.open(path) {
        case .opened(let text): print(text)
        case .failed(let why): print("not opened: \(why)")
        case .play(let scenario):
            do {
                guard let scenarioOpener else { throw CocoaError(.featureUnsupported) }
                let scripted = try scenarioOpener(scenario)
                scripted.showsPanel = target.showsPanel
                scripted.view.hasAudio = target.view.hasAudio
                recordings.stopUnderWay(session: target)
                live = target
                session = scripted
                print("playing \((scenario as NSString).lastPathComponent); the list comes back at its end")
            } catch {
                target.view.openFailure = "\((scenario as NSString).lastPathComponent): \(PlainErrorText.words(error))"
                target.say(target.view.openFailure!)
                print("not opened: \(scenario): \(PlainErrorText.words(error))")
            }
        }
    }

    private var isAtRest: Bool {
        session.isAtRest && !recordings.isBusy && pendingScreenshots.isEmpty
    }

    /// Advances the session to the wall clock; while a script is recorded, each of its frames is
    /// handed to the recording, and time the recorder waited for its encoder is not simulated.
    private func advance() throws -> Bool {
        guard recordings.isSampling, let scripted = session as? ScriptedSession else { return try session.advance(toWallTime: SDLWindow.now) }
        let waited = recordings.secondsWaited
        let going = try scripted.advance(toWallTime: SDLWindow.now) { time in
            recordings.sample(at: time, session: session) { try renderList(scale: recordings.scale) }
        }
        // The recording's clock waited for its encoder: so does the list's.
        if recordings.secondsWaited > waited { session.rested(untilWallTime: SDLWindow.now) }
        return going
    }

    /// The list alone (what a recording holds).
    private func renderList(scale: Double) throws -> ImageSurface {
        let image = try ImageSurface(size: session.viewport, scale: scale)
        session.draw(in: Canvas(surface: image), scale: scale)
        return image
    }

    /// The whole window: the session's list and, when shown, the panel.
    private func render(scale: Double) throws -> ImageSurface {
        let viewport = session.viewport
        let size = session.windowSize
        let image = try ImageSurface(size: size, scale: scale)
        let canvas = Canvas(surface: image)
        session.draw(in: canvas, scale: scale)
        if session.showsPanel {
            // The interactive session's panel is the inspector: its controls, then the status lines.
            let live = session as? Session
            let inspector = live?.inspectorLayout
            let numbers = live.map { $0.view.showsDetails } ?? true
            let lines = (numbers ? (live?.panelLines(parameters: false) ?? session.panelLines()) + [
                "",
                "frame ms last \(PanelText.format(statistics.last * 1000)) med \(PanelText.format(statistics.median * 1000)) max \(PanelText.format(statistics.worst * 1000))",
                "fps      \(statistics.fps) (\(window.vsync ? "vsync" : "paced to 120"))",
            ] : live?.summaryPanelLines() ?? []) + (recordings.panelLine(at: session.time).map { [$0] } ?? [])
            Panel.draw(lines, in: canvas, origin: Point(x: viewport.width, y: 0), height: size.height,
                       dark: session.environment.colorScheme == .dark, top: inspector?.height ?? 0)
            if let live, let inspector { try drawInspector(inspector, of: live, in: canvas, at: Point(x: viewport.width, y: 0), scale: scale) }
        }
        if let live = session as? Session, live.view.showsTimeline {
            live.timelineLayout.draw(in: canvas, at: Point(x: 0, y: viewport.height), state: live.timeline, speed: live.speed,
                                     dark: live.environment.colorScheme == .dark)
        }
        if let live = session as? Session, live.view.showsGallery {
            GalleryOverlay.draw(live.galleryEntries(scale: scale), current: live.current, in: canvas, size: size, scheme: session.environment.colorScheme)
        }
        if session.showsHelp { HelpOverlay.draw(in: canvas, size: size) }
        return image
    }

    /// The inspector's controls as last drawn, and what they showed: drawn again only when that changes
    /// (their forty text layouts cost a millisecond a frame; the status lines below change every frame).
    private var inspectorImage: (key: String, image: ImageSurface)?

    private func drawInspector(_ inspector: InspectorLayout, of live: Session, in canvas: Canvas, at origin: Point, scale: Double) throws {
        let header = live.inspectorHeader, editing = live.view.inspector.shownEditing
        let values = inspector.rows.map { "\($0.spec.name)=\($0.value.json)\($0.changed ? "*" : "")\($0.inactive ? "~" : "")" }.joined(separator: ",")
        let key = "\(header.plugin)|\(header.placement)|\(header.dark)|\(header.reduceMotion)|\(header.locale)|\(header.speed)|\(scale)|"
            + "\(live.view.inspector.picker ?? "")|\(editing.map { "\($0.name)=\($0.text)\($0.selected)" } ?? "")|\(inspector.height)|\(values)"
        if inspectorImage?.key != key {
            let image = try ImageSurface(size: Size(width: inspector.width, height: inspector.height), scale: scale)
            inspector.draw(in: Canvas(surface: image), at: Point(x: 0, y: 0), header: header,
                           editing: editing.map { ($0.name, $0.text) }, selected: editing?.selected ?? false)
            inspectorImage = (key, image)
        }
        canvas.drawImage(inspectorImage!.image, in: Rect(x: origin.x, y: origin.y, width: inspector.width, height: inspector.height))
    }

    /// Saves the inspector's params file under the next free `params-N.json` in the output folder.
    private func saveParameters(_ data: Data) {
        save(data, as: "params", what: "parameters") { "--params \($0); refresh-dump handoff reads it too" }
        lastSavedParameters = data
    }

    /// Whether the session ends because the user quit (Q, the window's close button).
    private var quitByUser = false
    /// The parameters Save last wrote.
    private var lastSavedParameters: Data?

    /// Quitting with parameter changes not saved keeps them: the next free `params-N.json`, said
    /// on standard output.
    private func keepUnsavedParameters() {
        guard let interactive = (session as? Session) ?? live, let data = interactive.savedParameters, data != lastSavedParameters else { return }
        save(data, as: "params", what: "unsaved parameters") { "kept on quitting; --params \($0)" }
    }

    /// Saves the timeline's scenario under the next free `scenario-N.json` in the output folder.
    private func saveScenario(_ data: Data) {
        save(data, as: "scenario", what: "scenario") { "refresh-dump run \($0) replays it" }
    }

    /// Writes `data` to the next free `PREFIX-N.json` (never over an earlier file) and says where,
    /// with `use(path)`, in the panel and on standard output; or why it could not be.
    private func save(_ data: Data, as prefix: String, what: String, use: (String) -> String) {
        let path = OutputFile.nextFreePath(in: outputFolder, prefix: prefix, extension: "json")
        do {
            try OutputFile.write(data, to: path)
            // The panel names the file whole, then its folder (the panel wraps the line): a path cut in the middle says nothing.
            session.say("saved \((path as NSString).lastPathComponent) in \(outputFolder)")
            print("\(what) saved: \(path) (\(use(path)))")
        } catch {
            session.say("the \(what) could not be saved: \(PlainErrorText.words(error))")
        }
    }

    /// Exports the plugin shown (at the first edge that has one) as Lottie into the output folder,
    /// under the next free number; the drawing waits meanwhile (a second or two). The edge's state
    /// is the list's again afterwards.
    private func exportIndicator() {
        guard let edge = RefreshEdge.allCases.first(where: { session.slots[$0] != nil }), let slot = session.slots[edge] else {
            return session.say("nothing to export: no plugin is shown")
        }
        defer { slot.indicator.refreshState = slot.refreshState }
        do {
            let said = try NumberedExport.write(slot.indicator, edge: edge, placement: session.driver.container.status(of: edge)?.placement ?? .push,
                                                into: outputFolder)
            session.say(said.panel)
            print(said.log)
        } catch {
            session.say("the export failed: \(PlainErrorText.words(error))")
        }
    }

    /// Saves the window as captured, or the band alone, under the next free number: never over an
    /// earlier run's file.
    private func saveScreenshot(_ kind: PreviewScreenshot, window captured: ImageSurface?) {
        do {
            let image = kind == .band ? try session.renderBand(scale: window.scale) : captured
            guard let image else { return session.say("screenshot failed: the window could not be read back") }
            let path = OutputFile.nextFreePath(in: outputFolder, prefix: kind == .band ? "band" : "screenshot", extension: "png")
            try image.writePNG(to: path)
            session.say("saved \((path as NSString).lastPathComponent) (\(image.width)×\(image.height) px) in \(outputFolder)")
            print("screenshot saved: \(path)")
        } catch {
            session.say("screenshot failed: \(PlainErrorText.words(error))")
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
