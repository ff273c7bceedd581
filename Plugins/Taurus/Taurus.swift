import Foundation
import RefreshPluginSDK

/// Yalantis' Taurus: an airliner climbing out of the clouds. As you pull, the plane comes in from
/// the left and rises to the middle of the gap while two banks of clouds rise at the sides and a
/// white bank gathers in front, all growing after half the pull; over-pulled, the plane tips its
/// nose up. While refreshing it bobs, the clouds sway and wind lines stream past; on success it
/// flies off up and to the right, on a failure it sinks back into the clouds.
///
/// Matched with the original (RefreshView.java and its demo GIF): the sky (#228FC1), the plane's
/// path (x from the left edge to the middle, rising half the trigger distance), the clouds' scale
/// steps (sides 1.05 → 1.55, front 0.8 → 1.3, from half the pull), a 1 s accelerate-decelerate bob,
/// translucent white wind lines, the fly-off. Still different: the plane and clouds are drawn
/// shapes, not the original's bitmaps; the wind lines follow fixed lanes (the original draws
/// random ones); the failure's sinking and the dark sky are ours (the original has neither).
public final class Taurus: RefreshIndicator {
    public static let info = IndicatorInfo(
        id: "dev.refreshkit.taurus", name: "Taurus", version: "1.0.0",
        summary: "A plane climbing through layers of clouds with the pull, wind streaming past while loading (Yalantis' Taurus)."
    )

    static let skyColor = Parameter.color("skyColor", default: "#228FC1", help: "Sky colour by day")
    static let planeColor = Parameter.color("planeColor", default: "#FFFFFF", help: "The plane's colour")
    static let height = Parameter.number("height", default: 120, range: 80...240, help: "Pull distance, in points, at which the plane is up")
    static let windLines = Parameter.number("windLines", default: 10, range: 0...20, help: "How many wind lines stream past while refreshing")
    public static let parameters = ParameterSpec.list(skyColor, planeColor, height, windLines)

    /// A scene: its sky runs to the viewport's edge at any pull.
    public static var placement: IndicatorPlacement { .stretch }
    public var refreshLength: Double { height }
    let sky: Color, plane: Color
    let height: Double
    let windLines: Int

    public init(parameters: ParameterValues) throws {
        sky = parameters[Self.skyColor]
        plane = parameters[Self.planeColor]
        height = parameters[Self.height]
        windLines = Int(parameters[Self.windLines].rounded())
    }

    /// The original's bob: 0…1 and back, accelerating and decelerating, one way per second.
    static func bob(_ t: Double) -> Double {
        let phase = t.truncatingRemainder(dividingBy: 2)
        let x = phase < 1 ? phase : 2 - phase
        return (1 - cos(.pi * x)) / 2
    }

    public func draw(in canvas: Canvas, frame: IndicatorFrame) {
        let v = frame.visibleRect
        guard v.height > 0, frame.state.showsIndicator else { return }
        let dark = frame.isDark
        let still = frame.environment.reduceMotion
        canvas.addRect(v)
        canvas.fill(.color(dark ? Color(red: 0.05, green: 0.13, blue: 0.23) : sky))
        let h = height, w = v.width
        // The scene is anchored to the content's edge (a footer's stands on the frame's top).
        let content = frame.edge == .bottom ? v.minY + h : v.maxY
        let p: Double = if case .pulling(let p) = frame.state { min(max(p, 0), 1) } else { 1 }
        let over = frame.state == .eligible ? max(0, frame.progress - 1) : 0
        let refreshing = frame.state == .refreshing && !still
        let sway = refreshing ? Self.bob(frame.stateTime) : 0
        if dark { stars(canvas, v) }
        if refreshing { wind(canvas, v, top: content - h, time: frame.stateTime) }

        // The plane: in from the left, up to the middle of the trigger distance.
        var along = p
        var rise = 1.5 * h * p - h
        switch frame.state {
        case .finished(.success) where !still:
            // Flies off along the line it came in on, faster and faster.
            let t = frame.stateTime / 0.7
            along = 1 + 1.6 * t * t
            rise = h / 2 + h / 2 * (along - 1)
        case .finished(.failure) where !still:
            along = max(0.4, 1 - frame.stateTime * 1.2)
            rise = 1.5 * h * along - h
        case .noMoreData, .finished(.noMoreData):
            break  // the plane has gone
        default:
            if over > 0 || !(frame.state.kind == .pulling) { rise = h / 2 }
        }
        if !frame.state.isEndOfData {
            let center = Point(x: v.minX + w * along / 2, y: content - rise - sway * h * 0.05)
            let tip = over > 0 ? min(over, 1) * 10 : 0
            airliner(canvas, center: center, length: min(72, w * 0.19), degrees: -14 - tip, color: dark ? Color(red: 0.85, green: 0.89, blue: 0.93) : plane)
        }
        // The clouds grow from half the pull on; the sides rise from behind the content.
        let grow = max(0, min(1, (min(p, 1) - 0.5) / 0.5))
        let sideScale = 1.05 + 0.5 * grow, frontScale = 0.8 + 0.5 * grow
        let sideRise = h * 0.3 * min(1, p * 1.6) - h * 0.12
        let back = dark ? Color(red: 0.38, green: 0.47, blue: 0.6, alpha: 0.55) : Color(red: 0.78, green: 0.9, blue: 0.97, alpha: 0.5)
        let front = dark ? Color(red: 0.6, green: 0.67, blue: 0.77) : Color(red: 1, green: 1, blue: 1)
        let frontShade = dark ? Color(red: 0.5, green: 0.57, blue: 0.68) : Color(red: 0.84, green: 0.92, blue: 0.98)
        for (layer, alpha) in [(1.0, 0.7), (0.75, 1.0)] {
            let tint = back.withAlpha(back.alpha * alpha)
            bank(canvas, anchor: Point(x: v.minX + w * 0.12 * layer, y: content - sideRise * layer + sway * h * 0.012), width: w * 0.4 * sideScale,
                 height: h * 0.2 * sideScale * layer, color: tint, seed: 1 + Int(layer * 4))
            bank(canvas, anchor: Point(x: v.maxX - w * 0.12 * layer - sway * w * 0.017, y: content - sideRise * layer), width: w * 0.4 * sideScale,
                 height: h * 0.2 * sideScale * layer, color: tint, seed: 2 + Int(layer * 4))
        }
        let frontWidth = w * 0.6 * frontScale * (1 - 0.021 * sway)
        bank(canvas, anchor: Point(x: v.center.x + w * 0.03, y: content), width: frontWidth, height: h * 0.17 * frontScale, color: frontShade, seed: 3)
        bank(canvas, anchor: Point(x: v.center.x - w * 0.05, y: content + h * 0.03), width: frontWidth * 0.8, height: h * 0.14 * frontScale, color: front, seed: 4)
        // The end of the data: the plane has gone; the words stand in the sky.
        if frame.state.isEndOfData { canvas.drawEndOfData(frame, color: .white) }
    }

    /// A bank of clouds: overlapping discs along `width`, their bottoms on `anchor.y`.
    private func bank(_ canvas: Canvas, anchor: Point, width: Double, height: Double, color: Color, seed: Int) {
        let count = 5
        for k in 0..<count {
            let s = Double(k) / Double(count - 1)
            let wobble = 0.5 + 0.5 * sin(Double(seed) * 2.1 + Double(k) * 1.7)
            // Taller in the middle of the bank, lower at its ends.
            let r = height * (0.55 + 0.3 * wobble) * (1 - 0.35 * abs(s - 0.5) * 2)
            let x = anchor.x - width / 2 + width * s
            canvas.addEllipse(in: Rect(x: x - r, y: anchor.y - height * 0.35 - r, width: 2 * r, height: 2 * r))
        }
        canvas.addRect(Rect(x: anchor.x - width / 2, y: anchor.y - height * 0.35, width: width, height: height * 0.35 + height))
        canvas.fill(.color(color))
    }

    /// A jet airliner seen from the side, nose right, turned by `degrees` (negative: nose up).
    private func airliner(_ canvas: Canvas, center: Point, length: Double, degrees: Double, color: Color) {
        canvas.withSavedState {
            canvas.translate(x: center.x, y: center.y)
            canvas.rotate(degrees * .pi / 180)
            canvas.scale(x: length / 2, y: length / 2)
            // Fuselage: a slender body, round nose, tapered tail.
            canvas.move(to: Point(x: -0.92, y: -0.03))
            canvas.line(to: Point(x: 0.78, y: -0.075))
            canvas.curve(to: Point(x: 0.98, y: 0.0), control1: Point(x: 0.9, y: -0.078), control2: Point(x: 0.98, y: -0.04))
            canvas.curve(to: Point(x: 0.78, y: 0.07), control1: Point(x: 0.98, y: 0.04), control2: Point(x: 0.9, y: 0.07))
            canvas.line(to: Point(x: -0.8, y: 0.05))
            canvas.close()
            // Wing: swept back and down from the middle.
            canvas.move(to: Point(x: 0.18, y: 0.03))
            canvas.line(to: Point(x: -0.28, y: 0.42))
            canvas.line(to: Point(x: -0.4, y: 0.42))
            canvas.line(to: Point(x: -0.12, y: 0.04))
            canvas.close()
            // Far wing, peeking above the body.
            canvas.move(to: Point(x: 0.05, y: -0.05))
            canvas.line(to: Point(x: -0.2, y: -0.22))
            canvas.line(to: Point(x: -0.27, y: -0.22))
            canvas.line(to: Point(x: -0.14, y: -0.05))
            canvas.close()
            // Fin and tailplane.
            canvas.move(to: Point(x: -0.68, y: -0.04))
            canvas.line(to: Point(x: -0.88, y: -0.36))
            canvas.line(to: Point(x: -0.97, y: -0.36))
            canvas.line(to: Point(x: -0.92, y: -0.03))
            canvas.close()
            canvas.move(to: Point(x: -0.72, y: 0.03))
            canvas.line(to: Point(x: -0.95, y: 0.2))
            canvas.line(to: Point(x: -1.0, y: 0.2))
            canvas.line(to: Point(x: -0.88, y: 0.03))
            canvas.close()
            canvas.fill(.color(color))
        }
    }

    /// Wind lines streaming right to left in fixed lanes, each at its own speed and length.
    private func wind(_ canvas: Canvas, _ v: Rect, top: Double, time: Double) {
        guard windLines > 0 else { return }
        for i in 0..<windLines {
            let lane = (0.13 + Double(i) * 0.382).truncatingRemainder(dividingBy: 1)
            let y = max(v.minY, top) + (min(v.maxY, top + height) - max(v.minY, top)) * (0.08 + 0.75 * lane)
            let length = 25 + 90 * (0.3 + Double(i) * 0.7).truncatingRemainder(dividingBy: 1)
            let lap = v.width + length + 80
            let speed = lap / (0.7 + 0.6 * (0.2 + Double(i) * 0.29).truncatingRemainder(dividingBy: 1))
            let start = lap * (Double(i) * 0.61).truncatingRemainder(dividingBy: 1)
            let x = v.maxX + 40 - (start + speed * time).truncatingRemainder(dividingBy: lap)
            canvas.move(to: Point(x: x, y: y))
            canvas.line(to: Point(x: x + length, y: y))
        }
        canvas.stroke(.color(Color(red: 1, green: 1, blue: 1, alpha: 0.2)), style: StrokeStyle(lineWidth: 1.2, cap: .round))
    }

    /// A few faint stars for the night sky, in fixed places.
    private func stars(_ canvas: Canvas, _ v: Rect) {
        for i in 0..<14 {
            let x = v.minX + v.width * (0.05 + Double(i) * 0.618).truncatingRemainder(dividingBy: 1)
            let y = v.minY + v.height * (0.1 + Double(i) * 0.371).truncatingRemainder(dividingBy: 1) * 0.7
            canvas.addEllipse(in: Rect(x: x - 0.8, y: y - 0.8, width: 1.6, height: 1.6))
        }
        canvas.fill(.color(Color(red: 1, green: 1, blue: 1, alpha: 0.45)))
    }
}

@_cdecl("refresh_plugin_entry")
public func refreshPluginEntry(_ hostABI: UInt32, _ error: UnsafeMutablePointer<CChar>?, _ errorSize: Int) -> UnsafeRawPointer? {
    PluginExport.entry(Taurus.self, hostABI: hostABI, error: error, errorSize: errorSize)
}
