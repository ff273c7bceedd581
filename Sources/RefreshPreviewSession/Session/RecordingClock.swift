/// The list times a recording takes its frames at: one every `interval` seconds of the list's
/// clock from where it started, so a recording is sampled on the list's time, never the window's.
package struct RecordingClock: Sendable {
    /// Seconds of the list's time between frames.
    package let interval: Double
    /// The list time of the next frame.
    package private(set) var next: Double

    /// Frames every `interval` seconds from list time `start`.
    package init(start: Double, interval: Double) {
        self.interval = interval
        next = start
    }

    /// Whether the list at `time` has reached the next frame (a step's rounding aside).
    package func isDue(at time: Double) -> Bool { time >= next - 1e-9 }

    /// Moves on to the frame after.
    package mutating func advance() { next += interval }
}
