import Foundation
import RefreshPluginSDK

/// The iOS activity indicator: spokes appear one by one as the pull grows, then step round with
/// a fading tail while refreshing; a tick or a cross shows the result. `SpinnerC` draws the same
/// picture in plain C, and the two are compared pixel for pixel (but at the end of the data, where
/// this one says it in words and the C one, which needs only Cairo, keeps its dash).
///
/// Matched with UIRefreshControl and UIActivityIndicatorView: the spokes drawn in with the pull
/// (classic, iOS 7–12) or the whole wheel fading in (`ios13`), eight spokes of the medium style
/// (twelve at most), the step round with a fading tail, the system grey in light and dark. Ours:
/// a result mark and words at the end of the data, which UIKit leaves to the app.
public final class Spinner: RefreshIndicator {
    public static let info = IndicatorInfo(
        id: "dev.refreshkit.spinner", name: "Spinner", version: "1.0.0",
        summary: "The iOS activity indicator: spokes that appear with the pull and turn while loading."
    )

    static let spokes = Parameter.number("spokes", default: 8, range: 8...12, help: "Number of spokes").labelled("Spokes")
    static let radius = Parameter.number("radius", default: 11, range: 4...40, help: "Outer radius in points").labelled("Radius")
    static let speed = Parameter.number("speed", default: 12, range: 1...60, help: "Spoke steps per second while refreshing").labelled("Speed")
    static let color = Parameter.color("color", default: "#737378", help: "Spoke colour on light backgrounds").labelled("Colour")
    static let darkColor = Parameter.color("darkColor", default: "#AEAEB2", help: "Spoke colour on dark backgrounds").labelled("Dark colour")
    static let successColor = Parameter.color("successColor", default: "#248A3D", help: "Tick colour").labelled("Success")
    static let failureColor = Parameter.color("failureColor", default: "#FF3B30", help: "Cross colour").labelled("Failure")
    static let style = Parameter.choice("style", default: "classic", options: ["classic", "ios13"],
        help: "classic: spokes appear one by one as you pull; ios13: all fade in together and the spinner turns as you pull (iOS 13+)").labelled("Style")
    public static let parameters = ParameterSpec.list(spokes, radius, speed, color, darkColor, successColor, failureColor, style)

    public let refreshLength = 60.0
    let spokes: Int
    let radius: Double
    let speed: Double
    let color: Color, darkColor: Color, successColor: Color, failureColor: Color

    public init(parameters: ParameterValues) throws {
        spokes = Int(parameters[Self.spokes].rounded())
        radius = parameters[Self.radius]
        speed = parameters[Self.speed]
        color = parameters[Self.color]
        darkColor = parameters[Self.darkColor]
        successColor = parameters[Self.successColor]
        failureColor = parameters[Self.failureColor]
        fadesIn = parameters[Self.style] == "ios13"
    }

    /// The iOS 13+ look: the whole spinner fades in with the pull instead of spoke by spoke.
    let fadesIn: Bool

    public func draw(in canvas: Canvas, frame: IndicatorFrame) {
        guard frame.visibleRect.height > 0 else { return }
        let center = frame.anchoredCenter(height: 2 * radius)
        let tint = frame.isDark ? darkColor : color
        if frame.placement == .above, frame.state.kind != .none, !frame.state.isSecondFloor || frame.state == .secondaryEligible {
            // Over the content (as Android's disc): a card of its own so the spokes read on any row.
            let r = radius * 1.9
            canvas.addEllipse(in: Rect(x: center.x - r, y: center.y - r + 1, width: 2 * r, height: 2 * r))
            canvas.fill(.color(Color(red: 0, green: 0, blue: 0, alpha: frame.isDark ? 0.5 : 0.18)))
            canvas.addEllipse(in: Rect(x: center.x - r, y: center.y - r, width: 2 * r, height: 2 * r))
            canvas.fill(.color(frame.isDark ? Color(red: 0.17, green: 0.17, blue: 0.18) : .white))
        }
        switch frame.state {
        case .pulling(let progress) where fadesIn:
            // iOS 13+: every spoke at once, fading in, the oldest-looking tail already in place.
            drawSpokes(canvas, center, tint) { i in progress * (1 - 0.6 * Double(i) / Double(spokes)) }
        case .pulling(let progress):
            drawSpokes(canvas, center, tint) { i in min(max(progress * Double(spokes) - Double(i), 0), 1) }
        case .eligible:
            drawSpokes(canvas, center, tint) { _ in 1 }
        case .refreshing:
            if frame.environment.reduceMotion {
                let pulse = 0.55 + 0.45 * cos(2 * .pi * frame.stateTime / 1.6)
                drawSpokes(canvas, center, tint) { _ in pulse }
            } else {
                let head = Int(saturating: floor(frame.stateTime * speed)) % spokes
                drawSpokes(canvas, center, tint) { i in 1 - 0.8 * Double((head - i + spokes) % spokes) / Double(spokes) }
            }
        case .finished(.success):
            drawMark(canvas, center, successColor, grow(frame), [(-0.5, 0.05), (-0.12, 0.42), (0.55, -0.35)])
        case .finished(.failure):
            drawMark(canvas, center, failureColor, grow(frame), [(-0.4, -0.4), (0.4, 0.4)])
            drawMark(canvas, center, failureColor, grow(frame), [(0.4, -0.4), (-0.4, 0.4)])
        case .finished(.noMoreData), .noMoreData:
            canvas.drawEndOfData(frame, color: tint)
        case .secondaryEligible:
            // Past the second floor: the spokes, circled, say "release for something else".
            drawSpokes(canvas, center, tint) { _ in 1 }
            canvas.addEllipse(in: Rect(x: center.x - radius * 1.35, y: center.y - radius * 1.35, width: radius * 2.7, height: radius * 2.7))
            canvas.stroke(.color(tint), style: StrokeStyle(lineWidth: radius * 0.12))
        case .none, .unknown, .secondaryOpen, .secondaryClosing:
            break
        @unknown default:  // a state a later SDK adds: as above until handled
            break
        }
    }

    /// A result mark grows in over 0.2 s (at once with reduced motion).
    private func grow(_ frame: IndicatorFrame) -> Double {
        frame.environment.reduceMotion ? 1 : min(1, 0.6 + 2 * frame.stateTime)
    }

    /// Spoke i starts at 12 o'clock and goes clockwise; `alpha(i)` is its opacity.
    private func drawSpokes(_ canvas: Canvas, _ center: Point, _ tint: Color, alpha: (Int) -> Double) {
        let inner = radius * 0.45, width = radius * 0.2
        for i in 0..<spokes {
            let a = alpha(i)
            guard a > 0 else { continue }
            let angle = 2 * .pi * Double(i) / Double(spokes) - .pi / 2
            let (c, s) = (cos(angle), sin(angle))
            canvas.move(to: Point(x: center.x + inner * c, y: center.y + inner * s))
            canvas.line(to: Point(x: center.x + radius * c, y: center.y + radius * s))
            canvas.stroke(.color(tint.withAlpha(tint.alpha * a)), style: StrokeStyle(lineWidth: width, cap: .round))
        }
    }

    /// A polyline through `points` (in units of the radius around `center`), scaled by `scale`.
    private func drawMark(_ canvas: Canvas, _ center: Point, _ color: Color, _ scale: Double, _ points: [(Double, Double)]) {
        let size = radius * scale
        for (i, (x, y)) in points.enumerated() {
            let p = Point(x: center.x + x * size, y: center.y + y * size)
            if i == 0 { canvas.move(to: p) } else { canvas.line(to: p) }
        }
        canvas.stroke(.color(color), style: StrokeStyle(lineWidth: radius * 0.24, cap: .round, join: .round))
    }
}

@_cdecl("refresh_plugin_entry")
public func refreshPluginEntry(_ hostABI: UInt32, _ error: UnsafeMutablePointer<CChar>?, _ errorSize: Int) -> UnsafeRawPointer? {
    PluginExport.entry(Spinner.self, hostABI: hostABI, error: error, errorSize: errorSize)
}
