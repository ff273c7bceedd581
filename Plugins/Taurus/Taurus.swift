import Foundation
import RefreshPluginSDK

/// Yalantis' Taurus: an airliner climbing out of the clouds. As you pull, the plane comes in from
/// the left and rises to the middle of the gap while low banks of clouds rise at the sides and a
/// pale bank with white tops gathers in the middle, all growing after half the pull; over-pulled,
/// the plane tips its nose up. While refreshing it bobs, the clouds sway and wind lines stream
/// past; on success it flies off up and to the right, on a failure it sinks back into the clouds.
///
/// Matched with the original (RefreshView.java, its cloud and airplane bitmaps and its demo GIF):
/// the sky (#228FC1), the plane's path (x from the left edge to the middle, rising half the trigger
/// distance), its picture (a long body, one swept wing above it, fin and tailplane), the clouds'
/// scale steps (sides 1.05 → 1.55, middle 0.8 → 1.3, from half the pull), clouds in front of the
/// plane, low (about a third of the scene) and in translucent tones, each bank filled as one shape,
/// a 1 s accelerate-decelerate bob, translucent white wind lines, the fly-off. Still different:
/// the plane and clouds are drawn shapes, not the original's bitmaps (the clouds' round tops are
/// more regular); a faint layer behind the plane is ours; the wind lines follow fixed lanes (the
/// original draws random ones); the failure's sinking and the dark sky are ours (the original has
/// neither).
public final class Taurus: RefreshIndicator {
    public static let info = IndicatorInfo(
        id: "dev.refreshkit.taurus", name: "Taurus", version: "1.1.0",
        summary: "A plane climbing out of low, soft clouds with the pull, wind streaming past while loading (Yalantis' Taurus)."
    )

    static let skyColor = Parameter.color("skyColor", default: "#228FC1", help: "Sky colour by day").labelled("Sky")
    static let planeColor = Parameter.color("planeColor", default: "#FFFFFF", help: "The plane's colour").labelled("Plane")
    static let height = Parameter.number("height", default: 120, range: 80...240, help: "Pull distance, in points, at which the plane is up").labelled("Take-off at")
    static let windLines = Parameter.number("windLines", default: 10, range: 0...20, help: "How many wind lines stream past while refreshing").labelled("Wind lines")
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

    /// Refreshing is drawn on whole steps of time, 3,000 a second (50 a frame at 60 a second): its
    /// 2-s loop (the bob there and back, each wind line's whole laps) then repeats to the bit.
    static let ticksPerSecond = 3000.0, loopTicks = 6000

    /// `time` in refreshing as whole ticks within the 2-s loop.
    static func loopTicks(_ time: Double) -> Int { Int(saturating: (max(0, time) * ticksPerSecond).rounded()) % loopTicks }

    /// The original's bob: 0…1 and back, accelerating and decelerating, one way per second.
    static func bob(_ t: Double) -> Double {
        let phase = Double(loopTicks(t)) / ticksPerSecond
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

        // A faint layer behind the plane.
        let faint = dark ? Color(red: 0.3, green: 0.4, blue: 0.55, alpha: 0.35) : Color(red: 1, green: 1, blue: 1, alpha: 0.18)
        let backScale = 0.6 + 0.4 * max(0, min(1, (p - 0.5) / 0.5))
        cloud(canvas, from: v.minX - w * 0.05, to: v.maxX + w * 0.05, base: content, height: h * 0.36 * backScale, color: faint, seed: 5)

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
        // The clouds grow from half the pull on; the sides rise from behind the content. Low, soft
        // layers, each one translucent tone: the sides' light blue, then the middle bank's pale blue
        // and its white front.
        let grow = max(0, min(1, (min(p, 1) - 0.5) / 0.5))
        let sideScale = (1.05 + 0.5 * grow) / 1.55, frontScale = (0.8 + 0.5 * grow) / 1.3
        let sideRise = h * 0.06 * (1 - min(1, p * 1.6))
        let side = dark ? Color(red: 0.42, green: 0.52, blue: 0.66, alpha: 0.55) : Color(red: 0.86, green: 0.94, blue: 1, alpha: 0.45)
        let middle = dark ? Color(red: 0.55, green: 0.63, blue: 0.75, alpha: 0.85) : Color(red: 0.86, green: 0.93, blue: 0.99, alpha: 0.9)
        let front = dark ? Color(red: 0.68, green: 0.74, blue: 0.83) : Color(red: 1, green: 1, blue: 1)
        cloud(canvas, from: v.minX - w * 0.04 - sway * w * 0.01, to: v.minX + w * 0.44, base: content + sideRise, height: h * 0.42 * sideScale, roundness: 0.85, color: side, seed: 1)
        cloud(canvas, from: v.maxX - w * 0.44, to: v.maxX + w * 0.04 + sway * w * 0.01, base: content + sideRise, height: h * 0.42 * sideScale, roundness: 0.85, color: side, seed: 2)
        let spread = w * 0.36 * frontScale * (1 - 0.021 * sway)
        cloud(canvas, from: v.center.x - spread, to: v.center.x + spread, base: content, height: h * 0.3 * frontScale, roundness: 0.8, color: middle, seed: 3)
        cloud(canvas, from: v.center.x - spread * 0.92, to: v.center.x + spread * 0.86, base: content, height: h * 0.2 * frontScale, roundness: 1.1, spacing: 1.5, color: front, seed: 4)
        // The end of the data: the plane has gone; the words stand in the sky.
        if frame.state.isEndOfData { canvas.drawEndOfData(frame, color: .white) }
    }

    /// A cumulus bank from `from` to `to` on `base`: round tops of several sizes, tallest in the
    /// middle, `height` at most (`roundness`: a top's radius for its height; over 1, tops that dip
    /// to the base between them), filled as one shape so a translucent tone stays even where they overlap.
    private func cloud(_ canvas: Canvas, from: Double, to: Double, base: Double, height: Double, roundness: Double = 0.75, spacing: Double = 1, color: Color, seed: Int) {
        let width = to - from
        guard width > 0, height > 0 else { return }
        var x = from
        var k = 0
        var lowest = height
        while x < to {
            let s = (x - from) / width
            let wobble = 0.5 + 0.5 * sin(Double(seed) * 2.1 + Double(k) * 1.9)
            let top = height * (0.45 + 0.55 * pow(sin(.pi * min(max(s, 0.04), 0.96)), 0.7)) * (0.78 + 0.22 * wobble)
            let r = top * roundness * (0.82 + 0.35 * wobble)
            canvas.addEllipse(in: Rect(x: x - r, y: base - top, width: 2 * r, height: 2 * r))
            lowest = min(lowest, top - r)
            x += r * (1.05 + 0.45 * (1 - wobble)) * spacing
            k += 1
        }
        canvas.addRect(Rect(x: from, y: base - lowest, width: width, height: lowest + height))
        canvas.fill(.color(color))
    }

    /// A jet airliner seen from the side, nose right, turned by `degrees` (negative: nose up).
    private func airliner(_ canvas: Canvas, center: Point, length: Double, degrees: Double, color: Color) {
        canvas.withSavedState {
            canvas.translate(x: center.x, y: center.y)
            canvas.rotate(degrees * .pi / 180)
            canvas.scale(x: length / 2, y: length / 2)
            // Fuselage: a long body, a round nose, its belly curving up to the tail.
            canvas.move(to: Point(x: -0.95, y: -0.04))
            canvas.line(to: Point(x: 0.74, y: -0.085))
            canvas.curve(to: Point(x: 1.0, y: 0.0), control1: Point(x: 0.9, y: -0.09), control2: Point(x: 1.0, y: -0.05))
            canvas.curve(to: Point(x: 0.72, y: 0.085), control1: Point(x: 1.0, y: 0.05), control2: Point(x: 0.9, y: 0.085))
            canvas.line(to: Point(x: -0.45, y: 0.07))
            canvas.curve(to: Point(x: -0.97, y: 0.0), control1: Point(x: -0.7, y: 0.065), control2: Point(x: -0.9, y: 0.04))
            canvas.close()
            // The wing, swept back above the body as the original's picture shows it, a small winglet at its tip.
            canvas.move(to: Point(x: 0.3, y: -0.08))
            canvas.line(to: Point(x: -0.3, y: -0.5))
            canvas.line(to: Point(x: -0.38, y: -0.62))
            canvas.line(to: Point(x: -0.45, y: -0.6))
            canvas.line(to: Point(x: -0.42, y: -0.5))
            canvas.line(to: Point(x: -0.2, y: -0.06))
            canvas.close()
            // Fin and tailplane.
            canvas.move(to: Point(x: -0.66, y: -0.05))
            canvas.line(to: Point(x: -0.88, y: -0.4))
            canvas.line(to: Point(x: -0.98, y: -0.4))
            canvas.line(to: Point(x: -0.93, y: -0.04))
            canvas.close()
            canvas.move(to: Point(x: -0.7, y: 0.04))
            canvas.line(to: Point(x: -0.96, y: 0.2))
            canvas.line(to: Point(x: -1.04, y: 0.19))
            canvas.line(to: Point(x: -0.9, y: 0.02))
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
            // Three laps or two in the 2-s loop (0.67 s or 1 s a lap; the original's 0.7 to 1.3 s), so the loop repeats.
            let laps = 0.7 + 0.6 * (0.2 + Double(i) * 0.29).truncatingRemainder(dividingBy: 1) < 0.9 ? 3 : 2
            let lapTicks = Self.loopTicks / laps
            let start = lap * (Double(i) * 0.61).truncatingRemainder(dividingBy: 1)
            let x = v.maxX + 40 - (start + lap * Double(Self.loopTicks(time) % lapTicks) / Double(lapTicks)).truncatingRemainder(dividingBy: lap)
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
