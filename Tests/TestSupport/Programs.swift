import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing

/// glibc's `pipe2` and `posix_spawn_file_actions_addchdir_np` (the module map leaves out what
/// needs _GNU_SOURCE; glibc has had both since 2.29).
@_silgen_name("pipe2") private func pipe2(_ ends: UnsafeMutablePointer<Int32>, _ flags: Int32) -> Int32
@_silgen_name("posix_spawn_file_actions_addchdir_np")
private func posix_spawn_file_actions_addchdir_np(_ actions: UnsafeMutablePointer<posix_spawn_file_actions_t>, _ path: UnsafePointer<CChar>) -> Int32

/// The package's folder (where Package.swift is).
public let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// This test process's own build folder: where the plugins a test loads in this process come
/// from (a plugin search of this folder leaves the build's test fixtures out).
public let buildFolder: String = {
    // try!: a test process without /proc/self/exe finds no tool at all; better to stop here.
    URL(fileURLWithPath: try! FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")).deletingLastPathComponent().path
}()

/// The folder of the built tools and plugins the end-to-end tests run: `REFRESHKIT_TEST_TOOLS`
/// when set (`make test` builds them once in release there: validate, lint and pack draw
/// thousands of frames, five times faster than in debug), else ``buildFolder``. The frames are
/// the same either way (the goldens are one set).
public let toolsFolder: String = {
    guard let folder = ProcessInfo.processInfo.environment["REFRESHKIT_TEST_TOOLS"], !folder.isEmpty else { return buildFolder }
    return URL(fileURLWithPath: folder, relativeTo: packageRoot).standardizedFileURL.path
}()

/// Runs `executable` with `arguments` (in `directory`, else the package's folder; with exactly
/// `environment` when given, else this process's); its exit status and everything it printed,
/// standard output and error together. Never in this process's working directory: a test of a
/// plugin that changes it for the length of a call may run beside the caller.
///
/// Started with `posix_spawn` and waited for with `waitpid` on its own pid, not with Foundation's
/// `Process`: that one learns of a child's end from a SIGCHLD handler, and a test that checks a
/// plugin's side effects puts the process's signal handlers back as they were before the call,
/// which can undo the handler Foundation installed meanwhile on another thread. A CI run then
/// waited for ever on an `xvfb-run` that had long ended (a zombie no one reaped). The status is
/// the exit code, or the signal's number for a child a signal ended (as `Process` gave it).
public func runProgram(_ executable: String, _ arguments: [String], in directory: String? = nil, environment: [String: String]? = nil) throws -> (status: Int32, output: String) {
    let run = try runProgramWaiting(executable, arguments, in: directory, environment: environment)
    return (run.status, run.output)
}

/// ``runProgram(_:_:in:environment:)`` for an async test, waiting as the synchronous one does: on
/// the thread of Swift concurrency's pool that runs the test. That caps the run at a test a core
/// (the pool's width), program or not, which this machine's budget needs. It is also why a
/// main-actor suite waits while programs run: each of its `await`s needs a pool thread, and two
/// tests waiting for programs hold both (`PagingStoreContainerTests`: 0.05 s alone, 44 s beside
/// `ValidateCommandTests`). Waiting on a thread of its own freed the pool, but let in-process tests
/// run beside two programs: the whole run's programs took 100 s more CPU (504 s, from 404) and the
/// run 376 s, over the 6-minute budget; so the wait stays here until the in-process tests share
/// the cap.
public func runProgram(_ executable: String, _ arguments: [String], in directory: String? = nil, environment: [String: String]? = nil) async throws -> (status: Int32, output: String) {
    let run = try runProgramWaiting(executable, arguments, in: directory, environment: environment)
    return (run.status, run.output)
}

/// ``runProgram(_:_:in:environment:)``, and the most memory the program held at once (its peak
/// resident set, in kilobytes). Read by GNU time, which forks the program from its own small
/// memory: a program started from this process would report this process's peak when larger
/// (Linux keeps the largest resident set across `exec`, and `posix_spawn` execs from the test
/// runner's memory, hundreds of megabytes while other tests hold images). A program ended by a
/// signal has status 128 + the signal here (time's way), not the signal.
public func measuredProgram(_ executable: String, _ arguments: [String], in directory: String? = nil, environment: [String: String]? = nil) async throws -> (status: Int32, output: String, peakKilobytes: Int) {
    let report = "\(scratchDirectory("peak-memory-\(UUID().uuidString)"))/peak.txt"
    let run = try runProgramWaiting("/usr/bin/time", ["-q", "-f", "%M", "-o", report, executable] + arguments, in: directory, environment: environment)
    let text = (try? String(contentsOfFile: report, encoding: .utf8)) ?? ""
    guard let peak = text.split(separator: "\n").last.flatMap({ Int($0) }) else {
        throw ProgramError(reason: "GNU time (the time package) gave no peak for \(executable): \(text)")
    }
    return (run.status, run.output, peak)
}

/// The body of both ``runProgram(_:_:in:environment:)``: starts the program and waits for it on
/// the calling thread.
private func runProgramWaiting(_ executable: String, _ arguments: [String], in directory: String?, environment: [String: String]?) throws -> (status: Int32, output: String, peakKilobytes: Int) {
    var ends: [Int32] = [0, 0]
    guard pipe2(&ends, O_CLOEXEC) == 0 else { throw ProgramError(reason: "no pipe: \(String(cString: strerror(errno)))") }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, ends[1], 1)
    posix_spawn_file_actions_adddup2(&actions, ends[1], 2)
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    _ = posix_spawn_file_actions_addchdir_np(&actions, directory ?? packageRoot.path)
    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    let envp = (environment ?? ProcessInfo.processInfo.environment).map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
        argv.forEach { free($0) }
        envp.forEach { free($0) }
    }
    // The program starts as from a shell: every signal's default action, none blocked (a test
    // runner may ignore SIGTERM or SIGPIPE, and a child would inherit that).
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var all = sigset_t(), none = sigset_t()
    sigfillset(&all)
    sigemptyset(&none)
    posix_spawnattr_setsigdefault(&attributes, &all)
    posix_spawnattr_setsigmask(&attributes, &none)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
    close(ends[1])
    guard spawned == 0 else {
        close(ends[0])
        throw ProgramError(reason: "cannot start \(executable): \(String(cString: strerror(spawned)))")
    }
    let started = Date()
    let output = FileHandle(fileDescriptor: ends[0], closeOnDealloc: true).readDataToEndOfFile()
    var status: Int32 = 0
    var usage = rusage()
    while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
    ProgramCosts.record(executable: executable, usage: usage, wall: Date().timeIntervalSince(started))
    let code = status & 0x7f == 0 ? (status >> 8) & 0xff : status & 0x7f
    return (code, String(decoding: output, as: UTF8.self), usage.ru_maxrss)
}

/// A program that could not be started.
public struct ProgramError: Error, CustomStringConvertible {
    public var reason: String
    public var description: String { reason }
}

/// `xvfb-run -a -f AUTHFILE -s "-screen 0 1280x1000x24" ARGUMENTS…`: a program under a virtual
/// display, its status the program's. Each call gets a folder of its own (also its TMPDIR) holding
/// the Xauthority file, which the call removes: xvfb-run then makes and removes no folder of its
/// own. Twice (stop 46's era with xvfb-run's folder in /tmp, stop 47's with it in this folder)
/// xvfb-run's `rm -r` of that folder failed after the program had done its work, and it ended 5
/// ("problem while cleaning up temporary directory") instead of with the program's status.
public func runUnderXvfb(_ arguments: [String]) async throws -> (status: Int32, output: String) {
    let folder = scratchDirectory("xvfb-\(UUID().uuidString.prefix(8))")
    // try?: the folder is this call's own; one left behind is only a scratch folder.
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let environment = ProcessInfo.processInfo.environment.merging(["TMPDIR": folder]) { $1 }
    return try await runProgram("/usr/bin/xvfb-run", ["-a", "-f", folder + "/Xauthority", "-s", "-screen 0 1280x1000x24"] + arguments, environment: environment)
}

/// What the programs the tests start cost, test by test: with `REFRESHKIT_TEST_COSTS` naming a
/// file, each program's end appends a line `test<TAB>cpu seconds<TAB>wall seconds<TAB>program` to
/// it (the CPU of the program and of every child it waited for). A test with arguments is named
/// case by case, `id [argument, …]`: each case is a test of its own in the budget. `scripts/test-costs.sh`
/// sums it; `make test` prints the costliest tests that way.
enum ProgramCosts {
    static let file: Int32? = ProcessInfo.processInfo.environment["REFRESHKIT_TEST_COSTS"].flatMap { path in
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
        return descriptor < 0 ? nil : descriptor
    }

    static func record(executable: String, usage: rusage, wall: TimeInterval) {
        guard let file else { return }
        let test = currentTest
        let cpu = Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
        // One write of a short line with O_APPEND: lines from threads running beside it never mix.
        let line = Array("\(test)\t\(String(format: "%.3f", cpu))\t\(String(format: "%.3f", wall))\t\((executable as NSString).lastPathComponent)\n".utf8)
        _ = line.withUnsafeBytes { write(file, $0.baseAddress, $0.count) }
    }

    /// The running test's id, and for a case of a test with arguments the arguments' descriptions.
    static var currentTest: String {
        guard let test = Test.current else { return "-" }
        guard let testCase = Test.Case.current, testCase.isParameterized, let values = argumentValues(of: testCase) else { return "\(test.id)" }
        let described = values.map { String(describing: $0).replacingOccurrences(of: "\t", with: " ").replacingOccurrences(of: "\n", with: " ") }
        return "\(test.id) [\(described.joined(separator: ", ").prefix(80))]"
    }

    /// A case's argument values. swift-testing keeps them out of its public API (`Test.Case`
    /// shows only `isParameterized`), so they are read by reflection, for this table only: should
    /// the shape change, the costs are summed per test as before.
    static func argumentValues(of value: Any) -> [Any]? {
        for child in Mirror(reflecting: value).children {
            if child.label == "arguments" {
                return Mirror(reflecting: child.value).children.compactMap { argument in
                    Mirror(reflecting: argument.value).children.first { $0.label == "value" }?.value
                }
            }
            if let found = argumentValues(of: child.value) { return found }
        }
        return nil
    }
}
