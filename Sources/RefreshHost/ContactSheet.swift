import RefreshPluginSDK

/// A grid of frames, each labelled (frame, time, state): one picture of a whole run for a review.
public enum ContactSheet {
    /// Lays `cells` out in `columns` columns, each frame scaled to `cellWidth` points wide with its
    /// label underneath, at 2x.
    public static func make(_ cells: [(image: ImageSurface, label: String)], columns: Int = 6, cellWidth: Double = 195,
                            scheme: IndicatorEnvironment.ColorScheme = .light) throws -> ImageSurface {
        let columns = max(1, min(columns, cells.count))
        let first = cells.first?.image
        let aspect = first.map { Double($0.height) / Double($0.width) } ?? 0.3
        let cellHeight = cellWidth * aspect, labelHeight = 18.0, gap = 6.0
        let rows = (cells.count + columns - 1) / columns
        let size = Size(width: Double(columns) * (cellWidth + gap) + gap, height: Double(max(1, rows)) * (cellHeight + labelHeight + gap) + gap)
        let sheet = try ImageSurface(size: size, scale: 2)
        let canvas = Canvas(surface: sheet)
        let dark = scheme == .dark
        canvas.clear(dark ? Color(red: 0.15, green: 0.15, blue: 0.16) : Color(red: 0.86, green: 0.86, blue: 0.88))
        for (i, cell) in cells.enumerated() {
            let x = gap + Double(i % columns) * (cellWidth + gap), y = gap + Double(i / columns) * (cellHeight + labelHeight + gap)
            canvas.drawImage(cell.image, in: Rect(x: x, y: y, width: cellWidth, height: cellHeight))
            let label = canvas.makeTextLayout(cell.label, style: TextStyle(fontFamily: "monospace", size: 9.5, width: cellWidth, truncation: .end))
            canvas.draw(label, at: Point(x: x, y: y + cellHeight + 3), color: dark ? .white : .black)
        }
        return sheet
    }
}
