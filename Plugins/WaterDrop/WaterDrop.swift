import Foundation
import RefreshPluginSDK

/// The iOS 6 water drop (SmartRefreshLayout's WaterDropHeader): a ball hangs at the top of the
/// gap and stretches into a drop as you pull, its tail thinning; past the trigger it snaps, and a
/// spinner turns where the ball was.
public final class WaterDrop: RefreshIndicator {
    public static let info = IndicatorInfo(
        id: "dev.refreshkit.water-drop", name: "Water Drop", version: "1.0.0",
        summary: "The iOS 6 drop: a ball that stretches into a drop as you pull, then snaps into a spinner."
    )

    static let color = ParameterSpec.color("color", default: "#66758F", help: "Drop colour on light backgrounds")
    static let darkColor = ParameterSpec.color("darkColor", default: "#5C6B80", help: "Drop colour on dark backgrounds")
    static let radius = ParameterSpec.number("radius", default: 14, range: 8...30, help: "The ball's radius in points")
    static let stretch = ParameterSpec.number("stretch", default: 90, range: 40...200, help: "Pull distance, in points, at which the drop snaps")
    public static let parameters: [ParameterSpec] = [color, darkColor, radius, stretch]

    public var refreshLength: Double { stretch }
    let color: Color, darkColor: Color
    let radius: Double, stretch: Double

    public init(parameters: ParameterValues) throws {
        color = try parameters.color(Self.color)
        darkColor = try parameters.color(Self.darkColor)
        radius = try parameters.number(Self.radius)
        stretch = try parameters.number(Self.stretch)
    }

    public func draw(in canvas: Canvas, frame: IndicatorFrame) {
        let visible = frame.visibleRect
        guard visible.height > 0 else { return }
        let tint = frame.isDark ? darkColor : color
        let ink: Color = frame.isDark ? Color(red: 0.9, green: 0.92, blue: 0.95) : .white
        // The ball hangs from the far side of the gap (away from the content): for a bottom edge it rises.
        let down = frame.edge != .bottom
        // While the gap is smaller than the ball it rests against the content, uncovered as the gap grows.
        let top = down ? min(visible.minY + radius + 6, visible.maxY - radius - 6) : max(visible.maxY - radius - 6, visible.minY + radius + 6)
        let x = visible.center.x
        switch frame.state {
        case .pulling(let p):
            let p = frame.environment.reduceMotion ? min(p, 0.2) : p
            let r1 = radius * (1 - 0.2 * p), r2 = radius * (1 - 0.75 * p)
            let length = max(0, visible.height - 2 * radius - 12)
            drop(canvas, x: x, top: top, r1: r1, r2: r2, length: down ? length : -length, color: tint)
            arrowIcon(canvas, Point(x: x, y: top), r1 * 0.55, ink, turn: p)
        case .eligible, .secondaryEligible, .refreshing:
            // Snapped: a ring turning where the ball was (still with reduced motion).
            let r = radius * 0.9
            let turn = frame.state == .refreshing && !frame.environment.reduceMotion ? frame.stateTime * 1.5 : 0
            let grow = frame.state == .refreshing ? 1 : min(1, 0.5 + frame.stateTime * 4)
            canvas.arc(center: Point(x: x, y: top), radius: r * grow, startAngle: 2 * .pi * turn, endAngle: 2 * .pi * turn + 1.6 * .pi)
            canvas.stroke(.color(tint), style: StrokeStyle(lineWidth: r * 0.22, cap: .round))
        case .finished(let result):
            let r = radius * 0.9
            canvas.addEllipse(in: Rect(x: x - r, y: top - r, width: 2 * r, height: 2 * r))
            canvas.fill(.color(result == .failure ? Color(red: 0.86, green: 0.27, blue: 0.22) : tint))
            canvas.addResultMark(result, center: Point(x: x, y: top), size: r * 0.5)
            canvas.stroke(.color(ink), style: StrokeStyle(lineWidth: r * 0.2, cap: .round, join: .round))
        case .noMoreData:
            canvas.addEllipse(in: Rect(x: x - 3, y: top - 3, width: 6, height: 6))
            canvas.fill(.color(tint))
        case .none, .unknown, .secondaryOpen, .secondaryClosing:
            break
        @unknown default:  // a state a later SDK adds: as above until handled
            break
        }
    }

    /// A ball of `r1` at `top` joined to a smaller one of `r2`, `length` below (above when negative),
    /// by two curves tangent-ish to both: the drop.
    private func drop(_ canvas: Canvas, x: Double, top: Double, r1: Double, r2: Double, length: Double, color: Color) {
        let bottom = top + length
        let s: Double = length >= 0 ? 1 : -1
        let k = abs(length) * 0.5
        canvas.move(to: Point(x: x - r1, y: top))
        canvas.curve(to: Point(x: x - r2, y: bottom), control1: Point(x: x - r1, y: top + s * k), control2: Point(x: x - r2, y: bottom - s * k * 0.6))
        // Round the small end (away from the ball), then back up and round the ball's far side.
        canvas.arc(center: Point(x: x, y: bottom), radius: r2, startAngle: .pi, endAngle: s > 0 ? 0 : 2 * .pi, clockwise: s < 0)
        canvas.curve(to: Point(x: x + r1, y: top), control1: Point(x: x + r2, y: bottom - s * k * 0.6), control2: Point(x: x + r1, y: top + s * k))
        canvas.arc(center: Point(x: x, y: top), radius: r1, startAngle: 0, endAngle: s > 0 ? -.pi : .pi, clockwise: s < 0)
        canvas.close()
        canvas.fill(.color(color))
    }

    /// The refresh arrow drawn in the ball: an open circle with a head, turning with the pull.
    private func arrowIcon(_ canvas: Canvas, _ c: Point, _ r: Double, _ ink: Color, turn: Double) {
        let a0 = -Double.pi / 2 + turn * .pi, a1 = a0 + 1.5 * .pi
        canvas.arc(center: c, radius: r, startAngle: a0, endAngle: a1)
        canvas.stroke(.color(ink), style: StrokeStyle(lineWidth: r * 0.32, cap: .round))
        let end = Point(x: c.x + r * cos(a1), y: c.y + r * sin(a1)), h = r * 0.55
        canvas.move(to: Point(x: end.x + h * cos(a1 + .pi / 2) + h * cos(a1), y: end.y + h * sin(a1 + .pi / 2) + h * sin(a1)))
        canvas.line(to: Point(x: end.x + h * cos(a1 + .pi / 2) * 1.4, y: end.y + h * sin(a1 + .pi / 2) * 1.4))
        canvas.line(to: Point(x: end.x - h * cos(a1), y: end.y - h * sin(a1)))
        canvas.close()
        canvas.fill(.color(ink))
    }
}

@_cdecl("refresh_plugin_entry")
public func refreshPluginEntry(_ hostABI: UInt32, _ error: UnsafeMutablePointer<CChar>?, _ errorSize: Int) -> UnsafeRawPointer? {
    PluginExport.entry(WaterDrop.self, hostABI: hostABI, error: error, errorSize: errorSize)
}
