import CCairo
import RefreshContract

/// Where plugins and the host draw: a Cairo context behind a small Swift API, in points.
///
/// Build a path with the path calls (or ``add(_:)`` a ``Path``), then ``fill(_:rule:preserve:)``
/// or ``stroke(_:style:preserve:)`` it; each of those consumes the path unless `preserve` is set.
/// State changes (transforms, clip, blend mode) last until the end of the enclosing
/// ``withSavedState(_:)``.
public final class Canvas {
    /// The Cairo context.
    let cr: OpaquePointer
    private let ownsContext: Bool
    /// The surface this canvas owns a context for, kept alive with it.
    public let surface: ImageSurface?
    /// The texts drawn shortened with an ellipsis (``TextLayout/isTruncated``), in drawing order,
    /// once a test of a screen sets it to `[]` to find words cut off; nil (the default): not kept,
    /// so a canvas drawn on for a long time keeps nothing.
    package var truncatedTexts: [String]?

    /// A canvas drawing into `surface`, in points (scaled by the surface's scale).
    public init(surface: ImageSurface) {
        self.surface = surface
        cr = cairo_create(surface.surface)
        ownsContext = true
        cairo_scale(cr, surface.scale, surface.scale)
    }

    /// A canvas over a Cairo context someone else owns (what a plugin is handed). The context is
    /// neither referenced nor destroyed; the canvas must not outlive it.
    public init(borrowing context: OpaquePointer) {
        surface = nil
        cr = context
        ownsContext = false
    }

    deinit {
        if ownsContext { cairo_destroy(cr) }
    }

    /// The underlying `cairo_t*`, for drawing Cairo cannot be reached for through this API.
    public var cairoContext: OpaquePointer { cr }

    // MARK: State

    /// Runs `body` and then restores transforms, clip, source, blend mode and line settings.
    public func withSavedState<R>(_ body: () throws -> R) rethrows -> R {
        cairo_save(cr)
        defer { cairo_restore(cr) }
        return try body()
    }

    /// Draws what `body` draws at `alpha` (0...1) as one layer, so overlaps do not add up.
    public func withAlpha(_ alpha: Double, _ body: () throws -> Void) rethrows {
        cairo_push_group(cr)
        defer {
            cairo_pop_group_to_source(cr)
            cairo_paint_with_alpha(cr, min(max(alpha.isNaN ? 0 : alpha, 0), 1))
        }
        try body()
    }

    /// How later drawing combines with what is there.
    public var blendMode: BlendMode {
        get {
            switch cairo_get_operator(cr) {
            case CAIRO_OPERATOR_SOURCE: .copy
            case CAIRO_OPERATOR_CLEAR: .clear
            case CAIRO_OPERATOR_ADD: .add
            case CAIRO_OPERATOR_MULTIPLY: .multiply
            case CAIRO_OPERATOR_SCREEN: .screen
            case CAIRO_OPERATOR_OVERLAY: .overlay
            case CAIRO_OPERATOR_DARKEN: .darken
            case CAIRO_OPERATOR_LIGHTEN: .lighten
            case CAIRO_OPERATOR_DIFFERENCE: .difference
            default: .normal
            }
        }
        set {
            let op: cairo_operator_t = switch newValue {
            case .normal: CAIRO_OPERATOR_OVER
            case .copy: CAIRO_OPERATOR_SOURCE
            case .clear: CAIRO_OPERATOR_CLEAR
            case .add: CAIRO_OPERATOR_ADD
            case .multiply: CAIRO_OPERATOR_MULTIPLY
            case .screen: CAIRO_OPERATOR_SCREEN
            case .overlay: CAIRO_OPERATOR_OVERLAY
            case .darken: CAIRO_OPERATOR_DARKEN
            case .lighten: CAIRO_OPERATOR_LIGHTEN
            case .difference: CAIRO_OPERATOR_DIFFERENCE
            }
            cairo_set_operator(cr, op)
        }
    }

    // MARK: Transforms

    /// Moves the origin by (`x`, `y`) points.
    public func translate(x: Double, y: Double) { cairo_translate(cr, x, y) }
    /// Rotates by `radians` (positive turns clockwise on screen).
    public func rotate(_ radians: Double) { cairo_rotate(cr, radians) }
    /// Scales by `x` and `y`.
    public func scale(x: Double, y: Double) { cairo_scale(cr, x, y) }
    /// Applies `transform` on top of the current one.
    public func concatenate(_ transform: AffineTransform) {
        var matrix = cairo_matrix_t(xx: transform.a, yx: transform.b, xy: transform.c, yy: transform.d, x0: transform.tx, y0: transform.ty)
        cairo_transform(cr, &matrix)
    }

    // MARK: Paths

    /// Discards the current path.
    public func beginPath() { cairo_new_path(cr) }
    /// Starts a subpath at `point`.
    public func move(to point: Point) { cairo_move_to(cr, point.x, point.y) }
    /// A line to `point`.
    public func line(to point: Point) { cairo_line_to(cr, point.x, point.y) }
    /// A cubic Bézier to `point`.
    public func curve(to point: Point, control1: Point, control2: Point) {
        cairo_curve_to(cr, control1.x, control1.y, control2.x, control2.y, point.x, point.y)
    }
    /// A quadratic Bézier to `point` (as the equivalent cubic).
    public func quadCurve(to point: Point, control: Point) {
        var x = 0.0, y = 0.0
        if cairo_has_current_point(cr) != 0 { cairo_get_current_point(cr, &x, &y) } else { (x, y) = (control.x, control.y) }
        curve(to: point,
              control1: Point(x: x + 2.0 / 3 * (control.x - x), y: y + 2.0 / 3 * (control.y - y)),
              control2: Point(x: point.x + 2.0 / 3 * (control.x - point.x), y: point.y + 2.0 / 3 * (control.y - point.y)))
    }
    /// A circular arc around `center` (angles in radians, growing clockwise on screen).
    public func arc(center: Point, radius: Double, startAngle: Double, endAngle: Double, clockwise: Bool = true) {
        if clockwise {
            cairo_arc(cr, center.x, center.y, max(0, radius), startAngle, endAngle)
        } else {
            cairo_arc_negative(cr, center.x, center.y, max(0, radius), startAngle, endAngle)
        }
    }
    /// Closes the current subpath.
    public func close() { cairo_close_path(cr) }
    /// A rectangle subpath.
    public func addRect(_ rect: Rect) { cairo_rectangle(cr, rect.minX, rect.minY, rect.width, rect.height) }
    /// A rounded-rectangle subpath.
    public func addRoundedRect(_ rect: Rect, radius: Double) {
        var path = Path()
        path.addRoundedRect(rect, radius: radius)
        add(path)
    }
    /// An ellipse inscribed in `rect`.
    public func addEllipse(in rect: Rect) {
        var path = Path()
        path.addEllipse(in: rect)
        add(path)
    }
    /// Every element of `path`.
    public func add(_ path: Path) {
        for element in path.elements {
            switch element {
            case .move(let p): cairo_move_to(cr, p.x, p.y)
            case .line(let p): cairo_line_to(cr, p.x, p.y)
            case .cubic(let c1, let c2, let p): cairo_curve_to(cr, c1.x, c1.y, c2.x, c2.y, p.x, p.y)
            case .close: cairo_close_path(cr)
            }
        }
    }

    // MARK: Painting

    /// Fills the current path with `paint`.
    public func fill(_ paint: Paint, rule: FillRule = .nonZero, preserve: Bool = false) {
        paint.apply(to: cr)
        cairo_set_fill_rule(cr, rule == .evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
        if preserve { cairo_fill_preserve(cr) } else { cairo_fill(cr) }
    }

    /// Strokes the current path with `paint` in `style`.
    public func stroke(_ paint: Paint, style: StrokeStyle = StrokeStyle(), preserve: Bool = false) {
        paint.apply(to: cr)
        cairo_set_line_width(cr, max(0, style.lineWidth))
        let cap: cairo_line_cap_t = switch style.cap {
        case .butt: CAIRO_LINE_CAP_BUTT
        case .round: CAIRO_LINE_CAP_ROUND
        case .square: CAIRO_LINE_CAP_SQUARE
        }
        let join: cairo_line_join_t = switch style.join {
        case .miter: CAIRO_LINE_JOIN_MITER
        case .round: CAIRO_LINE_JOIN_ROUND
        case .bevel: CAIRO_LINE_JOIN_BEVEL
        }
        cairo_set_line_cap(cr, cap)
        cairo_set_line_join(cr, join)
        cairo_set_miter_limit(cr, style.miterLimit)
        let dashes = style.dashes.filter { $0.isFinite && $0 >= 0 }
        if dashes.contains(where: { $0 > 0 }) {
            dashes.withUnsafeBufferPointer { cairo_set_dash(cr, $0.baseAddress, Int32($0.count), style.dashPhase) }
        } else {
            cairo_set_dash(cr, nil, 0, 0)
        }
        if preserve { cairo_stroke_preserve(cr) } else { cairo_stroke(cr) }
    }

    /// Fills the whole clip area with `paint`.
    public func paint(_ paint: Paint) {
        paint.apply(to: cr)
        cairo_paint(cr)
    }

    /// Replaces every pixel in the clip area with `color` (transparent by default), whatever the blend mode.
    public func clear(_ color: Color = .clear) {
        withSavedState {
            cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
            paint(.color(color))
        }
    }

    /// Intersects the clip with the current path, which it consumes.
    public func clip(rule: FillRule = .nonZero) {
        cairo_set_fill_rule(cr, rule == .evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
        cairo_clip(cr)
    }
}

extension Canvas {
    /// Draws `image` scaled into `rect` (points), smoothly filtered.
    public func drawImage(_ image: ImageSurface, in rect: Rect) {
        guard image.width > 0, image.height > 0, rect.width > 0, rect.height > 0 else { return }
        withSavedState {
            cairo_translate(cr, rect.minX, rect.minY)
            cairo_scale(cr, rect.width / Double(image.width), rect.height / Double(image.height))
            cairo_set_source_surface(cr, image.surface, 0, 0)
            cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
            cairo_paint(cr)
        }
    }
}
