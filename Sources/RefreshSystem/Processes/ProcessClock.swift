#if canImport(Glibc)
import Glibc
#endif

/// Readings of POSIX clocks, in seconds: the monotonic clock, and the CPU time a process or thread
/// has used. Limits on plugin code are CPU time, so that a loaded machine never makes a healthy
/// plugin look hung; wall time only backs them up.
package enum ProcessClock {
    /// The clock's reading now, in seconds.
    package static func seconds(_ clock: clockid_t) -> Double {
        var now = timespec()
        clock_gettime(clock, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }

    /// Wall time that only goes forward.
    package static var monotonic: Double { seconds(CLOCK_MONOTONIC) }

    /// The clock of `pid`'s CPU time (nil where the system will not give it).
    package static func cpuClock(of pid: pid_t) -> clockid_t? {
        var clock = clockid_t()
        return clock_getcpuclockid(pid, &clock) == 0 ? clock : nil
    }
}
