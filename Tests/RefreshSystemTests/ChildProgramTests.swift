import Foundation
import Testing
@testable import RefreshSystem
#if canImport(Glibc)
import Glibc
#endif

/// A program a command starts (tar, gzip, the tool itself) starts with no signal blocked, whatever
/// the starting thread blocked: Foundation's `Process` handed on the stop signals the tools block for
/// their clean-up thread (SigBlk 0x4003), so a stopped pack left tar and gzip running (issue 53 §2).
@Suite struct ChildProgramTests {
    @Test func aChildStartsWithNoSignalBlockedEvenFromAThreadThatBlocksThem() throws {
        var stop = sigset_t(), previous = sigset_t()
        sigemptyset(&stop)
        for signal in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&stop, signal) }
        pthread_sigmask(SIG_BLOCK, &stop, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        let (status, output) = try ChildProgram.run("/bin/grep", ["-E", "^Sig(Blk|Ign):", "/proc/self/status"])
        #expect(status == 0, "\(output)")
        let blocked = output.split(separator: "\n").first { $0.hasPrefix("SigBlk:") }
        #expect(blocked?.split(separator: "\t").last == "0000000000000000", "\(output)")
        // SIGINT, SIGTERM and SIGHUP (bits 1, 14 and 0 of SigIgn) are not ignored either.
        let ignored = output.split(separator: "\n").first { $0.hasPrefix("SigIgn:") }.flatMap { UInt64($0.split(separator: "\t").last ?? "", radix: 16) } ?? 0
        #expect(ignored & (1 << 1 | 1 << 0 | 1 << 14) == 0, "\(output)")
    }

    @Test func aChildEndedByASignalReportsItsNumberAndAMissingProgramIsAnError() throws {
        #expect(try ChildProgram.run("/bin/sh", ["-c", "kill -SEGV $$"]).status == SIGSEGV)
        #expect(try ChildProgram.run("/bin/sh", ["-c", "echo out; echo err >&2; exit 3"]) == (3, "out\nerr\n"))
        #expect(throws: ChildProgramError.self) { try ChildProgram.run("/no/such/program", []) }
    }
}
