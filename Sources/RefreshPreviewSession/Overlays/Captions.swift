import RefreshPluginSDK
import RefreshHost

/// The preview's captions: what a screen reader would say, as subtitles near the bottom of the
/// list, kept off the indicator bands being reviewed (above a footer, beside a side edge).
enum Captions {
    /// Draws `text` inside `area` (the viewport less the bands of the enabled edges).
    static func draw(_ text: String, in canvas: Canvas, area: Rect, rightToLeft: Bool) {
        var style = TextStyle(size: 15, weight: .medium, alignment: .center, direction: rightToLeft ? .rightToLeft : .leftToRight,
                              width: max(40, area.size.width - 64), truncation: .end)
        style.maxLines = 2
        let layout = canvas.makeTextLayout(text, style: style)
        let below = min(40, max(8, area.size.height - layout.size.height - 22))
        let box = Rect(x: area.minX + (area.size.width - layout.size.width) / 2 - 12, y: area.maxY - layout.size.height - 14 - below,
                       width: layout.size.width + 24, height: layout.size.height + 14)
        canvas.addRoundedRect(box, radius: 8)
        canvas.fill(.color(Color(red: 0, green: 0, blue: 0, alpha: 0.78)))
        canvas.draw(layout, at: Point(x: box.minX + 12, y: box.minY + 7), color: .white)
    }

    /// The viewport less the bands of `edges` (each edge's band as `layout` places it).
    static func area(in layout: SceneLayout, clearOf edges: [RefreshEdge]) -> Rect {
        var minX = 0.0, minY = 0.0, maxX = layout.viewport.width, maxY = layout.viewport.height
        for edge in edges {
            let band = layout.bandRect(at: edge)
            switch edge {
            case .top: minY = max(minY, band.maxY)
            case .bottom: maxY = min(maxY, band.minY)
            case .leading: minX = max(minX, band.maxX)
            case .trailing: maxX = min(maxX, band.minX)
            }
        }
        // A viewport all band (too small to leave room): the captions take the whole of it.
        guard maxX - minX >= 80, maxY - minY >= 40 else { return Rect(x: 0, y: 0, width: layout.viewport.width, height: layout.viewport.height) }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}
