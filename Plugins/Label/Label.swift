import Foundation
import RefreshPluginSDK

/// The text indicator of IQPullToRefresh's example and MJRefresh's state header: what to do and
/// what happened, in the frame's language, with an arrow that turns when releasing will refresh.
///
/// Matched with MJRefreshNormalHeader and MJRefreshAutoNormalFooter: the arrow beside the text,
/// turning half a turn when releasing will refresh, a spinner in its place while loading, an
/// optional second line "Last update: …", MJRefresh's words ("Pull down to refresh", "No more data") and its Chinese ones.
/// Ours: the arrow is drawn (MJRefresh's is a bitmap), Arabic laid out right to left, and the
/// result said in words ("Updated just now", "Couldn't refresh") where MJRefresh only closes.
public final class Label: RefreshIndicator {
    public static let info = IndicatorInfo(
        id: "dev.refreshkit.label", name: "Label", version: "1.2.0",
        summary: "“Pull down to refresh”, “Release to refresh”, “Loading…”: state text in English, Chinese and Arabic."
    )

    static let color = Parameter.color("color", default: "#3C3C43", help: "Text colour on light backgrounds").labelled("Colour")
    static let darkColor = Parameter.color("darkColor", default: "#EBEBF5", help: "Text colour on dark backgrounds").labelled("Dark colour")
    static let fontSize = Parameter.number("fontSize", default: 14, range: 8...32, help: "Text size in points").labelled("Text size")
    static let showArrow = Parameter.bool("showArrow", default: true, help: "Show an arrow that turns when releasing will refresh").labelled("Arrow")
    static let lastUpdated = Parameter.string("lastUpdated", default: "", help: "A time to show as “Last update: …” (empty: no second line)").labelled("Last updated")
    static let language = Parameter.string("language", default: "", help: "Force a language (en, zh-Hans, ar); empty follows the frame's locale").labelled("Language")
    public static let parameters = ParameterSpec.list(color, darkColor, fontSize, showArrow, lastUpdated, language)

    /// The languages of its tables: an export writes a file each.
    public static let drawnLocales = ["en", "zh-Hans", "ar"]

    public let refreshLength = 60.0
    let color: Color, darkColor: Color
    let fontSize: Double
    let showArrow: Bool
    let lastUpdated: String
    let language: String

    public init(parameters: ParameterValues) throws {
        color = parameters[Self.color]
        darkColor = parameters[Self.darkColor]
        fontSize = parameters[Self.fontSize]
        showArrow = parameters[Self.showArrow]
        lastUpdated = parameters[Self.lastUpdated]
        language = parameters[Self.language]
    }

    /// The label's own words, which a screen reader then says too (the `language` parameter wins);
    /// the second floor's states in the SDK's words.
    public func stateDescription(_ state: RefreshState, edge: RefreshEdge, locale: String) -> String? {
        let strings = LabelStrings.language(for: language.isEmpty ? locale : language).strings(for: edge)
        switch state {
        case .pulling: return strings.pull
        case .eligible: return strings.release
        case .refreshing: return strings.loading
        case .finished(.success): return strings.success
        case .finished(.failure): return strings.failure
        case .finished(.noMoreData), .noMoreData: return strings.noMore
        case .none, .unknown, .secondaryEligible, .secondaryOpen, .secondaryClosing:
            return StateDescription.text(for: state, edge: edge, locale: language.isEmpty ? locale : language)
        @unknown default:  // a state a later SDK adds: as above until handled
            return StateDescription.text(for: state, edge: edge, locale: language.isEmpty ? locale : language)
        }
    }

    public func draw(in canvas: Canvas, frame: IndicatorFrame) {
        let visible = frame.visibleRect
        guard visible.height > 0 else { return }
        let locale = language.isEmpty ? frame.environment.locale : language
        let table = LabelStrings.language(for: locale)
        let strings = table.strings(for: frame.edge)
        let tint = frame.isDark ? darkColor : color
        var alpha = 1.0
        let text: String
        switch frame.state {
        case .pulling(let progress):
            text = strings.pull
            alpha = 0.25 + 0.75 * progress
        case .eligible: text = strings.release
        case .refreshing: text = strings.loading
        case .finished(.success): text = strings.success
        case .finished(.failure): text = strings.failure
        case .finished(.noMoreData), .noMoreData: text = strings.noMore
        case .secondaryEligible: text = StateDescription.text(for: .secondaryEligible, edge: frame.edge, locale: locale) ?? ""
        case .none, .unknown, .secondaryOpen, .secondaryClosing: return
        @unknown default: return  // a state a later SDK adds: drawn as none until handled
        }
        let rightToLeft = IndicatorEnvironment.isRightToLeft(locale: locale)
        let direction: TextDirection = rightToLeft ? .rightToLeft : .leftToRight
        let main = canvas.makeTextLayout(text, style: TextStyle(size: fontSize, weight: .medium, direction: direction))
        let detail = lastUpdated.isEmpty || frame.edge.isAtEnd ? nil
            : canvas.makeTextLayout(strings.lastUpdated.replacingOccurrences(of: "%@", with: lastUpdated),
                                    style: TextStyle(size: fontSize * 0.8, direction: direction))
        let blockHeight = main.size.height + (detail.map { $0.size.height + 2 } ?? 0)
        let markSize = fontSize * 1.25
        let hasMark = showArrow && !frame.edge.isAtEnd || frame.state == .refreshing
        let blockWidth = max(main.size.width, detail?.size.width ?? 0) + (hasMark ? markSize + 8 : 0)
        let left = visible.center.x - blockWidth / 2
        let top = visible.center.y - blockHeight / 2
        // The mark sits on the leading side: left for left-to-right text, right for right-to-left.
        let textLeft = hasMark && !rightToLeft ? left + markSize + 8 : left
        let markCenter = Point(x: rightToLeft ? left + blockWidth - markSize / 2 : left + markSize / 2, y: visible.center.y)
        canvas.withAlpha(alpha) {
            canvas.draw(main, at: Point(x: textLeft + (blockWidth - (hasMark ? markSize + 8 : 0) - main.size.width) / 2, y: top), color: tint)
            if let detail {
                canvas.draw(detail, at: Point(x: textLeft + (blockWidth - (hasMark ? markSize + 8 : 0) - detail.size.width) / 2,
                                              y: top + main.size.height + 2), color: tint.withAlpha(0.6))
            }
            if hasMark { drawMark(canvas, frame: frame, center: markCenter, size: markSize, tint: tint) }
        }
    }

    /// The arrow while pulling (turning from down to up between 75 % and 100 %), a ring of dots
    /// while loading.
    private func drawMark(_ canvas: Canvas, frame: IndicatorFrame, center: Point, size: Double, tint: Color) {
        switch frame.state {
        case .pulling, .eligible:
            let turn: Double
            if case .pulling(let p) = frame.state { turn = min(max((p - 0.75) / 0.25, 0), 1) } else { turn = 1 }
            canvas.withSavedState {
                canvas.translate(x: center.x, y: center.y)
                canvas.rotate(.pi * (frame.environment.reduceMotion ? turn.rounded() : turn))
                let h = size / 2
                canvas.move(to: Point(x: 0, y: -h))
                canvas.line(to: Point(x: 0, y: h))
                canvas.move(to: Point(x: -h * 0.55, y: h * 0.45))
                canvas.line(to: Point(x: 0, y: h))
                canvas.line(to: Point(x: h * 0.55, y: h * 0.45))
                canvas.stroke(.color(tint), style: StrokeStyle(lineWidth: max(1.5, size * 0.11), cap: .round, join: .round))
            }
        case .refreshing:
            let dots = 8
            let head = frame.environment.reduceMotion ? -1 : Int(saturating: floor(frame.stateTime * 10)) % dots
            for i in 0..<dots {
                let angle = 2 * .pi * Double(i) / Double(dots) - .pi / 2
                let r = size * 0.38
                let fade = head < 0 ? 0.7 : 1 - 0.75 * Double((head - i + dots) % dots) / Double(dots)
                canvas.addEllipse(in: Rect(x: center.x + r * cos(angle) - size * 0.08, y: center.y + r * sin(angle) - size * 0.08,
                                           width: size * 0.16, height: size * 0.16))
                canvas.fill(.color(tint.withAlpha(fade)))
            }
        default:
            break
        }
    }
}

@_cdecl("refresh_plugin_entry")
public func refreshPluginEntry(_ hostABI: UInt32, _ error: UnsafeMutablePointer<CChar>?, _ errorSize: Int) -> UnsafeRawPointer? {
    PluginExport.entry(Label.self, hostABI: hostABI, error: error, errorSize: errorSize)
}
