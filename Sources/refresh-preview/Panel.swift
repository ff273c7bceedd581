import Foundation
import RefreshHost
import RefreshPreviewSession
import RefreshPluginSDK

/// The side panel: the session's lines (plugin, edges, states, distances, parameters) and the
/// window's frame times, a line each: a line too long for the panel ends in an ellipsis (a path
/// loses its middle) instead of wrapping, and a value in a script the monospace font cannot shape
/// (an Arabic announcement) is set in the sans-serif font beside its monospace label.
enum Panel {
    static let width = SessionView.panelWidth
    /// The labels' column, in characters ("progress ").
    private static let labelColumn = 9
    private static let margin = 10.0

    /// Draws the panel's lines at `origin`.
    static func draw(_ lines: [String], in canvas: Canvas, origin: Point, height: Double, dark: Bool, top: Double = 0) {
        canvas.addRect(Rect(x: origin.x, y: origin.y, width: width, height: height))
        canvas.fill(.color(dark ? Color(red: 0.1, green: 0.1, blue: 0.11) : Color(red: 0.93, green: 0.93, blue: 0.95)))
        canvas.addRect(Rect(x: origin.x, y: origin.y, width: 1, height: height))
        canvas.fill(.color(dark ? Color(red: 0.25, green: 0.25, blue: 0.27) : Color(red: 0.78, green: 0.78, blue: 0.8)))
        let color = dark ? Color(red: 0.9, green: 0.9, blue: 0.92) : Color(red: 0.1, green: 0.1, blue: 0.12)
        let inner = width - 2 * margin
        let probe = canvas.makeTextLayout(String(repeating: "M", count: labelColumn), style: TextStyle(fontFamily: "monospace", size: 11))
        let lineHeight = probe.size.height, labelWidth = probe.size.width
        var y = origin.y + max(margin, top)
        for line in lines {
            guard y + lineHeight <= origin.y + height else { break }
            let x = origin.x + margin
            if let (label, value) = split(line), needsShaping(value) {
                canvas.draw(canvas.makeTextLayout(label, style: TextStyle(fontFamily: "monospace", size: 11)), at: Point(x: x, y: y), color: color)
                let style = TextStyle(fontFamily: "sans-serif", size: 11, width: inner - labelWidth, truncation: .end)
                canvas.draw(canvas.makeTextLayout(value, style: style), at: Point(x: x + labelWidth, y: y), color: color)
            } else {
                let style = TextStyle(fontFamily: "monospace", size: 11, width: inner, truncation: line.contains("/") ? .middle : .end)
                canvas.draw(canvas.makeTextLayout(line, style: style), at: Point(x: x, y: y), color: color)
            }
            y += lineHeight
        }
    }

    /// A line's label ("says     ") and value, when it has the label column.
    static func split(_ line: String) -> (label: String, value: String)? {
        let characters = Array(line)
        guard characters.count > labelColumn, characters[0].isLetter, characters[labelColumn - 1] == " ",
              characters[..<labelColumn].allSatisfy({ $0.isLetter || $0 == " " }) else { return nil }
        return (String(characters[..<labelColumn]), String(characters[labelColumn...]))
    }

    /// Whether `text` holds letters of a script that joins or runs right to left (Arabic, Hebrew,
    /// Indic and later blocks), which the monospace font sets unshaped.
    static func needsShaping(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0.value >= 0x0590 && $0.properties.isAlphabetic }
    }
}
