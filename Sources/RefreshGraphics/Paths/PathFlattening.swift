import RefreshContract

/// How curves become straight segments.
public enum Flattening: Equatable, Sendable {
    /// Subdivide each curve until it is within this many points of its chords (adaptive). The default.
    /// Values below ``minimumTolerance`` count as that; zero, negative or non-finite ones as the
    /// standard 0.25.
    case tolerance(Double)
    /// MRefresh's smoothing depth: every segment (line, curve or closing line) gets 2^(depth+1)
    /// pieces whose points lie on the true segment, and a curve never fewer than the standard
    /// tolerance needs, so a curve stays a curve at every depth (MRefresh's README: depth 2 →
    /// ×2³ points). Depth 0...11.
    case depth(Int)

    /// The finest tolerance honoured, in points.
    public static let minimumTolerance = 1e-6

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
        // Pieces per segment at a depth: 2^(depth+1).
        let pieces: Int? = if case .depth(let d) = flattening { 2 << min(max(d, 0), 11) } else { nil }
        let tolerance: Double = switch flattening {
        case .tolerance(let t) where t.isFinite && t > 0: max(t, Flattening.minimumTolerance)
        default: 0.25
        }
        func interpolate(from start: Point, to end: Point, pieces: Int) {
            for i in 1..<pieces {
                let t = Double(i) / Double(pieces)
                points.append(Point(x: start.x + (end.x - start.x) * t, y: start.y + (end.y - start.y) * t))
            }
        }
        for element in elements {
            switch element {
            case .move(let p):
                finish()
                points.append(p)
            case .line(let p):
                if let pieces, let start = points.last { interpolate(from: start, to: p, pieces: pieces) }
                points.append(p)
            case .cubic(let c1, let c2, let p):
                let segment = CubicSegment(start: points.last ?? p, control1: c1, control2: c2, end: p)
                sample(segment, tolerance: tolerance, atLeast: pieces ?? 1, into: &points)
            case .close:
                if let pieces, let first = points.first, let last = points.last, first != last {
                    interpolate(from: last, to: first, pieces: pieces)
                }
                closed = true
                finish()  // Path starts a new subpath with a move after a close
            }
        }
        finish()
        return result
    }

    /// The most straight pieces one curve becomes.
    static let maximumPieces = 4096

    /// Samples a cubic at as many even steps as Wang's formula says keep every chord within
    /// `tolerance` of the curve, n = ⌈√(¾·L/tolerance)⌉ with L the larger second difference of the
    /// control points, and at least `minimum`. Cheaper than testing flatness recursively, and as
    /// adaptive per segment.
    private func sample(_ segment: CubicSegment, tolerance: Double, atLeast minimum: Int, into points: inout [Point]) {
        let (p0, p1, p2, p3) = (segment.start, segment.control1, segment.control2, segment.end)
        let dx1 = p0.x - 2 * p1.x + p2.x, dy1 = p0.y - 2 * p1.y + p2.y
        let dx2 = p1.x - 2 * p2.x + p3.x, dy2 = p1.y - 2 * p2.y + p3.y
        let l = max(dx1 * dx1 + dy1 * dy1, dx2 * dx2 + dy2 * dy2).squareRoot()
        // Huge or degenerate control points make l infinite or NaN: then the most pieces.
        let estimate = (0.75 * l / tolerance).squareRoot().rounded(.up)
        let n = estimate.isNaN ? Self.maximumPieces : Swift.min(Swift.max(Int(saturating: estimate), minimum, 1), Self.maximumPieces)
        points.reserveCapacity(points.count + n)
        let step = 1 / Double(n)
        for i in 1..<n { points.append(segment.point(at: Double(i) * step)) }
        points.append(p3)
    }
}
