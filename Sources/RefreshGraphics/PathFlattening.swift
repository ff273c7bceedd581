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
                    subdivide(segment, tolerance: tolerance, level: 0, into: &points)
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

    private func subdivide(_ segment: CubicSegment, tolerance: Double, level: Int, into points: inout [Point]) {
        if level >= 16 || segment.flatness <= tolerance { return points.append(segment.end) }
        let (left, right) = segment.split()
        subdivide(left, tolerance: tolerance, level: level + 1, into: &points)
        subdivide(right, tolerance: tolerance, level: level + 1, into: &points)
    }
}
