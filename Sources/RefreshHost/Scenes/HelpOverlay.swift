import RefreshPluginSDK

/// The key help drawn over the list (`?`).
enum HelpOverlay {
    /// Draws the keys over a viewport of `size` points.
    static func draw(in canvas: Canvas, size: Size) {
        canvas.addRect(Rect(x: 0, y: 0, width: size.width, height: size.height))
        canvas.fill(.color(Color(red: 0, green: 0, blue: 0, alpha: 0.78)))
        let lines = ["Keys"] + KeyMap.help.map { $0.keys.padding(toLength: 13, withPad: " ", startingAt: 0) + $0.meaning }
        let text = canvas.makeTextLayout(lines.joined(separator: "\n"), style: TextStyle(fontFamily: "monospace", size: 11, width: size.width - 24))
        canvas.draw(text, at: Point(x: 12, y: 16), color: .white)
    }
}
