import Foundation
import RefreshHost
import RefreshPluginSDK

/// The side panel: the session's lines (plugin, edges, states, distances, parameters) and the
/// window's frame times.
enum Panel {
    static let width = 300.0

    /// Draws the panel's lines at `origin`.
    static func draw(_ lines: [String], in canvas: Canvas, origin: Point, height: Double, dark: Bool) {
        canvas.addRect(Rect(x: origin.x, y: origin.y, width: width, height: height))
        canvas.fill(.color(dark ? Color(red: 0.1, green: 0.1, blue: 0.11) : Color(red: 0.93, green: 0.93, blue: 0.95)))
        canvas.addRect(Rect(x: origin.x, y: origin.y, width: 1, height: height))
        canvas.fill(.color(dark ? Color(red: 0.25, green: 0.25, blue: 0.27) : Color(red: 0.78, green: 0.78, blue: 0.8)))
        let text = canvas.makeTextLayout(lines.joined(separator: "\n"), style: TextStyle(fontFamily: "monospace", size: 11, width: width - 20, truncation: .none))
        canvas.draw(text, at: Point(x: origin.x + 10, y: origin.y + 10), color: dark ? Color(red: 0.9, green: 0.9, blue: 0.92) : Color(red: 0.1, green: 0.1, blue: 0.12))
    }
}
