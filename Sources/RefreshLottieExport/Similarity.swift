import Foundation
import RefreshPluginSDK

/// A move, turn and uniform scale, `p ↦ z·p + w` with points as complex numbers: how a track's
/// path in one span is its path in the first span, so it is drawn once under an animated
/// transform. Nil where no such transform makes one the other within ``tolerance``.
struct Similarity: Equatable {
    /// z = (zr, zi), w = (wx, wy).
    var zr, zi, wx, wy: Double

    static let identity = Similarity(zr: 1, zi: 0, wx: 0, wy: 0)
    /// Points closer than this are the same: a twentieth of a point (a tenth of a pixel at 2×),
    /// above the hundredths the points are rounded to, below what shows.
    static let tolerance = 0.05

    var scale: Double { hypot(zr, zi) }
    var degrees: Double { atan2(zi, zr) * 180 / .pi }

    init(zr: Double, zi: Double, wx: Double, wy: Double) { (self.zr, self.zi, self.wx, self.wy) = (zr, zi, wx, wy) }

    /// The similarity taking `a`'s points to `b`'s (same paths, same counts), or nil.
    init?(from a: [RecordedDrawing.Bezier], to b: [RecordedDrawing.Bezier]) {
        if a == b { self = .identity; return }
        let pa = a.flatMap(\.vertices), pb = b.flatMap(\.vertices)
        guard pa.count == pb.count, let first = pa.first else { return nil }
        // The two points farthest apart fix the scale and turn; a lone point only moves.
        let far = pa.indices.max { hypot(pa[$0].x - first.x, pa[$0].y - first.y) < hypot(pa[$1].x - first.x, pa[$1].y - first.y) }!
        let dx = pa[far].x - first.x, dy = pa[far].y - first.y, length = dx * dx + dy * dy
        if length < 1e-6 {
            (zr, zi) = (1, 0)
        } else {
            let ex = pb[far].x - pb[0].x, ey = pb[far].y - pb[0].y
            // (ex + i·ey) / (dx + i·dy)
            (zr, zi) = ((ex * dx + ey * dy) / length, (ey * dx - ex * dy) / length)
        }
        (wx, wy) = (0, 0)
        let moved = apply(first)
        (wx, wy) = (pb[0].x - moved.x, pb[0].y - moved.y)
        guard scale > 1e-6 else { return nil }
        for (pathA, pathB) in zip(a, b) {
            guard pathA.closed == pathB.closed, pathA.vertices.count == pathB.vertices.count else { return nil }
            for index in pathA.vertices.indices {
                let v = apply(pathA.vertices[index]), i = turn(pathA.inTangents[index]), o = turn(pathA.outTangents[index])
                guard close(v, pathB.vertices[index]), close(i, pathB.inTangents[index]), close(o, pathB.outTangents[index]) else { return nil }
            }
        }
    }

    /// `p` moved.
    func apply(_ p: Point) -> Point { Point(x: zr * p.x - zi * p.y + wx, y: zi * p.x + zr * p.y + wy) }
    /// A direction turned and scaled (not moved).
    func turn(_ v: Point) -> Point { Point(x: zr * v.x - zi * v.y, y: zi * v.x + zr * v.y) }
    /// The point this moves to `p`.
    func inverted(_ p: Point) -> Point {
        let x = p.x - wx, y = p.y - wy, length = zr * zr + zi * zi
        return Point(x: (zr * x + zi * y) / length, y: (zr * y - zi * x) / length)
    }

    private func close(_ p: Point, _ q: Point) -> Bool { abs(p.x - q.x) <= Self.tolerance && abs(p.y - q.y) <= Self.tolerance }
}
