import Foundation
import RefreshCore

extension Path {
    /// SVG's elliptical arc from the current point to `end` (the `A` command), per the SVG
    /// implementation notes F.6: zero radii draw a straight line, an arc to the current point is
    /// omitted, radii too small to reach `end` are scaled up, and the arc is added as cubics of at
    /// most 90° each. `rotation` is in degrees, as in path data.
    public mutating func addSVGArc(to end: Point, radiusX: Double, radiusY: Double, rotation: Double, largeArc: Bool, sweep: Bool) {
        guard let start = currentPoint else { return move(to: end) }
        if start == end { return }
        var rx = abs(radiusX), ry = abs(radiusY)
        if rx == 0 || ry == 0 { return line(to: end) }
        let phi = rotation * .pi / 180
        let (cosPhi, sinPhi) = (cos(phi), sin(phi))
        // F.6.5.1: the start point in the ellipse's frame, relative to the chord's midpoint.
        let hx = (start.x - end.x) / 2, hy = (start.y - end.y) / 2
        let x1 = cosPhi * hx + sinPhi * hy
        let y1 = -sinPhi * hx + cosPhi * hy
        // F.6.6: scale radii up when the ellipse cannot reach.
        let lambda = (x1 * x1) / (rx * rx) + (y1 * y1) / (ry * ry)
        if lambda > 1 {
            let s = lambda.squareRoot()
            rx *= s
            ry *= s
        }
        // F.6.5.2: the centre in the ellipse's frame.
        let numerator = rx * rx * ry * ry - rx * rx * y1 * y1 - ry * ry * x1 * x1
        let denominator = rx * rx * y1 * y1 + ry * ry * x1 * x1
        let sign: Double = largeArc != sweep ? 1 : -1
        let coefficient = sign * (max(0, numerator) / denominator).squareRoot()
        let cx1 = coefficient * rx * y1 / ry
        let cy1 = -coefficient * ry * x1 / rx
        // F.6.5.3: the centre in user space.
        let center = Point(x: cosPhi * cx1 - sinPhi * cy1 + (start.x + end.x) / 2,
                           y: sinPhi * cx1 + cosPhi * cy1 + (start.y + end.y) / 2)
        // F.6.5.5–6: start angle and sweep.
        let theta1 = atan2((y1 - cy1) / ry, (x1 - cx1) / rx)
        var delta = atan2((-y1 - cy1) / ry, (-x1 - cx1) / rx) - theta1
        if sweep, delta < 0 { delta += 2 * .pi }
        if !sweep, delta > 0 { delta -= 2 * .pi }
        addArc(center: center, radiusX: rx, radiusY: ry, rotation: phi, startAngle: theta1, sweep: delta, landingAt: end)
    }
}
