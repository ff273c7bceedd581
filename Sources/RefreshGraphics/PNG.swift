import CCairo
import Foundation

extension ImageSurface {
    /// The image as PNG file bytes (libpng through Cairo).
    public func pngData() throws(GraphicsError) -> [UInt8] {
        final class Sink { var bytes: [UInt8] = [] }
        let sink = Sink()
        let status = cairo_surface_write_to_png_stream(surface, { closure, data, length in
            guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
            Unmanaged<Sink>.fromOpaque(closure).takeUnretainedValue().bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
            return CAIRO_STATUS_SUCCESS
        }, Unmanaged.passUnretained(sink).toOpaque())
        guard status == CAIRO_STATUS_SUCCESS else { throw .png(path: "(memory)", reason: String(cString: cairo_status_to_string(status))) }
        return sink.bytes
    }

    /// Writes the image to a PNG file at `path`, replacing it.
    public func writePNG(to path: String) throws(GraphicsError) {
        let status = cairo_surface_write_to_png(surface, path)
        guard status == CAIRO_STATUS_SUCCESS else { throw .png(path: path, reason: String(cString: cairo_status_to_string(status))) }
    }

    /// Reads a PNG file; the image gets `scale` pixels per point.
    public static func readPNG(at path: String, scale: Double = 1) throws(GraphicsError) -> ImageSurface {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw .png(path: path, reason: FileManager.default.fileExists(atPath: path) ? "cannot be read" : "no such file")
        }
        let head = (try? handle.read(upToCount: 8)).map { [UInt8]($0 ?? Data()) } ?? []
        try? handle.close()
        guard head == signature else { throw .png(path: path, reason: "not a PNG file (no PNG signature)") }
        return try adopt(cairo_image_surface_create_from_png(path), path: path, scale: scale)
    }

    /// Reads PNG file bytes.
    public static func readPNG(data: [UInt8], scale: Double = 1) throws(GraphicsError) -> ImageSurface {
        guard data.prefix(8).elementsEqual(signature) else { throw .png(path: "(memory)", reason: "not a PNG file (no PNG signature)") }
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
        return try adopt(surface, path: "(memory)", scale: scale)
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
