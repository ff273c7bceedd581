import Foundation
import RefreshPluginSDK
import RefreshCore

/// What a list shows instead of rows while it has none: its first page loading, the first page
/// failed, or nothing to show (`PagingStore`'s full-screen states).
public enum ListPlaceholder: Equatable, Sendable {
    /// The first page is loading: a centred spinner.
    case loading
    /// The first page failed, with the reason: a message and how to retry.
    case failed(String)
    /// The list has no rows.
    case empty

    /// Draws the placeholder centred in `viewport` (points) at `time` (the spinner turns with it).
    func draw(in canvas: Canvas, viewport: Size, time: Double, environment: IndicatorEnvironment) {
        let dark = environment.colorScheme == .dark
        let ink = dark ? Color(red: 0.92, green: 0.92, blue: 0.94) : Color(red: 0.2, green: 0.2, blue: 0.22)
        let secondary = dark ? Color(red: 0.6, green: 0.6, blue: 0.63) : Color(red: 0.45, green: 0.45, blue: 0.48)
        let centre = Point(x: viewport.width / 2, y: viewport.height / 2)
        switch self {
        case .loading:
            // Twelve spokes, the brightest one turning once a second (or standing still, reduced).
            let turn = environment.reduceMotion ? 0 : (time.truncatingRemainder(dividingBy: 1) * 12).rounded(.down)
            for spoke in 0..<12 {
                let angle = Double(spoke) / 12 * 2 * .pi - .pi / 2
                let age = (Double(spoke) - turn + 12).truncatingRemainder(dividingBy: 12)
                var color = ink
                color.alpha = 0.25 + 0.75 * (1 - age / 12)
                canvas.move(to: Point(x: centre.x + cos(angle) * 8, y: centre.y + sin(angle) * 8))
                canvas.line(to: Point(x: centre.x + cos(angle) * 16, y: centre.y + sin(angle) * 16))
                canvas.stroke(.color(color), style: StrokeStyle(lineWidth: 3, cap: .round))
            }
            text("Loading…", in: canvas, viewport: viewport, top: centre.y + 30, size: 13, color: secondary)
        case .failed(let reason):
            text("Couldn’t load the list", in: canvas, viewport: viewport, top: centre.y - 40, size: 17, color: ink)
            text(reason, in: canvas, viewport: viewport, top: centre.y - 12, size: 13, color: secondary)
            text("Press Enter or pull down to retry", in: canvas, viewport: viewport, top: centre.y + 16, size: 13, color: Color(red: 0.04, green: 0.52, blue: 1))
        case .empty:
            text("Nothing here yet", in: canvas, viewport: viewport, top: centre.y - 20, size: 17, color: ink)
            text("Pull down to refresh", in: canvas, viewport: viewport, top: centre.y + 8, size: 13, color: secondary)
        }
    }

    private func text(_ string: String, in canvas: Canvas, viewport: Size, top: Double, size: Double, color: Color) {
        var style = TextStyle(size: size, alignment: .center, width: viewport.width - 48, truncation: .end)
        style.maxLines = 2
        canvas.draw(canvas.makeTextLayout(string, style: style), at: Point(x: 24, y: top), color: color)
    }
}
