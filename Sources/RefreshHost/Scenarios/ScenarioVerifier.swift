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
    /// Which goldens are written from this run (``RecordMode``).
    public var record: RecordMode
    /// How pixels beyond `tolerance` are judged (perceptual threshold, anti-aliasing, pixel budget).
    public var options = PerceptualComparison.Options()
    /// Keep each checkpoint's pixels in its ``Check`` (for `verify --repeat`).
    public var keepsPixels = false

    /// A verifier comparing with `goldenFolder`, writing failures to `failureFolder`.
    public init(goldenFolder: String, failureFolder: String, tolerance: Int = 3, record: RecordMode = .never) {
        self.goldenFolder = goldenFolder
        self.failureFolder = failureFolder
        self.tolerance = tolerance
        self.record = record
    }

    /// Plays `player`'s scenario to the end and returns the pixels of the frames at `checkpoints`
    /// (seconds), in their order: a second run to hold against the first (`verify --repeat`).
    public static func pixels(_ player: ScenarioPlayer, at checkpoints: [Double]) throws -> [Double: [UInt32]] {
        var frames: [Double: [UInt32]] = [:]
        _ = try play(player, stoppingAt: checkpoints) { time in frames[time] = try player.render().image.pixelWords() }
        return frames
    }

    /// Plays `player`'s scenario to the end and calls `body` with each checkpoint's time on its
    /// frame (seconds, the nearest frame); returns the checkpoints after the end, in order.
    private static func play(_ player: ScenarioPlayer, stoppingAt times: [Double], _ body: (Double) throws -> Void) throws -> [Double] {
        let wanted = Dictionary(times.map { (Int(saturating: ($0 * player.scenario.fps).rounded()), $0) }, uniquingKeysWith: { a, _ in a })
        if let t = wanted[0] { try body(t) }
        while try player.advance() {
            if let t = wanted[player.frameIndex] { try body(t) }
        }
        return wanted.sorted { $0.key < $1.key }.filter { $0.key > player.frameIndex }.map(\.value)
    }

    /// The golden name of a checkpoint time.
    public static func name(for time: Double) -> String { "t" + String(format: "%.3f", time) + ".png" }

    /// Plays `player`'s scenario to the end, checking the frames at `checkpoints` (seconds; the
    /// scenario's own when nil). Checkpoints past the end come back as missing frames.
    public func verify(_ player: ScenarioPlayer, checkpoints: [Double]? = nil) throws -> [Check] {
        var checks: [Check] = []
        func check(_ time: Double) throws {
            let (image, errors) = try player.render()
            let golden = GoldenImage(path: (goldenFolder as NSString).appendingPathComponent(Self.name(for: time)), tolerance: tolerance, options: options)
            checks.append(Check(time: time, name: Self.name(for: time),
                                outcome: try golden.check(image, record: record, failureDirectory: failureFolder),
                                pluginErrors: errors.map(\.description), pixels: keepsPixels ? image.pixelWords() : []))
        }
        for time in try Self.play(player, stoppingAt: checkpoints ?? player.scenario.checkpoints, check) {
            checks.append(Check(time: time, name: Self.name(for: time), outcome: .missing(actualPath: "(after the scenario's end)"), pluginErrors: []))
        }
        return checks.sorted { $0.time < $1.time }
    }
}
