import CProcessControl
import Foundation
import RefreshSystem
import RefreshGraphics
#if canImport(Glibc)
import Glibc
#endif

/// One warm `refresh-plugin-host zygote` that forks a plugin-host child per request, so a child
/// skips exec and the dynamic loader (the Swift runtime, Foundation, Cairo and Pango linked anew:
/// most of a spawned child's start) and costs a fork and the pages it writes.
///
/// The child is forked by a middle process that ends at once, so the child is orphaned and becomes
/// this process's own (this process is a child subreaper); the middle is made with `vfork`, sharing
/// the zygote's memory, so only the child's fork copies page tables (`refreshkit_fork_orphan`). It is then waited for, signalled,
/// watched and reported on exactly as a child started with `posix_spawn`, and its socket is its
/// lifeline as before. The zygote is single-threaded, so a fork copies no lock another thread
/// holds; it ends when this process closes its socket, however this process ends.
package final class PluginHostZygote: @unchecked Sendable {
    /// Whether this process's plugin-host children come from a zygote: the tools turn it on. Off
    /// (a program using RefreshHost as a library, the tests' own process), each child is spawned,
    /// and the process never becomes a subreaper.
    nonisolated(unsafe) package static var isEnabled = false
    /// The child's subcommand.
    package static let subcommand = "zygote"

    /// A child forked for a host: its pid, and the CPU its start cost the zygote (the fork and the
    /// middle process), nanoseconds.
    package struct Fork: Sendable {
        /// The child, now this process's own.
        package var pid: pid_t
        /// The zygote's CPU for this child (nil: it was spawned, not forked).
        package var zygoteNanoseconds: UInt64?
    }

    /// The zygote's process id.
    package let pid: pid_t
    private let control: Int32
    private let lock = NSLock()
    private var broken = false

    private static let sharedLock = NSLock()
    nonisolated(unsafe) private static var sharedZygote: PluginHostZygote?
    nonisolated(unsafe) private static var sharedFailed = false

    /// The process's zygote, started on first use (``isEnabled`` only); nil when it is off, could
    /// not start or has ended (each child is then spawned).
    package static func shared() -> PluginHostZygote? {
        guard isEnabled, let helper = PluginProbe.helper else { return nil }
        return sharedLock.withLock {
            if let zygote = sharedZygote, !zygote.lock.withLock({ zygote.broken }) { return zygote }
            guard !sharedFailed else { return nil }
            sharedZygote = PluginHostZygote(helper: helper)
            sharedFailed = sharedZygote == nil
            if sharedZygote != nil, !endsAtExit {
                endsAtExit = true
                atexit { PluginHostZygote.endAtExit() }
            }
            return sharedZygote
        }
    }
    nonisolated(unsafe) private static var endsAtExit = false

    /// On the way out: the zygote is ended and waited for, so its CPU is in this process's
    /// children's usage, as a spawned child's is. SIGKILL, not its socket's end: a zygote still
    /// starting would be waited for until it had started (its children are this process's, and
    /// their sockets their lifelines). No lock is taken: a thread that held one when `exit` was
    /// called never lets it go.
    private static func endAtExit() {
        guard let zygote = sharedZygote else { return }
        kill(zygote.pid, SIGKILL)
        for _ in 0..<1000 {
            guard waitpid(zygote.pid, nil, WNOHANG) == 0 else { return }  // ended, or reaped by a stop
            usleep(1000)
        }
    }

    private init?(helper: String) {
        guard refreshkit_become_subreaper() == 0 else { return nil }
        var ends: [Int32] = [0, 0]
        guard socketpair(AF_UNIX, Int32(SOCK_SEQPACKET.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) == 0 else { return nil }
        // Every child it forks inherits its environment: the Swift runtime's backtrace is off there too.
        let output = PluginOutput.descriptor().map { [($0, Int32(1)), ($0, Int32(2))] } ?? []
        let spawned = PluginHostProcess.spawnHelper(helper, [Self.subcommand], moving: [(ends[1], 0)] + output) { _ = TemporaryPaths.rememberChild($0) }  // a stop ends it with the rest
        close(ends[1])
        guard case .success(let started) = spawned else {
            close(ends[0])
            return nil
        }
        pid = started
        control = ends[0]
    }

    /// What a forked child does.
    package enum Work: Sendable {
        /// Serve a plugin on a socket (its first descriptor) with shared pixels (its second),
        /// waiting for the first request to name the plugin (a spare's start).
        case pluginHost
        /// Probe these libraries (``PluginProbe``), reporting on its first descriptor, its
        /// lifeline on the second.
        case probe([String])
    }

    /// The largest request: a probe's paths.
    static let requestLimit = 1 << 16

    /// Forks a child that serves on `socket` with the shared pixels `pixels` and waits for its
    /// first request to name the plugin (a spare's start). The descriptors stay the caller's.
    package func fork(socket: Int32, pixels: Int32) -> Result<Fork, PluginHostProcess.SpawnError> {
        fork(.pluginHost, descriptors: [socket, pixels])
    }

    /// Forks a child that does `work` with `descriptors` (two: see ``Work``), which stay the caller's.
    package func fork(_ work: Work, descriptors: [Int32]) -> Result<Fork, PluginHostProcess.SpawnError> {
        let request: [UInt8]
        switch work {
        case .pluginHost: request = [1]
        case .probe(let paths): request = [2] + Array(paths.joined(separator: "\0").utf8)
        }
        guard request.count <= Self.requestLimit, descriptors.count == 2 else { return .failure(.init(description: "a request too long for the plugin-host zygote")) }
        return lock.withLock {
            guard !broken else { return .failure(.init(description: "the plugin-host zygote has ended")) }
            var reply = (Int64(0), UInt64(0))
            var received: Int32 = 0
            let sent = descriptors.withUnsafeBufferPointer { fds in refreshkit_send_descriptors(control, request, request.count, fds.baseAddress, 2) }
            let got = withUnsafeMutableBytes(of: &reply) { refreshkit_receive_descriptors(control, $0.baseAddress, $0.count, nil, 0, &received) }
            guard sent == request.count, got == MemoryLayout.size(ofValue: reply), reply.0 > 0 else {
                broken = true
                return .failure(.init(description: "the plugin-host zygote did not start a child"))
            }
            return .success(Fork(pid: pid_t(reply.0), zygoteNanoseconds: reply.1))
        }
    }

    // MARK: The zygote's side

    /// The zygote's loop (`refresh-plugin-host zygote`): one child per request on standard input,
    /// until the host closes it. Returns only in the zygote; a forked child runs `serve` (a plugin
    /// host) or `probe` (a probe of the paths it is given) and exits.
    package static func serveForks(_ serve: () -> Int32, probe: ([String]) -> Void) -> Int32 {
        let control = dup(0)
        let quiet = open("/dev/null", O_RDONLY)
        dup2(quiet, 0)
        close(quiet)
        var request = [UInt8](repeating: 0, count: requestLimit)
        while true {
            var descriptors: [Int32] = [-1, -1]
            var received: Int32 = 0
            let got = request.withUnsafeMutableBytes { bytes in
                descriptors.withUnsafeMutableBufferPointer { refreshkit_receive_descriptors(control, bytes.baseAddress, bytes.count, $0.baseAddress, 2, &received) }
            }
            guard got > 0 else { return 0 }  // the host closed its end: it needs no more children
            guard received == 2, request[0] == 1 || request[0] == 2 else {
                for index in 0..<Int(received) { close(descriptors[index]) }
                continue
            }
            let work: Work = request[0] == 1 ? .pluginHost
                : .probe(request[1..<got].split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) })
            let before = cpuNanoseconds(CLOCK_PROCESS_CPUTIME_ID)
            var reply = (Int64(-1), UInt64(0))
            var middleNanoseconds: UInt64 = 0
            let child = refreshkit_fork_orphan(&middleNanoseconds)
            if child == 0 {
                close(control)
                exit(becomeChild(work, descriptors, serve: serve, probe: probe))
            }
            if child > 0 { reply = (Int64(child), cpuNanoseconds(CLOCK_PROCESS_CPUTIME_ID) - before + middleNanoseconds) }
            close(descriptors[0])
            close(descriptors[1])
            let sent = withUnsafeBytes(of: &reply) { refreshkit_send_descriptors(control, $0.baseAddress, $0.count, nil, 0) }
            if sent < 0 { return 0 }
        }
    }

    /// In the forked child: a process group of its own and no signal blocked, as `posix_spawn`
    /// would have left it. A plugin host gets the socket as standard input and output and the
    /// pixels on ``PluginHostProcess/pixelDescriptor``, then serves; a probe its lifeline as
    /// standard input, its report as standard output and no standard error, then probes.
    private static func becomeChild(_ work: Work, _ descriptors: [Int32], serve: () -> Int32, probe: ([String]) -> Void) -> Int32 {
        setpgid(0, 0)
        var none = sigset_t()
        sigemptyset(&none)
        sigprocmask(SIG_SETMASK, &none, nil)
        switch work {
        case .pluginHost:
            name("plugin")
            let (socket, pixels) = (descriptors[0], descriptors[1])
            dup2(socket, 0)
            dup2(socket, 1)
            dup2(pixels, PluginHostProcess.pixelDescriptor)
            for descriptor in [socket, pixels] where descriptor > PluginHostProcess.pixelDescriptor { close(descriptor) }
            return serve()
        case .probe(let paths):
            name("probe")
            let (report, lifeline) = (descriptors[0], descriptors[1])
            dup2(lifeline, 0)
            dup2(report, 1)
            let quiet = open("/dev/null", O_WRONLY)
            dup2(quiet, 2)
            for descriptor in [report, lifeline, quiet] where descriptor > 2 { close(descriptor) }
            probe(paths)
            return 0
        }
    }

    /// Puts `word` (at most six bytes) in place of `zygote` in this process's command line, so that
    /// `ps` tells a forked child from the zygote it never exec'd away from.
    private static func name(_ word: String) {
        guard CommandLine.argc > 1, let slot = CommandLine.unsafeArgv[1], strcmp(slot, subcommand) == 0 else { return }
        let bytes = Array(word.utf8.prefix(subcommand.utf8.count))
        for index in 0..<subcommand.utf8.count { slot[index] = index < bytes.count ? CChar(bitPattern: bytes[index]) : 0 }
    }

    /// A clock's time in nanoseconds.
    package static func cpuNanoseconds(_ clock: clockid_t) -> UInt64 {
        var now = timespec()
        clock_gettime(clock, &now)
        return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
    }
}
