/// Frame times over the last second: what the panel shows to prove the frame rate.
struct FrameStatistics {
    private var samples: [(time: Double, work: Double)] = []
    /// The last frame's work, in seconds.
    private(set) var last = 0.0

    /// The frames' work since ``beginSpan(at:)``, and when it began.
    private var span: (start: Double, works: [Double])?

    /// Records a frame that ended at `time` and took `work` seconds of CPU work.
    mutating func record(time: Double, work: Double) {
        last = work
        span?.works.append(work)
        samples.append((time, work))
        samples.removeAll { $0.time < time - 1 }
    }

    /// Median work over the last second, seconds.
    var median: Double {
        let sorted = samples.map(\.work).sorted()
        return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
    }

    /// Worst work over the last second, seconds.
    var worst: Double { samples.map(\.work).max() ?? 0 }

    /// Frames shown in the last second.
    var fps: Int { samples.count }

    /// Whether a span is being measured.
    var isInSpan: Bool { span != nil }

    /// Starts measuring a span (a recording) at `time`.
    mutating func beginSpan(at time: Double) { span = (time, []) }

    /// Ends the span at `time`: frames a second over it, the median and worst frame's work in
    /// seconds; nil when there was none or it drew no frame.
    mutating func endSpan(at time: Double) -> (fps: Double, median: Double, worst: Double)? {
        defer { span = nil }
        guard let span, !span.works.isEmpty, time > span.start else { return nil }
        let sorted = span.works.sorted()
        return (Double(sorted.count) / (time - span.start), sorted[sorted.count / 2], sorted[sorted.count - 1])
    }
}
