import RefreshSystem
#if canImport(Glibc)
import Glibc
#endif

/// Tells a hung child from a slow one. Hung: it has used more than `cpuLimit` seconds of CPU since
/// the watch began (a loop), or no CPU at all for `blockedLimit` seconds (blocked in a sleep or a
/// lock). A child that a busy machine starves still gets the CPU now and then, so neither fires for
/// it however long it waits: no limit depends on the load. Without a CPU clock for the child,
/// `cpuLimit + blockedLimit` seconds of wall time.
struct HangWatch {
    let cpuLimit: Double
    let blockedLimit: Double
    private let clock: clockid_t?
    private var cpuStart: Double, lastCPU: Double
    private var wallStart: Double, lastMoved: Double

    /// Starts watching process `pid`.
    init(pid: pid_t, cpuLimit: Double, blockedLimit: Double) {
        self.cpuLimit = cpuLimit
        self.blockedLimit = blockedLimit
        clock = ProcessClock.cpuClock(of: pid)
        cpuStart = clock.map(ProcessClock.seconds) ?? 0
        lastCPU = cpuStart
        wallStart = ProcessClock.monotonic
        lastMoved = wallStart
    }

    /// Begins again from now (the child made progress).
    mutating func restart() {
        cpuStart = clock.map(ProcessClock.seconds) ?? 0
        lastCPU = cpuStart
        wallStart = ProcessClock.monotonic
        lastMoved = wallStart
    }

    /// Nil while the child may still answer; else what it overran, e.g. `2.0 s of CPU time` or
    /// `5.0 s without using the CPU`.
    mutating func overrun() -> String? {
        let now = ProcessClock.monotonic
        guard let clock else {
            return now - wallStart > cpuLimit + blockedLimit ? "\(Self.seconds(cpuLimit + blockedLimit))" : nil
        }
        let cpu = ProcessClock.seconds(clock)
        if cpu - cpuStart > cpuLimit { return "\(Self.seconds(cpuLimit)) of CPU time" }
        if cpu != lastCPU {
            lastCPU = cpu
            lastMoved = now
        } else if now - lastMoved > blockedLimit {
            return "\(Self.seconds(blockedLimit)) without using the CPU"
        }
        return nil
    }

    /// `250 ms` or `5.0 s`.
    static func seconds(_ value: Double) -> String {
        value < 1 ? "\(Int((value * 1000).rounded())) ms" : String(format: "%.1f s", value)
    }
}
