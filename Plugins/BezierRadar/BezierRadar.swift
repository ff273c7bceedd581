import Foundation
import RefreshPluginSDK

/// SmartRefreshLayout's BezierRadarHeader: a coloured wave fills the gap; past the trigger its
/// edge bulges towards the content. Seven dots spread out from the middle as you pull. On release
/// the wave springs back with two smaller overshoots, the dots fade, and a radar grows in the
/// middle and sweeps; when the refresh ends a white ripple floods the band (in the dark theme a
/// deep shade of the wave, not a white flash).
///
/// Matched with BezierRadarHeader.java: the flat wave up to the trigger, then a bulge 1.9 times
/// the over-pull; the seven dots (spread `width / 7 × progress`, alpha falling off from the
/// middle, radius 7 × (1 − 1 / (pull / 10 + 1))); the wave's release (height → 0 → −0.8 → 0 →
/// −0.4 → 0 over 0.8 s, decelerating); the dots fading then the radar scaling in; the radar (a
/// 20-point disc, a ring 7 points out, a translucent sweep from the top, 0.72 s a turn,
/// accelerating and decelerating); the 0.4 s ripple. Ours: the release's wave starts from half the
/// trigger distance (a frame does not know how far the finger went); a tick or a cross in the
/// wave's colour after the ripple, and words at the end of the data (the original shows neither).
public final class BezierRadar: RefreshIndicator {
    public static let info = IndicatorInfo(
        id: "dev.refreshkit.bezier-radar", name: "Bezier Radar", version: "1.1.0",
        summary: "A wave that bulges past the trigger, dots that spread with the pull, then a radar sweep while loading."
    )

    static let waveColor = Parameter.color("waveColor", default: "#2D8CF0", help: "The wave's colour").labelled("Wave")
    static let accentColor = Parameter.color("accentColor", default: "#FFFFFF", help: "Dots, radar and ripple colour").labelled("Accent")
    static let bulge = Parameter.number("bulge", default: 1.9, range: 0...3, help: "How far the wave bulges past the trigger, per point of over-pull").labelled("Bulge")
    static let speed = Parameter.number("speed", default: 1, range: 0.2...4, help: "Radar speed, 1 = the original's (a sweep in 0.72 s)").labelled("Speed")
    public static let parameters = ParameterSpec.list(waveColor, accentColor, bulge, speed)

    /// The wave fills the whole gap, to the viewport's edge, at any pull.
    public static var placement: IndicatorPlacement { .stretch }
    public let refreshLength = 100.0
    let wave: Color, accent: Color
    let bulge: Double, speed: Double

    public init(parameters: ParameterValues) throws {
        wave = parameters[Self.waveColor]
        accent = parameters[Self.accentColor]
        bulge = parameters[Self.bulge]
        speed = parameters[Self.speed]
    }

    /// The release's spring: the wave's height, as a share of where it started, `t` seconds on.
    static func spring(_ t: Double) -> Double {
        guard t < 0.8 else { return 0 }
        let keys = [1.0, 0, -0.8, 0, -0.4, 0]
        let u = 1 - (1 - t / 0.8) * (1 - t / 0.8)  // decelerating
        let x = u * Double(keys.count - 1), i = min(keys.count - 2, Int(x))
        return keys[i] + (keys[i + 1] - keys[i]) * (x - Double(i))
    }

    public func draw(in canvas: Canvas, frame: IndicatorFrame) {
        let v = frame.visibleRect
        guard v.height > 0, frame.state.kind != .none, frame.state.kind != .unknown, frame.state != .secondaryOpen else { return }
        let still = frame.environment.reduceMotion
        let fill = frame.isDark ? Color(red: wave.red * 0.75, green: wave.green * 0.75, blue: wave.blue * 0.75, alpha: wave.alpha) : wave
        canvas.withSavedState {
            // Drawn as for a top edge (the viewport's edge at the top, the content below); a footer is the mirror image.
            if frame.edge == .bottom {
                canvas.translate(x: 0, y: v.minY + v.maxY)
                canvas.scale(x: 1, y: -1)
            }
            let pulling = frame.state.kind == .pulling || frame.state.kind == .eligible
            let gap = pulling ? min(v.height, max(0, frame.progress) * refreshLength) : v.height
            // The wave: flat to the trigger, then bulging towards the content.
            let top = v.minY + min(refreshLength, gap)
            let height: Double = pulling ? bulge * max(0, gap - refreshLength)
                : frame.state == .refreshing && !still ? refreshLength * 0.5 * Self.spring(frame.stateTime) : 0
            canvas.move(to: Point(x: v.minX, y: v.minY))
            canvas.line(to: Point(x: v.minX, y: top))
            canvas.quadCurve(to: Point(x: v.maxX, y: top), control: Point(x: v.center.x, y: top + height))
            canvas.line(to: Point(x: v.maxX, y: v.minY))
            canvas.close()
            canvas.fill(.color(fill))
            let c = Point(x: v.center.x, y: v.minY + min(gap, refreshLength) / 2)
            switch frame.state {
            case .pulling, .eligible, .secondaryEligible:
                dots(canvas, v, gap: gap, fraction: max(0, frame.progress), alpha: 1)
            case .refreshing:
                let t = frame.stateTime
                if !still && t < 0.3 { dots(canvas, v, gap: gap, fraction: 1, alpha: 1 - t / 0.3) }
                let grow = still ? 1 : min(1, max(0, (t - 0.3) / 0.3))
                // A sweep every 0.72 s, on whole milliseconds: the sweep repeats to the bit (five are 216 frames at 60 a second).
                let ticks = Int(saturating: (max(0, t - 0.6) * speed * 1000).rounded())
                let x = still ? 0.75 : Double(ticks % 720) / 720
                radar(canvas, c, scale: grow, sweep: 2 * .pi * (1 - cos(.pi * x)) / 2, fill: fill)
            case .finished(.noMoreData), .noMoreData:
                break  // the words, below, the right way up
            case .finished(let result):
                // The ripple floods the band in 0.4 s; then the outcome, in the wave's colour.
                let t = still ? 1 : min(1, frame.stateTime / 0.4)
                let far = (v.width * v.width + v.height * v.height).squareRoot()
                let r = 20 + (far - 20) * t
                canvas.addEllipse(in: Rect(x: c.x - r, y: c.y - r, width: 2 * r, height: 2 * r))
                // In the dark a white flood would flash the band: it floods a deep shade of the wave.
                canvas.fill(.color(frame.isDark ? Color(red: wave.red * 0.3, green: wave.green * 0.3, blue: wave.blue * 0.3, alpha: wave.alpha) : accent))
                canvas.addResultMark(result, center: c, size: 9)
                canvas.stroke(.color(result == .failure ? Color(red: 0.86, green: 0.27, blue: 0.22) : fill),
                              style: StrokeStyle(lineWidth: 2.5, cap: .round, join: .round))
            default:
                break
            }
        }
        if frame.state.isEndOfData {
            let middle = min(v.height, refreshLength) / 2
            canvas.drawEndOfData(frame, color: accent, center: Point(x: v.center.x, y: frame.edge == .bottom ? v.maxY - middle : v.minY + middle))
        }
    }

    /// Seven dots across the middle of the gap, spreading with the pull and gathering again past it.
    private func dots(_ canvas: Canvas, _ v: Rect, gap: Double, fraction t: Double, alpha: Double) {
        let n = 7.0
        let wide = v.width / n * t - (t > 1 ? (t - 1) * (v.width / n) / t : 0)
        let high = gap - (t > 1 ? (t - 1) * gap / 2 / t : 0)
        let radius = 7 * (1 - 1 / (gap / 10 + 1))
        let fade = 1 - 1 / pow(gap / 800 + 1, 15)
        for i in 0..<7 {
            let index = 1 + Double(i) - (1 + n) / 2
            let a = alpha * (1 - 2 * abs(index) / n) * fade
            guard a > 0.004 else { continue }
            let x = v.center.x - radius / 2 + wide * index
            canvas.addEllipse(in: Rect(x: x - radius, y: v.minY + high / 2 - radius, width: 2 * radius, height: 2 * radius))
            canvas.fill(.color(accent.withAlpha(accent.alpha * min(1, a))))
        }
    }

    /// The radar: a disc, a ring around it, and the sweep from the top, translucent in the wave's colour.
    private func radar(_ canvas: Canvas, _ c: Point, scale: Double, sweep: Double, fill: Color) {
        guard scale > 0 else { return }
        let r = 20 * scale, ring = r + 7 * scale
        canvas.addEllipse(in: Rect(x: c.x - r, y: c.y - r, width: 2 * r, height: 2 * r))
        canvas.fill(.color(accent))
        canvas.addEllipse(in: Rect(x: c.x - ring, y: c.y - ring, width: 2 * ring, height: 2 * ring))
        canvas.stroke(.color(accent), style: StrokeStyle(lineWidth: 1.5))
        guard sweep > 0.001 else { return }
        let shade = fill.withAlpha(0x55 / 255)
        canvas.move(to: c)
        canvas.arc(center: c, radius: r, startAngle: -.pi / 2, endAngle: -.pi / 2 + sweep)
        canvas.close()
        canvas.fill(.color(shade))
        canvas.arc(center: c, radius: ring, startAngle: -.pi / 2, endAngle: -.pi / 2 + sweep)
        canvas.stroke(.color(shade), style: StrokeStyle(lineWidth: 1.5))
    }
}

@_cdecl("refresh_plugin_entry")
public func refreshPluginEntry(_ hostABI: UInt32, _ error: UnsafeMutablePointer<CChar>?, _ errorSize: Int) -> UnsafeRawPointer? {
    PluginExport.entry(BezierRadar.self, hostABI: hostABI, error: error, errorSize: errorSize)
}
