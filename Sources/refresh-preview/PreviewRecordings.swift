import Foundation
import RefreshSystem
import RefreshAnimationFiles
import RefreshGraphics
import RefreshHost
import RefreshPreviewSession

/// The preview's recordings: the one under way (V, or a `--record START:END` range of a script),
/// the ones stopped whose frames are still being drawn or whose files are still being finished,
/// and the scenario file beside each.
///
/// V on the interactive list keeps what the designer does (``Session/beginInteractionLog()``);
/// at the stop that interaction is written as the recording's scenario, and the recording is drawn
/// from the file, frame by frame between the window's frames (``RecordingReplay``): the frames
/// `refresh-dump run` draws for it, however fast the window drew meanwhile. A script's recording
/// (a range, or V while a script plays) is the script's own frames, sampled on its clock. Either
/// way the frames go to a ``Recorder``, which waits for its encoder rather than lose one.
@MainActor
final class PreviewRecordings {
    /// A recording under way: its recorder, the scripted range it covers (nil for one started
    /// with V), and whether it is drawn from the interaction's log.
    private struct Running {
        let recorder: Recorder
        let range: ClosedRange<Double>?
        /// The list's time when it began.
        let started: Double
        /// V on the interactive list: nothing is drawn until the stop.
        let replayed: Bool
    }

    /// Where recordings go.
    let folder: String
    /// What V records in (shift+V: GIF), and the frames a second of a recording other than a GIF.
    let format: AnimationFormat
    let rate: Double
    /// The scripted ranges still to record, in order.
    private var ranges: [ClosedRange<Double>]
    /// The plugin a script's edges were replaced with (`--plugin`), for the scenario saved beside a range.
    let pluginOverride: String?
    private var running: Running?
    /// Recordings stopped whose frames are being drawn from their scenarios, oldest first.
    private var replays: [(replay: RecordingReplay, recorder: Recorder, stopped: Double)] = []
    /// Recordings stopped whose files are still being finished on the encoder's thread.
    private var finishing: [Recorder] = []
    /// Pixels per point of a recording (`--record-scale`); nil: the window's.
    let recordScale: Double?
    /// Pixels per point of the window (the loop keeps it current).
    var windowScale = 1.0
    /// Pixels per point a recording is drawn at.
    var scale: Double { recordScale ?? windowScale }
    /// Each unfinished recording's scenario file (its number's claim) among the ``TemporaryPaths``:
    /// if the preview ends first (its X server went away), no scenario is left without its video.
    private var claims: [String: Int] = [:]

    init(folder: String, format: AnimationFormat, rate: Double, scale: Double? = nil, ranges: [ClosedRange<Double>] = [], pluginOverride: String? = nil) {
        self.folder = folder
        recordScale = scale
        self.format = format
        self.rate = rate
        self.ranges = ranges.sorted { $0.lowerBound < $1.lowerBound }
        self.pluginOverride = pluginOverride
    }

    /// Whether the list must be sampled as it advances: a script's recording is under way or a range is to come.
    var isSampling: Bool { (running.map { !$0.replayed } ?? false) || !ranges.isEmpty }
    /// Whether a recording is under way.
    var isRecording: Bool { running != nil }
    /// Whether anything is being recorded, drawn or finished (the window then keeps drawing).
    var isBusy: Bool { running != nil || !replays.isEmpty || !finishing.isEmpty }
    /// Seconds the recording under way has waited for its encoder.
    var secondsWaited: Double { running?.recorder.secondsWaited ?? 0 }

    /// The panel's line for the recording under way, or the one being drawn.
    func panelLine(at time: Double) -> String? {
        if let running {
            let length = running.replayed ? time - running.started : running.recorder.length
            return "● recording \(running.recorder.format.rawValue.uppercased()) \(PanelText.format(length, 1)) s" + (running.range == nil ? " (V stops)" : "")
        }
        return replays.first.map { "drawing \(($0.recorder.path as NSString).lastPathComponent): frame \($0.replay.framesDrawn) of \($0.replay.frameCount)" }
    }

    /// Starts a recording in `format` (the list's time now), or stops the one under way.
    func toggle(format: AnimationFormat, session: any PreviewSession) {
        if running != nil { return stop(session: session, at: session.time) }
        start(format: format, range: nil, session: session)
    }

    /// The list at list time `time`, drawn by `draw`: starts and stops scripted ranges there and
    /// hands the frame to the recording under way.
    func sample(at time: Double, session: any PreviewSession, draw: () throws -> ImageSurface) {
        if let range = running?.range, time >= range.upperBound - 1e-9 { stop(session: session, at: range.upperBound) }
        if running == nil, let range = ranges.first, time >= range.lowerBound - 1e-9 {
            ranges.removeFirst()
            start(format: format, range: range, session: session)
        }
        guard let running, !running.replayed else { return }
        do {
            try running.recorder.show(try draw(), at: time)
        } catch {
            self.running = nil
            running.recorder.stop(at: time)
            failed(error, running.recorder, session: session)
        }
    }

    /// Stops the recording under way, if any, at `session`'s time (its session is about to change).
    func stopUnderWay(session: any PreviewSession) {
        if let running { stop(session: session, at: min(session.time, running.range?.upperBound ?? .infinity)) }
    }

    /// Stops what is under way (at the list's time, or a range's end if the script ended first)
    /// and waits until every file is written.
    func finishAll(session: any PreviewSession) {
        if let range = running?.range, session.time < range.upperBound - 1e-9 {
            print("note: the scenario ended at \(PanelText.format(session.time, 3)) s, before the end of --record \(PanelText.format(range.lowerBound, 3)):\(PanelText.format(range.upperBound, 3))")
        }
        stopUnderWay(session: session)
        for range in ranges {
            print("note: --record \(PanelText.format(range.lowerBound, 3)):\(PanelText.format(range.upperBound, 3)) was not recorded: the scenario ended at \(PanelText.format(session.time, 3)) s")
        }
        drawReplays(until: .infinity, session: session)
        reportFinished(session: session, wait: true)
    }

    private func start(format: AnimationFormat, range: ClosedRange<Double>?, session: any PreviewSession) {
        do {
            let recorder = try claimRecorder(format: format)
            let replayed = range == nil && session.playedScenario == nil
            running = Running(recorder: recorder, range: range, started: session.time, replayed: replayed)
            if replayed { session.beginInteractionLog() }
            session.say("recording \(format.rawValue.uppercased())…" + (range == nil ? " (V stops)" : ""))
        } catch {
            failed(error, nil, session: session)
        }
    }

    /// A recorder for the next `recording-N.<ext>` in `format`. The number is one no earlier
    /// recording used in any format (video or scenario), claimed by creating its scenario file
    /// first: a GIF after an MP4, or another session in the same folder, never replaces anything.
    /// A recorder that cannot be made gives its claim back.
    private func claimRecorder(format: AnimationFormat) throws -> Recorder {
        let number = try OutputFile.claimNumber(in: folder, prefix: "recording", extensions: AnimationFormat.allCases.map(\.fileExtension), claim: "json")
        let claimed = "\(folder)/recording-\(number).json"
        claims[claimed] = TemporaryPaths.remember(claimed)
        do {
            return try Recorder(path: "\(folder)/recording-\(number).\(format.fileExtension)", format: format, rate: rate)
        } catch {
            unlink(claimed)
            claims.removeValue(forKey: claimed).map(TemporaryPaths.forget)
            throw error
        }
    }

    /// Records `span` of the timeline's gesture at once (the moments kept, drawn by `draw` at each
    /// frame's time) as the next recording, with `scenario` beside it; a recording under way goes on.
    func recordClip(_ span: ClosedRange<Double>, scenario: Data, session: any PreviewSession, draw: (Double) throws -> ImageSurface) {
        let recorder: Recorder
        do { recorder = try claimRecorder(format: format) } catch { return failed(error, nil, session: session) }
        do {
            try recorder.record(span, draw: draw)
        } catch {
            recorder.stop(at: span.upperBound)
            return failed(error, recorder, session: session)
        }
        finishing.append(recorder)
        session.say("finishing \(recorder.path)…")
        do {
            // Said with the recording once it is written (``reportFinished(session:wait:)``).
            try OutputFile.write(scenario, to: Self.scriptPath(of: recorder))
        } catch {
            session.say("the scenario could not be saved: \(PlainErrorText.words(error))")
        }
    }

    /// The scenario file that goes with a recording: its number's claim, then what it replays.
    private static func scriptPath(of recorder: Recorder) -> String {
        (recorder.path as NSString).deletingPathExtension + ".json"
    }

    /// Ends the recording at list time `time`; the file is finished on the encoder's thread and
    /// ``reportFinished(session:wait:)`` says where it is. Beside it: what the designer did, or the
    /// script that was played, as a scenario that replays it headless (`refresh-dump run`).
    private func stop(session: any PreviewSession, at time: Double) {
        guard let running else { return }
        self.running = nil
        let script = Self.scriptPath(of: running.recorder)
        let name = ((script as NSString).lastPathComponent as NSString).deletingPathExtension
        if running.replayed, let scenario = session.endInteractionLog(name: name, fps: running.recorder.rate) {
            return replay(scenario, into: running.recorder, session: session)
        }
        running.recorder.stop(at: time)
        finishing.append(running.recorder)
        session.say("finishing \(running.recorder.path)…")
        do {
            if let scenario = session.playedScenario {
                // Said with the recording once it is written: a recording that fails takes its scenario with it.
                try OutputFile.write(replayable(scenario).fileData(), to: script)
            } else {
                unlink(script)  // the empty claim of its number
                claims.removeValue(forKey: script).map(TemporaryPaths.forget)
            }
        } catch {
            session.say("the scenario could not be saved: \(PlainErrorText.words(error))")
        }
    }

    /// Writes a V recording's `scenario` beside it, and starts drawing the recording from the
    /// file as written (what every reader of it reads), with the plugin the list showed.
    private func replay(_ scenario: Scenario, into recorder: Recorder, session: any PreviewSession) {
        let script = Self.scriptPath(of: recorder)
        do {
            guard let live = session as? Session else { throw CocoaError(.featureUnsupported) }
            let data = try scenario.fileData()
            try OutputFile.write(data, to: script)
            let player = try live.recordingPlayer(of: Scenario.decode(data, file: script))
            replays.append((RecordingReplay(player: player, scale: scale), recorder, SDLWindow.now))
            session.say("stopped; drawing \((recorder.path as NSString).lastPathComponent)")
        } catch {
            recorder.stop(at: 0)
            failed(error, recorder, session: session)
        }
    }

    /// Draws the frames of the stopped V recordings into their recorders until wall time
    /// `deadline` (``SDLWindow/now``), or until the encoder is behind (the window does not wait
    /// for it, unless `deadline` is infinite); a recording whose frames are all drawn is finished
    /// on its encoder's thread.
    func drawReplays(until deadline: Double, session: any PreviewSession) {
        while let (replay, recorder, stopped) = replays.first, SDLWindow.now < deadline, deadline == .infinity || !recorder.isBehind {
            do {
                if let frame = try replay.nextFrame() {
                    try recorder.show(frame.image, at: frame.time)
                    continue
                }
                replays.removeFirst()
                recorder.stop(at: replay.duration)
                finishing.append(recorder)
                session.say("finishing \((recorder.path as NSString).lastPathComponent)…")
                print("recording drawn: \(replay.frameCount) frames from \(Self.scriptPath(of: recorder)) in the \(PanelText.format(SDLWindow.now - stopped, 3)) s after the stop")
            } catch {
                replays.removeFirst()
                recorder.stop(at: replay.duration)
                failed(error, recorder, session: session)
            }
        }
    }

    /// The scenario as played: with `--plugin`, every edge shows that plugin with its defaults.
    private func replayable(_ scenario: Scenario) -> Scenario {
        guard let pluginOverride else { return scenario }
        var played = scenario
        for edge in scenario.edges.keys {
            played.edges[edge]?.plugin = pluginOverride
            played.edges[edge]?.parameters = [:]
        }
        return played
    }

    /// Says which stopped recordings are written (or why not); with `wait`, waits for them all.
    func reportFinished(session: any PreviewSession, wait: Bool = false) {
        finishing.removeAll { recorder in
            if wait { recorder.waitUntilWritten() }
            guard let result = recorder.result else { return false }
            switch result {
            case .success:
                let waited = recorder.secondsWaited < 0.0005 ? "" : "; the list waited \(PanelText.format(recorder.secondsWaited, 3)) s for the encoder"
                session.say("saved \((recorder.path as NSString).lastPathComponent) (\(PanelText.format(recorder.length, 2)) s) in \(PathText.folder(of: recorder.path))")
                print("recording saved: \(recorder.path) (\(PanelText.format(recorder.length, 3)) s of the list's time, \(recorder.framesEncoded) frames\(waited); written \(PanelText.format(recorder.secondsToFinish ?? 0, 3)) s after the stop)")
                let script = Self.scriptPath(of: recorder)
                claims.removeValue(forKey: script).map(TemporaryPaths.forget)
                if FileManager.default.fileExists(atPath: script) { print("scenario saved: \(script) (refresh-dump run \(script) replays it)") }
            case .failure(let error):
                failed(error, recorder, session: session)
            }
            return true
        }
    }

    /// Says why a recording failed, in the panel and on standard error. Its video was never put in
    /// place (the encoder writes under a temporary name); its scenario file goes too, so nothing
    /// of it is left, and the next V starts a new one.
    private func failed(_ error: Error, _ recorder: Recorder?, session: any PreviewSession) {
        if let recorder {
            unlink(Self.scriptPath(of: recorder))
            claims.removeValue(forKey: Self.scriptPath(of: recorder)).map(TemporaryPaths.forget)
        }
        session.say("recording failed: \(PlainErrorText.words(error))")
        FileHandle.standardError.write(Data("recording failed: \(PlainErrorText.words(error))\n".utf8))
    }
}
