import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Plugin-host children started before it is known which plugin each will run. A child's start is
/// mostly dynamic loading (some 16 ms of CPU); started early, it runs on another core beside what
/// the caller does before it knows its plugins (reading a scenario, probing the search path),
/// instead of after it. A ``PluginHostProcess`` made later takes one and names the plugin in its
/// first request; one that died while it waited is ended and the next tried.
package final class SparePluginHosts: @unchecked Sendable {
    /// The spares every ``PluginHostProcess`` takes from by default (`run` fills it).
    package static let shared = SparePluginHosts()

    private var waiting: [PluginHostProcess.Child] = []
    private let lock = NSLock()

    /// An empty set of spares.
    package init() {}

    /// Starts `count` more spares; fewer when children cannot be started (each host then starts
    /// its own, and says why if it cannot).
    package func start(_ count: Int) {
        guard count > 0, let helper = PluginProbe.helper else { return }
        // A zygote forks each child in a couple of milliseconds when it is asked: it is the spare.
        if PluginHostZygote.shared() != nil { return }
        var started: [PluginHostProcess.Child] = []
        for _ in 0..<count {
            guard case .success(let child) = PluginHostProcess.startChild(helper, [PluginHostProcess.subcommand, PluginHostProcess.pathFollows]) else { break }
            started.append(child)
        }
        lock.withLock { waiting += started }
    }

    /// Ends the spares no host took, and waits for them.
    package func endAll() {
        let left = lock.withLock { () -> [PluginHostProcess.Child] in
            defer { waiting = [] }
            return waiting
        }
        left.forEach { $0.end() }
    }

    /// The process ids of the spares waiting, oldest first.
    package var processIdentifiers: [pid_t] { lock.withLock { waiting.map(\.pid) } }

    /// The oldest spare, no longer waiting; nil when none is.
    func take() -> PluginHostProcess.Child? {
        lock.withLock { waiting.isEmpty ? nil : waiting.removeFirst() }
    }
}
