import Foundation
import RefreshPluginSDK

/// SmartRefreshLayout's BezierRadarHeader: a coloured wave fills the gap and bulges towards the
/// content as you pull, three dots gather, and while refreshing a radar sweeps in the middle.
public final class BezierRadar: RefreshIndicator {
    public static let info = IndicatorInfo(
        id: "dev.refreshkit.bezier-radar", name: "Bezier Radar", version: "1.0.0",
        summary: "A wave that bulges with the pull, then a radar sweep while loading."
    )

    static let waveColor = ParameterSpec.color("waveColor", default: "#2D8CF0", help: "The wave's colour")
    static let accentColor = ParameterSpec.color("accentColor", default: "#FFFFFF", help: "Dots and radar colour")
    static let bulge = ParameterSpec.number("bulge", default: 0.45, range: 0...1, help: "How far the wave bulges, as a share of the gap")
    static let speed = ParameterSpec.number("speed", default: 1, range: 0.2...4, help: "Radar turns per second")
    public static let parameters: [ParameterSpec] = [waveColor, accentColor, bulge, speed]

    /// The wave fills the whole gap, to the viewport's edge, at any pull.
    public static var placement: IndicatorPlacement { .stretch }
    public let refreshLength = 100.0
    let wave: Color, accent: Color
    let bulge: Double, speed: Double

    public init(parameters: ParameterValues) throws {
        wave = try parameters.color(Self.waveColor)
        accent = try parameters.color(Self.accentColor)
        bulge = try parameters.number(Self.bulge)
        speed = try parameters.number(Self.speed)
    }

    public func draw(in canvas: Canvas, frame: IndicatorFrame) {
        let v = frame.visibleRect
        guard v.height > 0, frame.state.kind != .none, frame.state.kind != .unknown, frame.state != .secondaryOpen else { return }
        let towardsContent: Double = frame.edge == .bottom ? -1 : 1
        // The wave: flat at the far edge, its near edge a curve that bulges towards the content.
        let progress: Double = if case .pulling(let p) = frame.state { p } else { 1 }
        let depth = frame.environment.reduceMotion ? 0 : v.height * bulge * min(1, max(0, progress)) * (frame.state == .refreshing ? max(0, 1 - frame.stateTime * 3) : 1)
        let near = towardsContent > 0 ? v.maxY : v.minY
        let base = near - towardsContent * depth
        canvas.move(to: Point(x: v.minX, y: towardsContent > 0 ? v.minY : v.maxY))
        canvas.line(to: Point(x: v.minX, y: base))
        canvas.quadCurve(to: Point(x: v.maxX, y: base), control: Point(x: v.center.x, y: near + towardsContent * depth))
        canvas.line(to: Point(x: v.maxX, y: towardsContent > 0 ? v.minY : v.maxY))
        canvas.close()
        canvas.fill(.color(frame.isDark ? Color(red: wave.red * 0.75, green: wave.green * 0.75, blue: wave.blue * 0.75, alpha: wave.alpha) : wave))
        let c = v.center
        let r = min(18, min(v.height, refreshLength) * 0.28)
        switch frame.state {
        case .pulling(let p):
            // Three dots gather into the middle.
            for i in -1...1 {
                let spread = 1 + 3 * (1 - min(1, max(0, p)))
                canvas.addEllipse(in: Rect(x: c.x + Double(i) * r * spread - 3, y: c.y - 3, width: 6, height: 6))
            }
            canvas.fill(.color(accent.withAlpha(0.4 + 0.6 * min(1, max(0, p)))))
        case .eligible, .secondaryEligible:
            for i in -1...1 { canvas.addEllipse(in: Rect(x: c.x + Double(i) * r - 3.5, y: c.y - 3.5, width: 7, height: 7)) }
            canvas.fill(.color(accent))
        case .refreshing:
            canvas.addEllipse(in: Rect(x: c.x - r, y: c.y - r, width: 2 * r, height: 2 * r))
            canvas.stroke(.color(accent.withAlpha(0.5)), style: StrokeStyle(lineWidth: 1.5))
            canvas.addEllipse(in: Rect(x: c.x - 2.5, y: c.y - 2.5, width: 5, height: 5))
            canvas.fill(.color(accent))
            if frame.environment.reduceMotion {
                let pulse = 0.3 + 0.3 * cos(2 * .pi * frame.stateTime / 1.6)
                canvas.addEllipse(in: Rect(x: c.x - r, y: c.y - r, width: 2 * r, height: 2 * r))
                canvas.fill(.color(accent.withAlpha(pulse)))
            } else {
                // The sweep: a wedge whose trail fades, in 12 slices.
                let head = 2 * .pi * frame.stateTime * speed - .pi / 2
                for k in 0..<12 {
                    let a = head - Double(k) * 0.09
                    canvas.move(to: c)
                    canvas.arc(center: c, radius: r, startAngle: a - 0.09, endAngle: a)
                    canvas.close()
                    canvas.fill(.color(accent.withAlpha(0.55 * (1 - Double(k) / 12))))
                }
            }
        case .finished(.noMoreData), .noMoreData:
            canvas.drawEndOfData(frame, color: accent)
        case .finished(let result):
            canvas.addEllipse(in: Rect(x: c.x - r, y: c.y - r, width: 2 * r, height: 2 * r))
            canvas.stroke(.color(accent), style: StrokeStyle(lineWidth: 2))
            canvas.addResultMark(result, center: c, size: r * 0.5)
            canvas.stroke(.color(accent), style: StrokeStyle(lineWidth: 2.5, cap: .round, join: .round))
        default:
            break
        }
    }
}

@_cdecl("refresh_plugin_entry")
public func refreshPluginEntry(_ hostABI: UInt32, _ error: UnsafeMutablePointer<CChar>?, _ errorSize: Int) -> UnsafeRawPointer? {
    PluginExport.entry(BezierRadar.self, hostABI: hostABI, error: error, errorSize: errorSize)
}
