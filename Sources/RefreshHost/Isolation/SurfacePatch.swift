import CCairo
import Glibc
import RefreshPluginSDK

/// The pixels of the host's surface that an indicator's frame can touch, and how a plugin-host
/// child draws on a copy of them exactly as the plugin would have drawn on the original: the same
/// transformation (shifted by whole pixels), clip, antialiasing and tolerance, over the same
/// background. Cairo draws the same under a whole-pixel shift, so the copy comes back as the very
/// bytes an in-process plugin would have left: isolation does not change a frame.
struct SurfacePatch {
    /// Where the child draws: the box's transformation and clip, as the render request carries it.
    typealias Target = PluginHostMessage.Target

    private let surface: OpaquePointer
    private let data: UnsafeMutablePointer<UInt8>
    private let stride: Int
    /// The box on the host's surface, in its pixels.
    let x: Int, y: Int, width: Int, height: Int
    /// How the child draws in the box.
    let target: Target

    /// The patch of `canvas`'s surface under a frame of `size` (points, from the canvas's origin),
    /// or nil when the canvas does not draw into pixels this process holds (then the child draws on
    /// a clear surface and the host paints it).
    init?(canvas: Canvas, size: Size) {
        let cr = canvas.cairoContext
        guard let surface = cairo_get_group_target(cr), cairo_surface_get_type(surface) == CAIRO_SURFACE_TYPE_IMAGE else { return nil }
        let format = cairo_image_surface_get_format(surface)
        guard format == CAIRO_FORMAT_ARGB32 || format == CAIRO_FORMAT_RGB24 else { return nil }
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else { return nil }
        let surfaceWidth = Int(cairo_image_surface_get_width(surface)), surfaceHeight = Int(cairo_image_surface_get_height(surface))
        // User space → the surface's pixels: the context's matrix, then the surface's device transform.
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        var dx = 0.0, dy = 0.0, sx = 1.0, sy = 1.0
        cairo_surface_get_device_offset(surface, &dx, &dy)
        cairo_surface_get_device_scale(surface, &sx, &sy)
        var full = cairo_matrix_t(xx: sx * m.xx, yx: sy * m.yx, xy: sx * m.xy, yy: sy * m.yy, x0: sx * m.x0 + dx, y0: sy * m.y0 + dy)
        // The host's clip, by its extents, and the frame: what the plugin can reach.
        var x1 = 0.0, y1 = 0.0, x2 = 0.0, y2 = 0.0
        cairo_clip_extents(cr, &x1, &y1, &x2, &y2)
        let reach = [(max(x1, 0), max(y1, 0)), (min(x2, size.width), max(y1, 0)), (max(x1, 0), min(y2, size.height)), (min(x2, size.width), min(y2, size.height))]
            .map { p -> (Double, Double) in (full.xx * p.0 + full.xy * p.1 + full.x0, full.yx * p.0 + full.yy * p.1 + full.y0) }
        guard reach.allSatisfy({ $0.0.isFinite && $0.1.isFinite }) else { return nil }
        let left = Int(max(0, min(Double(surfaceWidth - 1), (reach.map(\.0).min()!).rounded(.down))))
        let top = Int(max(0, min(Double(surfaceHeight - 1), (reach.map(\.1).min()!).rounded(.down))))
        let right = Int(max(Double(left + 1), min(Double(surfaceWidth), (reach.map(\.0).max()!).rounded(.up))))
        let bottom = Int(max(Double(top + 1), min(Double(surfaceHeight), (reach.map(\.1).max()!).rounded(.up))))
        full.x0 -= Double(left)
        full.y0 -= Double(top)
        self.surface = surface
        self.data = data
        stride = Int(cairo_image_surface_get_stride(surface))
        x = left
        y = top
        width = right - left
        height = bottom - top
        target = Target(matrix: [full.xx, full.yx, full.xy, full.yy, full.x0, full.y0], clip: [x1, y1, x2, y2],
                        tolerance: cairo_get_tolerance(cr), antialias: cairo_get_antialias(cr).rawValue, format: UInt32(bitPattern: format.rawValue))
    }

    /// Bytes the box holds, packed.
    var byteCount: Int { width * height * 4 }

    /// Copies the box into `pixels`, rows packed.
    func copy(into pixels: UnsafeMutableRawPointer) {
        for row in 0..<height {
            let source = data + (y + row) * stride + x * 4, target = pixels + row * width * 4
            // A row the shared pixels hold already (the band's background, most of it, from the
            // last frame) is read, not written: reading both costs less than a copy's writes.
            if memcmp(target, source, width * 4) != 0 { target.copyMemory(from: source, byteCount: width * 4) }
        }
    }

    /// Puts the box back from `pixels`, where the child drew.
    func copyBack(from pixels: UnsafeRawPointer) {
        for row in 0..<height {
            let source = pixels + row * width * 4, target = data + (y + row) * stride + x * 4
            // Only the rows the child drew on differ from what was copied in.
            if memcmp(target, source, width * 4) != 0 { target.update(from: source.assumingMemoryBound(to: UInt8.self), count: width * 4) }
        }
        cairo_surface_mark_dirty_rectangle(surface, Int32(x), Int32(y), Int32(width), Int32(height))
    }

    /// The child's side: a canvas over `pixels` (the box, rows packed) set up as the host's was.
    static func canvas(over pixels: UnsafeMutableRawPointer, width: Int, height: Int, target: Target) -> Canvas? {
        guard target.matrix.count == 6, target.clip.count == 4, target.matrix.allSatisfy(\.isFinite),
              let surface = cairo_image_surface_create_for_data(pixels.assumingMemoryBound(to: UInt8.self), cairo_format_t(Int32(bitPattern: target.format)),
                                                                Int32(width), Int32(height), Int32(width * 4)),
              cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else { return nil }
        let canvas = Canvas(surface: ImageSurface(owning: surface, scale: 1))
        let cr = canvas.cairoContext
        var m = cairo_matrix_t(xx: target.matrix[0], yx: target.matrix[1], xy: target.matrix[2], yy: target.matrix[3], x0: target.matrix[4], y0: target.matrix[5])
        cairo_set_matrix(cr, &m)
        cairo_set_antialias(cr, cairo_antialias_t(target.antialias))
        cairo_set_tolerance(cr, target.tolerance)
        cairo_rectangle(cr, target.clip[0], target.clip[1], target.clip[2] - target.clip[0], target.clip[3] - target.clip[1])
        cairo_clip(cr)
        return cairo_status(cr) == CAIRO_STATUS_SUCCESS ? canvas : nil
    }
}
