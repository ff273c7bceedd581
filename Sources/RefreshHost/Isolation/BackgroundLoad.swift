import Foundation
import RefreshSystem
import RefreshGraphics

/// Work that starts a plugin on a thread of its own (a plugin-host child starting, its indicator
/// made): the caller goes on, takes the result once it has come, or waits for it (tests).
package final class BackgroundLoad<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var result: Result<Value, PluginError>?
    private let done = DispatchSemaphore(value: 0)

    /// Starts `work` now, with the caller's probe limit (a test's shorter one) and the owner its
    /// plugin hosts are started for on its thread too.
    package init(_ work: @escaping @Sendable () throws(PluginError) -> Value) {
        let limit = PluginProbe.timeoutOverride, owner = TemporaryPaths.pluginHostOwner
        Thread.detachNewThread { [self] in
            PluginProbe.$timeoutOverride.withValue(limit) {
                TemporaryPaths.$pluginHostOwner.withValue(owner) {
                    let outcome = Result { () throws(PluginError) in try work() }
                    lock.withLock { result = outcome }
                    done.signal()
                }
            }
        }
    }

    /// The result once it has come; nil before.
    package var outcome: Result<Value, PluginError>? { lock.withLock { result } }

    /// Waits until the result has come.
    package func wait() {
        done.wait()
        done.signal()
    }
}
