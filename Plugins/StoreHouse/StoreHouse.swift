import Foundation
import RefreshPluginSDK

/// SmartRefreshLayout's StoreHouse header: any text, drawn as the line segments of its glyph
/// outlines (Pango's, so any script), that fly in from around it and assemble as you pull, then
/// shimmer while refreshing.
public final class StoreHouse: RefreshIndicator {
    public static let info = IndicatorInfo(
        id: "dev.refreshkit.storehouse", name: "StoreHouse", version: "1.0.0",
        summary: "Any text as line segments that fly in and assemble as you pull, then shimmer while loading."
    )

    static let text = ParameterSpec.string("text", default: "RefreshKit", help: "The text (any script the fonts cover; at most 40 characters)")
    static let fontSize = ParameterSpec.number("fontSize", default: 30, range: 12...72, help: "Text size in points")
    static let lineWidth = ParameterSpec.number("lineWidth", default: 1.4, range: 0.5...4, help: "Segment width in points")
    static let color = ParameterSpec.color("color", default: "#3A3A3C", help: "Segment colour on light backgrounds")
    static let darkColor = ParameterSpec.color("darkColor", default: "#E5E5EA", help: "Segment colour on dark backgrounds")
    static let scatter = ParameterSpec.number("scatter", default: 60, range: 0...200, help: "How far, in points, segments fly in from")
    public static let parameters: [ParameterSpec] = [text, fontSize, lineWidth, color, darkColor, scatter]

    /// Segments go in this many groups, ordered left to right: each group moves as one (a frame
    /// strokes 24 paths, not hundreds), and the assembly and the shimmer sweep across the text.
    static let groups = 24

    public let refreshLength = 90.0
    let lineWidth: Double, scatter: Double
    let color: Color, darkColor: Color
    /// Per group: its pieces of outline (short polylines relative to the text's centre) and where it flies in from.
    let segments: [[[Point]]]
    let origins: [Point]
    let textSize: Size

    public init(parameters: ParameterValues) throws {
        let text = try parameters.string(Self.text)
        guard !text.isEmpty, text.count <= 40, !text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw ParameterError(parameter: "text", reason: "expected 1 to 40 characters and no control characters")
        }
        lineWidth = try parameters.number(Self.lineWidth)
        scatter = try parameters.number(Self.scatter)
        color = try parameters.color(Self.color)
        darkColor = try parameters.color(Self.darkColor)
        // Lay the text out once, on a scratch surface: the outline depends only on the parameters.
        let scratch = try ImageSurface(size: Size(width: 4, height: 4), scale: 1)
        let canvas = Canvas(surface: scratch)
        let layout = canvas.makeTextLayout(text, style: TextStyle(size: try parameters.number(Self.fontSize), weight: .bold))
        textSize = layout.size
        let half = Point(x: layout.size.width / 2, y: layout.size.height / 2)
        // The outline cut into pieces of a few segments each (points closer than 3 pt to the last
        // kept are dropped): pieces fly, and a piece strokes as one polyline.
        var pieces: [[Point]] = []
        for line in canvas.textOutlines(layout, at: Point(x: -half.x, y: -half.y)) {
            var kept = [line[0]]
            for (i, point) in line.enumerated().dropFirst() {
                let last = kept[kept.count - 1], dx = point.x - last.x, dy = point.y - last.y
                if dx * dx + dy * dy >= 9 || i == line.count - 1 { kept.append(point) }
            }
            for start in stride(from: 0, to: kept.count - 1, by: 4) { pieces.append(Array(kept[start...min(kept.count - 1, start + 4)])) }
        }
        guard !pieces.isEmpty else { throw ParameterError(parameter: "text", reason: "'\(text)' has no visible glyphs") }
        func middle(_ piece: [Point]) -> Double { piece.reduce(0) { $0 + $1.x } / Double(piece.count) }
        pieces.sort { middle($0) < middle($1) }
        let perGroup = max(1, (pieces.count + Self.groups - 1) / Self.groups)
        segments = stride(from: 0, to: pieces.count, by: perGroup).map { Array(pieces[$0..<min(pieces.count, $0 + perGroup)]) }
        // Fixed pseudo-random directions (a frame is a pure function of the parameters).
        origins = segments.indices.map { g in
            let a = Double((g * 7919) % 360) * .pi / 180
            return Point(x: cos(a), y: sin(a) * 0.6 - 0.4)
        }
    }

    public func draw(in canvas: Canvas, frame: IndicatorFrame) {
        guard frame.visibleRect.height > 0, frame.state.showsIndicator else { return }
        if frame.state == .noMoreData || frame.state == .finished(.noMoreData) { return canvas.drawEndOfData(frame, color: frame.isDark ? darkColor : color) }
        // A text wider than the band (less 16 pt a side) shrinks to fit it; the segments keep their width.
        let fit = min(1, max(1, frame.size.width - 32) / textSize.width)
        let c = frame.anchoredCenter(height: textSize.height * fit, margin: 10)
        canvas.translate(x: c.x, y: c.y)
        canvas.scale(x: fit, y: fit)
        var tint = frame.isDark ? darkColor : color
        switch frame.state {
        case .finished(.success): tint = Color(red: 0.14, green: 0.54, blue: 0.24)
        case .finished(.failure): tint = Color(red: 0.86, green: 0.27, blue: 0.22)
        default: break
        }
        let reduce = frame.environment.reduceMotion
        let n = Double(segments.count)
        for (g, group) in segments.enumerated() {
            var offset = Point(x: 0, y: 0), alpha = 1.0
            switch frame.state {
            case .pulling(let p):
                // Group g starts flying at g/n·0.6 of the pull and lands 0.4 later.
                let local = min(max((p - Double(g) / n * 0.6) / 0.4, 0), 1)
                alpha = reduce ? p : 0.15 + 0.85 * local
                if !reduce {
                    let away = (1 - local) * (1 - local) * scatter
                    offset = Point(x: origins[g].x * away, y: origins[g].y * away)
                }
            case .refreshing:
                // A light band sweeps across, one pass a second (a slow pulse with reduced motion).
                if reduce {
                    alpha = 0.65 + 0.35 * cos(2 * .pi * frame.stateTime / 1.6)
                } else {
                    let phase = (frame.stateTime * 1).truncatingRemainder(dividingBy: 1) * 1.6 - 0.3
                    let d = Double(g) / n - phase
                    alpha = 0.7 + 0.3 * exp(-d * d / 0.02)
                }
            default:
                break
            }
            for piece in group {
                canvas.move(to: Point(x: piece[0].x + offset.x, y: piece[0].y + offset.y))
                for point in piece.dropFirst() { canvas.line(to: Point(x: point.x + offset.x, y: point.y + offset.y)) }
            }
            canvas.stroke(.color(tint.withAlpha(tint.alpha * alpha)), style: StrokeStyle(lineWidth: lineWidth / fit, cap: .butt, join: .bevel))
        }
    }
}

@_cdecl("refresh_plugin_entry")
public func refreshPluginEntry(_ hostABI: UInt32, _ error: UnsafeMutablePointer<CChar>?, _ errorSize: Int) -> UnsafeRawPointer? {
    PluginExport.entry(StoreHouse.self, hostABI: hostABI, error: error, errorSize: errorSize)
}
