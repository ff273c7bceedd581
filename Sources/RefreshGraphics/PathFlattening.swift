import RefreshCore

/// How curves become straight segments.
public enum Flattening: Equatable, Sendable {
    /// Subdivide each curve until it is within this many points of its chords (adaptive). The default.
    case tolerance(Double)
    /// Split every segment into 2^depth pieces by De Casteljau subdivision, as MRefresh's
    /// smoother does: a subpath of n segments becomes n·2^depth (depth 0...12).
    case depth(Int)

    /// A quarter of a point: invisible at 2x and 3x scale.
    public static let standard = Flattening.tolerance(0.25)
}

/// One flattened subpath: its points in order, and whether it closes back to the first.
public struct Polyline: Equatable, Sendable {
    /// The points, the first being the subpath's start.
    public var points: [Point]
    /// Whether a segment runs from the last point back to the first.
    public var isClosed: Bool
}

extension Path {
    /// The path as straight segments, one ``Polyline`` per subpath. Subpaths that are only a
    /// move are dropped.
    public func flattened(_ flattening: Flattening = .standard) -> [Polyline] {
        var result: [Polyline] = []
        var points: [Point] = []
        var closed = false
        func finish() {
            if points.count > 1 || closed { result.append(Polyline(points: points, isClosed: closed)) }
            points = []
            closed = false
        }
        let depth: Int? = if case .depth(let d) = flattening { min(max(d, 0), 12) } else { nil }
        let tolerance: Double = if case .tolerance(let t) = flattening, t.isFinite, t > 1e-6 { t } else { 0.25 }
        for element in elements {
            switch element {
            case .move(let p):
                finish()
                points.append(p)
            case .line(let p):
                if let depth, let start = points.last {
                    let pieces = 1 << depth
                    for i in 1..<pieces {
                        let t = Double(i) / Double(pieces)
                        points.append(Point(x: start.x + (p.x - start.x) * t, y: start.y + (p.y - start.y) * t))
                    }
                }
                points.append(p)
            case .cubic(let c1, let c2, let p):
                let segment = CubicSegment(start: points.last ?? p, control1: c1, control2: c2, end: p)
                if let depth {
                    subdivide(segment, depth: depth, into: &points)
                } else {
                    sample(segment, tolerance: tolerance, into: &points)
                }
            case .close:
                if let depth, let first = points.first, let last = points.last, depth > 0 {
                    let pieces = 1 << depth
                    for i in 1..<pieces {
                        let t = Double(i) / Double(pieces)
                        points.append(Point(x: last.x + (first.x - last.x) * t, y: last.y + (first.y - last.y) * t))
                    }
                }
                closed = true
                finish()  // Path starts a new subpath with a move after a close
            }
        }
        finish()
        return result
    }

    private func subdivide(_ segment: CubicSegment, depth: Int, into points: inout [Point]) {
        guard depth > 0 else { return points.append(segment.end) }
        let (left, right) = segment.split()
        subdivide(left, depth: depth - 1, into: &points)
        subdivide(right, depth: depth - 1, into: &points)
    }

    /// Samples a cubic at as many even steps as Wang's formula says keep every chord within
    /// `tolerance` of the curve: n = ⌈√(¾·L/tolerance)⌉, L the larger second difference of the
    /// control points. Cheaper than testing flatness recursively, and as adaptive per segment.
    private func sample(_ segment: CubicSegment, tolerance: Double, into points: inout [Point]) {
        let (p0, p1, p2, p3) = (segment.start, segment.control1, segment.control2, segment.end)
        let dx1 = p0.x - 2 * p1.x + p2.x, dy1 = p0.y - 2 * p1.y + p2.y
        let dx2 = p1.x - 2 * p2.x + p3.x, dy2 = p1.y - 2 * p2.y + p3.y
        let l = max(dx1 * dx1 + dy1 * dy1, dx2 * dx2 + dy2 * dy2).squareRoot()
        let n = min(max(Int((0.75 * l / tolerance).squareRoot().rounded(.up)), 1), 4096)
        points.reserveCapacity(points.count + n)
        let step = 1 / Double(n)
        for i in 1..<n { points.append(segment.point(at: Double(i) * step)) }
        points.append(p3)
    }
}
