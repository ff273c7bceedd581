import Foundation
import RefreshContract

extension Path {
    /// SVG's elliptical arc from the current point to `end` (the `A` command), per the SVG
    /// implementation notes F.6: zero radii draw a straight line, an arc to the current point is
    /// omitted, radii too small to reach `end` are scaled up, and the arc is added as cubics of at
    /// most 90° each. `rotation` is in degrees, as in path data.
    public mutating func addSVGArc(to end: Point, radiusX: Double, radiusY: Double, rotation: Double, largeArc: Bool, sweep: Bool) {
        guard let start = currentPoint else { return move(to: end) }
        if start == end { return }
        var rx = abs(radiusX), ry = abs(radiusY)
        if rx == 0 || ry == 0 || !rx.isFinite || !ry.isFinite { return line(to: end) }
        // The angle is taken modulo 360 first: 1e308 degrees is a rotation, not an overflow.
        let phi = rotation.isFinite ? rotation.truncatingRemainder(dividingBy: 360) * .pi / 180 : 0
        let (cosPhi, sinPhi) = (cos(phi), sin(phi))
        // F.6.5.1: the start point in the ellipse's frame, relative to the chord's midpoint
        // (halved before subtracting, so far-apart points cannot overflow).
        let hx = start.x / 2 - end.x / 2, hy = start.y / 2 - end.y / 2
        let x1 = cosPhi * hx + sinPhi * hy
        let y1 = -sinPhi * hx + cosPhi * hy
        // F.6.6: scale radii up when the ellipse cannot reach. In units of the radii
        // (X = x1/rx, Y = y1/ry) no product of radii is formed, so huge radii cannot overflow.
        var (ux, uy) = (x1 / rx, y1 / ry)
        let lambda = ux * ux + uy * uy
        if lambda > 1 {
            let s = lambda.squareRoot()
            rx *= s
            ry *= s
            (ux, uy) = (x1 / rx, y1 / ry)
        }
        // F.6.5.2: the centre in the ellipse's frame: c = ±√((1 − X² − Y²)/(X² + Y²))·(rx·Y, −ry·X).
        let reach = ux * ux + uy * uy
        let sign: Double = largeArc != sweep ? 1 : -1
        let coefficient = sign * (max(0, 1 - reach) / reach).squareRoot()
        let cx1 = coefficient * rx * uy
        let cy1 = -coefficient * ry * ux
        // F.6.5.3: the centre in user space.
        let center = Point(x: cosPhi * cx1 - sinPhi * cy1 + (start.x / 2 + end.x / 2),
                           y: sinPhi * cx1 + cosPhi * cy1 + (start.y / 2 + end.y / 2))
        // An ellipse so large that its centre is out of range is, at this chord, a straight line.
        guard center.x.isFinite, center.y.isFinite, reach > 0 else { return line(to: end) }
        // F.6.5.5–6: start angle and sweep.
        let theta1 = atan2((y1 - cy1) / ry, (x1 - cx1) / rx)
        var delta = atan2((-y1 - cy1) / ry, (-x1 - cx1) / rx) - theta1
        if sweep, delta < 0 { delta += 2 * .pi }
        if !sweep, delta > 0 { delta -= 2 * .pi }
        addArc(center: center, radiusX: rx, radiusY: ry, rotation: phi, startAngle: theta1, sweep: delta, landingAt: end)
    }
}
