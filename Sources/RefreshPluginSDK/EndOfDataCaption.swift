import RefreshContract
import RefreshGraphics

extension Canvas {
    /// Says in words that the list has no more data: `StateDescription`'s "No more items" in the
    /// frame's locale (English, Simplified Chinese, Arabic; English for others), in the frame's
    /// reading direction, centred in its visible part (or on `center`), on one line that shrinks to
    /// fit. What a footer draws in place of a mark a user would have to decode.
    public func drawEndOfData(_ frame: IndicatorFrame, color: Color, size: Double = 13, center: Point? = nil) {
        let visible = frame.visibleRect
        guard visible.width > 8, visible.height > 4 else { return }
        let locale = frame.environment.locale
        let words = StateDescription.text(for: .noMoreData, edge: frame.edge, locale: locale)
            ?? StateDescription.text(for: .noMoreData, edge: frame.edge, locale: "en") ?? ""
        let direction: TextDirection = IndicatorEnvironment.isRightToLeft(locale: locale) ? .rightToLeft : .leftToRight
        var layout = makeTextLayout(words, style: TextStyle(size: size, weight: .medium, direction: direction))
        let room = visible.width - 16
        if layout.size.width > room {
            layout = makeTextLayout(words, style: TextStyle(size: max(7, size * room / layout.size.width), weight: .medium, direction: direction,
                                                            width: room, truncation: .end))
        }
        let c = center ?? visible.center
        draw(layout, at: Point(x: c.x - layout.size.width / 2, y: c.y - layout.size.height / 2), color: color)
    }
}
