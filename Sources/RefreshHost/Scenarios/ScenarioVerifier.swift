import Foundation
import RefreshPluginSDK
import RefreshGoldens

/// Plays a scenario and compares its checkpoint frames with golden PNGs in a folder
/// (`t<seconds>.png`): what `refresh-dump verify` and the tests both run.
public struct ScenarioVerifier {
    /// One checkpoint's outcome.
    public struct Check: Sendable {
        /// The checkpoint time, seconds.
        public var time: Double
        /// The golden file name, e.g. `t1.000.png`.
        public var name: String
        /// The comparison's outcome.
        public var outcome: GoldenImage.Outcome
        /// Indicator errors drawn as error cards in this frame.
        public var pluginErrors: [String]
        /// The frame's pixels, when the verifier ``keepsPixels`` (to compare a second run with).
        public var pixels: [UInt32] = []
        /// Whether it passed.
        public var passed: Bool { outcome.passed && pluginErrors.isEmpty }
        /// What a person reads about it: the plugins' errors when there are any, else the outcome.
        public var detail: String { pluginErrors.isEmpty ? outcome.description : pluginErrors.joined(separator: "; ") }
    }

    /// The folder of golden frames (`t<seconds>.png`).
    public var goldenFolder: String
    /// Where failing frames and diff images go.
    public var failureFolder: String
    /// The largest channel difference (0...255) a pixel may have and still match.
    public var tolerance: Int
    /// Which goldens are written from this run (`RecordMode`).
    public var record: RecordMode
    /// How pixels beyond `tolerance` are judged (perceptual threshold, anti-aliasing, pixel budget).
    public var options = PerceptualComparison.Options()
    /// Keep each checkpoint's pixels in its ``Check`` (for `verify --repeat`).
    public var keepsPixels = false
    /// How the motion golden (every frame's states, progress, offset, events and pixels) is
    /// checked; nil checks the stills alone. Frames that hash differently are compared with the
    /// stills' ``tolerance`` and ``options``.
    public var motion: MotionComparison.Options? = MotionComparison.Options()

    /// A verifier comparing with `goldenFolder`, writing failures to `failureFolder`.
    public init(goldenFolder: String, failureFolder: String, tolerance: Int = 3, record: RecordMode = .never) {
        self.goldenFolder = goldenFolder
        self.failureFolder = failureFolder
        self.tolerance = tolerance
        self.record = record
    }

    /// Plays `player`'s scenario to the end and returns the pixels of the frames at `checkpoints`
    /// (seconds) and, with `motion`, every frame's motion hash: a second run to hold against the
    /// first (`verify --repeat`).
    public static func replay(_ player: ScenarioPlayer, at checkpoints: [Double], motion: Bool) throws -> (pixels: [Double: [UInt32]], hashes: [String]) {
        var frames: [Double: [UInt32]] = [:]
        var capture = motion ? try MotionCapture(player, film: nil) : nil
        _ = try play(player, stoppingAt: checkpoints, eachFrame: { try capture?.add(player) }) { time in frames[time] = try player.render().image.pixelWords() }
        return (frames, capture?.track.frames.map(\.hash) ?? [])
    }

    /// Plays `player`'s scenario to the end and calls `body` with each checkpoint's time on its
    /// frame (seconds, the nearest frame), after `eachFrame` on every frame from the first;
    /// returns the checkpoints after the end, in order.
    private static func play(_ player: ScenarioPlayer, stoppingAt times: [Double], eachFrame: () throws -> Void = {},
                             _ body: (Double) throws -> Void) throws -> [Double] {
        let wanted = Dictionary(times.map { (Int(saturating: ($0 * player.scenario.fps).rounded()), $0) }, uniquingKeysWith: { a, _ in a })
        try eachFrame()
        if let t = wanted[0] { try body(t) }
        while try player.advance() {
            try eachFrame()
            if let t = wanted[player.frameIndex] { try body(t) }
        }
        return wanted.sorted { $0.key < $1.key }.filter { $0.key > player.frameIndex }.map(\.value)
    }

    /// The golden name of a checkpoint time.
    public static func name(for time: Double) -> String { "t" + String(format: "%.3f", time) + ".png" }

    /// Plays `player`'s scenario to the end, checking the frames at `checkpoints` (seconds; the
    /// scenario's own when nil) and, with ``motion`` options, every frame against the motion
    /// golden. Checkpoints past the end come back as missing frames.
    public func verify(_ player: ScenarioPlayer, checkpoints: [Double]? = nil) throws -> Verification {
        var checks: [Check] = []
        func check(_ time: Double) throws {
            let (image, errors) = try player.render()
            let golden = GoldenImage(path: (goldenFolder as NSString).appendingPathComponent(Self.name(for: time)), tolerance: tolerance, options: options)
            checks.append(Check(time: time, name: Self.name(for: time),
                                outcome: try golden.check(image, record: record, failureDirectory: failureFolder),
                                pluginErrors: errors.map(\.description), pixels: keepsPixels ? image.pixelWords() : []))
        }
        var motionGolden: MotionGolden?, stored: Result<MotionTrack, InputFileError>?, capture: MotionCapture?
        if var motion {
            motion.image = options
            motion.image.channelTolerance = tolerance
            let golden = MotionGolden(folder: goldenFolder, name: player.scenario.fileName, failureFolder: failureFolder, options: motion)
            stored = golden.stored()
            capture = try MotionCapture(player, film: golden.actualFilm, known: golden.filmHashes(of: stored))
            motionGolden = golden
        }
        let late = try Self.play(player, stoppingAt: checkpoints ?? player.scenario.checkpoints, eachFrame: { try capture?.add(player) }, check)
        for time in late {
            checks.append(Check(time: time, name: Self.name(for: time), outcome: .missing(actualPath: "(after the scenario's end)"), pluginErrors: []))
        }
        var verification = Verification(checks: checks.sorted { $0.time < $1.time })
        if let motionGolden, let capture {
            let outcome = try motionGolden.check(capture.track, stored: stored, record: record)
            // try?: a golden that cannot be read has no series to plot; its outcome says why.
            let goldenTrack = try? stored?.get()
            verification.motion = MotionCheck(name: (motionGolden.trackPath as NSString).lastPathComponent, outcome: outcome,
                                              pluginErrors: MotionCheck.summary(of: capture.pluginErrors, fps: capture.track.fps),
                                              golden: goldenTrack, actual: capture.track)
        }
        return verification
    }
}
