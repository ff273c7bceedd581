import Foundation
import RefreshSystem
import RefreshGraphics
import RefreshPluginSDK
#if canImport(Glibc)
import Glibc
#endif

/// Starting a plugin host's child: spawned, forked by the zygote or taken from the spares, with
/// its socket and the pixels both processes map.
extension PluginHostProcess {
    /// Starts `helper` with the socket as its standard input and output and the pixels on
    /// ``pixelDescriptor``, remembered as a plugin host.
    private static func spawn(_ helper: String, _ arguments: [String], socket: Int32, pixels: Int32) -> Result<pid_t, SpawnError> {
        let output = PluginOutput.descriptor().map { [($0, Int32(2))] } ?? []
        return spawnHelper(helper, arguments, moving: [(socket, 0), (socket, 1), (pixels, pixelDescriptor)] + output) { TemporaryPaths.rememberPluginHost($0) }  // its signals to us are its plugin's
    }

    /// Starts `helper` with `arguments`, each descriptor of `moving` on its number in the child, in
    /// a process group of its own (a Ctrl-C is the tool's to answer: it quits and ends its hosts, not
    /// a crash of every plugin to report first) and the Swift runtime's crash backtrace turned off
    /// (the signal is enough); `remember` keeps the child for a stop, inside the stop guard.
    static func spawnHelper(_ helper: String, _ arguments: [String], moving: [(Int32, Int32)], remember: (pid_t) -> Void) -> Result<pid_t, SpawnError> {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for (descriptor, number) in moving { posix_spawn_file_actions_adddup2(&actions, descriptor, number) }
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_BACKTRACE"] = "enable=no"
        let argv = ([helper] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let spawned = TemporaryPaths.whileSpawning {
            let status = TemporaryPaths.withChildSignalAttributes(ownGroup: true) { posix_spawn(&pid, helper, &actions, $0, argv, envp) }
            if status == 0 { remember(pid) }
            return status
        }
        guard let status = spawned else { return .failure(SpawnError(description: "cannot start \(helper): the command is stopping")) }
        return status == 0 ? .success(pid) : .failure(SpawnError(description: "cannot start \(helper): \(String(cString: strerror(status)))"))
    }

    /// A child forked by `zygote`, remembered as a plugin host as a spawned one is.
    private static func fork(by zygote: PluginHostZygote, socket: Int32, pixels: Int32) -> Result<PluginHostZygote.Fork, SpawnError> {
        let forked = TemporaryPaths.whileSpawning {
            let forked = zygote.fork(socket: socket, pixels: pixels)
            if case .success(let child) = forked { TemporaryPaths.rememberPluginHost(child.pid) }
            return forked
        }
        return forked ?? .failure(SpawnError(description: "cannot start a plugin host: the command is stopping"))
    }

    /// Why a child could not be started.
    package struct SpawnError: Error, CustomStringConvertible {
        /// What went wrong.
        package var description: String
    }

    /// A started child: its process, this side of its socket and the pixels both map.
    struct Child: @unchecked Sendable {
        var pid: pid_t
        var socket: Int32
        var pixels: UnsafeMutableRawPointer
        /// The zygote's CPU for this child's fork (nanoseconds); nil for a spawned child.
        var zygoteNanoseconds: UInt64?

        /// Ends the child (unless it was `reaped` already: its pid may be another process's now)
        /// and lets go of what this side held for it.
        func end(reaped: Bool = false) {
            // Whatever its plugin started ends with it: the child leads its own process group, which
            // outlives it while any process the plugin started is in it.
            kill(-pid, SIGKILL)
            if !reaped {
                kill(pid, SIGKILL)
                var status: Int32 = 0
                while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
            }
            TemporaryPaths.forgetPluginHost(pid)
            close(socket)
            munmap(pixels, PluginHostProcess.pixelCapacity)
        }
    }

    /// The oldest live spare in `spares`, told to load `path` in a sandbox that may read `readable`
    /// too, else a new child started and told so.
    static func child(loading path: String, readable: [String], from spares: SparePluginHosts) throws(PluginError) -> Child {
        while let spare = spares.take() {
            do {
                try PluginHostMessage.send(.load(path: path, readable: readable), on: spare.socket)
                return spare
            } catch {
                spare.end()  // it died while it waited: the next spare, or a new child
            }
        }
        guard let helper = PluginProbe.helper else {
            throw PluginError(file: path, reason: .reported("refresh-plugin-host, which runs plugins out of process, is not beside this program"))
        }
        if let zygote = PluginHostZygote.shared(), case .success(let forked) = startChild(helper, [subcommand, pathFollows], zygote: zygote) {
            do {
                try PluginHostMessage.send(.load(path: path, readable: readable), on: forked.socket)
                return forked
            } catch {
                forked.end()  // it died before its first request: a spawned child instead
            }
        }
        switch startChild(helper, [subcommand, pathFollows]) {
        case .success(let started):
            do {
                try PluginHostMessage.send(.load(path: path, readable: readable), on: started.socket)
                return started
            } catch {
                started.end()
                throw PluginError(file: path, reason: .reported("the plugin host ended before it was told which plugin to load"))
            }
        case .failure(let why): throw PluginError(file: path, reason: .reported(why.description))
        }
    }

    /// Starts `helper` with `arguments`, a socket to it and the shared pixels; forked by `zygote`
    /// when one is given (it serves as `arguments` would have it: `plugin-host -`).
    static func startChild(_ helper: String, _ arguments: [String], zygote: PluginHostZygote? = nil) -> Result<Child, SpawnError> {
        let memory = anonymousFile()
        guard memory >= 0, ftruncate(memory, off_t(pixelCapacity)) == 0,
              let mapped = mmap(nil, pixelCapacity, PROT_READ | PROT_WRITE, MAP_SHARED, memory, 0), mapped != MAP_FAILED else {
            if memory >= 0 { close(memory) }
            return .failure(SpawnError(description: "no shared memory for frames: \(String(cString: strerror(errno)))"))
        }
        var ends: [Int32] = [0, 0]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) == 0 else {
            munmap(mapped, pixelCapacity)
            close(memory)
            return .failure(SpawnError(description: "no socket to a plugin host: \(String(cString: strerror(errno)))"))
        }
        let spawned = zygote.map { fork(by: $0, socket: ends[1], pixels: memory) }
            ?? spawn(helper, arguments, socket: ends[1], pixels: memory).map { PluginHostZygote.Fork(pid: $0, zygoteNanoseconds: nil) }
        close(ends[1])
        close(memory)  // the mapping and the child keep it
        switch spawned {
        case .success(let started): return .success(Child(pid: started.pid, socket: ends[0], pixels: mapped, zygoteNanoseconds: started.zygoteNanoseconds))
        case .failure(let why):
            munmap(mapped, pixelCapacity)
            close(ends[0])
            return .failure(why)
        }
    }

    /// The path argument that makes a child wait for the first request to name its plugin.
    package static let pathFollows = "-"

    /// A file with no name, open for reading and writing: made in /dev/shm (memory) and unlinked
    /// at once, so only this process and the child it is handed to can reach it.
    private static func anonymousFile() -> Int32 {
        for folder in ["/dev/shm", NSTemporaryDirectory()] {
            for _ in 0..<8 {
                let name = "\(folder)/refreshkit-frame-\(getpid())-\(UInt64.random(in: 0...UInt64.max))"
                let fd = open(name, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
                if fd >= 0 {
                    unlink(name)
                    return fd
                }
                if errno != EEXIST { break }
            }
        }
        return -1
    }
}
