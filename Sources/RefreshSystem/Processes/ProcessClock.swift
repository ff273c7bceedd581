import Foundation
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

    /// The seconds thread `tid` of this process has spent runnable but waiting for a CPU (the
    /// second field of Linux's /proc/self/task/TID/schedstat), or nil where the kernel keeps no
    /// such count. Wall time less CPU time less this is time the thread was blocked: asleep, on
    /// I/O or on a lock, never preempted by a busy machine.
    package static func runQueueSeconds(ofThread tid: pid_t) -> Double? {
        // Three numbers on one line: a small read, done twice a frame where validate measures.
        guard let text = CappedFile.kernelText("/proc/self/task/\(tid)/schedstat", limit: 128) else { return nil }
        let fields = text.split(separator: " ")
        guard fields.count >= 2, let nanoseconds = Double(fields[1]) else { return nil }
        return nanoseconds / 1e9
    }

    /// The calling thread's id (Linux's TID), read from /proc/thread-self; nil where it cannot be.
    package static var currentThreadID: pid_t? {
        // try?: no /proc is answered by nil, and the callers then measure without run-queue time.
        guard let link = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/thread-self") else { return nil }
        return link.split(separator: "/").last.flatMap { pid_t($0) }
    }

    /// The clock of `pid`'s CPU time (nil where the system will not give it).
    package static func cpuClock(of pid: pid_t) -> clockid_t? {
        var clock = clockid_t()
        return clock_getcpuclockid(pid, &clock) == 0 ? clock : nil
    }
}
