import Foundation
import RefreshExport
import RefreshGraphics
import RefreshHost
import RefreshPreviewSession

/// The preview's recordings: the one under way (V, or a `--record START:END` range of a script),
/// the ones stopped whose files are still being finished, and the scenario file beside each.
///
/// A recording's frames are the list (without the panel), drawn on the list's clock at the
/// recording's rate and handed to the ``Recorder``; when its encoder is behind, the recorder waits
/// and the caller's clock waits with it, so a recording never loses a frame.
@MainActor
final class PreviewRecordings {
    /// A recording under way: its recorder, the list times it samples, and the scripted range it
    /// covers (nil for one started with V).
    private struct Running {
        let recorder: Recorder
        var clock: RecordingClock
        let range: ClosedRange<Double>?
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
    /// Recordings stopped whose files are still being finished on the encoder's thread.
    private var finishing: [Recorder] = []
    /// Each unfinished recording's scenario file (its number's claim) among the ``TemporaryPaths``:
    /// if the preview ends first (its X server went away), no scenario is left without its video.
    private var claims: [String: Int] = [:]

    init(folder: String, format: AnimationFormat, rate: Double, ranges: [ClosedRange<Double>] = [], pluginOverride: String? = nil) {
        self.folder = folder
        self.format = format
        self.rate = rate
        self.ranges = ranges.sorted { $0.lowerBound < $1.lowerBound }
        self.pluginOverride = pluginOverride
    }

    /// Whether the list must be sampled as it advances: a recording is under way or a range is to come.
    var isSampling: Bool { running != nil || !ranges.isEmpty }
    /// Whether a recording is under way.
    var isRecording: Bool { running != nil }
    /// Whether anything is being recorded or finished (the window then keeps drawing).
    var isBusy: Bool { running != nil || !finishing.isEmpty }
    /// The list times the recording under way samples (the next frame's time).
    var clock: RecordingClock {
        get { running?.clock ?? RecordingClock(start: 0, interval: 1 / rate) }
        set { running?.clock = newValue }
    }

    /// Seconds the recording under way has waited for its encoder.
    var secondsWaited: Double { running?.recorder.secondsWaited ?? 0 }

    /// The panel's line for the recording under way.
    var panelLine: String? {
        running.map { "● recording \($0.recorder.format.rawValue.uppercased()) \(PanelText.format($0.recorder.length, 1)) s" + ($0.range == nil ? " (V stops)" : "") }
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
        guard let running else { return }
        do {
            try running.recorder.show(try draw(), at: time)
        } catch {
            self.running = nil
            running.recorder.stop(at: time)
            // try?: the interaction log of a recording that failed is not kept.
            _ = try? session.endInteractionLog(name: "")
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
        reportFinished(session: session, wait: true)
    }

    private func start(format: AnimationFormat, range: ClosedRange<Double>?, session: any PreviewSession) {
        do {
            let recorder = try claimRecorder(format: format)
            running = Running(recorder: recorder, clock: RecordingClock(start: session.time, interval: 1 / recorder.rate), range: range)
            if range == nil { session.beginInteractionLog() }
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
        running.recorder.stop(at: time)
        finishing.append(running.recorder)
        session.say("finishing \(running.recorder.path)…")
        let script = Self.scriptPath(of: running.recorder)
        do {
            let name = ((script as NSString).lastPathComponent as NSString).deletingPathExtension
            let data = try session.script.map { try replayable($0.scenario).fileData() } ?? session.endInteractionLog(name: name)
            if let data {
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
                session.say("saved \((recorder.path as NSString).lastPathComponent) (\(PanelText.format(recorder.length, 2)) s) in --out")
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
