import RefreshPluginSDK

/// The preview's captions: what a screen reader would say, as subtitles at the bottom of the list.
enum Captions {
    static func draw(_ text: String, in canvas: Canvas, viewport: Size, rightToLeft: Bool) {
        var style = TextStyle(size: 15, weight: .medium, alignment: .center, direction: rightToLeft ? .rightToLeft : .leftToRight,
                              width: max(40, viewport.width - 64), truncation: .end)
        style.maxLines = 2
        let layout = canvas.makeTextLayout(text, style: style)
        let box = Rect(x: (viewport.width - layout.size.width) / 2 - 12, y: viewport.height - layout.size.height - 40,
                       width: layout.size.width + 24, height: layout.size.height + 14)
        canvas.addRoundedRect(box, radius: 8)
        canvas.fill(.color(Color(red: 0, green: 0, blue: 0, alpha: 0.78)))
        canvas.draw(layout, at: Point(x: box.minX + 12, y: box.minY + 7), color: .white)
    }
}
