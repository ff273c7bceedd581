import Foundation
import Testing
import TestSupport
import RefreshGraphics
@testable import RefreshAnimationFiles
import RefreshGoldens
import CLibz

/// The APNG writer: a palette while the clip's colours fit, direct colour after, only the
/// rectangle that changed in each frame — and every pixel what it was given, read back both by
/// FFmpeg's decoder and by reading the chunks here.
@Suite struct APNGEncoderTests {
    /// `count` frames of a band with a disc moving across it; from frame `manyColoursFrom` on, a
    /// strip of 300 colours under it (more than a palette holds). `alpha` draws on nothing, the
    /// disc half transparent.
    func frames(count: Int, manyColoursFrom: Int = .max, alpha: Bool = false) throws -> [ImageSurface] {
        try (0..<count).map { i in
            let image = try ImageSurface(width: 320, height: 60)
            let canvas = Canvas(surface: image)
            canvas.clear(alpha ? .clear : Color(red: 0.96, green: 0.96, blue: 0.97))
            if i >= manyColoursFrom {
                for x in 0..<300 {
                    canvas.addRect(Rect(x: Double(x), y: 50, width: 1, height: 10))
                    canvas.fill(.color(Color(red: Double(x) / 300, green: Double(x % 7) / 7, blue: 0.5, alpha: alpha ? 0.5 + Double(x % 5) / 10 : 1)))
                }
            }
            canvas.addEllipse(in: Rect(x: 10 + Double(i) * 8, y: 10, width: 30, height: 30))
            canvas.fill(.color(Color(red: 0.0, green: 0.48, blue: 1.0, alpha: alpha ? 0.5 : 1)))
            return image
        }
    }

    func write(_ images: [ImageSurface], opaque: Bool, name: String, repeating: Set<Int> = []) throws -> String {
        let path = "\(scratchDirectory("apng-\(name)"))/a.apng"
        let encoder = try AnimationFormat.apng.encoder(path: path, width: images[0].width, height: images[0].height, frameRate: 30, opaque: opaque)
        for (i, image) in images.enumerated() {
            try encoder.add(image, duration: 1.0 / 30)
            if repeating.contains(i) { try encoder.add(image, duration: 1.0 / 30) }
        }
        try encoder.finish()
        return path
    }

    /// FFmpeg's decoding of an opaque file shows each frame given, pixel for pixel.
    func expectFFmpegShows(_ images: [ImageSurface], in path: String) throws {
        let (decoded, _) = try AnimationReader.read(path)
        #expect(decoded.count == images.count)
        for (i, shown) in decoded.enumerated() where i < images.count {
            let comparison = try ImageComparison(expected: images[i], actual: shown.image, tolerance: 0)
            #expect(comparison.matches, "frame \(i): \(comparison.pixelsOverTolerance) pixels differ")
        }
    }

    @Test func aClipOfFewColoursIsWrittenWithAPalette() throws {
        let images = try frames(count: 20)
        let path = try write(images, opaque: true, name: "palette")
        let file = try APNGChunks(path)
        #expect(file.colourType == 3)
        #expect(file.chunk("PLTE")?.count == 768 && file.chunk("tRNS") == nil)
        try expectFFmpegShows(images, in: path)
        #expect(try file.frames() == images.map { $0.straightPixels() })
    }

    /// The 257th colour (frame 12) makes the file RGB; the frames written with the palette before
    /// it are written again, and no temporary file is left beside it.
    @Test func theColourThatDoesNotFitMakesTheFileDirectColour() throws {
        let images = try frames(count: 20, manyColoursFrom: 12)
        let path = try write(images, opaque: true, name: "direct")
        let file = try APNGChunks(path)
        #expect(file.colourType == 2 && file.chunk("PLTE") == nil)
        try expectFFmpegShows(images, in: path)
        #expect(try file.frames() == images.map { $0.straightPixels() })
        #expect(try FileManager.default.contentsOfDirectory(atPath: (path as NSString).deletingLastPathComponent) == ["a.apng"])
        #expect(abs(try AnimationReader.apngDelays(path).reduce(0, +) - 20.0 / 30) < 1e-9)
    }

    /// Transparent frames keep their straight alpha exactly: in the palette (tRNS) and, past 256
    /// colours, as RGBA.
    @Test(arguments: [(Int.max, UInt8(3)), (5, UInt8(6))])
    func transparentFramesKeepTheirAlpha(manyColoursFrom: Int, colourType: UInt8) throws {
        let images = try frames(count: 12, manyColoursFrom: manyColoursFrom, alpha: true)
        let path = try write(images, opaque: false, name: "alpha-\(manyColoursFrom)")
        let file = try APNGChunks(path)
        #expect(file.colourType == colourType)
        if colourType == 3 { #expect(file.chunk("tRNS")?.contains { $0 != 0xFF && $0 != 0 } == true) }
        #expect(try file.frames() == images.map { $0.straightPixels() })
    }

    /// After the first, a frame holds only the rectangle that changed; a frame that repeats the one
    /// before lengthens it rather than being written.
    @Test func onlyTheChangedRectangleIsWritten() throws {
        let images = try frames(count: 3)
        let path = try write(images, opaque: true, name: "rectangles", repeating: [1])
        let controls = try APNGChunks(path).frameControls()
        #expect(controls.map(\.rectangle) == [PixelRectangle(x: 0, y: 0, width: 320, height: 60),
                                              PixelRectangle(x: 10, y: 10, width: 38, height: 30),
                                              PixelRectangle(x: 18, y: 10, width: 38, height: 30)])
        #expect(controls.map(\.delay) == [1, 2, 1].map { Double($0) / 30 })
    }

    /// A frame larger than a piece is deflated in pieces that join into one zlib stream: what
    /// zlib reads back is the frame, and the bytes are the same on one thread or two.
    @Test func piecesDeflatedAtOnceMakeOneStream() throws {
        let bytes = (0..<(ZlibCompressor.pieceSize * 5 / 2)).map { UInt8(truncatingIfNeeded: $0 / 7 &* 31 ^ $0 % 13) }
        let one = try bytes.withUnsafeBytes { try ZlibCompressor(level: 9, threads: 1).compress($0) }
        let two = try bytes.withUnsafeBytes { try ZlibCompressor(level: 9, threads: 2).compress($0) }
        #expect(one == two)
        #expect(try inflate(two[...], count: bytes.count) == bytes)
        #expect(two.count < bytes.count / 4, "\(two.count) bytes")
    }

    /// The header written before the pieces is the one zlib writes itself, at every level (the
    /// files are the bytes they were when zlib wrote whole streams).
    @Test func theHeaderIsZlibsOwn() throws {
        let bytes = [UInt8](repeating: 7, count: 1000)
        for level in Int32(0)...9 {
            var size = compressBound(uLong(bytes.count))
            var zlib = [UInt8](repeating: 0, count: Int(size))
            #expect(compress2(&zlib, &size, bytes, uLong(bytes.count), level) == Z_OK)
            let ours = try bytes.withUnsafeBytes { try ZlibCompressor(level: level, threads: 1).compress($0) }
            #expect(ours.prefix(2) == zlib.prefix(2), "level \(level)")
            #expect(try inflate(ours[...], count: bytes.count) == bytes)
        }
    }

    /// A frame shown past what fcTL's 16 bits hold (65535 ticks: 36 min at 30 frames a second)
    /// is followed by frames that change nothing, carrying the rest exactly.
    @Test func aFrameLongerThanADelayHoldsLastsExactly() throws {
        let images = try frames(count: 2)
        let path = "\(scratchDirectory("apng-long"))/a.apng"
        let encoder = try AnimationFormat.apng.encoder(path: path, width: images[0].width, height: images[0].height, frameRate: 30, opaque: true)
        try encoder.add(images[0], duration: 5000)
        try encoder.add(images[1], duration: 1.0 / 30)
        try encoder.finish()
        let controls = try APNGChunks(path).frameControls()
        let ticks: [Double] = [65535, 65535, 18930, 1]
        #expect(controls.map(\.delay) == ticks.map { $0 / 30 })
        #expect(controls[1].rectangle == PixelRectangle(x: 0, y: 0, width: 1, height: 1))
        #expect(try APNGChunks(path).frames()[2] == images[0].straightPixels())
    }
}

/// An APNG file's chunks, read here to check what the writer wrote (filter 0 rows, blend source,
/// dispose none: what it writes; anything else fails the test).
struct APNGChunks {
    var chunks: [(type: String, data: [UInt8])] = []

    init(_ path: String) throws {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        try #require(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        var at = 8
        while at + 12 <= bytes.count {
            let length = Self.number(bytes[at..<at + 4])
            let type = String(decoding: bytes[at + 4..<at + 8], as: UTF8.self), data = Array(bytes[at + 8..<at + 8 + length])
            #expect(crc32(bytes[at + 4..<at + 8 + length]) == UInt32(Self.number(bytes[at + 8 + length..<at + 12 + length])), "\(type)'s CRC")
            chunks.append((type, data))
            at += 12 + length
        }
        #expect(chunks.last?.type == "IEND")
    }

    static func number(_ bytes: ArraySlice<UInt8>) -> Int { bytes.reduce(0) { $0 << 8 | Int($1) } }

    func chunk(_ type: String) -> [UInt8]? { chunks.first { $0.type == type }?.data }
    var colourType: UInt8? { chunk("IHDR")?[9] }

    func frameControls() throws -> [(rectangle: PixelRectangle, delay: Double)] {
        try chunks.filter { $0.type == "fcTL" }.map { chunk in
            let d = chunk.data[...]
            try #require(d[d.startIndex + 24] == 0 && d[d.startIndex + 25] == 0, "dispose none, blend source")
            let field = { (offset: Int, count: Int) in Self.number(d[offset..<offset + count]) }
            return (PixelRectangle(x: field(12, 4), y: field(16, 4), width: field(4, 4), height: field(8, 4)), Double(field(20, 2)) / Double(field(22, 2)))
        }
    }

    /// Each frame as the canvas shows it, 0xAARRGGBB straight (RGB frames opaque).
    func frames() throws -> [[UInt32]] {
        let header = try #require(chunk("IHDR"))[...]
        let width = Self.number(header[0..<4]), type = header[9]
        let palette = chunk("PLTE") ?? [], opacity = chunk("tRNS") ?? []
        let channels = type == 3 ? 1 : type == 2 ? 3 : 4
        var canvas = [UInt32](repeating: 0, count: width * Self.number(header[4..<8])), shown: [[UInt32]] = []
        for (r, data) in zip(try frameControls().map(\.rectangle), chunks.filter { $0.type == "IDAT" || $0.type == "fdAT" }) {
            let rowBytes = r.width * channels + 1
            let rows = try inflate(data.data[(data.type == "fdAT" ? 4 : 0)...], count: rowBytes * r.height)
            for y in 0..<r.height {
                try #require(rows[y * rowBytes] == 0, "filter none")
                for x in 0..<r.width {
                    let p = y * rowBytes + 1 + x * channels
                    let pixel: UInt32
                    switch channels {
                    case 1:
                        let i = Int(rows[p])
                        pixel = UInt32(i < opacity.count ? opacity[i] : 0xFF) << 24 | UInt32(palette[3 * i]) << 16 | UInt32(palette[3 * i + 1]) << 8 | UInt32(palette[3 * i + 2])
                    case 3: pixel = 0xFF00_0000 | UInt32(rows[p]) << 16 | UInt32(rows[p + 1]) << 8 | UInt32(rows[p + 2])
                    default: pixel = UInt32(rows[p + 3]) << 24 | UInt32(rows[p]) << 16 | UInt32(rows[p + 1]) << 8 | UInt32(rows[p + 2])
                    }
                    canvas[(r.y + y) * width + r.x + x] = pixel
                }
            }
            shown.append(canvas)
        }
        return shown
    }
}
