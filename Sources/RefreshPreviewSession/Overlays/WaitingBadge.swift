import RefreshPluginSDK
import RefreshHost

/// The badge over an indicator whose plugin has not drawn the frame in time (its render blocks):
/// its last frame stays, and the badge names the plugin waited for, at the first edge's band.
enum WaitingBadge {
    /// Draws `text` at the top-trailing corner of the first of `edges`' bands (the viewport's
    /// top when there is none).
    static func draw(_ text: String, in canvas: Canvas, layout: SceneLayout, edges: [RefreshEdge]) {
        let band = edges.first.map(layout.bandRect(at:)) ?? Rect(x: 0, y: 0, width: layout.viewport.width, height: 40)
        // Its own width, or the band's less a margin, cut short with "…".
        var label = canvas.makeTextLayout(text, style: TextStyle(size: 12, weight: .semibold))
        if label.size.width > band.size.width - 32 {
            var style = TextStyle(size: 12, weight: .semibold, width: max(40, band.size.width - 32), truncation: .end)
            style.maxLines = 1
            label = canvas.makeTextLayout(text, style: style)
        }
        let box = Rect(x: max(band.minX + 4, band.maxX - label.size.width - 24), y: band.minY + 6,
                       width: label.size.width + 16, height: label.size.height + 8)
        canvas.addRoundedRect(box, radius: box.size.height / 2)
        canvas.fill(.color(Color(red: 1, green: 0.62, blue: 0.04, alpha: 0.92)))
        canvas.draw(label, at: Point(x: box.minX + 8, y: box.minY + 4), color: .black)
    }
}
