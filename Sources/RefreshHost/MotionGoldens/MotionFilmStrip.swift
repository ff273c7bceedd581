import Foundation
import RefreshPluginSDK

/// The picture of a motion failure: for each frame that differs (at most ``maximumFrames``), the
/// golden's frame (its partner in time) over the played one, with frame numbers and times, so a reviewer sees at once
/// what changed between the checkpoints.
enum MotionFilmStrip {
    /// The most frames a strip shows: the first of each run of differences, then the runs' last.
    static let maximumFrames = 12

    /// Which played frames a strip of `differences` shows, in order.
    static func frames(of differences: [MotionComparison.Difference]) -> [Int] {
        var chosen: [Int] = []
        for candidates in [differences.map(\.frames.lowerBound), differences.map(\.frames.upperBound)] {
            for frame in candidates where !chosen.contains(frame) && chosen.count < maximumFrames { chosen.append(frame) }
        }
        return chosen.sorted()
    }

    /// The strip of `frames` of `actual` against `golden`, their pictures read from the films
    /// (a picture that cannot be read is a grey box saying so).
    static func make(frames: [Int], golden: MotionTrack, actual: MotionTrack, tolerance: Int, goldenFilm: String, actualFilm: String) throws -> ImageSurface {
        func picture(_ hash: String, _ films: [String], scale: Double) -> ImageSurface? {
            // try?: a picture that is gone or broken is drawn as a box that says so; the comparison has already failed it.
            MotionFilm.picture(hash, in: films).flatMap { try? ImageSurface.readPNG(at: $0, scale: scale) }
        }
        let pairs = frames.map { frame -> (frame: Int, goldenFrame: Int, expected: ImageSurface?, actual: ImageSurface?) in
            let g = MotionComparison.partner(of: frame, tolerance: tolerance, golden: golden, actual: actual)
            return (frame, g, picture(golden.frames[g].hash, [goldenFilm], scale: golden.scale),
                    picture(actual.frames[frame].hash, [actualFilm, goldenFilm], scale: actual.scale))
        }
        let sample = pairs.lazy.compactMap { $0.actual ?? $0.expected }.first
        let cell = Size(width: sample.map { Double($0.width) } ?? 390, height: sample.map { Double($0.height) } ?? 120)
        let label = 16.0, gap = 10.0, columns = max(1, min(pairs.count, 4))
        let rows = (pairs.count + columns - 1) / columns
        let blockHeight = 2 * (label + cell.height) + gap
        let strip = try ImageSurface(size: Size(width: Double(columns) * (cell.width + gap) + gap, height: Double(max(1, rows)) * (blockHeight + gap) + gap), scale: 1)
        let canvas = Canvas(surface: strip)
        canvas.clear(Color(red: 0.93, green: 0.93, blue: 0.95))
        for (index, pair) in pairs.enumerated() {
            let x = gap + Double(index % columns) * (cell.width + gap), y = gap + Double(index / columns) * (blockHeight + gap)
            let rows: [(String, ImageSurface?, Color)] = [
                ("expected · golden frame \(pair.goldenFrame) · \(MotionComparison.seconds(golden, pair.goldenFrame))", pair.expected, Color(red: 0.1, green: 0.1, blue: 0.12)),
                ("actual · frame \(pair.frame) · \(MotionComparison.seconds(actual, pair.frame))", pair.actual, Color(red: 0.75, green: 0, blue: 0.08)),
            ]
            for (row, (text, image, colour)) in rows.enumerated() {
                let top = y + Double(row) * (label + cell.height)
                let layout = canvas.makeTextLayout(text, style: TextStyle(fontFamily: "monospace", size: 10.5, width: cell.width, truncation: .end))
                canvas.draw(layout, at: Point(x: x, y: top + 1), color: colour)
                let box = Rect(x: x, y: top + label, width: cell.width, height: cell.height)
                if let image {
                    canvas.drawImage(image, in: box)
                } else {
                    canvas.beginPath()
                    canvas.addRect(box)
                    canvas.fill(.color(Color(red: 0.6, green: 0.6, blue: 0.62)))
                    canvas.draw(canvas.makeTextLayout("(no picture)", style: TextStyle(size: 12)), at: Point(x: x + 8, y: top + label + 8), color: .white)
                }
            }
        }
        return strip
    }
}
