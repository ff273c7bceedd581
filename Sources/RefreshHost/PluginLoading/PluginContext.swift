import CCairo
import RefreshPluginSDK

/// The Cairo context a plugin draws with: a fresh one on the host canvas's current target, with
/// the canvas's transformation, clip and antialiasing, so whatever state the plugin leaves behind
/// stays there. A ``Sentinel`` tells afterwards what it left.
enum PluginContext {
    /// A context drawing where `host` draws, as `host` would, clipped to the frame (`size` points
    /// from the host's origin) within the host's clip; nil when Cairo cannot make one.
    static func make(like host: OpaquePointer, frame size: Size) -> OpaquePointer? {
        guard let target = cairo_get_group_target(host), let cr = cairo_create(target) else { return nil }
        guard cairo_status(cr) == CAIRO_STATUS_SUCCESS else {
            cairo_destroy(cr)
            return nil
        }
        var matrix = cairo_matrix_t()
        cairo_get_matrix(host, &matrix)
        cairo_set_matrix(cr, &matrix)
        cairo_set_antialias(cr, cairo_get_antialias(host))
        cairo_set_tolerance(cr, cairo_get_tolerance(host))
        // The host's clip by its extents (whole pixels, a superset), then the frame exactly.
        var x1 = 0.0, y1 = 0.0, x2 = 0.0, y2 = 0.0
        cairo_clip_extents(host, &x1, &y1, &x2, &y2)
        cairo_rectangle(cr, x1, y1, x2 - x1, y2 - y1)
        cairo_clip(cr)
        cairo_rectangle(cr, 0, 0, size.width, size.height)
        cairo_clip(cr)
        return cr
    }

    /// Marks a context before a plugin draws, to tell afterwards whether the plugin left it as it
    /// found it: a `cairo_save` level of the host's own holding a tolerance no plugin would pick.
    struct Sentinel {
        private static let marker = 0.123_456_7
        private let tolerance: Double
        private let matrix: cairo_matrix_t

        init(_ cr: OpaquePointer) {
            tolerance = cairo_get_tolerance(cr)
            var m = cairo_matrix_t()
            cairo_get_matrix(cr, &m)
            matrix = m
            cairo_save(cr)
            cairo_set_tolerance(cr, Self.marker)
        }

        /// What the plugin left different; pops the sentinel's level.
        func check(_ cr: OpaquePointer) -> [String] {
            var problems: [String] = []
            if cairo_status(cr) == CAIRO_STATUS_SUCCESS {
                if cairo_get_operator(cr) != CAIRO_OPERATOR_OVER { problems.append("left the operator changed (\(cairo_get_operator(cr).rawValue))") }
                var m = cairo_matrix_t()
                cairo_get_matrix(cr, &m)
                if (m.xx, m.yx, m.xy, m.yy, m.x0, m.y0) != (matrix.xx, matrix.yx, matrix.xy, matrix.yy, matrix.x0, matrix.y0) {
                    problems.append("left the transformation changed")
                }
            }
            cairo_restore(cr)
            switch cairo_status(cr) {
            case CAIRO_STATUS_SUCCESS:
                // The level popped was the plugin's own, not the sentinel's: a save without restore.
                if cairo_get_tolerance(cr) != tolerance { problems.append("left a cairo_save without its cairo_restore") }
            case CAIRO_STATUS_INVALID_RESTORE:
                problems.append("called cairo_restore more often than cairo_save")
            case let status:
                problems.append("left its Cairo context in an error state: \(String(cString: cairo_status_to_string(status)))")
            }
            return problems
        }
    }
}
