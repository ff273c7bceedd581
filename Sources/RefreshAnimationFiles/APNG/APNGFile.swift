import Foundation
import RefreshSystem
import RefreshGraphics
#if canImport(Glibc)
import Glibc
#endif

/// An APNG file being written chunk by chunk to a ``PendingFile``: the PNG signature, IHDR, acTL
/// (its frame count set at the end), for palette colour a PLTE of 256 entries (and tRNS when
/// frames may be transparent) filled in at the end, then per frame an fcTL and its image data
/// (IDAT for the first, which is also the still image, fdAT after), then IEND.
final class APNGFile {
    /// How a pixel is stored.
    enum Colour {
        /// One byte, an index into the palette.
        case palette(alpha: Bool)
        /// Three bytes, red, green, blue.
        case rgb
        /// Four bytes, with straight alpha.
        case rgba

        /// PNG's colour type (IHDR).
        var pngType: UInt8 {
            switch self {
            case .palette: 3
            case .rgb: 2
            case .rgba: 6
            }
        }
    }

    /// What one frame's chunks say: where its rectangle goes and how long it shows.
    struct FrameHeader {
        var rectangle: PixelRectangle
        /// Seconds as a fraction (fcTL's delay_num / delay_den).
        var delay: (numerator: UInt16, denominator: UInt16)
    }

    let colour: Colour
    let path: String
    private let file: PendingFile
    /// Bytes written, which is where the next chunk goes.
    private var written = 0
    /// fcTL and fdAT chunks share one count.
    private var sequence: UInt32 = 0
    /// Frames written.
    private var frames = 0
    /// Where acTL's and PLTE's chunks start, to be written again at the end; where frames start.
    private var animationControl = 0, paletteAt = 0, framesStart = 0

    init(path: String, width: Int, height: Int, colour: Colour) throws(GraphicsError) {
        self.path = path
        self.colour = colour
        file = try GraphicsError.writing(try PendingFile(path: path))
        try emit([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        // 8-bit samples, deflate, adaptive filtering (each row says its filter), not interlaced.
        try emit(Self.chunk("IHDR", Self.uint32(width) + Self.uint32(height) + [8, colour.pngType, 0, 0, 0]))
        animationControl = written
        try emit(Self.chunk("acTL", Self.uint32(0) + Self.uint32(0)))  // frames (set at the end), plays: for ever
        paletteAt = written
        if case .palette(let alpha) = colour { try emit(Self.paletteChunks([], alpha: alpha)) }
        framesStart = written
    }

    /// Writes a frame: `data` is its rectangle's scanlines as one zlib stream.
    func write(_ header: FrameHeader, data: [UInt8]) throws(GraphicsError) {
        let r = header.rectangle
        // Dispose none (the next frame is drawn over this one), blend source (the rectangle replaces what is under it).
        var control = Self.uint32(Int(sequence)) + Self.uint32(r.width) + Self.uint32(r.height) + Self.uint32(r.x) + Self.uint32(r.y)
        control += Self.uint16(header.delay.numerator) + Self.uint16(header.delay.denominator) + [0, 0]
        try emit(Self.chunk("fcTL", control))
        sequence += 1
        if frames == 0 {
            try emit(Self.chunk("IDAT", data))
        } else {
            try emit(Self.chunk("fdAT", Self.uint32(Int(sequence)) + data))
            sequence += 1
        }
        frames += 1
    }

    /// Ends the file (`palette`: its colours, for palette colour) and gives it its name.
    func finish(palette: [UInt32]) throws(GraphicsError) {
        try emit(Self.chunk("IEND", []))
        try patch(Self.chunk("acTL", Self.uint32(frames) + Self.uint32(0)), at: animationControl)
        if case .palette(let alpha) = colour { try patch(Self.paletteChunks(palette, alpha: alpha), at: paletteAt) }
        try GraphicsError.writing(try file.commit())
    }

    /// Removes the file.
    func abandon() { file.abandon() }

    /// Each frame written so far, read back in order: its header and its zlib stream.
    func forEachFrame(_ body: (FrameHeader, ArraySlice<UInt8>) throws -> Void) throws {
        var at = framesStart, header: FrameHeader?
        while at < written {
            let top = try read(8, at: at)
            let length = top[0..<4].reduce(0) { $0 << 8 | Int($1) }, type = String(decoding: top[4..<8], as: UTF8.self)
            let payload = try read(length, at: at + 8)
            func field(_ offset: Int, _ count: Int) -> Int { payload[offset..<offset + count].reduce(0) { $0 << 8 | Int($1) } }
            switch type {
            case "fcTL":
                header = FrameHeader(rectangle: PixelRectangle(x: field(12, 4), y: field(16, 4), width: field(4, 4), height: field(8, 4)),
                                     delay: (UInt16(field(20, 2)), UInt16(field(22, 2))))
            case "IDAT", "fdAT":
                guard let frame = header else { throw AnimationFileError(path: path, reason: "image data without a frame control chunk") }
                try body(frame, payload[(type == "IDAT" ? 0 : 4)...])
                header = nil
            default: break
            }
            at += 12 + length
        }
    }

    private func read(_ count: Int, at offset: Int) throws(GraphicsError) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        let n = bytes.withUnsafeMutableBytes { pread(file.descriptor, $0.baseAddress, count, off_t(offset)) }
        guard n == count else { throw .output(path: path, reason: "cannot be read back: \(n < 0 ? PendingFile.words(errno) : "it is shorter than written")") }
        return bytes
    }

    private func emit(_ bytes: [UInt8]) throws(GraphicsError) {
        try bytes.withUnsafeBytes { buffer in Result { () throws(OutputError) in try file.write(buffer) }.mapError(GraphicsError.init) }.get()
        written += bytes.count
    }

    private func patch(_ bytes: [UInt8], at offset: Int) throws(GraphicsError) {
        try bytes.withUnsafeBytes { buffer in Result { () throws(OutputError) in try file.write(buffer, at: offset) }.mapError(GraphicsError.init) }.get()
    }

    /// PLTE with 256 entries (those past the colours black) and, with `alpha`, tRNS with 256:
    /// always the same length, so the chunks written first can be written again when the colours are known.
    private static func paletteChunks(_ colours: [UInt32], alpha: Bool) -> [UInt8] {
        var rgb = [UInt8](repeating: 0, count: 768), opacity = [UInt8](repeating: 0xFF, count: 256)
        for (i, c) in colours.enumerated() {
            (rgb[3 * i], rgb[3 * i + 1], rgb[3 * i + 2]) = (UInt8(c >> 16 & 0xFF), UInt8(c >> 8 & 0xFF), UInt8(c & 0xFF))
            opacity[i] = UInt8(c >> 24)
        }
        return chunk("PLTE", rgb) + (alpha ? chunk("tRNS", opacity) : [])
    }

    /// A chunk: length, type, data, CRC of type and data.
    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        return uint32(data.count) + body + uint32(Int(crc32(body[...])))
    }

    static func uint32(_ n: Int) -> [UInt8] { [UInt8(n >> 24 & 0xFF), UInt8(n >> 16 & 0xFF), UInt8(n >> 8 & 0xFF), UInt8(n & 0xFF)] }
    static func uint16(_ n: UInt16) -> [UInt8] { [UInt8(n >> 8), UInt8(n & 0xFF)] }
}
