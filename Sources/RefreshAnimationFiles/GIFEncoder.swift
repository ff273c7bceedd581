import CGIF
import Foundation
import RefreshSystem
import RefreshGraphics

/// ``AnimationFormat/gif``: frames mapped (without dithering) to a palette of up to 256 colours that
/// libimagequant makes from one frame and the following frames reuse while it fits them (the
/// first one is the file's global palette); a frame it no longer fits (a scene cut, a new colour)
/// gets a palette of its own, which the next frames then reuse. Written by giflib.
///
/// Timing: GIF counts in hundredths of a second, and browsers stretch a delay under 2/100 s to
/// 10/100, so frames are taken on a 50-per-second grid (the frame showing at each tick) and the
/// last delay is trimmed so the delays add up to the animation's length exactly. Only the part of
/// a frame that changed is stored (unchanged pixels transparent over the previous frame), unless
/// the frames themselves are transparent.
final class GIFEncoder: AnimationEncoder {
    /// Hundredths of a second between shown frames.
    static let step = 2

    private let path: String
    private let width: Int, height: Int
    private let gif: UnsafeMutablePointer<GifFileType>
    private var clock = TickClock(rate: 100)
    /// The frame on screen, waiting for its delay to be known: its pixels (straight RGBA) and the
    /// centisecond it began.
    private var pending: (pixels: [UInt8], start: Int)?
    /// What the viewer shows now (the last frame written), for storing only what changes.
    private var shown: [UInt8]?
    private var finished = false
    /// The file, under a temporary name until ``finish()``; giflib's bytes reach it through ``sink``.
    private let file: PendingFile
    private let sink: GIFSink

    /// libimagequant's speed: 4 for files, 8 (about three times faster) for a live recording.
    private let quantizerSpeed: Int32

    /// Whether a frame shown for several ticks is stored once a tick (the rest as unchanged
    /// frames of one transparent pixel) rather than once with a longer delay.
    private let keepsEveryTick: Bool

    /// The palette frames are mapped to while it fits them.
    private var palette: GIFPalette?
    /// The first palette, the file's global one (frames mapped to it carry no colour table); nil
    /// until the first frame, when the screen descriptor is written with it.
    private var global: GIFPalette?

    init(path: String, width: Int, height: Int, realtime: Bool = false, keepsEveryTick: Bool = false) throws {
        quantizerSpeed = realtime ? 8 : 4
        self.keepsEveryTick = keepsEveryTick
        self.path = path
        self.width = width
        self.height = height
        var error: Int32 = 0
        file = try PendingFile(path: path)
        sink = GIFSink(file)
        let output: OutputFunc = { gif, bytes, count in
            guard let gif, let bytes, let sink = gif.pointee.UserData else { return 0 }
            return Unmanaged<GIFSink>.fromOpaque(sink).takeUnretainedValue().append(bytes, Int(count)) ? count : 0
        }
        guard let gif = EGifOpen(Unmanaged.passUnretained(sink).toOpaque(), output, &error) else {
            throw AnimationFileError(path: path, reason: "giflib cannot open it: \(Self.message(error))")
        }
        self.gif = gif
        EGifSetGifVersion(gif, true)
    }

    /// The screen descriptor, with `global` as the file's palette, and the loop extension: written
    /// before the first frame, once its palette is known.
    private func writeHeader(global: UnsafeMutablePointer<ColorMapObject>?) throws {
        guard EGifPutScreenDesc(gif, Int32(width), Int32(height), 8, 0, global) == GIF_OK else { throw failure("the screen descriptor") }
        // NETSCAPE2.0: loop forever.
        var loop: [UInt8] = [1, 0, 0]
        let application = Array("NETSCAPE2.0".utf8)
        guard EGifPutExtensionLeader(gif, APPLICATION_EXT_FUNC_CODE) == GIF_OK,
              application.withUnsafeBufferPointer({ EGifPutExtensionBlock(gif, 11, $0.baseAddress) }) == GIF_OK,
              EGifPutExtensionBlock(gif, 3, &loop) == GIF_OK,
              EGifPutExtensionTrailer(gif) == GIF_OK else { throw failure("the loop extension") }
    }

    deinit {
        if !finished {
            var error: Int32 = 0
            EGifCloseFile(gif, &error)
        }
    }

    func add(_ image: ImageSurface, duration: Double) throws {
        try checkFrame(image, width: width, height: height, duration: duration, path: path)
        let (start, end) = clock.advance(by: duration)
        // The grid ticks this frame is on screen for: the first one makes it a GIF frame.
        let firstTick = (start + Self.step - 1) / Self.step * Self.step
        guard firstTick < end else { return }
        if let pending { try write(pending.pixels, delay: firstTick - pending.start) }
        pending = (Self.rgba(image), firstTick)
    }

    func finish() throws {
        guard !finished else { return }
        if let pending { try write(pending.pixels, delay: max(1, clock.tick - pending.start)) }
        pending = nil
        if global == nil { try writeHeader(global: nil) }
        finished = true
        var error: Int32 = 0
        guard EGifCloseFile(gif, &error) == GIF_OK, sink.flush() else {
            file.abandon()
            throw AnimationFileError(path: path, reason: "giflib could not finish it: \(sink.failure ?? Self.message(error))")
        }
        try file.commit()
    }

    /// Writes one frame shown for `delay` hundredths of a second: a tick at a time when
    /// ``keepsEveryTick``, else at most ``longestDelay`` at a time, the rest as unchanged frames.
    private func write(_ frame: [UInt8], delay: Int) throws {
        let most = keepsEveryTick ? Self.step : Self.longestDelay
        guard delay > most else { return try writeOnce(frame, delay: delay) }
        try writeOnce(frame, delay: most)
        var left = delay - most
        while left > 0 {
            try put(pixels: [0, 0, 0, 0], region: (0, 0, 1, 1), delay: min(most, left), disposal: DISPOSE_DO_NOT)
            left -= most
        }
    }

    /// The longest delay a GIF frame holds: 16 bits of hundredths (655.35 s).
    static let longestDelay = 65535

    private func writeOnce(_ frame: [UInt8], delay: Int) throws {
        let opaque = stride(from: 3, to: frame.count, by: 4).allSatisfy { frame[$0] == 255 }
        // The rectangle that changed since the frame on screen (all of it the first time, or when
        // frames are transparent: a transparent pixel cannot clear an opaque one).
        var region = (x: 0, y: 0, width: width, height: height)
        var input = frame
        if opaque, let shown {
            guard let changed = Self.changedRegion(shown, frame, width: width, height: height) else {
                // Nothing changed: one transparent pixel carries the delay.
                return try put(pixels: [0, 0, 0, 0], region: (0, 0, 1, 1), delay: delay, disposal: DISPOSE_DO_NOT)
            }
            region = changed
            input = Self.crop(frame, width: width, to: region)
            let before = Self.crop(shown, width: width, to: region)
            for i in stride(from: 0, to: input.count, by: 4) where input[i..<i + 4] == before[i..<i + 4] { input[i + 3] = 0 }
        }
        try put(pixels: input, region: region, delay: delay, disposal: opaque ? DISPOSE_DO_NOT : DISPOSE_BACKGROUND)
        shown = frame
    }

    /// Maps `pixels` (straight RGBA of `region`) to the palette in use, or to one of their own when
    /// it no longer fits them, and writes them as one image with its delay.
    private func put(pixels: [UInt8], region: (x: Int, y: Int, width: Int, height: Int), delay: Int, disposal: Int32) throws {
        refreshkit_quantize_on_one_thread()
        var indices = [UInt8](repeating: 0, count: region.width * region.height)
        let used = try pixels.withUnsafeBytes { bytes throws -> GIFPalette in
            if let palette, palette.fits(bytes, width: region.width, height: region.height, into: &indices) { return palette }
            return try GIFPalette(bytes, width: region.width, height: region.height, speed: quantizerSpeed, into: &indices, path: path)
        }
        if global == nil {
            global = used
            try writeHeader(global: used.map)
        }
        palette = used
        // A frame that uses few of the palette's colours gets a table of just those: fewer bits a
        // pixel for the LZW coder outweigh the table's bytes.
        let compact = used.compacted(&indices)
        defer { if let compact { GifFreeMapObject(compact.map) } }
        let transparent = compact?.transparent ?? used.transparent
        var control = GraphicsControlBlock(DisposalMode: disposal, UserInputFlag: false, DelayTime: Int32(delay), TransparentColor: transparent)
        var extensionBytes = [GifByteType](repeating: 0, count: 4)
        _ = EGifGCBToExtension(&control, &extensionBytes)
        guard EGifPutExtension(gif, GRAPHICS_EXT_FUNC_CODE, 4, extensionBytes) == GIF_OK else { throw failure("a frame's delay") }
        let table = compact?.map ?? (used === global ? nil : used.map)
        guard EGifPutImageDesc(gif, Int32(region.x), Int32(region.y), Int32(region.width), Int32(region.height), false, table) == GIF_OK else {
            throw failure("a frame")
        }
        for row in 0..<region.height {
            let status = indices.withUnsafeMutableBufferPointer { EGifPutLine(gif, $0.baseAddress! + row * region.width, Int32(region.width)) }
            guard status == GIF_OK else { throw failure("a frame's pixels") }
        }
    }

    private func failure(_ what: String) -> AnimationFileError {
        AnimationFileError(path: path, reason: "giflib could not write \(what): \(sink.failure ?? Self.message(gif.pointee.Error))")
    }

    private static func message(_ code: Int32) -> String {
        GifErrorString(code).map { String(cString: $0) } ?? "error \(code)"
    }

    /// Straight (not premultiplied) RGBA bytes of `image`.
    static func rgba(_ image: ImageSurface) -> [UInt8] {
        let pixels = image.straightPixels()
        var bytes = [UInt8](repeating: 0, count: pixels.count * 4)
        for (i, p) in pixels.enumerated() {
            bytes[4 * i] = UInt8(truncatingIfNeeded: p >> 16)
            bytes[4 * i + 1] = UInt8(truncatingIfNeeded: p >> 8)
            bytes[4 * i + 2] = UInt8(truncatingIfNeeded: p)
            bytes[4 * i + 3] = UInt8(truncatingIfNeeded: p >> 24)
        }
        return bytes
    }

    /// The smallest rectangle holding every pixel (four bytes) that differs; nil when none does.
    static func changedRegion(_ a: [UInt8], _ b: [UInt8], width: Int, height: Int) -> (x: Int, y: Int, width: Int, height: Int)? {
        let changed = a.withUnsafeBytes { ra in
            b.withUnsafeBytes { rb in
                PixelRectangle.changed(from: ra.bindMemory(to: UInt32.self), to: rb.bindMemory(to: UInt32.self),
                                       width: width, height: height)
            }
        }
        return changed.map { ($0.x, $0.y, $0.width, $0.height) }
    }

    static func crop(_ pixels: [UInt8], width: Int, to region: (x: Int, y: Int, width: Int, height: Int)) -> [UInt8] {
        var out = [UInt8]()
        out.reserveCapacity(region.width * region.height * 4)
        for y in region.y..<region.y + region.height {
            let start = (y * width + region.x) * 4
            out += pixels[start..<start + region.width * 4]
        }
        return out
    }
}

/// Where giflib's bytes go: gathered into 64 KB writes to the pending file, and the system's
/// reason kept when one fails ("no space left on device"), which a `FILE*` loses on a short write.
private final class GIFSink {
    private let file: PendingFile
    private var buffer: [UInt8] = []
    /// Why a write failed, in words; nil while none has.
    private(set) var failure: String?

    init(_ file: PendingFile) {
        self.file = file
        buffer.reserveCapacity(1 << 16)
    }

    /// Takes `count` bytes from giflib; false once a write has failed.
    func append(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> Bool {
        guard failure == nil else { return false }
        buffer.append(contentsOf: UnsafeBufferPointer(start: bytes, count: count))
        return buffer.count < 1 << 16 || flush()
    }

    /// Writes what is gathered; false (with ``failure``) when the write fails.
    func flush() -> Bool {
        guard failure == nil else { return false }
        var thrown: OutputError?
        buffer.withUnsafeBytes { bytes in
            do throws(OutputError) { try file.write(bytes) } catch { thrown = error }
        }
        guard let reason = thrown?.reason else {
            buffer.removeAll(keepingCapacity: true)
            return true
        }
        // The encoder's message names the file and the write already: the system's reason is what is new.
        failure = reason.hasPrefix("cannot be written: ") ? String(reason.dropFirst("cannot be written: ".count)) : reason
        return false
    }
}
