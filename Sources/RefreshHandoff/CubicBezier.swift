/// A CSS-style timing curve, `cubic-bezier(x1, y1, x2, y2)` from (0, 0) to (1, 1), and the one
/// that comes closest to a given easing (a spring, for libraries that take only a curve).
package struct CubicBezier: Equatable, Sendable, CustomStringConvertible {
    package var x1: Double, y1: Double, x2: Double, y2: Double

    /// `x1, y1, x2, y2`, two decimals each.
    package var description: String {
        [x1, y1, x2, y2].map { HandoffSpec.number($0) }.joined(separator: ", ")
    }

    /// The curve's progress at time `x` (0...1): solves x(t) = x by bisection, then y(t).
    package func value(at x: Double) -> Double {
        func coordinate(_ p1: Double, _ p2: Double, _ t: Double) -> Double {
            let u = 1 - t
            return 3 * u * u * t * p1 + 3 * u * t * t * p2 + t * t * t
        }
        var low = 0.0, high = 1.0
        for _ in 0..<22 {
            let mid = (low + high) / 2
            if coordinate(x1, x2, mid) < x { low = mid } else { high = mid }
        }
        return coordinate(y1, y2, (low + high) / 2)
    }

    /// The curve (x1 and x2 in 0...1, y1 and y2 in 0...1.5) closest to `easing` at 12 times, least
    /// squares: a grid of eighths, then of fiftieths around the best. Deterministic.
    package static func fit(_ easing: (Double) -> Double) -> CubicBezier {
        let samples = (1...12).map { Double($0) / 13 }
        let targets = samples.map(easing)
        func error(_ curve: CubicBezier) -> Double {
            zip(samples, targets).reduce(0) { sum, pair in let d = curve.value(at: pair.0) - pair.1; return sum + d * d }
        }
        var best = CubicBezier(x1: 0.25, y1: 0.1, x2: 0.25, y2: 1), bestError = error(best)
        func search(_ x1s: [Double], _ y1s: [Double], _ x2s: [Double], _ y2s: [Double]) {
            for a in x1s { for b in y1s { for c in x2s { for d in y2s {
                let curve = CubicBezier(x1: a, y1: b, x2: c, y2: d)
                let e = error(curve)
                if e < bestError { best = curve; bestError = e }
            } } } }
        }
        let eighths = (0...8).map { Double($0) / 8 }, tall = (0...12).map { Double($0) / 8 }
        search(eighths, tall, eighths, tall)
        func around(_ v: Double, _ range: ClosedRange<Double>) -> [Double] {
            (-3...3).map { v + Double($0) / 50 }.filter(range.contains)
        }
        search(around(best.x1, 0...1), around(best.y1, 0...1.5), around(best.x2, 0...1), around(best.y2, 0...1.5))
        return best
    }
}
