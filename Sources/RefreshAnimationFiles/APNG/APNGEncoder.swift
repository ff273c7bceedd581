import Foundation
import RefreshGraphics

/// ``AnimationFormat/apng``, written here as the frames come (zlib deflates, the container is
/// ours): each frame after the first is only the rectangle that changed since the frame before, a
/// frame that changes nothing lengthens the one before, and while the clip has shown at most 256
/// colours every pixel is a palette index (one byte, not three or four). The 257th colour turns
/// the file into direct colour once: the frames so far are read back and written again, RGB when
/// the caller promises opaque frames and RGBA otherwise. What it holds is two frames' pixels and
/// one compressed frame however long the clip.
///
/// Delays count in the frame rate's ticks (1/rate s, or milliseconds when the rate is not a whole
/// number), each frame ending at the tick nearest its true end, so the file lasts as long as the
/// frames.
final class APNGEncoder: AnimationEncoder {
    private let path: String
    private let width: Int, height: Int
    private let opaque: Bool
    private var file: APNGFile
    private var palette: ColourTable? = ColourTable()
    private let compressor: ZlibCompressor
    /// Each frame lasts at least one tick.
    private var clock: TickClock
    /// The frame before's pixels, which the next one is compared with.
    private var previous: [UInt32]?
    /// The last frame, compressed, not written yet: its delay grows while frames repeat it.
    private var pending: (rectangle: PixelRectangle, ticks: Int, data: [UInt8])?
    private var finished = false

    /// zlib's level, `realtime` or not. Measured on the shipped pull-to-refresh's changed
    /// rectangles (137 frames, RGB): the 780×240 band, level 6 → 425 KB in 0.23 s of deflate, 9 →
    /// 372 KB in 0.61 s; the whole 780×1688 viewport, 3 → 5.2 MB in 0.82 s, 4 → 3.34 MB in 1.60 s,
    /// 6 → 3.31 MB in 1.87 s, 9 → 2.87 MB in 5.1 s (FFmpeg's command line: 3.4 MB in 8.9 s).
    /// A live window's recording takes 4: 9 ms a full-viewport frame.
    static func level(realtime: Bool) -> Int32 { realtime ? 4 : 9 }

    init(path: String, width: Int, height: Int, frameRate: Double, realtime: Bool, opaque: Bool) throws {
        self.path = path
        self.width = width
        self.height = height
        self.opaque = opaque
        clock = TickClock(rate: frameRate.rounded() == frameRate ? frameRate : 1000)
        // A fixed count, never the machine's; a live window keeps a core to itself.
        do {
            compressor = try ZlibCompressor(level: Self.level(realtime: realtime), threads: realtime ? 1 : 2)
        } catch {
            throw AnimationFileError(path: path, reason: error.description)
        }
        file = try APNGFile(path: path, width: width, height: height, colour: .palette(alpha: !opaque))
    }

    deinit { if !finished { file.abandon() } }

    func add(_ image: ImageSurface, duration: Double) throws {
        try checkFrame(image, width: width, height: height, duration: duration, path: path)
        guard !finished else { throw AnimationFileError(path: path, reason: "the animation was already finished") }
        let pixels = opaque ? Self.opaquePixels(image) : image.straightPixels()
        let ticks = clock.ticks(advancingBy: duration)
        guard let changed = changedRectangle(pixels) else {
            pending?.ticks += ticks  // the same picture: the frame before lasts longer
            return
        }
        try writePending()
        let data = try compress(pixels, changed)
        pending = (changed, ticks, data)
        previous = pixels
    }

    func finish() throws {
        guard !finished else { return }
        guard pending != nil else { throw AnimationFileError(path: path, reason: "an animation needs at least one frame") }
        try writePending()
        finished = true
        try file.finish(palette: palette?.colours ?? [])
    }

    /// The rectangle's scanlines, compressed: palette indices while the colours fit, else direct
    /// colour (the file so far made direct first).
    private func compress(_ pixels: [UInt32], _ r: PixelRectangle) throws -> [UInt8] {
        if palette != nil {
            let indices = pixels.withUnsafeBufferPointer { palette!.scanlines($0, stride: width, r) }
            if let indices { return try deflate(indices) }
            try becomeDirectColour()
        }
        return try deflate(pixels.withUnsafeBufferPointer { directScanlines($0, stride: width, r) })
    }

    /// Writes the pending frame. fcTL's delay holds at most 65535 ticks; a frame shown longer
    /// (18 min at 60 frames a second) is followed by frames that change nothing (its top-left
    /// pixel again) carrying the rest, so every delay stays exact.
    private func writePending() throws {
        guard let frame = pending, let shown = previous else { return }
        pending = nil
        let rate = UInt16(clock.rate), most = Int(UInt16.max)
        try file.write(APNGFile.FrameHeader(rectangle: frame.rectangle, delay: (UInt16(min(frame.ticks, most)), rate)), data: frame.data)
        var left = frame.ticks - most
        guard left > 0 else { return }
        let corner = PixelRectangle(x: 0, y: 0, width: 1, height: 1), same = try compress(shown, corner)
        while left > 0 {
            try file.write(APNGFile.FrameHeader(rectangle: corner, delay: (UInt16(min(left, most)), rate)), data: same)
            left -= most
        }
    }

    /// Writes the file again in direct colour: every frame so far (the pending one first written)
    /// read back, its indices turned into colours.
    private func becomeDirectColour() throws {
        guard let colours = palette?.colours else { return }
        try writePending()
        let direct = try APNGFile(path: path, width: width, height: height, colour: opaque ? .rgb : .rgba)
        do {
            try file.forEachFrame { header, data in
                let r = header.rectangle
                let indices = try inflate(data, count: (r.width + 1) * r.height)
                let pixels = [UInt32](unsafeUninitializedCapacity: r.width * r.height) { out, count in
                    for y in 0..<r.height {
                        for x in 0..<r.width { out[y * r.width + x] = colours[Int(indices[y * (r.width + 1) + 1 + x])] }
                    }
                    count = r.width * r.height
                }
                let scanlines = pixels.withUnsafeBufferPointer { directScanlines($0, stride: r.width, PixelRectangle(x: 0, y: 0, width: r.width, height: r.height)) }
                try direct.write(header, data: try deflate(scanlines))
            }
        } catch {
            direct.abandon()
            throw (error as? ZlibError).map { AnimationFileError(path: path, reason: $0.description) } ?? error
        }
        file.abandon()
        file = direct
        palette = nil
    }

    /// Rows of rectangle `r` of `pixels` as PNG scanlines of RGB or RGBA, each after its filter
    /// byte (0, none: filters made these flat frames 14–32 % larger).
    private func directScanlines(_ pixels: UnsafeBufferPointer<UInt32>, stride: Int, _ r: PixelRectangle) -> [UInt8] {
        let channels = opaque ? 3 : 4, rowBytes = r.width * channels + 1
        return [UInt8](unsafeUninitializedCapacity: rowBytes * r.height) { out, count in
            for y in 0..<r.height {
                var to = y * rowBytes
                out[to] = 0
                to += 1
                let from = (r.y + y) * stride + r.x
                for x in 0..<r.width {
                    let c = pixels[from + x]
                    out[to] = UInt8(c >> 16 & 0xFF)
                    out[to + 1] = UInt8(c >> 8 & 0xFF)
                    out[to + 2] = UInt8(c & 0xFF)
                    if channels == 4 { out[to + 3] = UInt8(c >> 24) }
                    to += channels
                }
            }
            count = rowBytes * r.height
        }
    }

    private func deflate(_ bytes: [UInt8]) throws -> [UInt8] {
        do {
            return try bytes.withUnsafeBytes { buffer in try compressor.compress(buffer) }
        } catch let error as ZlibError {
            throw AnimationFileError(path: path, reason: error.description)
        }
    }

    /// The smallest rectangle holding every pixel that differs from the frame before; the whole
    /// frame for the first; nil when none differs.
    private func changedRectangle(_ pixels: [UInt32]) -> PixelRectangle? {
        guard let previous else { return PixelRectangle(x: 0, y: 0, width: width, height: height) }
        return previous.withUnsafeBufferPointer { before in
            pixels.withUnsafeBufferPointer { now in PixelRectangle.changed(from: before, to: now, width: width, height: height) }
        }
    }

    /// Pixels of a frame promised opaque, alpha set (Cairo's premultiplied colour is then the colour).
    private static func opaquePixels(_ image: ImageSurface) -> [UInt32] {
        image.withPixels { raw in
            [UInt32](unsafeUninitializedCapacity: image.width * image.height) { out, count in
                for y in 0..<image.height {
                    let row = (raw.baseAddress! + y * image.bytesPerRow).assumingMemoryBound(to: UInt32.self)
                    for x in 0..<image.width { out[y * image.width + x] = row[x] | 0xFF00_0000 }
                }
                count = image.width * image.height
            }
        }
    }
}
