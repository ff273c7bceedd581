import Foundation
import RefreshGraphics

/// Records what a window shows, on the clock of what it shows (a session's time, not the frames
/// drawn): each frame offered stays on screen until the next one, and the file holds, at `rate`
/// samples a second, the frame showing at each sample. A recording of N seconds plays N seconds
/// however many frames were drawn.
///
/// Encoding runs on a thread of its own, so the window keeps its frame rate; if the encoder falls
/// behind by ``backlogLimit`` frames, new frames are dropped and the one waiting is shown longer
/// (the length stays exact).
public final class Recorder: @unchecked Sendable {
    /// The file being written.
    public let path: String
    /// The format.
    public let format: AnimationFormat
    /// Samples per second.
    public let rate: Double
    /// The most frames waiting for the encoder.
    public static let backlogLimit = 120

    private let queue = DispatchQueue(label: "refreshkit.recorder")
    private let lock = NSLock()
    private var backlog = 0
    private var encoder: (any AnimationEncoder)?
    private var failure: Error?
    /// The frame on screen, since when (in the clock's seconds), and the sample it began on.
    private var showing: (image: ImageSurface, since: Int)?
    private var started: Double?
    /// Frames held back while the encoder is behind: (image, samples).
    private var held: (image: ImageSurface, samples: Int)?
    private var size: (width: Int, height: Int)?
    /// Samples handed to the encoder so far.
    private var samplesEmitted = 0
    /// Frames dropped because the encoder was behind.
    public private(set) var framesDropped = 0
    /// How stopping ended, once the encoder is done (see ``stop(at:)``).
    private var outcome: Result<Void, Error>?

    /// Whether the encoder trades size for speed (a live window) rather than the other way round.
    public let realtime: Bool

    /// A recording to `path` in `format` at `rate` samples a second; `realtime` picks the
    /// encoders' fast settings (for a window that must keep its frame rate).
    public init(path: String, format: AnimationFormat, rate: Double = 60, realtime: Bool = true) throws {
        self.realtime = realtime
        guard rate.isFinite, rate >= 1, rate <= 240 else { throw ExportError(path: path, reason: "a recording rate of \(rate) is not 1…240") }
        self.path = path
        self.format = format
        self.rate = rate
    }

    /// The sample `time` falls on.
    private func sample(_ time: Double) -> Int { Int(((time - (started ?? time)) * rate).rounded()) }

    /// `image` is on screen from `time` (the clock's seconds; never earlier than the last frame's).
    /// The image must not change afterwards: the encoder reads it later, on its own thread.
    public func show(_ image: ImageSurface, at time: Double) throws {
        if let failure = lock.withLock({ failure }) { throw failure }
        guard time.isFinite else { return }
        if started == nil { started = time }
        if let size, size.width != image.width || size.height != image.height {
            throw ExportError(path: path, reason: "the window changed size while recording (\(size.width)×\(size.height) → \(image.width)×\(image.height) px)")
        }
        size = (image.width, image.height)
        let now = sample(time)
        if let showing, now > showing.since { emit(showing.image, samples: now - showing.since) }
        if showing == nil || now > showing!.since { showing = (image, now) } else { showing = (image, showing!.since) }
    }

    /// Stops at `time`: the last frame lasts until then; waits for the encoder and closes the
    /// file. Throws what went wrong on the way.
    public func finish(at time: Double) throws {
        stop(at: time)
        waitUntilWritten()
        if case .failure(let error)? = result { throw error }
    }

    /// Waits until the encoder's thread has done everything handed to it.
    public func waitUntilWritten() {
        queue.sync {}
    }

    /// Stops at `time` without waiting: the encoder finishes the file on its thread, and
    /// ``result`` says how it went once it has.
    public func stop(at time: Double) {
        if let showing { emit(showing.image, samples: max(1, sample(time) - showing.since)) }
        showing = nil
        flushHeld()
        queue.async { [self] in
            let ended: Result<Void, Error>
            if let failure = lock.withLock({ failure }) {
                ended = .failure(failure)
            } else if let encoder {
                ended = Result { try encoder.finish() }
            } else {
                // Stopped before the first frame: no file is made, and the caller is told so.
                ended = .failure(ExportError(path: path, reason: "nothing was recorded (it was stopped before its first frame)"))
            }
            lock.withLock { outcome = ended }
        }
    }

    /// How the recording ended, once the file is written after ``stop(at:)``; nil before.
    public var result: Result<Void, Error>? { lock.withLock { outcome } }

    /// Seconds recorded so far (all of it, once stopped).
    public var length: Double { Double(samplesEmitted + (held?.samples ?? 0)) / rate }

    /// Hands a frame lasting `samples` to the encoder's thread, or holds it while the encoder is behind.
    private func emit(_ image: ImageSurface, samples: Int) {
        let behind = lock.withLock { backlog } >= Self.backlogLimit
        // Behind (or the same frame again): the frame held lasts longer; this one is not kept.
        if let h = held, behind || h.image === image {
            if h.image !== image { framesDropped += 1 }
            held = (h.image, h.samples + samples)
            return
        }
        flushHeld()
        held = (image, samples)
        if !behind { flushHeld() }
    }

    private func flushHeld() {
        guard let (image, samples) = held else { return }
        held = nil
        samplesEmitted += samples
        lock.withLock { backlog += 1 }
        let duration = Double(samples) / rate
        // The image is handed over: nothing on this side draws into it again.
        nonisolated(unsafe) let frame = image
        queue.async { [self] in
            defer { lock.withLock { backlog -= 1 } }
            guard lock.withLock({ failure }) == nil else { return }
            do {
                if encoder == nil { encoder = try format.encoder(path: path, width: frame.width, height: frame.height, frameRate: rate, realtime: realtime) }
                try encoder?.add(frame, duration: duration)
            } catch {
                lock.withLock { failure = error }
            }
        }
    }
}
