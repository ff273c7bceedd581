import Foundation
import RefreshPluginSDK

/// Android's SwipeRefreshLayout: a disc that slides in over the content (its own placement is
/// `above`), an arc that grows with the pull with an arrow head at its end, then spins while
/// refreshing, its length breathing and its colour stepping through a scheme.
///
/// Matched with SwipeRefreshLayout and CircularProgressDrawable (and SmartRefreshLayout's
/// MaterialHeader, side by side with its demo): the 40-point white disc with its shadow, the arc
/// to 80 % with the arrow head growing, faint until the trigger, the 1.332 s breath of the ring
/// and its colours, and past the trigger the disc slows and stops one trigger distance further,
/// with SwipeRefreshLayout's tension (the host's `above` placement does this for any plugin).
/// Still different: the trigger and that distance are the edge's trigger distance (Android's
/// 64 dp each by default).
public final class Material: RefreshIndicator {
    public static let info = IndicatorInfo(
        id: "dev.refreshkit.material", name: "Material", version: "1.1.0",
        summary: "Android's swipe-to-refresh disc: a growing arc with an arrow, spinning while loading."
    )

    static let colors = Parameter.string("colors", default: "#1A73E8,#D93025,#F9AB00,#188038", help: "Arc colours, comma-separated #RRGGBB, cycled while refreshing").labelled("Arc colours")
    static let size = Parameter.number("size", default: 40, range: 24...72, help: "Disc diameter in points").labelled("Size")
    static let speed = Parameter.number("speed", default: 1, range: 0.25...4, help: "Spin speed, 1 = Android's").labelled("Speed")
    static let discColor = Parameter.color("discColor", default: "#FFFFFF", help: "Disc colour on light backgrounds").labelled("Disc")
    static let darkDiscColor = Parameter.color("darkDiscColor", default: "#303134", help: "Disc colour on dark backgrounds").labelled("Dark disc")
    public static let parameters = ParameterSpec.list(colors, size, speed, discColor, darkDiscColor)

    /// The disc floats over the content, as on Android.
    public static var placement: IndicatorPlacement { .above }
    public let refreshLength = 80.0
    let colors: [Color]
    let size: Double, speed: Double
    let disc: Color, darkDisc: Color

    public init(parameters: ParameterValues) throws {
        let list = parameters[Self.colors].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        var parsed: [Color] = []
        for (i, text) in list.enumerated() {
            do { parsed.append(try Color(hex: text)) } catch {
                throw ParameterError(parameter: "colors", reason: "colour \(i + 1), '\(text)', is not #RRGGBB")
            }
        }
        guard (1...12).contains(parsed.count) else { throw ParameterError(parameter: "colors", reason: "expected 1 to 12 colours, found \(parsed.count)") }
        colors = parsed
        size = parameters[Self.size]
        speed = parameters[Self.speed]
        disc = parameters[Self.discColor]
        darkDisc = parameters[Self.darkDiscColor]
    }

    /// Android's cycle: one breath of the arc (grow, then shrink from its tail) every 4/3 s (Android's
    /// 1.332 s, made a whole number of frames at 30, 60 and 120 a second so the loop repeats exactly).
    static let cycle = 4.0 / 3
    /// Refreshing is drawn on whole steps of time, 960 a second (1,280 a breath): what repeats is then
    /// the same drawing to the bit, where a time in seconds would differ in its last digits.
    static let ticksPerSecond = 960.0, ticksPerCycle = 1280
    /// The ring's period at this speed: ``roundsPerPeriod`` breaths (with four colours 4, 5⅓ s).
    public var refreshingPeriod: Double? { Self.cycle * Double(roundsPerPeriod) / speed }

    /// Breaths before the ring's turn and colour are back where they began: the arc turns 1¾ times a
    /// breath (7 turns in 4), the colours one a breath.
    var roundsPerPeriod: Int {
        var (a, b) = (colors.count, 4)
        while b != 0 { (a, b) = (b, a % b) }
        return colors.count * 4 / a
    }

    public func draw(in canvas: Canvas, frame: IndicatorFrame) {
        guard frame.visibleRect.height > 0, frame.state.showsIndicator else { return }
        if frame.state.isEndOfData {
            return canvas.drawEndOfData(frame, color: frame.isDark ? Color(red: 0.74, green: 0.76, blue: 0.8) : Color(red: 0.37, green: 0.39, blue: 0.42))
        }
        let radius = size / 2
        var center = frame.anchoredCenter(height: size, margin: 8)
        var scale = 1.0, alpha = 1.0
        var start = -Double.pi / 2, sweep = 0.0, arrow = 0.0
        var tint = colors[0]
        switch frame.state {
        case .pulling(let p):
            // The disc slides with the pull; the arc grows to 80 % and turns a quarter; faint until the trigger.
            sweep = 0.8 * 2 * .pi * p
            start += 0.25 * 2 * .pi * p
            arrow = p
            alpha = 0.35 + 0.65 * p
            center.y -= (1 - p) * size * 0.25
        case .eligible, .secondaryEligible:
            sweep = 0.8 * 2 * .pi
            start += 0.25 * 2 * .pi + (frame.state == .secondaryEligible ? 2 * .pi * min(max(frame.secondaryProgress - 1, 0), 1) : 0)
            arrow = 1
        case .refreshing where frame.environment.reduceMotion:
            sweep = 0.75 * 2 * .pi
            alpha = 0.6 + 0.4 * cos(2 * .pi * frame.stateTime / 1.6)
        case .refreshing:
            // Android's ring goes on from the pull's arc: the first breath starts half done (the
            // arc at its longest, 80 %), turned to where the pull left it.
            // The time within the period, on whole ticks: the ring repeats exactly after it.
            let ticks = Int(saturating: ((max(0, frame.stateTime) * speed + Self.cycle / 2) * Self.ticksPerSecond).rounded())
            let inPeriod = ticks % (Self.ticksPerCycle * roundsPerPeriod)
            let t = Double(inPeriod) / Self.ticksPerSecond
            let breath = Double(inPeriod % Self.ticksPerCycle) / Double(Self.ticksPerCycle)
            let round = inPeriod / Self.ticksPerCycle
            // The head leads in the first half of a breath, the tail catches up in the second; each
            // breath starts where the last one's tail ended (¾ of a turn on), so the ring never jumps.
            let head = breath < 0.5 ? ease(breath * 2) : 1
            let tail = breath < 0.5 ? 0 : ease((breath - 0.5) * 2)
            sweep = 0.05 * 2 * .pi + 0.75 * 2 * .pi * (head - tail)
            start += 2 * .pi * (t * 0.75 + Double(round) * 0.75 + 0.75 * tail - Self.cycle / 2 * 0.75 + 0.25)
            tint = colors[round % colors.count]
        case .finished(let result):
            // Android shrinks the disc away; here it shows the outcome while it does.
            // Shown for half a second, then shrinking away over 0.3 s.
            scale = frame.environment.reduceMotion ? 1 : max(0.2, 1 - max(0, frame.stateTime - 0.5) / 0.3)
            sweep = 2 * .pi
            tint = result == .failure ? Color(red: 0.85, green: 0.19, blue: 0.15) : colors[0]
        default:
            return
        }
        center.x = frame.visibleRect.center.x
        canvas.withAlpha(alpha) {
            canvas.withSavedState {
                canvas.translate(x: center.x, y: center.y)
                canvas.scale(x: scale, y: scale)
                // The disc and its shadow.
                canvas.addEllipse(in: Rect(x: -radius, y: -radius + 1.5, width: size, height: size))
                canvas.fill(.color(Color(red: 0, green: 0, blue: 0, alpha: frame.isDark ? 0.5 : 0.2)))
                canvas.addEllipse(in: Rect(x: -radius, y: -radius, width: size, height: size))
                canvas.fill(.color(frame.isDark ? darkDisc : disc))
                let r = radius * 0.45, width = max(1.5, size * 0.07)
                canvas.arc(center: Point(x: 0, y: 0), radius: r, startAngle: start, endAngle: start + max(sweep, 0.01))
                canvas.stroke(.color(tint), style: StrokeStyle(lineWidth: width, cap: sweep >= 2 * .pi - 1e-9 ? .butt : .square))
                if arrow > 0 {
                    // The arrow head sits at the arc's end, pointing along it, growing with the pull.
                    let end = start + sweep, h = width * 2 * arrow
                    let tip = Point(x: (r + h * 0.9) * cos(end), y: (r + h * 0.9) * sin(end))
                    canvas.move(to: Point(x: (r - h) * cos(end), y: (r - h) * sin(end)))
                    canvas.line(to: tip)
                    canvas.line(to: Point(x: r * cos(end) + h * 1.2 * cos(end + .pi / 2), y: r * sin(end) + h * 1.2 * sin(end + .pi / 2)))
                    canvas.close()
                    canvas.fill(.color(tint))
                }
                if case .finished(let result) = frame.state, result != .noMoreData {
                    canvas.addResultMark(result, center: Point(x: 0, y: 0), size: r * 0.55)
                    canvas.stroke(.color(tint), style: StrokeStyle(lineWidth: width, cap: .round, join: .round))
                }
            }
        }
    }

    private func ease(_ x: Double) -> Double { x * x * (3 - 2 * x) }
}

@_cdecl("refresh_plugin_entry")
public func refreshPluginEntry(_ hostABI: UInt32, _ error: UnsafeMutablePointer<CChar>?, _ errorSize: Int) -> UnsafeRawPointer? {
    PluginExport.entry(Material.self, hostABI: hostABI, error: error, errorSize: errorSize)
}
