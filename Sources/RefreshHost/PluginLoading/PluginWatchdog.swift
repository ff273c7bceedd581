import Foundation
import RefreshSystem
#if canImport(Glibc)
import Glibc
#endif

/// Ends a command-line tool whose plugin call never returns (an endless loop in `render`, rlottie
/// on a document that loops it), with a message naming the plugin and the call, instead of
/// hanging a CI job forever.
///
/// Off unless ``enable(cpuSeconds:wallSeconds:onExpiry:)`` was called (the headless tools do; the
/// preview renders plugins out of reach differently). The limit is the calling thread's CPU time,
/// so a busy machine cannot make a healthy plugin look hung; a call that blocks without using the
/// CPU is caught by the much longer wall-clock limit.
package enum PluginWatchdog {
    private struct Call {
        /// Built only if the call expires: describing every render would cost on the hot path.
        var what: @Sendable () -> String
        var clock: clockid_t
        var cpuStart: Double
        var wallStart: Double
    }

    private final class State: @unchecked Sendable {
        let lock = NSLock()
        var calls: [Int: Call] = [:]
        var next = 0
        var cpuSeconds = 0.0
        var wallSeconds = 0.0
        var onExpiry: (@Sendable (String) -> Void)?
        var started = false
    }

    private static let state = State()

    /// Watches every guarded plugin call from now on: one that uses more than `cpuSeconds` of its
    /// thread's CPU time, or takes more than `wallSeconds`, calls `onExpiry` with a message (which
    /// should end the process: the call cannot be stopped from outside).
    package static func enable(cpuSeconds: Double, wallSeconds: Double, onExpiry: @escaping @Sendable (String) -> Void) {
        state.lock.withLock {
            state.cpuSeconds = cpuSeconds
            state.wallSeconds = wallSeconds
            state.onExpiry = onExpiry
            guard !state.started else { return }
            state.started = true
            let thread = Thread { watch() }
            thread.name = "refreshkit-plugin-watchdog"
            thread.start()
        }
    }

    /// Runs `body` (a call into plugin code) under the watchdog; `what` names it in the message.
    /// Afterwards it puts back what the call changed for the whole process (``PluginSideEffects``).
    /// `crashLabel` names the plugin if the call crashes the process (``PluginCrashReport``).
    static func guarding<T>(_ what: @escaping @Sendable @autoclosure () -> String, crashLabel: UnsafePointer<CChar>? = nil,
                            _ body: () throws -> T) rethrows -> T {
        try PluginCrashReport.during(crashLabel) { try watched(what, body) }
    }

    private static func watched<T>(_ what: @escaping @Sendable () -> String, _ body: () throws -> T) rethrows -> T {
        defer {
            let restored = PluginSideEffects.restore()
            if !restored.isEmpty { PluginSideEffects.report(restored, during: what()) }
        }
        guard state.lock.withLock({ state.onExpiry != nil }) else { return try body() }
        var clock = clockid_t()
        pthread_getcpuclockid(pthread_self(), &clock)
        let call = Call(what: what, clock: clock, cpuStart: ProcessClock.seconds(clock), wallStart: ProcessClock.monotonic)
        let token = state.lock.withLock {
            state.next += 1
            state.calls[state.next] = call
            return state.next
        }
        defer { _ = state.lock.withLock { state.calls.removeValue(forKey: token) } }
        return try body()
    }

    private static func watch() {
        while true {
            usleep(100_000)
            let (calls, cpuLimit, wallLimit, onExpiry) = state.lock.withLock { (state.calls.values, state.cpuSeconds, state.wallSeconds, state.onExpiry) }
            for call in calls {
                let cpu = ProcessClock.seconds(call.clock) - call.cpuStart, wall = ProcessClock.monotonic - call.wallStart
                if cpu > cpuLimit || wall > wallLimit {
                    let measure = cpu > cpuLimit ? String(format: "%.1f s of CPU time", cpu) : String(format: "%.0f s", wall)
                    onExpiry?("\(call.what()) did not return after \(measure); stopped (a plugin that never returns cannot be recovered in-process)")
                }
            }
        }
    }
}
