import Foundation
import RefreshGraphics

/// The formats an animation can be written in.
public enum AnimationFormat: String, CaseIterable, Sendable {
    /// The longest side, in pixels, every format holds (WebP's limit, the least of them).
    static let largestSide = 16383

    /// Lossless animated WebP (libwebp): exact pixels, large.
    case webp
    /// GIF (libimagequant palettes, giflib): plays everywhere; 256 colours a frame, 1/100 s steps.
    case gif
    /// H.264 MP4 (FFmpeg, libx264), yuv420p, `+faststart`: the smallest, for chat and pull requests.
    case mp4
    /// Animated PNG (zlib; a palette while the clip has at most 256 colours): lossless with
    /// transparency, larger than WebP.
    case apng

    /// The file name ending (APNG as `.apng`, so it is not taken for one of the PNG frames).
    public var fileExtension: String { rawValue }

    /// Starts writing an animation of `width` × `height` pixels to `path`. `frameRate` is the rate
    /// the frames come at (a video's time base); each frame still says how long it shows.
    /// `realtime` trades size for speed (x264 ultrafast, APNG's zlib level 4) and keeps the encoder
    /// to one thread (a live window records while it draws). `keepsEveryFrame` makes a GIF store a
    /// frame for every 1/50 s a frame shows (an unchanged one costs a few bytes), so no frame is
    /// held longer in a player that counts frames (the other formats keep each frame's own duration
    /// anyway). `opaque` promises that every frame is opaque (a list drawn on its background), so
    /// APNG can leave out alpha.
    public func encoder(path: String, width: Int, height: Int, frameRate: Double, realtime: Bool = false,
                        keepsEveryFrame: Bool = false, opaque: Bool = false) throws -> any AnimationEncoder {
        guard (1...Self.largestSide).contains(width), (1...Self.largestSide).contains(height) else {
            throw AnimationFileError(path: path, reason: "frames of \(width)×\(height) px are more than the 16,383 px a side an animation file holds "
                                        + "(a frame is the viewport times --scale): draw them smaller, with a lower --scale or a smaller viewport")
        }
        guard frameRate.isFinite, frameRate >= 1, frameRate <= 1000 else { throw AnimationFileError(path: path, reason: "frame rate \(frameRate) is not 1…1000") }
        switch self {
        case .webp: return try WebPAnimationEncoder(path: path, width: width, height: height)
        case .gif: return try GIFEncoder(path: path, width: width, height: height, realtime: realtime, keepsEveryTick: keepsEveryFrame)
        case .mp4: return try VideoEncoder(path: path, width: width, height: height, frameRate: frameRate, realtime: realtime)
        case .apng: return try APNGEncoder(path: path, width: width, height: height, frameRate: frameRate, realtime: realtime, opaque: opaque)
        }
    }
}

/// An animation file being written a frame at a time; ``finish()`` completes it.
public protocol AnimationEncoder: AnyObject {
    /// Appends `image` (the encoder's size), shown for `duration` seconds.
    func add(_ image: ImageSurface, duration: Double) throws
    /// Writes what is pending and closes the file.
    func finish() throws
}

/// Throws unless `image` is `width` × `height` pixels and `duration` is a frame's length (more
/// than nothing, at most ``longestFrame``): what every encoder checks of a frame it is given for
/// the file at `path`.
func checkFrame(_ image: ImageSurface, width: Int, height: Int, duration: Double, path: String) throws {
    guard image.width == width, image.height == height else {
        throw GraphicsError.sizeMismatch(expected: (width, height), actual: (image.width, image.height))
    }
    guard duration > 0, duration <= longestFrame else { throw AnimationFileError(path: path, reason: "a frame of \(duration) s") }
}

/// The longest a frame may show, seconds (some 31 years): ``TickClock`` counts time in whole ticks
/// of up to 1/1000 s, which a frame of 1e300 s would take past what an integer holds.
let longestFrame = 1e9

/// Why an animation could not be written: the file and what the library said.
public struct AnimationFileError: Error, CustomStringConvertible {
    /// The file being written.
    public var path: String
    /// What went wrong.
    public var reason: String
    /// `<path>: <reason>`.
    public var description: String { "\(path): \(reason)" }
}

/// Keeps the sum of frame durations exact when a format counts time in whole ticks (GIF's
/// centiseconds, a video's time base): each frame ends at the tick nearest its true end, so the
/// rounding never adds up.
struct TickClock {
    /// Ticks per second.
    let rate: Double
    /// Seconds so far.
    private(set) var elapsed = 0.0

    init(rate: Double) {
        self.rate = rate
    }

    /// The tick the time so far falls on.
    var tick: Int { Int((elapsed * rate).rounded()) }

    /// Advances by `duration`; the frame's start and end ticks.
    mutating func advance(by duration: Double) -> (start: Int, end: Int) {
        let start = tick
        elapsed += duration
        return (start, tick)
    }

    /// Ticks given out by ``ticks(advancingBy:)``.
    private(set) var given = 0

    /// Advances by `duration`; how many ticks the frame lasts when every frame lasts at least one:
    /// to the tick nearest its true end, or one past the last frame's end when that is later.
    mutating func ticks(advancingBy duration: Double) -> Int {
        let end = max(given + 1, advance(by: duration).end)
        defer { given = end }
        return end - given
    }
}
