import CCairo
import Foundation
import RefreshContract

/// What a drawing does, recorded as drawing operations rather than pixels: Cairo's SVG surface
/// under a ``Canvas``, in points. Cairo writes every path it is asked to fill or stroke (arcs as
/// cubic Béziers, in user space with its matrix), clips, gradients, groups, images, and text as
/// outlined glyphs; what it cannot say in SVG it writes as an image. The SVG surface was chosen
/// over the script surface for the text: a script names fonts, an SVG carries the glyphs' outlines.
package enum VectorRecording {
    /// The SVG of what `draw` draws on a canvas of `size` points (no clip, nothing behind).
    /// What Cairo's SVG cannot say (an operator other than over) it draws as an image of the part
    /// it touches, at `scale` pixels a point: as sharp as the frame's own image.
    package static func svg<E: Error>(size: Size, scale: Double = 2, _ draw: (Canvas) throws(E) -> Void) throws(E) -> String {
        let sink = Sink()
        let box = Unmanaged.passRetained(sink)
        defer { box.release() }
        let surface = cairo_svg_surface_create_for_stream({ closure, data, length in
            guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
            Unmanaged<Sink>.fromOpaque(closure).takeUnretainedValue().bytes.append(data, count: Int(length))
            return CAIRO_STATUS_SUCCESS
        }, box.toOpaque(), max(1, size.width), max(1, size.height))
        cairo_svg_surface_restrict_to_version(surface, CAIRO_SVG_VERSION_1_1)
        // Points as written: no unit on the document size.
        cairo_svg_surface_set_document_unit(surface, CAIRO_SVG_UNIT_USER)
        cairo_surface_set_fallback_resolution(surface, 72 * scale, 72 * scale)
        let context = cairo_create(surface)!
        do {
            let canvas = Canvas(borrowing: context)
            try draw(canvas)
        } catch {
            cairo_destroy(context)
            cairo_surface_destroy(surface)
            throw error
        }
        cairo_destroy(context)
        cairo_surface_finish(surface)
        cairo_surface_destroy(surface)
        return String(decoding: sink.bytes, as: UTF8.self)
    }

    private final class Sink {
        var bytes = Data()
    }
}
