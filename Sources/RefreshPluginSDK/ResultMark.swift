extension Canvas {
    /// Adds the path of the usual mark for how a refresh ended, centred at `center`, reaching `size`
    /// points from the centre: a tick for success, a cross for failure, a dash for no more data.
    /// Stroke it afterwards (round caps and joins suit it).
    public func addResultMark(_ result: RefreshResult, center c: Point, size m: Double) {
        switch result {
        case .success:
            move(to: Point(x: c.x - m, y: c.y))
            line(to: Point(x: c.x - m * 0.2, y: c.y + m * 0.75))
            line(to: Point(x: c.x + m, y: c.y - m * 0.7))
        case .failure:
            move(to: Point(x: c.x - m * 0.7, y: c.y - m * 0.7))
            line(to: Point(x: c.x + m * 0.7, y: c.y + m * 0.7))
            move(to: Point(x: c.x + m * 0.7, y: c.y - m * 0.7))
            line(to: Point(x: c.x - m * 0.7, y: c.y + m * 0.7))
        case .noMoreData:
            move(to: Point(x: c.x - m, y: c.y))
            line(to: Point(x: c.x + m, y: c.y))
        }
    }
}
