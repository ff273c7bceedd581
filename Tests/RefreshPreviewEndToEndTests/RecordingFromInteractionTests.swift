import Foundation
import Testing
import RefreshSystem
import RefreshCore
import RefreshAnimationFiles
import RefreshGoldens
import RefreshGraphics
@testable import RefreshHost
import RefreshPluginSDK
import RefreshPreviewSession
import TestSupport

/// V on the interactive list: the recording is what the designer did, drawn from its scenario, so
/// neither its length nor its frames depend on how fast the window drew while it was made.
@MainActor
@Suite(.leavesNoPluginHost)
struct RecordingFromInteractionTests {
    /// A pull that refreshes, a wait for the answer, three wheel notches and B, as the window
    /// system stamps them (wall seconds; a pointer reports every 8 ms, as a 125 Hz mouse does).
    static let gesture: [(time: Double, command: PreviewCommand)] = {
        var events: [(Double, PreviewCommand)] = [(2.10, .pointerDown(Point(x: 195, y: 200)))]
        for k in 1...50 { events.append((2.10 + 0.008 * Double(k), .pointerMoved(Point(x: 195, y: 200 + 3.6 * Double(k))))) }
        events.append((2.60, .pointerUp))
        for k in 0..<3 { events.append((3.90 + 0.05 * Double(k), .wheel(Point(x: 0, y: -40)))) }
        events.append((4.07, .beginRefresh))
        return events
    }()

    /// Plays `gesture` into a fresh session (its server answering in half a second) whose window
    /// draws at `frames` (wall seconds), the log kept from 2 s to 4.5 s, and returns the session and
    /// the scenario of the log (at 60 fps).
    func record(frames: [Double]) async throws -> (Session, Scenario) {
        var options = Session.Options()
        options.failureRate = 0
        options.refreshTime = 0.5
        let session = try Session(options: options, pluginPaths: ["\(buildFolder)/libRefreshSpinner.so"], firstPlugin: "dev.refreshkit.spinner")
        var events = Self.gesture[...]
        _ = session.advance(toWallTime: 0)
        for now in frames {
            // The window takes in what happened since its last frame, each at its own time.
            while let event = events.first, event.time <= now {
                session.perform(event.command, atWallTime: event.time)
                events.removeFirst()
            }
            _ = session.advance(toWallTime: now)
            await session.dataSource.settle()
            if now == 2 { session.beginInteractionLog() }  // V, at the frame both windows draw
        }
        #expect(events.isEmpty)
        return (session, try #require(session.endInteractionLog(name: "recording-1", fps: 60)))
    }

    /// A window at 120 fps, and one under load: frames 50 ms to 0.6 s apart, in no pattern (and
    /// one at 2 s, where both begin the log).
    static let smooth = (1...540).map { Double($0) / 120 }
    static let throttled: [Double] = {
        var times = [0.0], gaps = [0.45, 0.05, 0.3, 0.6, 0.12, 0.5, 0.21]
        while times.last! < 4.5 { times.append(min(4.5, times.last! + gaps[times.count % gaps.count])) }
        return Set(times + [2]).sorted()
    }()

    @Test func aGestureIsRecordedTheSameWhetherTheWindowKeptUpOrNot() async throws {
        let (_, smooth) = try await record(frames: Self.smooth)
        let (_, throttled) = try await record(frames: Self.throttled)
        #expect(Self.throttled.count < 20)
        #expect(try throttled.fileData() == smooth.fileData(), "smooth \(smooth.steps)\nthrottled \(throttled.steps)")
        // The whole take, to the frame: two and a half seconds, the refresh and its answer in it.
        #expect(ScenarioPlayer.totalFrames(of: throttled) == 150)
        #expect(throttled.steps.contains(.finish(edge: .top, result: .success)), "\(throttled.steps)")
        #expect(throttled.steps.contains(.begin(edge: .top)), "\(throttled.steps)")
    }

    /// The recording a throttled window made is, frame for frame, what `refresh-dump run` draws
    /// for the scenario saved beside it.
    @Test func aRecordingMadeUnderLoadIsTheHeadlessRunOfItsScenario() async throws {
        let (session, scenario) = try await record(frames: Self.throttled)
        let folder = scratchDirectory("recording-from-interaction")
        let file = "\(folder)/recording-1.json"
        try OutputFile.write(scenario.fileData(), to: file)
        let replay = try RecordingReplay(player: session.recordingPlayer(of: Scenario.decode(Data(contentsOf: URL(fileURLWithPath: file)), file: file)), scale: 1)
        let recorder = try Recorder(path: "\(folder)/recording-1.apng", format: .apng, rate: 60)
        while let frame = try replay.nextFrame() { try recorder.show(frame.image, at: frame.time) }
        try recorder.finish(at: replay.duration)
        #expect(replay.player.events.contains { $0.event == .beganRefreshing(.top, .userGesture) }, "\(replay.player.events)")
        #expect(replay.player.events.contains { $0.event == .finished(.top, .success) }, "\(replay.player.events)")

        let (status, output) = try await runProgram("\(toolsFolder)/refresh-dump", ["run", file, "--out", "\(folder)/run", "--scale", "1", "--plugin-path", buildFolder])
        #expect(status == 0, "\(output)")
        let (recorded, length) = try AnimationReader.read("\(folder)/recording-1.apng")
        #expect(abs(length - 2.5) < 0.01)
        let names = try FileManager.default.contentsOfDirectory(atPath: "\(folder)/run/frames").filter { $0.hasSuffix(".png") }.sorted()
        // A frame that repeats the one before lengthens it in the APNG: compared by time.
        #expect(names.count == 150 && recorded.count > 100 && recorded.count <= 150, "\(recorded.count) frames in the recording")
        for (index, name) in names.enumerated() {
            let frame = try #require(recorded.last { $0.start <= (Double(index) + 0.5) / 60 })
            let headless = try ImageSurface.readPNG(at: "\(folder)/run/frames/\(name)")
            let comparison = try ImageComparison(expected: headless, actual: frame.image, tolerance: 0)
            #expect(comparison.matches, "frame \(index + 1): \(comparison.pixelsOverTolerance) pixels differ")
            if !comparison.matches { break }
        }
    }
}

