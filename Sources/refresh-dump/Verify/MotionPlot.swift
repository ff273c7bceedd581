import Foundation
import RefreshHost

/// The offset and each edge's progress against time, golden against played, as `verify`'s page
/// draws them for a motion failure (an SVG in the page, so it prints).
struct MotionPlot: Codable, Equatable {
    /// One track's curves, a value a frame.
    struct Series: Codable, Equatable {
        var offset: [Double]
        var progress: [String: [Double]]

        init(_ track: MotionTrack) {
            offset = track.frames.map(\.offset)
            var progress: [String: [Double]] = [:]
            for edge in Set(track.frames.flatMap(\.edges.keys)) {
                progress[edge] = track.frames.map { $0.edges[edge]?.progress ?? 0 }
            }
            self.progress = progress
        }
    }

    var fps: Double
    var golden: Series?
    var actual: Series
    /// The runs of played frames that differ (first and last frame), to mark on the time axis.
    var marked: [[Int]]

    init(golden: MotionTrack?, actual: MotionTrack, marked: [[Int]]) {
        fps = actual.fps
        self.golden = golden.map(Series.init)
        self.actual = Series(actual)
        self.marked = marked
    }

    /// Two panels (offset, progress), golden grey and dashed, played red; differing frames marked.
    func svg() -> String {
        let frames = max(actual.offset.count, golden?.offset.count ?? 0, 2)
        let width = 720.0, panel = 150.0, left = 56.0, right = 12.0, top = 22.0, gap = 40.0
        let height = top + 2 * panel + gap + 30
        func x(_ frame: Int) -> Double { left + Double(frame) / Double(frames - 1) * (width - left - right) }
        func polyline(_ values: [Double], range: ClosedRange<Double>, y0: Double, style: String) -> String {
            guard !values.isEmpty else { return "" }
            let span = max(range.upperBound - range.lowerBound, 1e-9)
            let points = values.enumerated().map { i, v in
                String(format: "%.1f,%.1f", x(i), y0 + panel - (v - range.lowerBound) / span * panel)
            }
            return "<polyline fill=\"none\" \(style) points=\"\(points.joined(separator: " "))\"/>"
        }
        func bounds(_ series: [[Double]]) -> ClosedRange<Double> {
            let all = series.flatMap { $0 }
            guard let low = all.min(), let high = all.max() else { return 0...1 }
            return low == high ? (low - 1)...(high + 1) : low...high
        }
        let goldenStyle = "stroke=\"#8e8e93\" stroke-width=\"2\" stroke-dasharray=\"5 3\"", actualStyle = "stroke=\"#d70015\" stroke-width=\"1.5\""
        var body = ""
        for run in marked where run.count == 2 {
            let from = x(min(run[0], frames - 1)) - 1, to = x(min(run[1], frames - 1)) + 1
            body += String(format: "<rect x=\"%.1f\" y=\"%.0f\" width=\"%.1f\" height=\"%.0f\" fill=\"#ffd60a\" opacity=\"0.45\"/>", from, top, max(2, to - from), 2 * panel + gap)
        }
        let offsetRange = bounds([actual.offset, golden?.offset ?? []])
        let progressRange = bounds(Array(actual.progress.values) + Array(golden?.progress.values.map { $0 } ?? []) + [[0, 1]])
        for (index, (title, range)) in [("offset (pt)", offsetRange), ("progress", progressRange)].enumerated() {
            let y0 = top + Double(index) * (panel + gap)
            body += String(format: "<rect x=\"%.0f\" y=\"%.0f\" width=\"%.0f\" height=\"%.0f\" fill=\"none\" stroke=\"#d1d1d6\"/>", left, y0, width - left - right, panel)
            body += String(format: "<text x=\"%.0f\" y=\"%.0f\">\(title)</text>", left, y0 - 6)
            body += String(format: "<text x=\"%.0f\" y=\"%.0f\" text-anchor=\"end\">%.2f</text><text x=\"%.0f\" y=\"%.0f\" text-anchor=\"end\">%.2f</text>",
                           left - 4, y0 + 10, range.upperBound, left - 4, y0 + panel, range.lowerBound)
            if index == 0 {
                if let golden { body += polyline(golden.offset, range: range, y0: y0, style: goldenStyle) }
                body += polyline(actual.offset, range: range, y0: y0, style: actualStyle)
            } else {
                for edge in actual.progress.keys.sorted() {
                    if let values = golden?.progress[edge] { body += polyline(values, range: range, y0: y0, style: goldenStyle) }
                    body += polyline(actual.progress[edge] ?? [], range: range, y0: y0, style: actualStyle)
                }
            }
        }
        let end = Double(frames - 1) / fps
        body += String(format: "<text x=\"%.0f\" y=\"%.0f\">0 s</text><text x=\"%.0f\" y=\"%.0f\" text-anchor=\"end\">%.2f s</text>", left, height - 8, width - right, height - 8, end)
        body += String(format: "<text x=\"%.0f\" y=\"%.0f\" text-anchor=\"middle\">golden: grey, dashed · this run: red · yellow: frames that differ</text>", width / 2, height - 8)
        return String(format: "<svg class=\"plot\" xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" viewBox=\"0 0 %.0f %.0f\" font-size=\"11\" font-family=\"system-ui, sans-serif\" role=\"img\" aria-label=\"offset and progress against time, golden against this run\">", width, height, width, height)
            + body + "</svg>"
    }
}
