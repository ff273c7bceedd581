import Foundation
import RefreshGraphics

/// Records what a window shows, on the clock of what it shows (a session's time, not the frames
/// drawn): each frame offered stays on screen until the next one, and the file holds, at `rate`
/// samples a second, the frame showing at each sample. A recording of N seconds plays N seconds
/// however many frames were drawn.
///
/// Encoding runs on a thread of its own, through a queue of at most ``queueLimit`` frames: when
/// the encoder is behind, ``show(_:at:)`` waits for room (``secondsWaited`` adds it up), so the
/// caller's clock waits too and no frame is ever dropped. A GIF is sampled at 50 a second (the
/// fastest rate browsers play) and keeps a frame for every 1/50 s, none held longer.
public final class Recorder: @unchecked Sendable {
    /// The file being written.
    public let path: String
    /// The format.
    public let format: AnimationFormat
    /// Samples per second (50 for a GIF, whatever was asked).
    public let rate: Double
    /// The most frames waiting for the encoder.
    public static let queueLimit = 8

    private let queue = DispatchQueue(label: "refreshkit.recorder")
    private let lock = NSLock()
    /// Room in the queue: taken by each frame handed over, given back once it is encoded.
    private let room = DispatchSemaphore(value: Recorder.queueLimit)
    private var encoder: (any AnimationEncoder)?
    private var failure: Error?
    /// The frame on screen and the sample it began on.
    private var showing: (image: ImageSurface, since: Int)?
    private var started: Double?
    private var size: (width: Int, height: Int)?
    /// Samples handed to the encoder so far.
    private var samplesEmitted = 0
    /// Frames handed to the encoder so far (each distinct frame once).
    public private(set) var framesEncoded = 0
    /// Wall-clock seconds ``show(_:at:)`` waited for the encoder to make room.
    public private(set) var secondsWaited = 0.0
    /// Frames handed over and not encoded yet.
    private var queued = 0
    /// Whether the encoder's queue is full: a frame shown now may wait for room. A caller with
    /// other work (a window) draws its next frame later instead.
    public var isBehind: Bool { lock.withLock { queued >= Self.queueLimit - 1 } }
    /// How stopping ended, once the encoder is done (see ``stop(at:)``).
    private var outcome: Result<Void, Error>?
    /// Wall-clock seconds from ``stop(at:)`` to the file being written; nil until it is.
    public var secondsToFinish: Double? { lock.withLock { finishing } }
    private var finishing: Double?
    /// Whether the encoder trades size for speed (a live window) rather than the other way round.
    public let realtime: Bool

    /// A recording to `path` in `format` at `rate` samples a second; `realtime` picks the
    /// encoders' fast settings (for a window that must keep its frame rate).
    public init(path: String, format: AnimationFormat, rate: Double = 60, realtime: Bool = true) throws {
        self.realtime = realtime
        guard rate.isFinite, rate >= 1, rate <= 240 else { throw AnimationFileError(path: path, reason: "a recording rate of \(rate) is not 1…240") }
        self.path = path
        self.format = format
        self.rate = format == .gif ? 50 : rate
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
            throw AnimationFileError(path: path, reason: "the window changed size while recording (\(size.width)×\(size.height) → \(image.width)×\(image.height) px)")
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

    /// Records all of `span` at once, a frame at each of the recording's frame times from its start
    /// up to its end (`draw(t)` draws the one at time `t`), then stops at its end: what already
    /// happened (a gesture the preview kept), recorded without playing it in real time.
    public func record(_ span: ClosedRange<Double>, draw: (Double) throws -> ImageSurface) throws {
        let frames = max(1, Int(((span.upperBound - span.lowerBound) * rate - 1e-6).rounded(.up)))
        for k in 0..<frames {
            let time = span.lowerBound + Double(k) / rate
            try show(try draw(time), at: time)
        }
        stop(at: span.upperBound)
    }

    /// Stops at `time` without waiting: the encoder finishes the file on its thread, and
    /// ``result`` says how it went once it has.
    public func stop(at time: Double) {
        if let showing { emit(showing.image, samples: max(1, sample(time) - showing.since)) }
        showing = nil
        let stopped = DispatchTime.now().uptimeNanoseconds
        queue.async { [self] in
            let ended: Result<Void, Error>
            if let failure = lock.withLock({ failure }) {
                ended = .failure(failure)
            } else if let encoder {
                ended = Result { try encoder.finish() }
            } else {
                // Stopped before the first frame: no file is made, and the caller is told so.
                ended = .failure(AnimationFileError(path: path, reason: "nothing was recorded (it was stopped before its first frame)"))
            }
            lock.withLock {
                outcome = ended
                finishing = Double(DispatchTime.now().uptimeNanoseconds - stopped) / 1e9
            }
        }
    }

    /// How the recording ended, once the file is written after ``stop(at:)``; nil before.
    public var result: Result<Void, Error>? { lock.withLock { outcome } }

    /// Seconds recorded so far (all of it, once stopped).
    public var length: Double { Double(samplesEmitted) / rate }

    /// Hands a frame lasting `samples` to the encoder's thread, waiting first while the queue is full.
    private func emit(_ image: ImageSurface, samples: Int) {
        samplesEmitted += samples
        framesEncoded += 1
        if room.wait(timeout: .now()) == .timedOut {
            let began = DispatchTime.now().uptimeNanoseconds
            room.wait()
            secondsWaited += Double(DispatchTime.now().uptimeNanoseconds - began) / 1e9
        }
        let duration = Double(samples) / rate
        lock.withLock { queued += 1 }
        // The image is handed over: nothing on this side draws into it again.
        nonisolated(unsafe) let frame = image
        queue.async { [self] in
            defer {
                lock.withLock { queued -= 1 }
                room.signal()
            }
            guard lock.withLock({ failure }) == nil else { return }
            do {
                if encoder == nil {
                    // The window draws the list on its background: every frame is opaque.
                    encoder = try format.encoder(path: path, width: frame.width, height: frame.height, frameRate: rate, realtime: realtime, keepsEveryFrame: true, opaque: true)
                }
                try encoder?.add(frame, duration: duration)
            } catch {
                lock.withLock { failure = error }
            }
        }
    }
}
