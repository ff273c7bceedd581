import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Another program run to its end: what the tools start (tar for bundle archives, the tool itself
/// for validate and lint while packing).
package enum ChildProgram {
    /// Runs `executable` with `arguments` and waits for it; its exit status and everything it
    /// printed (standard output and error together); a child ended by a signal gives that signal's
    /// number, as Foundation's `Process` did. The child starts with no signal blocked and
    /// the stop signals' default actions (not this process's blocked mask, which Foundation's
    /// `Process` hands on), and a stop signal to this process ends it too
    /// (``TemporaryPaths/rememberChild(_:)``): killing a command ends its children.
    package static func run(_ executable: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw ChildProgramError(executable: executable, reason: String(cString: strerror(errno))) }
        let (reading, writing) = (ends[0], ends[1])
        _ = fcntl(reading, F_SETFD, FD_CLOEXEC)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, writing, 1)
        posix_spawn_file_actions_adddup2(&actions, writing, 2)
        posix_spawn_file_actions_addclose(&actions, writing)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid = pid_t()
        var token = 0
        let spawned = TemporaryPaths.whileSpawning {
            let status = TemporaryPaths.withChildSignalAttributes { posix_spawn(&pid, executable, &actions, $0, argv, environ) }
            if status == 0 { token = TemporaryPaths.rememberChild(pid) }
            return status
        }
        close(writing)
        guard let started = spawned, started == 0 else {
            close(reading)
            throw ChildProgramError(executable: executable, reason: spawned.map { String(cString: strerror($0)) } ?? "the command is stopping")
        }
        defer { TemporaryPaths.forget(token) }
        var output = Data()
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(reading, $0.baseAddress, $0.count) }
            if n > 0 { output.append(buffer, count: n); continue }
            if n < 0 && errno == EINTR { continue }
            break
        }
        close(reading)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        // WIFEXITED / WEXITSTATUS, else the signal's number, as Foundation's Process said it (callers print it).
        let code = status & 0x7f == 0 ? (status >> 8) & 0xff : status & 0x7f
        return (code, String(decoding: output, as: UTF8.self))
    }
}

/// A program that could not be started.
package struct ChildProgramError: Error, CustomStringConvertible {
    /// The program.
    package var executable: String
    /// Why, in words.
    package var reason: String
    /// `could not start /usr/bin/tar: no such file or directory`.
    package var description: String { "could not start \(executable): \(reason)" }
}
