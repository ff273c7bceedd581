import Foundation
import RefreshHost
import RefreshPluginSDK

/// The side panel (plugin, edge, state, distances, velocity, frame times, parameters) and the help
/// overlay.
enum Panel {
    static let width = 300.0

    static let help: [(String, String)] = [
        ("drag / wheel", "scroll and pull; release to fling or spring back"),
        ("← → or [ ]", "previous / next plugin"),
        ("R", "rescan and reload plugins"),
        ("1  2  3", "speed 1×, ¼×, ⅒×"),
        ("space  .", "pause; step one frame while paused"),
        ("P  ↑ ↓", "scrub: hold the pull at a progress; ↑↓ change it, P again releases"),
        ("T  M  L", "light/dark, reduce motion, next locale"),
        ("E", "next edge layout (top, top+bottom, bottom, leading, …)"),
        ("B  N", "begin a refresh; end it now"),
        ("S  F", "force the next outcome: success / failure"),
        ("Tab  + −", "select a parameter; change it"),
        ("C  V", "screenshot PNG; record / stop an animated WebP"),
        ("H  ?", "panel; this help"),
        ("Q  Esc", "quit"),
    ]

    /// Draws the panel's lines at `origin`.
    static func draw(_ lines: [String], in canvas: Canvas, origin: Point, height: Double, dark: Bool) {
        canvas.addRect(Rect(x: origin.x, y: origin.y, width: width, height: height))
        canvas.fill(.color(dark ? Color(red: 0.1, green: 0.1, blue: 0.11) : Color(red: 0.93, green: 0.93, blue: 0.95)))
        canvas.addRect(Rect(x: origin.x, y: origin.y, width: 1, height: height))
        canvas.fill(.color(dark ? Color(red: 0.25, green: 0.25, blue: 0.27) : Color(red: 0.78, green: 0.78, blue: 0.8)))
        let text = canvas.makeTextLayout(lines.joined(separator: "\n"), style: TextStyle(fontFamily: "monospace", size: 11, width: width - 20, truncation: .none))
        canvas.draw(text, at: Point(x: origin.x + 10, y: origin.y + 10), color: dark ? Color(red: 0.9, green: 0.9, blue: 0.92) : Color(red: 0.1, green: 0.1, blue: 0.12))
    }

    /// Draws the help over the viewport.
    static func drawHelp(in canvas: Canvas, size: Size) {
        canvas.addRect(Rect(x: 0, y: 0, width: size.width, height: size.height))
        canvas.fill(.color(Color(red: 0, green: 0, blue: 0, alpha: 0.78)))
        let lines = ["Keys"] + help.map { $0.0.padding(toLength: 13, withPad: " ", startingAt: 0) + $0.1 }
        let text = canvas.makeTextLayout(lines.joined(separator: "\n"), style: TextStyle(fontFamily: "monospace", size: 11, width: size.width - 24))
        canvas.draw(text, at: Point(x: 12, y: 16), color: .white)
    }
}
