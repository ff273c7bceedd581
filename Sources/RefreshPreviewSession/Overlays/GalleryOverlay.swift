import RefreshPluginSDK
import RefreshHost

/// The plugin gallery (I, or a click on the panel's plugin line): every plugin found as a card —
/// its thumbnail (the bundle's, or rendered refreshing), name and version; a broken one shows its
/// reason — drawn over the whole window. A click on a card picks that plugin.
package enum GalleryOverlay {
    /// One card's content.
    package struct Entry {
        package var name: String
        package var version: String
        /// The picture (nil while the plugin loads, or when it failed).
        package var thumbnail: ImageSurface?
        /// Why it cannot be shown, for a broken plugin.
        package var error: String?
    }

    /// A thumbnail's size in points (a band's proportions).
    package static let thumbnailSize = Size(width: 180, height: 72)
    static let cardSize = Size(width: 196, height: 120)
    static let gap = 12.0, margin = 16.0, titleHeight = 44.0

    /// Each card's rectangle in a window of `size` for `count` plugins, row by row.
    package static func cardRects(count: Int, in size: Size) -> [Rect] {
        let columns = max(1, Int((size.width - 2 * margin + gap) / (cardSize.width + gap)))
        let used = Double(columns) * cardSize.width + Double(columns - 1) * gap
        let left = (size.width - used) / 2
        return (0..<count).map { i in
            Rect(x: left + Double(i % columns) * (cardSize.width + gap), y: margin + titleHeight + Double(i / columns) * (cardSize.height + gap),
                 width: cardSize.width, height: cardSize.height)
        }
    }

    /// Draws the gallery over a window of `size`, `current` marked.
    package static func draw(_ entries: [Entry], current: Int, in canvas: Canvas, size: Size, scheme: IndicatorEnvironment.ColorScheme) {
        let dark = scheme == .dark
        canvas.addRect(Rect(x: 0, y: 0, width: size.width, height: size.height))
        canvas.fill(.color(dark ? Color(red: 0.08, green: 0.08, blue: 0.09, alpha: 0.96) : Color(red: 0.95, green: 0.95, blue: 0.97, alpha: 0.97)))
        let ink = dark ? Color(red: 0.92, green: 0.92, blue: 0.94) : Color(red: 0.1, green: 0.1, blue: 0.12)
        let title = canvas.makeTextLayout("Plugins — click one to show it (Esc closes, ← → still cycle)", style: TextStyle(size: 15, weight: .semibold, width: size.width - 2 * margin, truncation: .end))
        canvas.draw(title, at: Point(x: margin, y: margin), color: ink)
        for (index, (entry, rect)) in zip(entries, cardRects(count: entries.count, in: size)).enumerated() {
            canvas.addRoundedRect(rect, radius: 10)
            canvas.fill(.color(dark ? Color(red: 0.16, green: 0.16, blue: 0.18) : .white))
            if index == current {
                canvas.addRoundedRect(rect.insetBy(1), radius: 9)
                canvas.stroke(.color(Color(red: 0, green: 0.48, blue: 1)), style: StrokeStyle(lineWidth: 2))
            }
            let picture = Rect(x: rect.minX + 8, y: rect.minY + 8, width: thumbnailSize.width, height: thumbnailSize.height)
            if let error = entry.error {
                ErrorCard.draw(error, in: canvas, rect: picture.insetBy(-6), scheme: scheme)
            } else if let thumbnail = entry.thumbnail {
                canvas.drawImage(thumbnail, in: picture)
            } else {
                let loading = canvas.makeTextLayout("loading…", style: TextStyle(size: 12, alignment: .center, width: picture.width))
                canvas.draw(loading, at: Point(x: picture.minX, y: picture.minY + picture.height / 2 - 8), color: ink.withAlpha(0.6))
            }
            let name = canvas.makeTextLayout(entry.name, style: TextStyle(size: 13, weight: .semibold, width: rect.width - 16, truncation: .end))
            canvas.draw(name, at: Point(x: rect.minX + 8, y: picture.maxY + 6), color: ink)
            let version = canvas.makeTextLayout(entry.version, style: TextStyle(size: 11, width: rect.width - 16, truncation: .end))
            canvas.draw(version, at: Point(x: rect.minX + 8, y: picture.maxY + 23), color: ink.withAlpha(0.6))
        }
    }
}
