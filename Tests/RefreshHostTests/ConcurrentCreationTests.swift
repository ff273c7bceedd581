import Foundation
import Testing
import TestSupport
import RefreshHost

/// A Swift plugin in the host's process made from several threads at once: each creation hands
/// the SDK the host's services, which it kept in one unguarded global, and two at once corrupted
/// it (a crash in `PluginHost.adopt`, once in a full suite run where parallel tests made the
/// Template). The SDK now guards it.
@Suite(.leavesNoPluginHost) struct ConcurrentCreationTests {
    @Test func instancesMadeOnManyThreadsAtOnce() throws {
        let plugin = try PluginLibrary(path: library("ExampleTemplate"))
        let made = Counter()
        DispatchQueue.concurrentPerform(iterations: 100_000) { _ in
            // try?: a failure is counted below as an instance not made.
            if (try? plugin.makeIndicator()) != nil { made.increment() }
        }
        #expect(made.value == 100_000)
    }

    /// A count several threads add to.
    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        func increment() { lock.withLock { count += 1 } }
        var value: Int { lock.withLock { count } }
    }
}
