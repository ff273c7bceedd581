import Foundation
import RefreshSystem
import RefreshPluginSDK
import RefreshHost

/// CPU time of an indicator's frames, what validate's frame time and lint's cost both measure:
/// pulling and refreshing frames in turn (progress and time moving) of the 390 × 120 band at a
/// scale, each cleared to the light band and drawn, the drawing timed on the CPU clock where the
/// plugin runs and on the wall clock.
enum FrameCost {
    /// The seconds of CPU each of `count` frames at `scale` took on `clock` (by default the
    /// ``cpuClock(of:)`` of the plugin's drawing), sorted; the seconds each frame
    /// waited without using CPU (its wall time less its CPU time: a sleep, I/O or a lock), sorted,
    /// for each state drawn ("pulling", "refreshing"); and the frame's size in pixels.
    static func samples(_ indicator: any HostedIndicator, scale: Double, count: Int,
                        clock: clockid_t? = nil) throws -> (seconds: [Double], waits: [String: [Double]], width: Int, height: Int) {
        let clock = clock ?? cpuClock(of: indicator)
        let surface = try ImageSurface(size: Defaults.bandSize, scale: scale)
        let canvas = Canvas(surface: surface)
        var samples: [Double] = [], waits: [String: [Double]] = [:]
        for i in 0..<count {
            let state: RefreshState = i % 2 == 0 ? .pulling(progress: Double(i % 100) / 100) : .refreshing
            var frame = FrameSpec(state: state).frame(refreshLength: indicator.refreshLength)
            (frame.scale, frame.time, frame.stateTime) = (scale, Double(i) * Defaults.frameInterval, Double(i) * Defaults.frameInterval)
            indicator.refreshState = state
            canvas.clear(FrameRenderer.background(for: .light))
            let started = ProcessClock.seconds(clock), startedWall = ProcessClock.monotonic
            try indicator.draw(in: canvas, frame: frame)
            let cpu = ProcessClock.seconds(clock) - started
            samples.append(cpu)
            waits[i % 2 == 0 ? "pulling" : "refreshing", default: []].append(max(0, ProcessClock.monotonic - startedWall - cpu))
        }
        return (samples.sorted(), waits.mapValues { $0.sorted() }, surface.width, surface.height)
    }

    /// The clock where `indicator`'s drawing spends CPU: its plugin-host child's, its library's
    /// thread's in process (every call runs there), this thread's for an indicator drawn here.
    static func cpuClock(of indicator: any HostedIndicator) -> clockid_t {
        if let remote = indicator as? RemoteIndicator, let clock = ProcessClock.cpuClock(of: remote.host.processIdentifier) { return clock }
        if let local = indicator as? PluginIndicator { return local.library.cpuClock }
        return CLOCK_THREAD_CPUTIME_ID
    }
}
