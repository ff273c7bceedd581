import CCairo
import RefreshContract

/// One colour stop of a gradient.
public struct GradientStop: Equatable, Sendable {
    /// Where along the gradient, 0...1.
    public var location: Double
    /// The colour there.
    public var color: Color

    /// A stop of `color` at `location`.
    public init(_ location: Double, _ color: Color) {
        self.location = location
        self.color = color
    }
}

/// What fills or strokes a shape.
public enum Paint: Equatable, Sendable {
    /// One colour.
    case color(Color)
    /// A linear gradient from `start` to `end` (points, in the canvas's current coordinates).
    case linearGradient(start: Point, end: Point, stops: [GradientStop])
    /// A radial gradient from a circle at `center` of radius `startRadius` to one of `endRadius`.
    case radialGradient(center: Point, startRadius: Double, endRadius: Double, stops: [GradientStop])

    /// Sets this paint as the source of `cr`.
    func apply(to cr: OpaquePointer) {
        switch self {
        case .color(let c):
            cairo_set_source_rgba(cr, c.red, c.green, c.blue, c.alpha)
        case .linearGradient(let start, let end, let stops):
            let pattern = cairo_pattern_create_linear(start.x, start.y, end.x, end.y)
            Self.setSource(pattern, stops, cr)
        case .radialGradient(let center, let r0, let r1, let stops):
            let pattern = cairo_pattern_create_radial(center.x, center.y, max(0, r0), center.x, center.y, max(0, r1))
            Self.setSource(pattern, stops, cr)
        }
    }

    private static func setSource(_ pattern: OpaquePointer?, _ stops: [GradientStop], _ cr: OpaquePointer) {
        guard let pattern else { return }
        for stop in stops {
            cairo_pattern_add_color_stop_rgba(pattern, min(max(stop.location, 0), 1), stop.color.red, stop.color.green, stop.color.blue, stop.color.alpha)
        }
        cairo_set_source(cr, pattern)
        cairo_pattern_destroy(pattern)
    }
}

/// The shape of a line's ends.
public enum LineCap: Sendable {
    case butt, round, square
}

/// The shape of a line's corners.
public enum LineJoin: Sendable {
    case miter, round, bevel
}

/// Which areas of a self-intersecting path are inside.
public enum FillRule: Sendable {
    case nonZero, evenOdd
}

/// How a stroke looks. Widths and dash lengths in points.
public struct StrokeStyle: Equatable, Sendable {
    /// Line width in points.
    public var lineWidth: Double
    /// End shape.
    public var cap: LineCap
    /// Corner shape.
    public var join: LineJoin
    /// Miter joins longer than this × line width become bevels.
    public var miterLimit: Double
    /// Alternating on/off lengths; empty for a solid line.
    public var dashes: [Double]
    /// Where into the dash pattern the line starts.
    public var dashPhase: Double

    /// A stroke style; solid, butt caps, miter joins by default.
    public init(lineWidth: Double = 1, cap: LineCap = .butt, join: LineJoin = .miter, miterLimit: Double = 10, dashes: [Double] = [], dashPhase: Double = 0) {
        self.lineWidth = lineWidth
        self.cap = cap
        self.join = join
        self.miterLimit = miterLimit
        self.dashes = dashes
        self.dashPhase = dashPhase
    }
}

/// How drawing combines with what is already there (Cairo's operators).
public enum BlendMode: Sendable, CaseIterable {
    case normal, copy, clear, add, multiply, screen, overlay, darken, lighten, difference
}
