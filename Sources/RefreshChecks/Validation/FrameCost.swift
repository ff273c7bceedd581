import Foundation
import RefreshPluginSDK
import RefreshHost

/// CPU time of an indicator's frames, what validate's frame time and lint's cost both measure:
/// pulling and refreshing frames in turn (progress and time moving) of the 390 × 120 band at a
/// scale, each cleared to the light band and drawn, timed on a CPU clock.
enum FrameCost {
    /// The seconds of CPU each of `count` frames at `scale` took on `clock` (this thread's by
    /// default; a plugin-host child's for a plugin drawn there), sorted, and the frame's size in pixels.
    static func samples(_ indicator: any HostedIndicator, scale: Double, count: Int,
                        clock: clockid_t = CLOCK_THREAD_CPUTIME_ID) throws -> (seconds: [Double], width: Int, height: Int) {
        let surface = try ImageSurface(size: Defaults.bandSize, scale: scale)
        let canvas = Canvas(surface: surface)
        var samples: [Double] = []
        for i in 0..<count {
            let state: RefreshState = i % 2 == 0 ? .pulling(progress: Double(i % 100) / 100) : .refreshing
            var frame = FrameSpec(state: state).frame(refreshLength: indicator.refreshLength)
            (frame.scale, frame.time, frame.stateTime) = (scale, Double(i) / 120, Double(i) / 120)
            indicator.refreshState = state
            let started = ProcessClock.seconds(clock)
            canvas.clear(FrameRenderer.background(for: .light))
            try indicator.draw(in: canvas, frame: frame)
            samples.append(ProcessClock.seconds(clock) - started)
        }
        return (samples.sorted(), surface.width, surface.height)
    }
}
