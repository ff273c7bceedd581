import Foundation
import RefreshContract

/// A vector path in points: subpaths of lines and cubic Béziers. Quadratic curves, arcs and
/// shapes are converted to cubics as they are added, so everything downstream (drawing,
/// flattening, measuring, trimming) handles three kinds of segment.
public struct Path: Equatable, Sendable {
    /// One step of a path.
    public enum Element: Equatable, Sendable {
        /// Starts a subpath at the point.
        case move(Point)
        /// A straight segment to the point.
        case line(Point)
        /// A cubic Bézier to `end` with two control points.
        case cubic(control1: Point, control2: Point, end: Point)
        /// A straight segment back to the subpath's start, closing it.
        case close
    }

    /// The elements, in order. Every subpath starts with ``Element/move(_:)``.
    public private(set) var elements: [Element] = []
    /// The end of the last element, or nil for an empty path.
    public private(set) var currentPoint: Point?
    private var subpathStart: Point?

    /// An empty path.
    public init() {}

    /// Whether the path has no elements.
    public var isEmpty: Bool { elements.isEmpty }

    /// Whether the path has a segment (line, curve or close) to draw, not only moves.
    public var hasSegments: Bool {
        elements.contains { if case .move = $0 { false } else { true } }
    }

    // MARK: Building

    /// Starts a new subpath at `point`.
    public mutating func move(to point: Point) {
        elements.append(.move(point))
        currentPoint = point
        subpathStart = point
    }

    /// A straight segment to `point` (a move when the path is empty, as in Cairo).
    public mutating func line(to point: Point) {
        guard beginSegment() else { return move(to: point) }
        elements.append(.line(point))
        currentPoint = point
    }

    /// A cubic Bézier to `point` (a move to `point` when the path is empty).
    public mutating func curve(to point: Point, control1: Point, control2: Point) {
        guard beginSegment() else { return move(to: point) }
        elements.append(.cubic(control1: control1, control2: control2, end: point))
        currentPoint = point
    }

    /// A quadratic Bézier to `point`, stored as the equivalent cubic.
    public mutating func quadCurve(to point: Point, control: Point) {
        let start = currentPoint ?? control
        curve(
            to: point,
            control1: Point(x: start.x + 2.0 / 3 * (control.x - start.x), y: start.y + 2.0 / 3 * (control.y - start.y)),
            control2: Point(x: point.x + 2.0 / 3 * (control.x - point.x), y: point.y + 2.0 / 3 * (control.y - point.y))
        )
    }

    /// Closes the current subpath with a straight segment to its start.
    public mutating func close() {
        guard let start = subpathStart, !elements.isEmpty else { return }
        if case .close = elements.last { return }
        elements.append(.close)
        currentPoint = start
    }

    /// An elliptical arc around `center`, as cubics of at most 90° each. Angles in radians,
    /// measured from +x towards +y (clockwise on screen); `sweep` may be negative. `rotation`
    /// turns the ellipse's x axis. Continues the current subpath with a line to the arc's start,
    /// or starts one there.
    public mutating func addArc(center: Point, radiusX: Double, radiusY: Double, rotation: Double = 0, startAngle: Double, sweep: Double) {
        addArc(center: center, radiusX: radiusX, radiusY: radiusY, rotation: rotation, startAngle: startAngle, sweep: sweep, landingAt: nil)
    }

    /// ``addArc(center:radiusX:radiusY:rotation:startAngle:sweep:)`` whose last curve ends exactly
    /// at `end` when given, whatever rounding the trigonometry left.
    mutating func addArc(center: Point, radiusX: Double, radiusY: Double, rotation: Double, startAngle: Double, sweep: Double, landingAt end: Point?) {
        guard [center.x, center.y, radiusX, radiusY, rotation, startAngle, sweep].allSatisfy(\.isFinite) else { return }
        let (cosR, sinR) = (cos(rotation), sin(rotation))
        func map(_ unit: Point) -> Point {
            let x = unit.x * radiusX, y = unit.y * radiusY
            return Point(x: center.x + x * cosR - y * sinR, y: center.y + x * sinR + y * cosR)
        }
        let start = map(Point(x: cos(startAngle), y: sin(startAngle)))
        if let current = currentPoint {
            // Rounding can leave the computed start a hair off the current point: no line for that.
            if abs(current.x - start.x) + abs(current.y - start.y) > 1e-9 { line(to: start) }
        } else {
            move(to: start)
        }
        // Past a few turns an arc only retraces itself; a huge sweep would ask for billions of curves.
        let sweep = min(max(sweep, -Self.maximumArcSweep), Self.maximumArcSweep)
        let count = max(1, Int(saturating: (abs(sweep) / (.pi / 2) - 1e-9).rounded(.up)))
        let delta = sweep / Double(count)
        let k = 4.0 / 3 * tan(delta / 4)
        var angle = startAngle
        for index in 0..<count {
            let next = angle + delta
            let (c0, s0, c1, s1) = (cos(angle), sin(angle), cos(next), sin(next))
            curve(
                to: index == count - 1 ? end ?? map(Point(x: c1, y: s1)) : map(Point(x: c1, y: s1)),
                control1: map(Point(x: c0 - k * s0, y: s0 + k * c0)),
                control2: map(Point(x: c1 + k * s1, y: s1 - k * c1))
            )
            angle = next
        }
    }

    /// The largest sweep an arc keeps, in radians (four turns); larger sweeps are clamped to it.
    public static let maximumArcSweep = 8 * Double.pi

    /// Drops the elements after the first `count`, as if they had never been added.
    mutating func truncate(to count: Int) {
        guard count < elements.count else { return }
        elements.removeSubrange(count...)
        currentPoint = nil
        subpathStart = nil
        for element in elements {
            switch element {
            case .move(let p): currentPoint = p; subpathStart = p
            case .line(let p), .cubic(_, _, let p): currentPoint = p
            case .close: currentPoint = subpathStart
            }
        }
    }

    /// A circular arc (radians; clockwise on screen when `clockwise`, the way angles grow).
    public mutating func addArc(center: Point, radius: Double, startAngle: Double, endAngle: Double, clockwise: Bool = true) {
        var sweep = endAngle - startAngle
        if clockwise, sweep < 0 { sweep = sweep.truncatingRemainder(dividingBy: 2 * .pi) + 2 * .pi }
        if !clockwise, sweep > 0 { sweep = sweep.truncatingRemainder(dividingBy: 2 * .pi) - 2 * .pi }
        addArc(center: center, radiusX: radius, radiusY: radius, startAngle: startAngle, sweep: sweep)
    }

    /// A closed rectangle.
    public mutating func addRect(_ rect: Rect) {
        move(to: rect.origin)
        line(to: Point(x: rect.maxX, y: rect.minY))
        line(to: Point(x: rect.maxX, y: rect.maxY))
        line(to: Point(x: rect.minX, y: rect.maxY))
        close()
    }

    /// A closed rectangle with corners rounded by `radius` (limited to half the shorter side).
    public mutating func addRoundedRect(_ rect: Rect, radius: Double) {
        let r = min(max(0, radius), min(rect.width, rect.height) / 2)
        guard r > 0 else { return addRect(rect) }
        move(to: Point(x: rect.minX + r, y: rect.minY))
        addArc(center: Point(x: rect.maxX - r, y: rect.minY + r), radius: r, startAngle: -.pi / 2, endAngle: 0)
        addArc(center: Point(x: rect.maxX - r, y: rect.maxY - r), radius: r, startAngle: 0, endAngle: .pi / 2)
        addArc(center: Point(x: rect.minX + r, y: rect.maxY - r), radius: r, startAngle: .pi / 2, endAngle: .pi)
        addArc(center: Point(x: rect.minX + r, y: rect.minY + r), radius: r, startAngle: .pi, endAngle: 1.5 * .pi)
        close()
    }

    /// A closed ellipse inscribed in `rect`.
    public mutating func addEllipse(in rect: Rect) {
        let center = rect.center
        move(to: Point(x: rect.maxX, y: center.y))
        addArc(center: center, radiusX: rect.width / 2, radiusY: rect.height / 2, startAngle: 0, sweep: 2 * .pi)
        close()
    }

    /// Appends one element, with the same rules as the building calls.
    public mutating func append(_ element: Element) {
        switch element {
        case .move(let p): move(to: p)
        case .line(let p): line(to: p)
        case .cubic(let c1, let c2, let p): curve(to: p, control1: c1, control2: c2)
        case .close: close()
        }
    }

    /// Appends every element of `other`.
    public mutating func append(_ other: Path) {
        for element in other.elements { append(element) }
    }

    /// After a close, a drawing command starts a new subpath at the closed one's start.
    private mutating func beginSegment() -> Bool {
        guard let start = subpathStart else { return false }
        if case .close = elements.last { move(to: start) }
        return true
    }

    // MARK: Geometry

    /// The path with every point transformed.
    public func transformed(by t: AffineTransform) -> Path {
        var result = Path()
        result.elements.reserveCapacity(elements.count)
        for element in elements {
            switch element {
            case .move(let p): result.move(to: t.apply(p))
            case .line(let p): result.line(to: t.apply(p))
            case .cubic(let c1, let c2, let p): result.curve(to: t.apply(p), control1: t.apply(c1), control2: t.apply(c2))
            case .close: result.close()
            }
        }
        return result
    }

    /// The tight bounding box (curve extrema included, control points not), or nil when empty.
    public var bounds: Rect? {
        var minP = Point(x: Double.infinity, y: .infinity), maxP = Point(x: -Double.infinity, y: -.infinity)
        func add(_ p: Point) {
            minP = Point(x: min(minP.x, p.x), y: min(minP.y, p.y))
            maxP = Point(x: max(maxP.x, p.x), y: max(maxP.y, p.y))
        }
        var current = Point.zero
        for element in elements {
            switch element {
            case .move(let p), .line(let p):
                add(p)
                current = p
            case .cubic(let c1, let c2, let p):
                add(p)
                for t in CubicSegment(start: current, control1: c1, control2: c2, end: p).extremaParameters() {
                    add(CubicSegment(start: current, control1: c1, control2: c2, end: p).point(at: t))
                }
                current = p
            case .close:
                break
            }
        }
        guard minP.x <= maxP.x else { return nil }
        return Rect(x: minP.x, y: minP.y, width: maxP.x - minP.x, height: maxP.y - minP.y)
    }
}

/// One cubic Bézier segment; the maths behind flattening and bounds.
struct CubicSegment: Equatable, Sendable {
    var start: Point, control1: Point, control2: Point, end: Point

    func point(at t: Double) -> Point {
        let u = 1 - t
        let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
        return Point(
            x: a * start.x + b * control1.x + c * control2.x + d * end.x,
            y: a * start.y + b * control1.y + c * control2.y + d * end.y
        )
    }

    /// De Casteljau at t = ½: the two halves.
    func split() -> (CubicSegment, CubicSegment) {
        func mid(_ p: Point, _ q: Point) -> Point { Point(x: (p.x + q.x) / 2, y: (p.y + q.y) / 2) }
        let ab = mid(start, control1), bc = mid(control1, control2), cd = mid(control2, end)
        let abc = mid(ab, bc), bcd = mid(bc, cd), middle = mid(abc, bcd)
        return (CubicSegment(start: start, control1: ab, control2: abc, end: middle),
                CubicSegment(start: middle, control1: bcd, control2: cd, end: end))
    }

    /// Parameters in (0, 1) where x or y has a local extremum.
    func extremaParameters() -> [Double] {
        var result: [Double] = []
        for axis in [\Point.x, \Point.y] {
            let p0 = start[keyPath: axis], p1 = control1[keyPath: axis], p2 = control2[keyPath: axis], p3 = end[keyPath: axis]
            // Derivative / 3 = a t² + b t + c
            let a = -p0 + 3 * p1 - 3 * p2 + p3, b = 2 * (p0 - 2 * p1 + p2), c = p1 - p0
            if abs(a) < 1e-12 {
                if abs(b) > 1e-12 { result.append(-c / b) }
            } else {
                let disc = b * b - 4 * a * c
                if disc >= 0 {
                    let root = disc.squareRoot()
                    result.append((-b + root) / (2 * a))
                    result.append((-b - root) / (2 * a))
                }
            }
        }
        return result.filter { $0 > 0 && $0 < 1 }
    }
}
