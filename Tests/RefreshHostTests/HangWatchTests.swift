import Foundation
import Testing
import TestSupport
@testable import RefreshHost

/// A hung child is told from a slow one by its CPU clock, never by the wall clock alone: a child
/// that spins is stopped for its CPU time, one that blocks for using none, whatever the load.
@Suite(.leavesNoPluginHost) struct HangWatchTests {
    /// Starts `/bin/sh -c script`; the caller ends it.
    func child(_ script: String) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script]
        try process.run()
        return process
    }

    /// Polls `watch` until it names an overrun; the child is then killed (SIGKILL: a child of the
    /// test process may not answer SIGTERM).
    func overrun(_ watch: inout HangWatch, of process: Process) -> String {
        defer {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        while true {
            if let reason = watch.overrun() { return reason }
            usleep(10_000)
        }
    }

    @Test func aChildThatSpinsIsHungForItsCPUTime() throws {
        let spinner = try child("while :; do :; done")
        // Blocked only after a minute without CPU: a spinning child never is, however busy the machine.
        var watch = HangWatch(pid: spinner.processIdentifier, cpuLimit: 0.3, blockedLimit: 60)
        #expect(overrun(&watch, of: spinner) == "300 ms of CPU time")
    }

    @Test func aChildThatBlocksIsHungForUsingNoCPU() throws {
        let sleeper = try child("exec sleep 600")
        // A CPU limit it can never reach: only blocking can end it.
        var watch = HangWatch(pid: sleeper.processIdentifier, cpuLimit: 600, blockedLimit: 0.3)
        #expect(overrun(&watch, of: sleeper) == "300 ms without using the CPU")
    }
}
