import RefreshPluginSDK
import RefreshHost

/// The key help (`?`), drawn over the whole window: a table of keys and what they do, in two
/// columns when the window is wide enough; a meaning wraps inside its own column, never under the keys.
package enum HelpOverlay {
    /// Draws the keys over a window of `size` points.
    package static func draw(in canvas: Canvas, size: Size) {
        canvas.addRect(Rect(x: 0, y: 0, width: size.width, height: size.height))
        canvas.fill(.color(Color(red: 0, green: 0, blue: 0, alpha: 0.94)))
        let margin = 16.0, gap = 20.0
        let title = canvas.makeTextLayout("Keys — Esc or ? closes this help", style: TextStyle(size: 15, weight: .semibold))
        canvas.draw(title, at: Point(x: margin, y: margin), color: .white)
        let entries = KeyMap.help
        let columns = size.width >= 600 ? 2 : 1
        let columnWidth = (size.width - 2 * margin - gap * Double(columns - 1)) / Double(columns)
        let keyStyle = TextStyle(fontFamily: "monospace", size: 11, weight: .bold)
        let keyWidth = entries.map { canvas.makeTextLayout($0.keys, style: keyStyle).size.width }.max() ?? 0
        let meaningStyle = TextStyle(size: 12, width: max(60, columnWidth - keyWidth - 10))
        let perColumn = (entries.count + columns - 1) / columns
        for column in 0..<columns {
            var y = margin + title.size.height + 12
            let x = margin + Double(column) * (columnWidth + gap)
            for entry in entries.dropFirst(column * perColumn).prefix(perColumn) {
                let meaning = canvas.makeTextLayout(entry.meaning, style: meaningStyle)
                canvas.draw(canvas.makeTextLayout(entry.keys, style: keyStyle), at: Point(x: x, y: y + 1), color: Color(red: 1, green: 0.85, blue: 0.45))
                canvas.draw(meaning, at: Point(x: x + keyWidth + 10, y: y), color: .white)
                y += meaning.size.height + 6
            }
        }
    }
}
