import Testing
import TestSupport
@testable import RefreshHost
@testable import RefreshPreviewSession

/// "1×" is real time: simulated seconds follow a fake wall clock through dropped frames, fast
/// displays and slow motion; a stall is dropped, not caught up (the preview issue, item 1).
@Suite(.leavesNoPluginHost) struct FixedStepClockTests {
    /// Simulated seconds after showing frames at `times` (wall seconds) at `rate`.
    func simulated(_ times: [Double], rate: Double = 1) -> Double {
        var clock = FixedStepClock()
        return times.reduce(0) { total, now in total + Double(clock.steps(at: now, rate: rate)) * clock.step }
    }

    @Test func tenSecondsAt120HzAreTenSimulatedSeconds() {
        let frames = (0...1200).map { Double($0) / 120 }
        #expect(abs(simulated(frames) - 10) < 0.01)
    }

    @Test func droppedFramesDoNotSlowTimeDown() {
        // Every other frame dropped, and every tenth one three frames late: still 10 s in 10 s.
        let shown: [Int] = (0...1200).filter { (frame: Int) -> Bool in frame % 2 == 0 || frame % 10 == 3 }
        let frames: [Double] = shown.map { Double($0) / 120 }
        #expect(abs(simulated(frames) - 10) < 0.01)
    }

    @Test func aFasterDisplayDoesNotRunFast() {
        let frames = (0...2400).map { Double($0) / 240 }
        #expect(abs(simulated(frames) - 10) < 0.01)
    }

    @Test func slowMotionAndPauseAreTrueRates() {
        let frames = (0...1200).map { Double($0) / 120 }
        #expect(abs(simulated(frames, rate: 0.25) - 2.5) < 0.01)
        #expect(abs(simulated(frames, rate: 0.1) - 1) < 0.01)
        #expect(simulated(frames, rate: 0) == 0)
    }

    @Test func aWindowAtTwoFramesASecondStillRunsInRealTime() {
        // A loaded machine (the GIF that played 0.64 s of a 7-s take): a second's worth is made up each frame.
        let frames = (0...20).map { Double($0) / 2 }
        #expect(abs(simulated(frames) - 10) < 0.01)
        #expect(abs(simulated((0...10).map(Double.init)) - 10) < 0.01)
        #expect(simulated([0, 3]) == 1, "a three-second stall: one second made up, the rest dropped")
    }

    @Test func anInputsTimeIsWhereTheStepsWillReach() {
        var clock = FixedStepClock()
        #expect(clock.simulatedSeconds(until: 1, rate: 1) == 0, "before the clock starts")
        _ = clock.steps(at: 10, rate: 1)
        _ = clock.steps(at: 10.001, rate: 1)  // under a step: carried to the next frame
        #expect(abs(clock.simulatedSeconds(until: 10.3, rate: 1) - 0.3) < 1e-9)
        #expect(abs(clock.simulatedSeconds(until: 10.3, rate: 0.25) - 0.001 - 0.299 * 0.25) < 1e-9)
        #expect(abs(clock.simulatedSeconds(until: 9, rate: 1) - 0.001) < 1e-9, "an input stamped before the last frame: at it")
        #expect(clock.simulatedSeconds(until: 99, rate: 1) == 1, "no further than a frame may simulate")
        #expect(clock.simulatedSeconds(until: 10.5, rate: 0) == 0, "paused")
    }

    @Test func aStallIsDroppedNotCaughtUp() {
        var clock = FixedStepClock(step: 1.0 / 480, maximumSteps: 48)
        #expect(clock.steps(at: 0, rate: 1) == 0)
        #expect(clock.steps(at: 1.0 / 120, rate: 1) == 4)
        #expect(clock.steps(at: 5, rate: 1) == 48, "five seconds frozen: one frame's worth of catching up at most")
        #expect(clock.steps(at: 5 + 1.0 / 120, rate: 1) == 4, "and then real time again, no backlog")
        #expect(clock.steps(at: 4, rate: 1) == 0, "a clock going backwards steps nothing")
    }
}
