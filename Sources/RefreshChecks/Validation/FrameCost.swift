import Foundation
import RefreshSystem
import RefreshPluginSDK
import RefreshHost

/// CPU time of an indicator's frames, what validate's frame time and lint's cost both measure:
/// pulling and refreshing frames in turn (progress and time moving) of the 390 × 120 band at a
/// scale, each cleared to the light band and drawn, the drawing timed on the CPU clock where the
/// plugin runs and on the wall clock.
enum FrameCost {
    /// What ``samples(_:scale:count:clock:)`` measured.
    struct Samples {
        /// The seconds of CPU each frame took, sorted.
        var seconds: [Double]
        /// The seconds each frame waited without using CPU (a sleep, I/O or a lock), sorted, for
        /// each state drawn ("pulling", "refreshing").
        var waits: [String: [Double]]
        /// Whether `waits` leave out the time the threads waited for a CPU (an in-process plugin
        /// on a kernel that counts it): then a busy machine's preemption is not in them.
        var waitsExcludePreemption: Bool
        /// The frame's size in pixels.
        var width: Int, height: Int
    }

    /// The seconds of CPU each of `count` frames at `scale` took on `clock` (by default the
    /// ``cpuClock(of:)`` of the plugin's drawing), and the seconds each waited without using CPU:
    /// its wall time less its CPU time, and, for an in-process plugin where the kernel keeps
    /// run-queue times, less the time its thread and this one waited for a CPU.
    static func samples(_ indicator: any HostedIndicator, scale: Double, count: Int, clock: clockid_t? = nil) throws -> Samples {
        let clock = clock ?? cpuClock(of: indicator)
        let surface = try ImageSurface(size: Defaults.bandSize, scale: scale)
        let canvas = Canvas(surface: surface)
        var samples: [Double] = [], waits: [String: [Double]] = [:]
        // An in-process plugin's thread and this one: their CPU and their waits for a CPU, read
        // before and after each frame, leave only the time the drawing was blocked.
        let library = (indicator as? PluginIndicator)?.library, asker = ProcessClock.currentThreadID
        func queued() -> Double? {
            guard let library, let asker, let plugin = library.runQueueSeconds, let own = ProcessClock.runQueueSeconds(ofThread: asker) else { return nil }
            return plugin + own
        }
        let excludesPreemption = queued() != nil
        for i in 0..<count {
            let state: RefreshState = i % 2 == 0 ? .pulling(progress: Double(i % 100) / 100) : .refreshing
            var frame = FrameSpec(state: state).frame(refreshLength: indicator.refreshLength)
            (frame.scale, frame.time, frame.stateTime) = (scale, Double(i) * Defaults.frameInterval, Double(i) * Defaults.frameInterval)
            indicator.refreshState = state
            canvas.clear(FrameRenderer.background(for: .light))
            let started = ProcessClock.seconds(clock), startedWall = ProcessClock.monotonic
            let startedOwn = ProcessClock.seconds(CLOCK_THREAD_CPUTIME_ID), startedQueued = excludesPreemption ? queued() : nil
            try indicator.draw(in: canvas, frame: frame)
            let cpu = ProcessClock.seconds(clock) - started
            var wait = ProcessClock.monotonic - startedWall - cpu
            if let startedQueued, let queuedNow = queued(), clock != CLOCK_THREAD_CPUTIME_ID {
                wait -= (queuedNow - startedQueued) + (ProcessClock.seconds(CLOCK_THREAD_CPUTIME_ID) - startedOwn)
            }
            samples.append(cpu)
            waits[i % 2 == 0 ? "pulling" : "refreshing", default: []].append(max(0, wait))
        }
        return Samples(seconds: samples.sorted(), waits: waits.mapValues { $0.sorted() }, waitsExcludePreemption: excludesPreemption,
                       width: surface.width, height: surface.height)
    }

    /// The clock where `indicator`'s drawing spends CPU: its plugin-host child's, its library's
    /// thread's in process (every call runs there), this thread's for an indicator drawn here.
    static func cpuClock(of indicator: any HostedIndicator) -> clockid_t {
        if let remote = indicator as? RemoteIndicator, let clock = ProcessClock.cpuClock(of: remote.host.processIdentifier) { return clock }
        if let local = indicator as? PluginIndicator { return local.library.cpuClock }
        return CLOCK_THREAD_CPUTIME_ID
    }
}
