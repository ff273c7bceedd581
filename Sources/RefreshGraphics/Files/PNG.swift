import CCairo
import CPNG
import Foundation
import RefreshSystem

extension ImageSurface {
    /// The image as PNG file bytes, encoded by libpng favouring speed over size (frames are
    /// written by the hundred). Colours are un-premultiplied as Cairo's own writer does.
    public func pngData() throws(GraphicsError) -> [UInt8] {
        // An opaque image's premultiplied pixels are its straight pixels: pack them as RGB
        // directly, without a converted copy of the whole frame (that copy was most of the memory
        // a large run used).
        let packed = withPixels { Self.packedOpaque(UnsafeBufferPointer($0.bindMemory(to: UInt32.self)), rowWords: bytesPerRow / 4, width: width, height: height) }
        if let packed { return try packed.withUnsafeBytes { Self.encode($0, width: width, height: height, opaque: true) }.get() }
        return try Self.pngData(straightPixels: straightPixels(), width: width, height: height)
    }

    /// PNG bytes for pixels already un-premultiplied (``straightPixels()``), so a caller that also
    /// feeds another encoder converts once. (On little-endian machines the words are in memory as
    /// B, G, R, A: libpng's BGRA.)
    public static func pngData(straightPixels straight: [UInt32], width: Int, height: Int) throws(GraphicsError) -> [UInt8] {
        // Opaque images (every scene frame) go out as RGB: a quarter less data for zlib.
        let packed = straight.withUnsafeBufferPointer { packedOpaque($0, rowWords: width, width: width, height: height) }
        if let packed { return try packed.withUnsafeBytes { encode($0, width: width, height: height, opaque: true) }.get() }
        return try straight.withUnsafeBytes { encode($0, width: width, height: height, opaque: false) }.get()
    }

    /// The pixels as packed B, G, R bytes when every one is opaque (then premultiplied and straight
    /// are the same), else nil. Rows are `rowWords` words apart. One pass over raw pointers: it
    /// runs for every frame, and a checked, two-pass loop was a tenth of a run's CPU.
    private static func packedOpaque(_ words: UnsafeBufferPointer<UInt32>, rowWords: Int, width: Int, height: Int) -> [UInt8]? {
        guard let source = words.baseAddress else { return width * height == 0 ? [] : nil }
        var opaque = true
        let packed = [UInt8](unsafeUninitializedCapacity: width * height * 3) { bytes, count in
            var out = bytes.baseAddress!
            rows: for y in 0..<height {
                let row = source + y * rowWords
                for x in 0..<width {
                    let word = row[x]
                    guard word >> 24 == 0xFF else {
                        opaque = false
                        break rows
                    }
                    out[0] = UInt8(truncatingIfNeeded: word)            // B
                    out[1] = UInt8(truncatingIfNeeded: word >> 8)       // G
                    out[2] = UInt8(truncatingIfNeeded: word >> 16)      // R
                    out += 3
                }
            }
            count = opaque ? width * height * 3 : 0
        }
        return opaque ? packed : nil
    }

    /// libpng's simplified writer over tightly packed BGR (opaque) or BGRA rows. Package-visible so
    /// the benchmark can time libpng alone as the anchor of the encoder.
    package static func encode(_ pixels: UnsafeRawBufferPointer, width: Int, height: Int, opaque: Bool) -> Result<[UInt8], GraphicsError> {
        let rowBytes = width * (opaque ? 3 : 4)
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        image.width = UInt32(width)
        image.height = UInt32(height)
        image.format = UInt32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_BGR | (opaque ? 0 : PNG_FORMAT_FLAG_ALPHA))
        image.flags = UInt32(PNG_IMAGE_FLAG_FAST)
        // Room for a quarter of the raw size (frames compress far better); libpng says when it
        // needs more, and the frame is encoded again into that much.
        // The buffer is not cleared first: libpng writes every byte it reports.
        var capacity = rowBytes * height / 4 + 65_536
        for _ in 0..<2 {
            var size = png_alloc_size_t(capacity)
            var ok: Int32 = 0
            let output = [UInt8](unsafeUninitializedCapacity: capacity) { out, count in
                ok = png_image_write_to_memory(&image, out.baseAddress, &size, 0, pixels.baseAddress, Int32(rowBytes), nil)
                count = ok != 0 ? Int(size) : 0
            }
            if ok != 0 { return .success(output) }
            guard Int(size) > capacity else { break }
            capacity = Int(size)
        }
        let message = withUnsafeBytes(of: image.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        png_image_free(&image)
        return .failure(.png(path: "(memory)", reason: message.isEmpty ? "libpng could not encode the image" : message))
    }

    /// Writes the image to a PNG file at `path`, replacing it.
    public func writePNG(to path: String) throws(GraphicsError) {
        try Self.write(try pngData(), to: path)
    }

    /// Writes PNG bytes to `path` (only a regular file is replaced, never a link or a device).
    public static func write(_ bytes: [UInt8], to path: String) throws(GraphicsError) {
        try GraphicsError.writing(try RefreshSystem.OutputFile.write(bytes, to: path))
    }

    /// The largest PNG file read.
    public static let pngFileLimit = 64 << 20
    /// The most pixels a PNG read may have (its header is checked before it is decoded): 64
    /// megapixels, the frame limit.
    public static let pngPixelLimit = 64 << 20

    /// Reads a PNG file (a regular file of at most ``pngFileLimit`` bytes and ``pngPixelLimit``
    /// pixels); the image gets `scale` pixels per point.
    public static func readPNG(at path: String, scale: Double = 1) throws(GraphicsError) -> ImageSurface {
        let data: Data
        do {
            data = try CappedFile.contents(of: path, limit: pngFileLimit)
        } catch {
            throw .png(path: path, reason: error.reason)
        }
        return try readPNG(data: [UInt8](data), scale: scale, path: path)
    }

    /// Reads PNG file bytes; `path` names them in errors.
    public static func readPNG(data: [UInt8], scale: Double = 1, path: String = "(memory)") throws(GraphicsError) -> ImageSurface {
        guard data.prefix(8).elementsEqual(signature) else { throw .png(path: path, reason: "not a PNG file (no PNG signature)") }
        // Xcode's iPhone-optimised PNGs put a CgBI chunk first and keep their pixels in a form
        // no PNG reader but Apple's decodes (raw deflate, blue first, premultiplied).
        if data.count >= 16 && data[12..<16].elementsEqual("CgBI".utf8) {
            throw .png(path: path, reason: "is an Apple CgBI PNG (iPhone-optimised, as Xcode packs them): save it again as a standard PNG")
        }
        // IHDR comes first: its width and height, checked before Cairo takes memory for them.
        if data.count >= 24 {
            guard data[12..<16].elementsEqual("IHDR".utf8) else {
                throw .png(path: path, reason: "is not a valid PNG: its first chunk is not the header (IHDR)")
            }
            let number = { (at: Int) in data[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
            let (width, height) = (number(16), number(20))
            guard width * height <= pngPixelLimit else {
                throw .png(path: path, reason: "is \(width)×\(height) pixels, over the limit of \(pngPixelLimit >> 20) megapixels")
            }
        }
        final class Source {
            let bytes: [UInt8]
            var offset = 0
            init(_ bytes: [UInt8]) { self.bytes = bytes }
        }
        let source = Source(data)
        let surface = cairo_image_surface_create_from_png_stream({ closure, out, length in
            guard let closure, let out else { return CAIRO_STATUS_READ_ERROR }
            let source = Unmanaged<Source>.fromOpaque(closure).takeUnretainedValue()
            let count = Int(length)
            guard source.offset + count <= source.bytes.count else { return CAIRO_STATUS_READ_ERROR }
            source.bytes.withUnsafeBufferPointer { out.update(from: $0.baseAddress! + source.offset, count: count) }
            source.offset += count
            return CAIRO_STATUS_SUCCESS
        }, Unmanaged.passUnretained(source).toOpaque())
        return try adopt(surface, path: path, scale: scale)
    }

    /// The eight bytes every PNG file starts with.
    private static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// Checks a surface Cairo read and converts it to ARGB32.
    private static func adopt(_ surface: OpaquePointer?, path: String, scale: Double) throws(GraphicsError) -> ImageSurface {
        guard let surface else { throw .png(path: path, reason: "could not be read") }
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            // Cairo 1.16 reports corrupt data as "out of memory"; past the signature check it is corrupt.
            let reason = status == CAIRO_STATUS_READ_ERROR || status == CAIRO_STATUS_NO_MEMORY
                ? "corrupt or truncated PNG data" : String(cString: cairo_status_to_string(status))
            cairo_surface_destroy(surface)
            throw .png(path: path, reason: reason)
        }
        if cairo_image_surface_get_format(surface) == CAIRO_FORMAT_ARGB32 {
            return ImageSurface(owning: surface, scale: scale)
        }
        defer { cairo_surface_destroy(surface) }
        let converted = try ImageSurface(width: Int(cairo_image_surface_get_width(surface)), height: Int(cairo_image_surface_get_height(surface)), scale: scale)
        let cr = cairo_create(converted.surface)
        cairo_set_source_surface(cr, surface, 0, 0)
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        cairo_paint(cr)
        cairo_destroy(cr)
        return converted
    }
}
