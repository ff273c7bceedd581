import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The files and folders this process has under temporary names (a ``PendingFile``'s file, a run's
/// staging folder, a scratch folder). However the process ends before they are renamed or
/// removed — `exit` (an X server that went away ends the preview so), Ctrl-C, SIGTERM, SIGHUP — they
/// go with it: nothing half-written is left under any name.
public enum TemporaryPaths {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var paths: [Int: String] = [:]
    nonisolated(unsafe) private static var lastToken = 0
    nonisolated(unsafe) private static var exitHandlerInstalled = false
    /// Set once the process is ending: a path made after that is removed at once.
    nonisolated(unsafe) private static var ending = false
    /// Set when a stop signal is being handled: the process ends by that signal, and a thread that
    /// calls `exit` meanwhile (its child just ended, killed by the stop) waits for it.
    nonisolated(unsafe) private static var stopping = false
    /// The signals that end a command at a user's or a system's request; each is taken by the
    /// stop thread, so that one a plugin sends is survived (``removeOnStopSignals(leaving:)``).
    static let stopSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM]

    /// Keeps `path` (a file, or a folder with what is in it) to be removed if the process ends
    /// before ``forget(_:)``; returns the token that forgets it.
    public static func remember(_ path: String) -> Int {
        lock.lock()
        return keep(path)
    }

    /// Keeps `path` and lets go of the lock (held by the caller); its token. While the process is
    /// ending (another thread is removing the rest) the path goes now instead, and this thread
    /// waits for the end rather than write into it.
    private static func keep(_ path: String) -> Int {
        defer { lock.unlock() }
        if ending {
            // try?: the process is ending; what cannot be removed is left, as it would have been.
            try? FileManager.default.removeItem(atPath: path)
            waitForTheEnd()
        }
        if !exitHandlerInstalled {
            exitHandlerInstalled = true
            atexit { TemporaryPaths.removeAll() }
        }
        lastToken += 1
        paths[lastToken] = path
        return lastToken
    }

    /// Paths being made now, inside ``make(_:)``: the end waits for them.
    nonisolated(unsafe) private static var making = 0

    /// Makes a path with `body` (which returns it, or nil with its error when it made nothing) and
    /// keeps it as ``remember(_:)`` does, with no moment between the two in which the process can
    /// end and leave it behind: a stop waits for a `make` that has begun (it removes what it made
    /// and waits for the end), and one that would begin after the stop never runs.
    public static func make<Failure: Error>(_ body: () -> Result<String, Failure>) throws(Failure) -> (path: String, token: Int) {
        lock.lock()
        if ending { waitForTheEnd() }
        making += 1
        lock.unlock()
        let made = body()
        lock.lock()
        making -= 1
        let path: String
        switch made {
        case .success(let madePath): path = madePath
        case .failure(let error):
            lock.unlock()
            throw error
        }
        return (path, keep(path))
    }

    /// Lets go of the lock (held by the caller) and waits for the process to end, writing nothing.
    private static func waitForTheEnd() -> Never {
        lock.unlock()
        while true { pause() }
    }

    /// Stops keeping the path of `token`: it was renamed into place or removed.
    public static func forget(_ token: Int) {
        lock.lock()
        paths[token] = nil
        children[token] = nil
        lock.unlock()
    }

    /// The plugin hosts this process started, and the stop signal each one that sent this process
    /// one sent (``signalSent(by:)``).
    nonisolated(unsafe) private static var pluginHosts: Set<pid_t> = []
    nonisolated(unsafe) private static var signalsFromHosts: [pid_t: Int32] = [:]
    /// Who asked for each plugin host, when the task that started it said (``pluginHostOwner``).
    nonisolated(unsafe) private static var hostOwners: [pid_t: String] = [:]

    /// Who the plugin hosts started in this task are for (a test suite names itself, to check it
    /// leaves none behind: ``pluginHosts(ownedBy:)``); nil in the tools.
    @TaskLocal package static var pluginHostOwner: String?

    /// The plugin hosts started for `owner` and not reaped yet.
    package static func pluginHosts(ownedBy owner: String) -> [pid_t] {
        lock.withLock { hostOwners.filter { $0.value == owner }.map(\.key).sorted() }
    }

    /// Keeps `pid`, a plugin-host child: a stop signal it sends this process is its plugin's fault,
    /// not a user's request, so the process stops the child (SIGKILL) and goes on. Call
    /// ``forgetPluginHost(_:)`` once it is reaped.
    public static func rememberPluginHost(_ pid: pid_t) {
        let owner = pluginHostOwner
        lock.withLock {
            if stopping { kill(pid, SIGKILL) }
            pluginHosts.insert(pid)
            hostOwners[pid] = owner
        }
    }

    /// Stops treating `pid` as a plugin host (it was reaped: the number may be reused).
    public static func forgetPluginHost(_ pid: pid_t) {
        lock.withLock {
            pluginHosts.remove(pid)
            signalsFromHosts[pid] = nil
            hostOwners[pid] = nil
        }
    }

    /// The stop signal the plugin host `pid` sent this process, if it sent one.
    public static func signalSent(by pid: pid_t) -> Int32? {
        lock.withLock { signalsFromHosts[pid] }
    }

    /// Stops the plugin host `sender` is, or whose process group it is in (a process the plugin
    /// started), with everything in that group, noting `signal`; whether it was one.
    private static func stopPluginHost(_ sender: pid_t, for signal: Int32) -> Bool {
        let group = getpgid(sender)  // a sender that ended and was not waited for still has its group
        let host = lock.withLock { () -> pid_t? in
            guard let host = [sender, group].first(where: { pluginHosts.contains($0) }) else { return nil }
            signalsFromHosts[host] = signal
            return host
        }
        guard let host else { return false }
        kill(-host, SIGKILL)
        kill(host, SIGKILL)
        return true
    }

    /// Ends this process's children before it ends, so that none outlives its command: SIGTERM to
    /// the programs it started, SIGKILL to its plugin hosts (a plugin is not trusted to end when
    /// asked), then waits for each, two seconds at most before SIGKILL.
    private static func endChildren() {
        // A child being started is remembered within moments (one posix_spawn): wait for it.
        for _ in 0..<2000 where lock.withLock({ spawning > 0 }) { usleep(1000) }
        lock.lock()
        let programs = Array(children.values), hosts = Array(pluginHosts)
        children = [:]
        lock.unlock()
        for pid in programs { kill(pid, SIGTERM) }
        for pid in hosts {
            kill(-pid, SIGKILL)  // and whatever its plugin started: a plugin host leads its own process group
            kill(pid, SIGKILL)
        }
        for pid in programs + hosts {
            // 0: still running; the pid, or -1 when another thread reaped it first: gone.
            var waited = 0
            while waitpid(pid, nil, WNOHANG) == 0, waited < 2000 {
                usleep(1000)
                waited += 1
            }
            if waited == 2000 {
                kill(pid, SIGKILL)
                while waitpid(pid, nil, 0) < 0 && errno == EINTR {}
            }
        }
    }

    /// The programs this process started and waits for (tar, gzip, the tool itself), by token:
    /// a stop signal ends them too, before the paths go (``rememberChild(_:)``).
    nonisolated(unsafe) private static var children: [Int: pid_t] = [:]

    /// Keeps `pid`, a child this process waits for, to be sent SIGTERM if the process is stopped
    /// by a signal first; returns the token that forgets it (``forget(_:)``). A child remembered
    /// once a stop is under way is killed at once: the stop has ended the others already.
    public static func rememberChild(_ pid: pid_t) -> Int {
        lock.lock()
        defer { lock.unlock() }
        if stopping { kill(pid, SIGKILL) }
        lastToken += 1
        children[lastToken] = pid
        return lastToken
    }

    /// Children being started now (between ``beginSpawn()`` and ``endSpawn()``): a stop waits for
    /// them to be remembered before it ends the children, so none starts unseen and outlives it.
    nonisolated(unsafe) private static var spawning = 0

    /// Call before starting a child that is then remembered (``rememberChild(_:)``,
    /// ``rememberPluginHost(_:)``), and ``endSpawn()`` after: false when the process is stopping,
    /// and the child must not be started (a command stopped while it starts its next program would
    /// leave that program running after it: seen as `pack`'s lint under load).
    public static func beginSpawn() -> Bool {
        lock.withLock {
            guard !stopping else { return false }
            spawning += 1
            return true
        }
    }

    /// The child begun with ``beginSpawn()`` is remembered (or was not started).
    public static func endSpawn() {
        lock.withLock { spawning -= 1 }
    }

    /// Runs `start` (which starts a child and remembers it) between ``beginSpawn()`` and
    /// ``endSpawn()``, so neither can be left out; nil, and `start` not run, when the process is
    /// stopping.
    public static func whileSpawning<T>(_ start: () throws -> T) rethrows -> T? {
        guard beginSpawn() else { return nil }
        defer { endSpawn() }
        return try start()
    }

    /// Removes every path still kept (the process is ending).
    static func removeAll() {
        lock.lock()
        ending = true
        let all = paths.values
        paths = [:]
        lock.unlock()
        // A path being made now is removed by its maker, who then waits: wait for those (each is
        // one mkstemp or mkdir; two seconds is far more than any takes).
        for _ in 0..<2000 where lock.withLock({ making > 0 }) { usleep(1000) }
        for path in all {
            // Another thread may put a file into a folder while it is removed; a second pass takes it.
            for _ in 0..<3 where FileManager.default.fileExists(atPath: path) {
                // try?: the process is ending; what cannot be removed is left, as it would have been.
                try? FileManager.default.removeItem(atPath: path)
            }
        }
    }

    /// Makes the stop signals (SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM) remove
    /// the kept paths first, then end the process by that same signal (its exit status is what it
    /// was without this); one a plugin sent is survived. Call first thing in `main`, before any
    /// thread starts: the signals are blocked in every thread and taken by one thread of its own
    /// with `sigwait`, where removing files is safe (a signal handler may not allocate). Children
    /// are started with the signals unblocked (``withChildSignalAttributes(ownGroup:_:)``). The signals in
    /// `leaving` are left to the process's own handlers (the preview's window quits on SIGINT and
    /// SIGTERM), which ask ``isPluginsSignal(from:_:)``.
    public static func removeOnStopSignals(leaving: [Int32] = []) {
        lock.withLock { handledElsewhere = leaving }
        var set = stopSignalSet()
        pthread_sigmask(SIG_BLOCK, &set, nil)
        // Once a stop is under way the process ends by the signal, never by another thread's exit.
        atexit {
            if TemporaryPaths.lock.withLock({ TemporaryPaths.stopping }) { while true { pause() } }
        }
        let waiter = Thread {
            var set = stopSignalSet()
            while true {
                var info = siginfo_t()
                let received = sigwaitinfo(&set, &info)
                if received > 0 { take(received, info) }
            }
        }
        waiter.name = "refreshkit-stop-signals"
        waiter.start()
        takeUnblocked()
    }

    /// The pipe a stop signal's handler writes to, for a thread that unblocked the signals anew.
    nonisolated(unsafe) private static var signalPipe: Int32 = -1

    /// A handler for the stop signals, for a thread that has them unblocked after all (an async
    /// `main` hands the main thread to Dispatch, which resets its mask): it writes the signal and
    /// its sender to a pipe (a handler may do little else), and a thread of its own reads them and
    /// answers as the stop thread does.
    private static func takeUnblocked() {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        signalPipe = ends[1]
        var action = sigaction()
        action.__sigaction_handler.sa_sigaction = { signal, info, _ in
            var record: (Int32, Int32, Int32) = (signal, info?.pointee.si_code ?? 1, info?.pointee._sifields._kill.si_pid ?? 0)
            _ = withUnsafeBytes(of: &record) { write(TemporaryPaths.signalPipe, $0.baseAddress, $0.count) }
        }
        action.sa_flags = SA_SIGINFO | SA_RESTART
        sigfillset(&action.sa_mask)
        let left = lock.withLock { handledElsewhere }
        for signal in stopSignals where !left.contains(signal) { sigaction(signal, &action, nil) }
        let reading = ends[0]
        let reader = Thread {
            var record: (Int32, Int32, Int32) = (0, 0, 0)
            while withUnsafeMutableBytes(of: &record, { read(reading, $0.baseAddress, $0.count) }) == MemoryLayout.size(ofValue: record) {
                var info = siginfo_t()
                info.si_code = record.1
                info._sifields._kill.si_pid = record.2
                take(record.0, info)
            }
        }
        reader.name = "refreshkit-stop-handler"
        reader.start()
    }

    /// Answers a stop signal taken from the pending ones: from a plugin host or a process its
    /// plugin started (a plugin that signals the process hosting it), the plugin's fault — its host
    /// is stopped and the command goes on, naming it as for a crash; from anyone else, the end.
    private static func take(_ received: Int32, _ info: siginfo_t) {
        // kill, sigqueue, tgkill: sent by a process, which says who it is.
        if info.si_code <= 0, isPluginsSignal(from: info._sifields._kill.si_pid, received) { return }
        endByStopSignal(received)
    }

    /// Whether `signal`, sent by `sender`, is a plugin's doing: a plugin host's, or a process's in
    /// its process group (the host is then stopped with its group, and named when its call fails),
    /// or this process's own (a plugin running inside it: named on standard error and ignored).
    public static func isPluginsSignal(from sender: pid_t, _ signal: Int32) -> Bool {
        if stopPluginHost(sender, for: signal) { return true }
        guard sender == getpid() else { return false }
        // This process never signals itself but to end, and then not through here.
        let words = "warning: a plugin running inside this process sent it \(String(cString: strsignal(signal))) (signal \(signal)): ignored\n"
        FileHandle.standardError.write(Data(words.utf8))
        return true
    }

    /// Takes the stop signals pending now, as the stop thread would have a moment later: a caller
    /// that has just heard from a plugin host learns at once whether that plugin signalled this
    /// process meanwhile (``signalSent(by:)``). A process that never called
    /// ``removeOnStopSignals(leaving:)`` has none blocked, so none pending.
    public static func takePendingStopSignals() {
        var set = stopSignalSet()
        var none = timespec()
        while true {
            var info = siginfo_t()
            let received = sigtimedwait(&set, &info, &none)
            guard received > 0 else { return }
            take(received, info)
        }
    }

    /// Ends the process as a stop signal does, whatever its other threads are doing (one may be
    /// stuck in a plugin): its children ended, its temporary paths removed, then `received` raised
    /// with its default action, so the process's status says which signal stopped it.
    public static func endByStopSignal(_ received: Int32) -> Never {
        // A second stop (the stop thread and a thread that took a pending signal) waits for the first.
        let already = lock.withLock { () -> Bool in
            defer { stopping = true }
            return stopping
        }
        if already { while true { pause() } }
        endChildren()
        removeAll()
        signal(received, SIG_DFL)
        var one = sigset_t()
        sigemptyset(&one)
        sigaddset(&one, received)
        pthread_sigmask(SIG_UNBLOCK, &one, nil)
        // To this thread, the one with the signal unblocked: sent to the process, the stop thread's
        // wait would take it.
        pthread_kill(pthread_self(), received)
        while true { pause() }
    }

    /// Unblocks the stop signals, which a program inherits blocked when a process that called
    /// ``removeOnStopSignals(leaving:)`` starts it through Foundation's `Process` (it keeps the mask).
    public static func unblockStopSignals() {
        var set = allStopSignals()
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
    }

    /// Runs `body` with spawn attributes that give a child an empty signal mask and the default
    /// actions of the stop signals and SIGPIPE: a child must not inherit the blocked stop signals of
    /// ``removeOnStopSignals(leaving:)``. A child in a process group of its own (`ownGroup`) does not get
    /// the signals a terminal or `timeout` sends the whole group (Ctrl-C): the process that
    /// started it ends it as it ends itself, and not before.
    public static func withChildSignalAttributes<T>(ownGroup: Bool = false, _ body: (UnsafePointer<posix_spawnattr_t>) -> T) -> T {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        // And the stop signals' default actions, should this process ignore one (nohup).
        var defaults = allStopSignals()
        sigaddset(&defaults, SIGPIPE)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | (ownGroup ? POSIX_SPAWN_SETPGROUP : 0)))
        return body(&attributes)
    }

    /// The stop signals ``removeOnStopSignals(leaving:)`` left to the process's own handlers.
    nonisolated(unsafe) private static var handledElsewhere: [Int32] = []

    /// The stop signals this process blocks and takes on its stop thread.
    private static func stopSignalSet() -> sigset_t {
        var set = sigset_t()
        sigemptyset(&set)
        let left = lock.withLock { handledElsewhere }
        for signal in stopSignals where !left.contains(signal) { sigaddset(&set, signal) }
        return set
    }

    /// Every stop signal: what a child gets the default actions of.
    private static func allStopSignals() -> sigset_t {
        var set = sigset_t()
        sigemptyset(&set)
        for signal in stopSignals { sigaddset(&set, signal) }
        return set
    }
}
