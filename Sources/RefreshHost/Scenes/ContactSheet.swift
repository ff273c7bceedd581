import RefreshPluginSDK

/// A grid of frames, each labelled (frame, time, state): one picture of a whole run for a review.
///
/// Built incrementally: each frame is drawn into its cell, scaled down, as it arrives, and only the
/// sheet is kept, so memory does not grow with the number or the size of the frames.
public struct ContactSheet {
    /// The most cells a sheet shows; callers pick which frames (every n-th) when they have more.
    public static let maximumCells = 60

    private let count: Int
    private let columns: Int
    private let cellWidth: Double
    private let scheme: IndicatorEnvironment.ColorScheme
    private var sheet: ImageSurface?
    private var canvas: Canvas?
    private var cellHeight = 0.0
    private var added = 0
    private static let labelHeight = 18.0, gap = 6.0

    /// A sheet for `count` cells (at most ``maximumCells``) in `columns` columns, each frame scaled
    /// to `cellWidth` points wide with its label underneath, at 2x.
    public init(count: Int, columns: Int = 6, cellWidth: Double = 195, scheme: IndicatorEnvironment.ColorScheme = .light) {
        self.count = min(max(1, count), Self.maximumCells)
        self.columns = max(1, min(columns, self.count))
        self.cellWidth = cellWidth
        self.scheme = scheme
    }

    /// Draws `image` into the next cell; the first image sets the cells' aspect. Cells past the
    /// sheet's count are ignored.
    public mutating func add(_ image: ImageSurface, label: String) throws {
        guard added < count else { return }
        if canvas == nil { try start(aspect: Double(image.height) / Double(max(1, image.width))) }
        guard let canvas else { return }
        let x = Self.gap + Double(added % columns) * (cellWidth + Self.gap)
        let y = Self.gap + Double(added / columns) * (cellHeight + Self.labelHeight + Self.gap)
        canvas.drawImage(image, in: Rect(x: x, y: y, width: cellWidth, height: cellHeight))
        let layout = canvas.makeTextLayout(label, style: TextStyle(fontFamily: "monospace", size: 9.5, width: cellWidth, truncation: .end))
        canvas.draw(layout, at: Point(x: x, y: y + cellHeight + 3), color: scheme == .dark ? .white : .black)
        added += 1
    }

    /// The sheet (an empty one when nothing was added).
    public mutating func finish() throws -> ImageSurface {
        if sheet == nil { try start(aspect: 0.3) }
        return sheet!
    }

    private mutating func start(aspect: Double) throws {
        cellHeight = cellWidth * min(max(aspect, 0.05), 4)
        let rows = (count + columns - 1) / columns
        let size = Size(width: Double(columns) * (cellWidth + Self.gap) + Self.gap,
                        height: Double(rows) * (cellHeight + Self.labelHeight + Self.gap) + Self.gap)
        let sheet = try ImageSurface(size: size, scale: 2)
        let canvas = Canvas(surface: sheet)
        canvas.clear(scheme == .dark ? Color(red: 0.15, green: 0.15, blue: 0.16) : Color(red: 0.86, green: 0.86, blue: 0.88))
        self.sheet = sheet
        self.canvas = canvas
    }

    /// Which of `total` frames a sheet of at most ``maximumCells`` shows: every `stride`-th.
    public static func stride(for total: Int) -> Int {
        max(1, (total + maximumCells - 1) / maximumCells)
    }

    /// A sheet of `cells` at once.
    public static func make(_ cells: [(image: ImageSurface, label: String)], columns: Int = 6, cellWidth: Double = 195,
                            scheme: IndicatorEnvironment.ColorScheme = .light) throws -> ImageSurface {
        var sheet = ContactSheet(count: cells.count, columns: columns, cellWidth: cellWidth, scheme: scheme)
        for cell in cells { try sheet.add(cell.image, label: cell.label) }
        return try sheet.finish()
    }
}
