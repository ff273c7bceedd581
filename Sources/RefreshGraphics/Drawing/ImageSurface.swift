import CCairo
import RefreshSystem
import RefreshContract

/// Errors from drawing surfaces, PNG files and image comparison; each names what and where.
public enum GraphicsError: Error, Equatable, CustomStringConvertible {
    /// A surface size that cannot be made.
    case invalidSize(width: Int, height: Int)
    /// A PNG that could not be read or written.
    case png(path: String, reason: String)
    /// An encoder library failed.
    case encoding(format: String, reason: String)
    /// Two images of different sizes cannot be compared.
    case sizeMismatch(expected: (Int, Int), actual: (Int, Int))
    /// An output file that could not be written, and why.
    case output(path: String, reason: String)

    /// The output error `error` is: the same path and reason.
    package init(_ error: OutputError) { self = .output(path: error.path, reason: error.reason) }

    /// What `body` returns, an ``OutputError`` it throws thrown as ``output(path:reason:)``: for
    /// a file written inside code that throws `GraphicsError`.
    package static func writing<T>(_ body: @autoclosure () throws(OutputError) -> T) throws(GraphicsError) -> T {
        do { return try body() } catch { throw GraphicsError(error) }
    }

    /// A readable message.
    public var description: String {
        switch self {
        case .invalidSize(let w, let h): "invalid image size \(w)×\(h) pixels: each side must be 1...32767"
        case .png(let path, let reason): "PNG \(path): \(reason)"
        case .encoding(let format, let reason): "\(format) encoding: \(reason)"
        case .sizeMismatch(let e, let a): "image sizes differ: expected \(e.0)×\(e.1) pixels, got \(a.0)×\(a.1)"
        case .output(let path, let reason): "\(path): \(reason)"
        }
    }

    /// Two errors are equal when they say the same.
    public static func == (lhs: GraphicsError, rhs: GraphicsError) -> Bool {
        switch (lhs, rhs) {
        case let (.invalidSize(a, b), .invalidSize(c, d)): a == c && b == d
        case let (.png(a, b), .png(c, d)), let (.encoding(a, b), .encoding(c, d)), let (.output(a, b), .output(c, d)): a == c && b == d
        case let (.sizeMismatch(a, b), .sizeMismatch(c, d)): a == c && b == d
        default: false
        }
    }
}

/// An ARGB32 image in memory (premultiplied alpha, Cairo's format) that a ``Canvas`` draws into.
/// Owns its pixels; freed when the last reference goes.
public final class ImageSurface {
    /// The Cairo surface.
    let surface: OpaquePointer
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// Pixels per point: a canvas on this surface draws in points.
    public let scale: Double

    /// A transparent image of `width` × `height` pixels.
    public init(width: Int, height: Int, scale: Double = 1) throws(GraphicsError) {
        guard (1...32767).contains(width), (1...32767).contains(height) else { throw .invalidSize(width: width, height: height) }
        surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))
        self.width = width
        self.height = height
        self.scale = scale.isFinite && scale > 0 ? scale : 1
    }

    /// A transparent image of `size` points at `scale` pixels per point (sides rounded up).
    public convenience init(size: Size, scale: Double) throws(GraphicsError) {
        let s = scale.isFinite && scale > 0 ? scale : 1
        let w = size.width * s, h = size.height * s
        guard w.isFinite, h.isFinite, w >= 1, h >= 1, w <= 32767, h <= 32767 else {
            throw .invalidSize(width: w.isFinite ? Int(w) : -1, height: h.isFinite ? Int(h) : -1)
        }
        try self.init(width: Int(w.rounded(.up)), height: Int(h.rounded(.up)), scale: s)
    }

    /// Whether this is the image ``init(size:scale:)`` makes for `size` and `scale`: its scale, and
    /// its sides rounded up the same way.
    package func fits(size: Size, scale: Double) -> Bool {
        self.scale == scale && width == Int((size.width * scale).rounded(.up)) && height == Int((size.height * scale).rounded(.up))
    }

    /// Wraps a surface this object now owns (it must be an ARGB32 image surface).
    package init(owning surface: OpaquePointer, scale: Double) {
        self.surface = surface
        width = Int(cairo_image_surface_get_width(surface))
        height = Int(cairo_image_surface_get_height(surface))
        self.scale = scale
    }

    deinit {
        cairo_surface_destroy(surface)
    }

    /// The size in points.
    public var size: Size { Size(width: Double(width) / scale, height: Double(height) / scale) }

    /// Bytes per row of pixels.
    public var bytesPerRow: Int { Int(cairo_image_surface_get_stride(surface)) }

    /// Calls `body` with the pixel bytes (rows of ``bytesPerRow``; each pixel a native-endian
    /// UInt32 `0xAARRGGBB`, premultiplied). Writes are seen by later drawing.
    public func withPixels<R>(_ body: (UnsafeMutableRawBufferPointer) throws -> R) rethrows -> R {
        cairo_surface_flush(surface)
        defer { cairo_surface_mark_dirty(surface) }
        let buffer = UnsafeMutableRawBufferPointer(start: cairo_image_surface_get_data(surface), count: bytesPerRow * height)
        return try body(buffer)
    }

    /// The colour at pixel (`x`, `y`), un-premultiplied; transparent outside the image.
    public func pixel(x: Int, y: Int) -> Color {
        guard (0..<width).contains(x), (0..<height).contains(y) else { return .clear }
        let value = withPixels { $0.load(fromByteOffset: y * bytesPerRow + x * 4, as: UInt32.self) }
        let a = Double(value >> 24 & 0xFF)
        guard a > 0 else { return .clear }
        return Color(red: Double(value >> 16 & 0xFF) / a, green: Double(value >> 8 & 0xFF) / a,
                     blue: Double(value & 0xFF) / a, alpha: a / 255)
    }

    /// The pixels as tightly packed rows of `0xAARRGGBB` words (premultiplied), e.g. to compare.
    public func pixelWords() -> [UInt32] {
        withPixels { buffer in
            // A row at a time: validate and lint take the words of every frame they draw.
            [UInt32](unsafeUninitializedCapacity: width * height) { words, count in
                let rowBytes = width * 4
                for y in 0..<height {
                    UnsafeMutableRawPointer(words.baseAddress! + y * width).copyMemory(from: buffer.baseAddress! + y * bytesPerRow, byteCount: rowBytes)
                }
                count = width * height
            }
        }
    }

    /// The pixels as tightly packed `0xAARRGGBB` words with straight (un-premultiplied) alpha, as
    /// image encoders want them; rounding as Cairo's own PNG writer rounds.
    public func straightPixels() -> [UInt32] {
        withPixels { pixels in
            [UInt32](unsafeUninitializedCapacity: width * height) { words, count in
                for y in 0..<height {
                    let row = (pixels.baseAddress! + y * bytesPerRow).assumingMemoryBound(to: UInt32.self)
                    let out = words.baseAddress! + y * width
                    for x in 0..<width {
                        let word = row[x]
                        let alpha = word >> 24
                        if alpha == 0xFF || word == 0 {
                            out[x] = word
                        } else if alpha == 0 {
                            out[x] = 0
                        } else {
                            let half = alpha / 2
                            let r = ((word >> 16 & 0xFF) * 255 + half) / alpha, g = ((word >> 8 & 0xFF) * 255 + half) / alpha
                            let b = ((word & 0xFF) * 255 + half) / alpha
                            out[x] = alpha << 24 | r << 16 | g << 8 | b
                        }
                    }
                }
                count = width * height
            }
        }
    }
}
