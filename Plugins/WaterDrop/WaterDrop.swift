import Foundation
import RefreshPluginSDK

/// The iOS 6 water drop (ODRefreshControl, SmartRefreshLayout's WaterDropHeader): a grey ball
/// rests on the content as the gap opens; past its own height it stretches into a drop, the ball
/// hanging at the viewport's edge and shrinking a little, the tail thinning towards the content;
/// at the trigger the drop pops back up into a small ball that vanishes, and an activity spinner
/// turns where it was.
///
/// Matched with ODRefreshControl.m: the tint (155, 162, 172), the radii (ball 16 → 12.5, tail
/// 16 → 3, scaled by `radius`), the paddings, the curves' control points (one outline, no seams),
/// the white arrow ring with its head, the highlight, the dark half-point outline and the shadow,
/// the 0.15 s pop, the grey twelve-spoke spinner. Ours: the trigger is the pull at which the
/// stretch ends (`stretch`, 96 pt as the original's 43 + 53); a result shows a mark in the ball
/// before the edge closes, and a footer says the end of the data in words (the original has
/// neither); reduced motion skips the pop and stills the spinner.
public final class WaterDrop: RefreshIndicator {
    public static let info = IndicatorInfo(
        id: "dev.refreshkit.water-drop", name: "Water Drop", version: "1.1.0",
        summary: "The iOS 6 drop: a ball that stretches into a drop as you pull, pops, and becomes a spinner."
    )

    static let color = Parameter.color("color", default: "#9BA2AC", help: "Drop colour on light backgrounds").labelled("Colour")
    static let darkColor = Parameter.color("darkColor", default: "#5C6B80", help: "Drop colour on dark backgrounds").labelled("Dark colour")
    static let radius = Parameter.number("radius", default: 16, range: 8...30, help: "The ball's radius in points, at rest").labelled("Radius")
    static let stretch = Parameter.number("stretch", default: 96, range: 60...200, help: "Pull distance, in points, at which the drop pops").labelled("Pops at")
    public static let parameters = ParameterSpec.list(color, darkColor, radius, stretch)

    public var refreshLength: Double { stretch }
    let color: Color, darkColor: Color
    let radius: Double, stretch: Double

    public init(parameters: ParameterValues) throws {
        color = parameters[Self.color]
        darkColor = parameters[Self.darkColor]
        radius = parameters[Self.radius]
        stretch = parameters[Self.stretch]
    }

    /// The original's measures, in its points; multiplied by `radius / 16`.
    private var k: Double { radius / 16 }
    /// The gap the ball fills before it stretches: both radii and both paddings at rest.
    private var rest: Double { (16 + 16 + 5 + 6) * k }

    /// A drop: its ball (centre, radius), its tail (centre, radius), and how far it has stretched (0…1).
    struct Drop {
        var top: Point, topRadius: Double, bottom: Point, bottomRadius: Double, stretched: Double

        /// `t` (0…1) of the way through the pop: the tail run up into the ball, both shrunk to `small`.
        func popped(_ t: Double, to small: Double) -> Drop {
            Drop(top: top, topRadius: topRadius + (small - topRadius) * t, bottom: Point(x: bottom.x, y: bottom.y + (top.y - bottom.y) * t),
                 bottomRadius: bottomRadius + (small - bottomRadius) * t, stretched: stretched)
        }
    }

    /// The drop for a gap of `gap` points, in a frame whose viewport edge is at y = 0 and content
    /// edge at y = `gap`.
    func shape(gap: Double) -> Drop {
        let reach = max(1, stretch - rest)
        let stretched = min(1, max(0, gap - rest) / reach)
        func lerp(_ a: Double, _ b: Double) -> Double { (a + (b - a) * (1 - stretched)) * k }
        let topRadius = lerp(12.5, 16), bottomRadius = lerp(3, 16)
        let bottom = Point(x: 0, y: gap - lerp(4, 6) - bottomRadius)
        let top = stretched == 0 ? bottom : Point(x: 0, y: lerp(9, 5) + topRadius)
        return Drop(top: top, topRadius: topRadius, bottom: bottom, bottomRadius: bottomRadius, stretched: stretched)
    }

    public func draw(in canvas: Canvas, frame: IndicatorFrame) {
        let v = frame.visibleRect
        guard v.height > 0, frame.state.showsIndicator else { return }
        let tint = frame.isDark ? darkColor : color
        // Marks and words stand alone on the band, without the drop's outline: a deeper shade of the
        // light tint keeps them 3:1 from it.
        let solid = frame.isDark ? tint : Color(red: tint.red * 0.68, green: tint.green * 0.68, blue: tint.blue * 0.68, alpha: tint.alpha)
        if frame.state.isEndOfData { return canvas.drawEndOfData(frame, color: solid) }
        canvas.withSavedState {
            // Drawn as for a top edge: the viewport's edge at y = 0, the content below; a footer is the mirror image.
            if frame.edge == .bottom {
                canvas.translate(x: v.center.x, y: v.maxY)
                canvas.scale(x: 1, y: -1)
            } else {
                canvas.translate(x: v.center.x, y: v.minY)
            }
            let still = frame.environment.reduceMotion
            switch frame.state {
            case .pulling(let p):
                drop(canvas, shape(gap: min(v.height, max(0, p) * stretch)), tint: tint, dark: frame.isDark, arrow: true)
            case .eligible where !still && frame.stateTime < 0.15, .secondaryEligible where !still && frame.stateTime < 0.15:
                // The pop: the tail runs up into the ball, which shrinks to a small one.
                drop(canvas, shape(gap: stretch).popped(frame.stateTime / 0.15, to: (3 + (16 - 3) * 0.2) * k), tint: tint, dark: frame.isDark, arrow: false)
            case .eligible, .secondaryEligible, .refreshing:
                let turn = frame.state == .refreshing && !still ? frame.stateTime : 0
                spinner(canvas, center: Point(x: 0, y: min(v.height, 44) / 2), turn: turn, dark: frame.isDark, flipped: frame.edge == .bottom)
            case .finished(let result):
                let r = 12.5 * k
                let c = Point(x: 0, y: min(v.height, 44) / 2)
                canvas.addEllipse(in: Rect(x: c.x - r, y: c.y - r, width: 2 * r, height: 2 * r))
                canvas.fill(.color(result == .failure ? Color(red: 0.86, green: 0.27, blue: 0.22) : solid))
                canvas.addResultMark(result, center: c, size: r * 0.5)
                canvas.stroke(.color(.white), style: StrokeStyle(lineWidth: r * 0.2, cap: .round, join: .round))
            default:
                break
            }
        }
    }

    /// The drop as one outline: the ball's far half, a curve down each side to the tail, the
    /// tail's near half; with its shadow, outline, highlight and (while pulling) the arrow.
    private func drop(_ canvas: Canvas, _ s: Drop,
                      tint: Color, dark: Bool, arrow: Bool) {
        func outline(dy: Double) {
            let t = Point(x: s.top.x, y: s.top.y + dy), b = Point(x: s.bottom.x, y: s.bottom.y + dy)
            let (rt, rb) = (s.topRadius, s.bottomRadius)
            func lerp(_ a: Double, _ b: Double, _ f: Double) -> Double { a + (b - a) * f }
            canvas.move(to: Point(x: t.x + rt, y: t.y))
            canvas.arc(center: t, radius: rt, startAngle: 0, endAngle: -.pi, clockwise: false)
            canvas.curve(to: Point(x: b.x - rb, y: b.y),
                         control1: Point(x: lerp(t.x - rt, b.x - rb, 0.1), y: lerp(t.y, b.y, 0.2)),
                         control2: Point(x: lerp(t.x - rt, b.x - rb, 0.9), y: lerp(t.y, b.y, 0.2)))
            canvas.arc(center: b, radius: rb, startAngle: .pi, endAngle: 0, clockwise: false)
            canvas.curve(to: Point(x: t.x + rt, y: t.y),
                         control1: Point(x: lerp(t.x + rt, b.x + rb, 0.9), y: lerp(t.y, b.y, 0.2)),
                         control2: Point(x: lerp(t.x + rt, b.x + rb, 0.1), y: lerp(t.y, b.y, 0.2)))
            canvas.close()
        }
        outline(dy: 1)
        canvas.fill(.color(Color(red: 0, green: 0, blue: 0, alpha: dark ? 0.5 : 0.25)))
        outline(dy: 0)
        canvas.fill(.color(tint), preserve: true)
        canvas.stroke(.color(Color(red: 0.33, green: 0.33, blue: 0.33, alpha: 0.5)), style: StrokeStyle(lineWidth: 0.5))
        // The highlight: a thin crescent along the top of the ball.
        let t = s.top, r = s.topRadius
        canvas.move(to: Point(x: t.x + r, y: t.y))
        canvas.arc(center: t, radius: r, startAngle: 0, endAngle: -.pi, clockwise: false)
        canvas.arc(center: Point(x: t.x, y: t.y + 1.25 * k), radius: r, startAngle: -.pi, endAngle: 0, clockwise: true)
        canvas.close()
        canvas.fill(.color(Color(red: 1, green: 1, blue: 1, alpha: 0.2)))
        guard arrow else { return }
        // The arrow: three quarters of a ring ending in a head, white, outlined.
        let p = 1 - s.stretched
        let size = (2 + (3 - 2) * p) * k, ring = (5 + (7 - 5) * p) * k
        let big = ring + size / 2, small = ring - size / 2
        canvas.move(to: Point(x: t.x + big, y: t.y))
        canvas.arc(center: t, radius: big, startAngle: 0, endAngle: 1.5 * .pi, clockwise: true)
        canvas.line(to: Point(x: t.x, y: t.y - big - size))
        canvas.line(to: Point(x: t.x + 2 * size, y: t.y - big + size / 2))
        canvas.line(to: Point(x: t.x, y: t.y - big + 2 * size))
        canvas.line(to: Point(x: t.x, y: t.y - big + size))
        canvas.arc(center: t, radius: small, startAngle: 1.5 * .pi, endAngle: 0, clockwise: false)
        canvas.close()
        canvas.fill(.color(.white), rule: .evenOdd, preserve: true)
        canvas.stroke(.color(Color(red: 0.33, green: 0.33, blue: 0.33, alpha: 0.5)), style: StrokeStyle(lineWidth: 0.5))
    }

    /// UIKit's grey activity spinner: twelve spokes, the lit one stepping round once a second.
    private func spinner(_ canvas: Canvas, center: Point, turn: Double, dark: Bool, flipped: Bool) {
        let ink = dark ? Color(red: 0.85, green: 0.86, blue: 0.88) : Color(red: 0.42, green: 0.43, blue: 0.45)
        let head = Int(floor(turn * 12)) % 12
        for i in 0..<12 {
            let a = 2 * .pi * Double(i) / 12 - .pi / 2
            let sy = flipped ? -1.0 : 1.0
            canvas.move(to: Point(x: center.x + 5 * k * cos(a), y: center.y + sy * 5 * k * sin(a)))
            canvas.line(to: Point(x: center.x + 9.5 * k * cos(a), y: center.y + sy * 9.5 * k * sin(a)))
            let age = Double((head - i + 12) % 12) / 12
            canvas.stroke(.color(ink.withAlpha(1 - 0.75 * age)), style: StrokeStyle(lineWidth: 2 * k, cap: .round))
        }
    }
}

@_cdecl("refresh_plugin_entry")
public func refreshPluginEntry(_ hostABI: UInt32, _ error: UnsafeMutablePointer<CChar>?, _ errorSize: Int) -> UnsafeRawPointer? {
    PluginExport.entry(WaterDrop.self, hostABI: hostABI, error: error, errorSize: errorSize)
}
