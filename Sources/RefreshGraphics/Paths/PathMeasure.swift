import Foundation
import RefreshContract

/// Lengths along a path: total length, the point and direction at a distance, and the piece
/// between two fractions of the length (to draw a path progressively).
///
/// Measures the flattened path, so lengths are exact for lines and close for curves: by default
/// the tolerance is relative to the path's size (``relativeTolerance`` of its larger side), which
/// keeps lengths within about 0.02 % for arcs down to a fiftieth of the drawing. Build one per path
/// and reuse it: building is the costly part. Segments that are not finite count as no length.
public struct PathMeasure: Sendable {
    private struct Run: Sendable {
        var points: [Point]
        /// Cumulative length at each point, from the start of the whole path.
        var distances: [Double]
    }

    private let runs: [Run]
    /// The total length of all subpaths, in points.
    public let length: Double

    /// The default tolerance as a fraction of the path's larger side.
    public static let relativeTolerance = 2e-5

    /// Measures `path` flattened with `flattening`; nil: a tolerance relative to the path's size.
    public init(_ path: Path, flattening: Flattening? = nil) {
        var runs: [Run] = []
        var total = 0.0
        let size = path.bounds.map { max($0.size.width, $0.size.height) } ?? 0
        let flattening = flattening ?? .tolerance(size.isFinite && size > 0 ? size * Self.relativeTolerance : 0.05)
        for polyline in path.flattened(flattening) {
            var points = polyline.points
            if polyline.isClosed, let first = points.first { points.append(first) }
            var distances = [total]
            distances.reserveCapacity(points.count)
            for i in 1..<max(1, points.count) {
                let step = hypot(points[i].x - points[i - 1].x, points[i].y - points[i - 1].y)
                // A step that is not finite, or that would make the total so, counts as no length.
                if (total + step).isFinite { total += step }
                distances.append(total)
            }
            runs.append(Run(points: points, distances: distances))
        }
        self.runs = runs
        length = total
    }

    /// The point at `distance` points along the path (clamped to the path) and the direction of
    /// travel there, in radians from +x towards +y. Nil for a path of no length.
    public func position(at distance: Double) -> (point: Point, angle: Double)? {
        guard length > 0, let (run, i, t) = locate(min(max(distance.isNaN ? 0 : distance, 0), length)) else { return nil }
        let a = runs[run].points[i], b = runs[run].points[i + 1]
        return (Point(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t), atan2(b.y - a.y, b.x - a.x))
    }

    /// The part of the path from `start` to `end`, both fractions of the total length (0...1,
    /// clamped; nothing when `end ≤ start`). Subpath breaks are kept.
    public func trimmed(from start: Double, to end: Double) -> Path {
        var path = Path()
        let from = min(max(start.isNaN ? 0 : start, 0), 1) * length
        let to = min(max(end.isNaN ? 0 : end, 0), 1) * length
        guard to > from, length > 0 else { return path }
        for run in runs where run.points.count > 1 {
            guard let first = run.distances.first, let last = run.distances.last, last > from, first < to else { continue }
            var started = false
            for i in 0..<(run.points.count - 1) {
                let d0 = run.distances[i], d1 = run.distances[i + 1]
                guard d1 > from, d0 < to else { continue }
                let a = run.points[i], b = run.points[i + 1]
                func at(_ d: Double) -> Point {
                    let t = d1 > d0 ? (d - d0) / (d1 - d0) : 0
                    return Point(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
                }
                if !started {
                    path.move(to: from > d0 ? at(from) : a)
                    started = true
                }
                path.line(to: to < d1 ? at(to) : b)
            }
        }
        return path
    }

    /// The run, segment index and fraction within the segment at `distance`.
    private func locate(_ distance: Double) -> (Int, Int, Double)? {
        for (r, run) in runs.enumerated() where run.points.count > 1 {
            guard let last = run.distances.last, distance <= last || r == runs.count - 1 else { continue }
            // Binary search for the segment containing `distance`.
            var low = 0, high = run.distances.count - 1
            while high - low > 1 {
                let mid = (low + high) / 2
                if run.distances[mid] < distance { low = mid } else { high = mid }
            }
            let d0 = run.distances[low], d1 = run.distances[low + 1]
            return (r, low, d1 > d0 ? min(1, max(0, (distance - d0) / (d1 - d0))) : 0)
        }
        return nil
    }
}
