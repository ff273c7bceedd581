import CWebP
import RefreshSystem
import RefreshGraphics
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// An animated WebP (lossless, so it shows exactly the frames), which browsers and most image
/// viewers play, written as the frames come: libwebp encodes each frame — only the rectangle that
/// changed since the frame before — and the container (RIFF, VP8X, ANIM, one ANMF a frame) is
/// written here. What it holds is two frames' pixels and one encoded frame however long the clip:
/// libwebp's own animation encoder kept every encoded frame until the end (78 MB for a 12-s clip,
/// 123 MB for a 58-s one).
public final class AnimatedWebP {
    /// Frame size in pixels; every frame must have it.
    public let width: Int, height: Int
    private var sink: Sink
    private var config = WebPConfig()
    /// The last frame's pixels, which the next one is compared with.
    private var previous: [UInt32]?
    /// The last frame, encoded, not written yet: a frame that repeats it lengthens it.
    private var pending: (header: [UInt8], data: [UInt8], duration: Int, blends: Bool)?
    /// Milliseconds: each frame ends at the millisecond nearest its true end (at least one after
    /// the frame before), so 60 frames of 1/60 s last exactly 1000 ms, not 60 × 17.
    private var clock = TickClock(rate: 1000)
    private var hasAlpha = false
    private var finished = false

    /// Where the file's bytes go.
    private enum Sink {
        case memory([UInt8])
        case file(PendingFile, written: Int)
    }

    /// An empty animation of `width` × `height` pixels that loops forever, kept in memory
    /// (``data()``, ``write(to:)``).
    public init(width: Int, height: Int) throws(GraphicsError) {
        guard (1...16383).contains(width), (1...16383).contains(height) else { throw .invalidSize(width: width, height: height) }
        self.width = width
        self.height = height
        sink = .memory([])
        try configure()
    }

    /// An empty animation of `width` × `height` pixels that loops forever, written to `path` as its
    /// frames come (under a temporary name until ``finish()``).
    public init(width: Int, height: Int, writingTo path: String) throws(GraphicsError) {
        guard (1...16383).contains(width), (1...16383).contains(height) else { throw .invalidSize(width: width, height: height) }
        self.width = width
        self.height = height
        sink = .file(try GraphicsError.writing(try PendingFile(path: path)), written: 0)
        try configure()
    }

    private func configure() throws(GraphicsError) {
        guard WebPConfigInit(&config) != 0 else { throw .encoding(format: "WebP", reason: "libwebp could not be configured") }
        config.lossless = 1
        config.method = 0     // fastest: frames are written by the hundred
        config.quality = 0    // for lossless this is effort, not loss: the least
        // RIFF (its size set at the end), VP8X (animation; alpha set at the end), ANIM (loop for ever).
        var header = Array("RIFF".utf8) + [0, 0, 0, 0] + Array("WEBP".utf8)
        header += Self.chunkHeader("VP8X", 10) + [0x02, 0, 0, 0] + Self.uint24(width - 1) + Self.uint24(height - 1)
        header += Self.chunkHeader("ANIM", 6) + [0xFF, 0xFF, 0xFF, 0xFF, 0, 0]  // white behind, as libwebp writes it
        try emit(header)
    }

    /// Appends `image`, shown for `duration` seconds.
    public func add(_ image: ImageSurface, duration: Double) throws(GraphicsError) {
        guard image.width == width, image.height == height else {
            throw .sizeMismatch(expected: (width, height), actual: (image.width, image.height))
        }
        try add(straightPixels: image.straightPixels(), duration: duration)
    }

    /// Appends a frame given as un-premultiplied pixels (``ImageSurface/straightPixels()``).
    public func add(straightPixels pixels: [UInt32], duration: Double) throws(GraphicsError) {
        guard pixels.count == width * height else { throw .sizeMismatch(expected: (width, height), actual: (pixels.count / max(1, height), height)) }
        guard !finished else { throw .encoding(format: "WebP", reason: "the animation was already finished") }
        let milliseconds = clock.ticks(advancingBy: duration)
        guard let changed = changedRectangle(pixels) else {
            pending?.duration += milliseconds  // the same picture: the frame before lasts longer
            return
        }
        try flushPending()
        // Where every changed pixel is opaque, the pixels of the rectangle that did not change are
        // written transparent and the frame is blended over the one before: runs of nothing
        // compress far better than the picture they leave showing (a 12-s clip's file 14 % smaller;
        // libwebp's animation encoder does the same, and writes the same bytes). Otherwise the
        // rectangle replaces what is under it.
        let rectangle = framePixels(pixels, in: changed)
        hasAlpha = hasAlpha || rectangle.blends || rectangle.pixels.contains { $0 >> 24 != 0xFF }
        let data = try encode(rectangle.pixels, width: changed.width, height: changed.height)
        // ANMF: where the rectangle goes (x and y halved), its size, then the duration and flags
        // (bit 1: do not blend; no disposal).
        let header = Self.uint24(changed.x / 2) + Self.uint24(changed.y / 2) + Self.uint24(changed.width - 1) + Self.uint24(changed.height - 1)
        pending = (header, data, milliseconds, rectangle.blends)
        previous = pixels
    }

    /// How many bytes of the file are written so far (to the file itself, for one written to a file).
    public var bytesWritten: Int {
        switch sink {
        case .memory(let bytes): bytes.count
        case .file(_, let written): written
        }
    }

    /// The animation as WebP file bytes (an animation kept in memory).
    public func data() throws(GraphicsError) -> [UInt8] {
        try end()
        guard case .memory(let bytes) = sink else { throw .encoding(format: "WebP", reason: "the animation went to a file, not to memory") }
        return bytes
    }

    /// Writes an animation kept in memory to `path`.
    public func write(to path: String) throws(GraphicsError) {
        let bytes = try data()
        let file = try GraphicsError.writing(try PendingFile(path: path))
        try Self.write(bytes, to: file)
        try GraphicsError.writing(try file.commit())
    }

    /// Ends an animation written to a file and gives the file its name.
    public func finish() throws(GraphicsError) {
        try end()
        guard case .file(let file, _) = sink else { return }
        try GraphicsError.writing(try file.commit())
    }

    /// Writes the last frame and sets the sizes and flags only the end knows.
    private func end() throws(GraphicsError) {
        guard !finished else { return }
        guard pending != nil else { throw .encoding(format: "WebP", reason: "an animation needs at least one frame") }
        try flushPending()
        finished = true
        let flags: UInt8 = 0x02 | (hasAlpha ? 0x10 : 0)
        switch sink {
        case .memory(var bytes):
            sink = .memory([])  // one copy of the bytes, not two, while they change
            bytes.replaceSubrange(4..<8, with: Self.uint32(bytes.count - 8))
            bytes[20] = flags
            sink = .memory(bytes)
        case .file(let file, let written):
            try patch(file, Self.uint32(written - 8), at: 4)
            try patch(file, [flags], at: 20)
        }
    }

    private func flushPending() throws(GraphicsError) {
        guard let frame = pending else { return }
        pending = nil
        let payload = frame.header + Self.uint24(frame.duration) + [frame.blends ? 0 : 0x02]
        try emit(Self.chunkHeader("ANMF", payload.count + frame.data.count) + payload)
        try emit(frame.data)
    }

    private func emit(_ bytes: [UInt8]) throws(GraphicsError) {
        switch sink {
        case .memory(var all):
            sink = .memory([])
            all += bytes
            sink = .memory(all)
        case .file(let file, let written):
            try Self.write(bytes, to: file)
            sink = .file(file, written: written + bytes.count)
        }
    }

    private static func write(_ bytes: [UInt8], to file: PendingFile) throws(GraphicsError) {
        try bytes.withUnsafeBytes { buffer in Result { () throws(OutputError) in try file.write(buffer) }.mapError(GraphicsError.init) }.get()
    }

    private func patch(_ file: PendingFile, _ bytes: [UInt8], at offset: Int) throws(GraphicsError) {
        try bytes.withUnsafeBytes { buffer in Result { () throws(OutputError) in try file.write(buffer, at: offset) }.mapError(GraphicsError.init) }.get()
    }

    /// The smallest rectangle holding every pixel that differs from the frame before, its corner
    /// on even coordinates as ANMF wants; the whole frame for the first; nil when none differs.
    private func changedRectangle(_ pixels: [UInt32]) -> (x: Int, y: Int, width: Int, height: Int)? {
        guard let previous else { return (0, 0, width, height) }
        let changed = previous.withUnsafeBufferPointer { before in
            pixels.withUnsafeBufferPointer { now in PixelRectangle.changed(from: before, to: now, width: width, height: height) }
        }
        guard let r = changed else { return nil }
        let x = r.x & ~1, y = r.y & ~1
        return (x, y, r.x + r.width - x, r.y + r.height - y)
    }

    /// The pixels of rectangle `r` of `pixels` as the frame writes them, and whether it blends:
    /// with every changed pixel opaque, the unchanged ones transparent over the frame before.
    private func framePixels(_ pixels: [UInt32], in r: (x: Int, y: Int, width: Int, height: Int)) -> (pixels: [UInt32], blends: Bool) {
        var out = [UInt32](repeating: 0, count: r.width * r.height), masked = out
        var changedAreOpaque = previous != nil
        pixels.withUnsafeBufferPointer { now in
            let before = previous ?? []
            for y in 0..<r.height {
                let from = (r.y + y) * width + r.x
                for x in 0..<r.width {
                    let pixel = now[from + x]
                    out[y * r.width + x] = pixel
                    guard changedAreOpaque else { continue }
                    if pixel != before[from + x] {
                        masked[y * r.width + x] = pixel
                        if pixel >> 24 != 0xFF { changedAreOpaque = false }
                    }
                }
            }
        }
        return changedAreOpaque ? (masked, true) : (out, false)
    }

    /// `pixels` (`width` × `height`) as a lossless WebP bitstream: its VP8L chunk (or what chunks
    /// libwebp wrote for the image), header and padding included.
    private func encode(_ pixels: [UInt32], width: Int, height: Int) throws(GraphicsError) -> [UInt8] {
        var picture = WebPPicture()
        guard WebPPictureInit(&picture) != 0 else { throw .encoding(format: "WebP", reason: "libwebp could not make a picture") }
        picture.use_argb = 1
        picture.width = Int32(width)
        picture.height = Int32(height)
        guard WebPPictureAlloc(&picture) != 0 else { throw .encoding(format: "WebP", reason: "out of memory") }
        defer { WebPPictureFree(&picture) }
        pixels.withUnsafeBufferPointer { source in
            for y in 0..<height {
                (picture.argb + y * Int(picture.argb_stride)).update(from: source.baseAddress! + y * width, count: width)
            }
        }
        var writer = WebPMemoryWriter()
        WebPMemoryWriterInit(&writer)
        defer { WebPMemoryWriterClear(&writer) }
        picture.writer = WebPMemoryWrite
        let encoded = withUnsafeMutablePointer(to: &writer) { writer in
            picture.custom_ptr = UnsafeMutableRawPointer(writer)
            return WebPEncode(&config, &picture)
        }
        guard encoded != 0, let memory = writer.mem else { throw .encoding(format: "WebP", reason: "libwebp could not encode a frame (error \(picture.error_code.rawValue))") }
        // A still WebP file: RIFF, then its chunks; the frame is every chunk but VP8X.
        let file = UnsafeBufferPointer(start: memory, count: writer.size)
        var chunks: [UInt8] = [], at = 12
        while at + 8 <= file.count {
            let size = Int(file[at + 4]) | Int(file[at + 5]) << 8 | Int(file[at + 6]) << 16 | Int(file[at + 7]) << 24
            let end = min(file.count, at + 8 + size + (size & 1))
            if !file[at..<at + 4].elementsEqual("VP8X".utf8) { chunks += file[at..<end] }
            at = end
        }
        return chunks
    }

    private static func chunkHeader(_ tag: String, _ size: Int) -> [UInt8] { Array(tag.utf8) + uint32(size) }
    private static func uint24(_ n: Int) -> [UInt8] { [UInt8(n & 0xFF), UInt8(n >> 8 & 0xFF), UInt8(n >> 16 & 0xFF)] }
    private static func uint32(_ n: Int) -> [UInt8] { uint24(n) + [UInt8(n >> 24 & 0xFF)] }
}
