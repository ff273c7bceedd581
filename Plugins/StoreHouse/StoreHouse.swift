import Foundation
import RefreshPluginSDK

/// CBStoreHouseRefreshControl (and SmartRefreshLayout's StoreHouseHeader): a text as short straight
/// bars. Latin letters, digits and `. - ! ?` are our own single-stroke letters (``StrokeAlphabet``:
/// thin bars like a segment display, as the original's hand-drawn capitals are); any other text is
/// cut into bars along its glyph outlines (Pango's, so any script). As you pull, each bar
/// falls in from above and to the side, turning half a turn and growing as it lands, the bars
/// landing left to right; assembled they rest faint, and while refreshing a flash runs along them.
///
/// Matched with CBStoreHouseRefreshControl.m: per bar a sideways offset within ±`scatter`
/// (150 pt there), the fall from above, the half turn and the growth with the bar's own progress,
/// the landing order (each bar's window 0.7 of the pull, staggered), the resting alpha, the
/// loading flash (a bar lit to full and fading over 0.8 s, the next 0.1 s later, in 28 steps
/// across). Ours: the letters are our own design, not the original's plist; other scripts are
/// drawn from their outlines (the original has Latin capitals only); the bars
/// fall from the top of what the pull has revealed, not from out of sight; the resting alpha is
/// 0.6 (the original's 0.4 is under 3:1 on a light band). When the refresh ends the bars fly back
/// out the way they came, right to left, in half a second, as the original's do (the host says the
/// result); but while the band is still open they stay and leave as it closes, so the band is never
/// held open blank (the original's scroll view shows its background there; ours showed an empty
/// band for half a second, the rest of the result hold and the retraction). `band: dark` is the original's own band: light bars on #333 in either theme (its
/// `mBackgroundColor`, StoreHouseHeader.java:83, and its demo's `srlPrimaryColor`).
public final class StoreHouse: RefreshIndicator {
    public static let info = IndicatorInfo(
        id: "dev.refreshkit.storehouse", name: "StoreHouse", version: "1.4.0",
        summary: "Any text as short bars that fall in, turning, and assemble as you pull, then flash in turn while loading."
    )

    static let text = Parameter.string("text", default: "RefreshKit", help: "The text, at most 40 characters: Latin letters and digits in StoreHouse's own single strokes, any other script from the fonts' outlines").labelled("Text")
    static let fontSize = Parameter.number("fontSize", default: 30, range: 12...72, help: "Text size in points").labelled("Text size")
    static let lineWidth = Parameter.number("lineWidth", default: 1.6, range: 0.5...4, help: "Bar width in points").labelled("Bar width")
    static let color = Parameter.color("color", default: "#3A3A3C", help: "Bar colour on light backgrounds").labelled("Colour")
    static let darkColor = Parameter.color("darkColor", default: "#F2F2F7", help: "Bar colour on dark backgrounds").labelled("Dark colour")
    static let scatter = Parameter.number("scatter", default: 150, range: 0...300, help: "How far to the side, in points, bars fall in from").labelled("Scatter")
    static let band = Parameter.choice("band", default: "none", options: ["none", "dark"], help: "dark: light bars on the original's #333 band").labelled("Band")
    public static let parameters = ParameterSpec.list(text, fontSize, lineWidth, color, darkColor, scatter, band)

    /// The original's timing: a bar lands within 0.7 of the pull; 28 flash steps 0.1 s apart, each fading over 0.8 s.
    static let landing = 0.7, steps = 28, stepTime = 0.1, fade = 0.8, rest = 0.6
    /// Seconds the bars take to fly out when the refresh ends.
    static let flyOut = 0.5

    /// One bar: its ends (relative to the text's centre) and its sideways start.
    struct Bar { var a: Point, b: Point, side: Double }

    public let refreshLength = 90.0
    let lineWidth: Double
    let color: Color, darkColor: Color
    let darkBand: Bool
    /// The bars by step, left to right (each step lands and flashes as one).
    let barsByStep: [[Bar]]
    let textSize: Size

    public init(parameters: ParameterValues) throws {
        let text = parameters[Self.text]
        guard !text.isEmpty, text.count <= 40, !text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw ParameterError(parameter: "text", reason: "expected 1 to 40 characters and no control characters")
        }
        lineWidth = parameters[Self.lineWidth]
        let scatter = parameters[Self.scatter]
        color = parameters[Self.color]
        darkColor = parameters[Self.darkColor]
        darkBand = parameters[Self.band] == "dark"
        let size = parameters[Self.fontSize]
        let ends: [(Point, Point)]
        if StrokeAlphabet.covers(text) {
            // Our single-stroke letters, the gap between bars a little over a bar's width.
            (ends, textSize) = StrokeAlphabet.bars(text, size: size, gap: lineWidth * 0.9)
        } else {
            (ends, textSize) = try Self.outlineBars(text, size: size)
        }
        let half = Point(x: textSize.width / 2, y: textSize.height / 2)
        guard !ends.isEmpty else { throw ParameterError(parameter: "text", reason: "'\(text)' has no visible glyphs") }
        let width = max(1, textSize.width)
        // Fixed pseudo-random sideways starts (a frame is a pure function of the parameters).
        var barsByStep = [[Bar]](repeating: [], count: Self.steps)
        for (i, end) in ends.enumerated() {
            let middle = (end.0.x + end.1.x) / 2 + half.x
            let step = max(0, min(Self.steps - 1, Int(middle / width * Double(Self.steps))))
            let noise = Double((i &* 7919 &+ 104_729) % 2001) / 1000 - 1
            barsByStep[step].append(Bar(a: end.0, b: end.1, side: noise * scatter))
        }
        self.barsByStep = barsByStep
    }

    /// Bars along the outlines of `text` laid out in a bold face (Pango's, so any script), centred on
    /// the origin: for text our letters do not cover.
    static func outlineBars(_ text: String, size: Double) throws -> ([(Point, Point)], Size) {
        // Lay the text out once, on a scratch surface: the outline depends only on the parameters.
        let scratch = try ImageSurface(size: Size(width: 4, height: 4), scale: 1)
        let canvas = Canvas(surface: scratch)
        let layout = canvas.makeTextLayout(text, style: TextStyle(size: size, weight: .bold))
        let half = Point(x: layout.size.width / 2, y: layout.size.height / 2)
        // Bars of about an eighth of the text size along each outline, a small gap between them.
        let pitch = max(2.5, size / 8)
        var ends: [(Point, Point)] = []
        for line in canvas.textOutlines(layout, at: Point(x: -half.x, y: -half.y)) {
            var kept = [line[0]]
            for (i, point) in line.enumerated().dropFirst() {
                let last = kept[kept.count - 1], dx = point.x - last.x, dy = point.y - last.y
                if dx * dx + dy * dy >= pitch * pitch || i == line.count - 1 { kept.append(point) }
            }
            for (a, b) in zip(kept, kept.dropFirst()) {
                let dx = b.x - a.x, dy = b.y - a.y, length = (dx * dx + dy * dy).squareRoot()
                guard length > 0.5 else { continue }
                // Shorten each bar a little at both ends, so the bars read as bars.
                let trim = min(0.12, 0.6 / length)
                ends.append((Point(x: a.x + dx * trim, y: a.y + dy * trim), Point(x: b.x - dx * trim, y: b.y - dy * trim)))
            }
        }
        return (ends, layout.size)
    }

    /// How far bar step `step` has landed at pull `progress`: 0 (away) … 1 (in place).
    static func landed(step: Int, progress p: Double) -> Double {
        let start = (1 - landing) / Double(steps) * Double(step)
        return min(1, max(0, (p - start) / landing))
    }

    /// The original's band, #333.
    static let originalBand = Color(red: 0.2, green: 0.2, blue: 0.2)

    public func draw(in canvas: Canvas, frame: IndicatorFrame) {
        let visible = frame.visibleRect
        guard visible.height > 0, frame.state.showsIndicator else { return }
        if darkBand {
            canvas.addRect(visible)
            canvas.fill(.color(Self.originalBand))
        }
        let tint = darkBand || frame.isDark ? darkColor : color
        if frame.state.isEndOfData { return canvas.drawEndOfData(frame, color: tint) }
        // A text wider than the band (less 16 pt a side) shrinks to fit it; the bars keep their width.
        let fit = min(1, max(1, frame.size.width - 32) / textSize.width)
        let c = frame.anchoredCenter(height: textSize.height * fit, margin: 10)
        let reduce = frame.environment.reduceMotion
        // The bars fall from the top of the revealed gap (the bottom of a footer's).
        let fall = (frame.edge == .bottom ? visible.maxY - c.y : c.y - visible.minY) / fit + textSize.height / 2
        let down: Double = frame.edge == .bottom ? -1 : 1
        canvas.withSavedState {
            canvas.translate(x: c.x, y: c.y)
            canvas.scale(x: fit, y: fit)
            // How far the band is still open, 0 to 1 (the bars leave no later than it closes).
            let open = min(max(frame.progress, 0), 1)
            for step in 0..<Self.steps {
                var landed = 1.0, alpha = Self.rest
                switch frame.state {
                case .pulling(let p) where !reduce:
                    landed = Self.landed(step: step, progress: p)
                    alpha = Self.rest * landed
                case .pulling(let p):
                    alpha = Self.rest * min(max(p, 0), 1)
                case .refreshing where reduce:
                    alpha = Self.rest + (1 - Self.rest) * 0.5 * (1 + cos(2 * .pi * frame.stateTime / 1.6))
                case .refreshing:
                    // Lit in turn, each fading back over 0.8 s; the run starts again after the last step.
                    // On whole milliseconds, so that each run after the first repeats to the bit.
                    let now = Int(saturating: (max(0, frame.stateTime) * 1000).rounded()), lit = Int((Double(step) * Self.stepTime * 1000).rounded())
                    let run = Int((Double(Self.steps) * Self.stepTime * 1000).rounded())
                    let x = Double(((now - lit) % run + run) % run) / 1000
                    if now >= lit, x < Self.fade {
                        let t = x / Self.fade
                        alpha = 1 - (1 - Self.rest) * (t * t * (3 - 2 * t))
                    }
                case .finished where reduce:
                    alpha = Self.rest * max(0, 1 - frame.stateTime / Self.flyOut, open)
                case .finished:
                    // Out the way they came, the last to land the first to go: in half a second, or
                    // as the band closes when it is still open then (the band is never left blank).
                    landed = Self.landed(step: step, progress: max(1 - frame.stateTime / Self.flyOut, open))
                    alpha = Self.rest * landed
                default:
                    break
                }
                guard alpha > 0.001 else { continue }
                let turn = Double.pi * landed, grow = landed
                let (cosT, sinT) = (cos(turn), sin(turn))
                for bar in barsByStep[step] {
                    let m = Point(x: (bar.a.x + bar.b.x) / 2 + bar.side * (1 - landed), y: (bar.a.y + bar.b.y) / 2 - down * fall * (1 - landed))
                    let h = Point(x: (bar.b.x - bar.a.x) / 2 * grow, y: (bar.b.y - bar.a.y) / 2 * grow)
                    let r = Point(x: h.x * cosT - h.y * sinT, y: h.x * sinT + h.y * cosT)
                    canvas.move(to: Point(x: m.x - r.x, y: m.y - r.y))
                    canvas.line(to: Point(x: m.x + r.x, y: m.y + r.y))
                }
                canvas.stroke(.color(tint.withAlpha(tint.alpha * alpha)), style: StrokeStyle(lineWidth: lineWidth / fit, cap: .round))
            }
        }
    }
}

@_cdecl("refresh_plugin_entry")
public func refreshPluginEntry(_ hostABI: UInt32, _ error: UnsafeMutablePointer<CChar>?, _ errorSize: Int) -> UnsafeRawPointer? {
    PluginExport.entry(StoreHouse.self, hostABI: hostABI, error: error, errorSize: errorSize)
}
