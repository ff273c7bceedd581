/// Frame times over the last second: what the panel shows to prove the frame rate.
struct FrameStatistics {
    private var samples: [(time: Double, work: Double)] = []
    /// The last frame's work, in seconds.
    private(set) var last = 0.0

    /// Records a frame that ended at `time` and took `work` seconds of CPU work.
    mutating func record(time: Double, work: Double) {
        last = work
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
}
