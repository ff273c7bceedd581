/// A rectangle of a frame, in pixels.
struct PixelRectangle: Equatable {
    var x: Int, y: Int, width: Int, height: Int

    /// The smallest rectangle holding every pixel of `now` that differs from `before` (both
    /// `width` × `height`, row by row); nil when none does. What the animation writers store of a
    /// frame after the first.
    static func changed(from before: UnsafeBufferPointer<UInt32>, to now: UnsafeBufferPointer<UInt32>, width: Int, height: Int) -> PixelRectangle? {
        var (minX, minY, maxX, maxY) = (width, height, -1, -1)
        for y in 0..<height {
            let row = y * width
            guard let first = (0..<width).first(where: { now[row + $0] != before[row + $0] }) else { continue }
            let last = (first..<width).last { now[row + $0] != before[row + $0] }!
            (minX, maxX, minY, maxY) = (min(minX, first), max(maxX, last), min(minY, y), y)
        }
        guard maxY >= 0 else { return nil }
        return PixelRectangle(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
    }
}
