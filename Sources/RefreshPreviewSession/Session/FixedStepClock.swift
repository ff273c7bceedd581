import RefreshHost

/// Wall-clock time turned into whole simulation steps of a fixed length: the simulation stays
/// deterministic (every step is `step` seconds) while the number of steps per displayed frame
/// follows the clock, so "1×" is real time whatever the frame rate — a dropped frame is made up
/// with more steps in the next one, a 240 Hz display runs fewer per frame. A stall longer than
/// `maximumSteps` steps is dropped rather than caught up, so a slow machine cannot spiral.
package struct FixedStepClock: Sendable {
    /// Simulated seconds per step.
    package let step: Double
    /// The most steps one frame may take.
    package let maximumSteps: Int
    private var last: Double?
    private var pending = 0.0

    /// The most simulated seconds one frame takes by default: a window that draws one frame a
    /// second under load still moves in real time (steps cost microseconds), and a longer stall, a
    /// debugger's or a suspended machine's, is dropped.
    package static let longestFrame = 1.0

    /// A clock of `step`-second steps, at most `maximumSteps` per frame; by default ``longestFrame``'s worth.
    package init(step: Double = Defaults.simulationStep, maximumSteps: Int? = nil) {
        self.step = step > 0 && step.isFinite ? step : Defaults.simulationStep
        self.maximumSteps = max(1, maximumSteps ?? Int((Self.longestFrame / self.step).rounded()))
    }

    /// The steps to simulate for a frame shown at wall time `now` (seconds, monotonic) when time
    /// runs at `rate` (1: real time, 0.25: slow motion, 0: paused). The first call starts the clock.
    package mutating func steps(at now: Double, rate: Double) -> Int {
        defer { last = now }
        guard let last, now.isFinite, now > last, rate.isFinite, rate > 0 else { return 0 }
        pending += (now - last) * rate
        let due = Int(saturating: (pending / step).rounded(.down))
        if due > maximumSteps {
            pending = 0  // a stall: drop it, do not try to catch up
            return maximumSteps
        }
        pending -= Double(due) * step
        return due
    }

    /// Simulated seconds from the last step taken to something that happened at wall time `time`
    /// (an input's own time, before the frame that takes it in), at `rate`: at most what one frame
    /// may simulate, never less than none.
    package func simulatedSeconds(until time: Double, rate: Double) -> Double {
        guard let last, time.isFinite, rate.isFinite, rate > 0 else { return 0 }
        return min(Double(maximumSteps) * step, pending + max(0, time - last) * rate)
    }
}
