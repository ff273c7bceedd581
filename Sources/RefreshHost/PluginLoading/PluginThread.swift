import Foundation
import RefreshSystem
#if canImport(Glibc)
import Glibc
#endif

/// The one thread that calls into a loaded plugin library, which keeps refresh_plugin.h's two
/// promises to a plugin: its functions are called from one thread at a time, and an instance only
/// from the thread that created it.
///
/// Every call into a library (its entry, `create`, `refresh_length`, `set_state`, `render`,
/// `describe`, `destroy`) runs on this thread, whichever thread asks; askers wait their turn. There
/// is one per loaded library image, shared by every ``PluginLibrary`` of that image: two objects
/// for one path share the loaded code and its statics, so they share the thread too. A call made
/// on the thread itself (a plugin-host child runs its whole loop here) runs at once.
package final class PluginThread: @unchecked Sendable {
    /// The thread's side: the work handed over and the signals both ways. The thread holds only
    /// this, so the ``PluginThread`` can go away and tell it to end.
    private final class Mailbox: @unchecked Sendable {
        let condition = NSCondition()
        var work: (() -> Void)?
        var finished = false
        var ending = false
        var thread = pthread_t()
        var threadID: pid_t?

        func loop() {
            condition.lock()
            while true {
                while work == nil && !ending { condition.wait() }
                guard let job = work else { break }
                work = nil
                condition.unlock()
                job()
                condition.lock()
                finished = true
                condition.broadcast()
            }
            condition.unlock()
        }
    }

    private let mailbox = Mailbox()
    /// Held by the asker for the whole call: one call at a time, in the order they came.
    private let turn = NSLock()

    private init(name: String) {
        let started = DispatchSemaphore(value: 0)
        let mailbox = mailbox
        let thread = Thread {
            mailbox.thread = pthread_self()
            mailbox.threadID = ProcessClock.currentThreadID
            started.signal()
            mailbox.loop()
        }
        thread.name = name
        thread.stackSize = 8 << 20  // a plugin expects a main-thread-sized stack, not a worker's 512 KB
        thread.start()
        started.wait()
    }

    deinit {
        mailbox.condition.withLock {
            mailbox.ending = true
            mailbox.condition.broadcast()
        }
    }

    /// Whether the caller is on this thread.
    var isCurrent: Bool { pthread_equal(mailbox.thread, pthread_self()) != 0 }

    /// The clock of this thread's CPU time: what a plugin's own calls cost, whichever thread asked.
    var cpuClock: clockid_t {
        var clock = clockid_t()
        return pthread_getcpuclockid(mailbox.thread, &clock) == 0 ? clock : CLOCK_THREAD_CPUTIME_ID
    }

    /// The seconds this thread has waited for a CPU while runnable (``ProcessClock/runQueueSeconds(ofThread:)``),
    /// or nil where the kernel does not say.
    var runQueueSeconds: Double? { mailbox.threadID.flatMap(ProcessClock.runQueueSeconds(ofThread:)) }

    /// Runs `body` on this thread, after the calls that asked before it, and returns what it
    /// returned or throws what it threw. The caller waits meanwhile, so `body` may use its stack.
    func run<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        if isCurrent { return try body() }
        turn.lock()
        defer { turn.unlock() }
        var result: Result<T, E>?
        withoutActuallyEscaping(body) { body in
            mailbox.condition.withLock {
                mailbox.finished = false
                mailbox.work = { result = Result { () throws(E) -> T in try body() } }
                mailbox.condition.broadcast()
                while !mailbox.finished { mailbox.condition.wait() }
            }
        }
        return try result!.get()
    }

    // MARK: One per image, for as long as the image

    /// Kept for the process's life, as the images are: a library is never closed, so one loaded
    /// again later (`report --in-process` draws each plugin's page in turn) is called on the thread
    /// it was called on before, and its thread-local state is still there. (Held weakly, the
    /// thread ended with the library's last object and the next one got a new thread.)
    nonisolated(unsafe) private static var byImage: [UInt: PluginThread] = [:]
    private static let byImageLock = NSLock()

    /// The thread of the loaded library `key` stands for (its `dlopen` handle, which the loader
    /// gives again for a library already loaded; or a plugin's descriptor compiled into this
    /// process), made when it has none; `name` names a new thread (as a debugger shows it).
    static func shared(by key: UnsafeRawPointer, name: String) -> PluginThread {
        byImageLock.withLock {
            if let thread = byImage[UInt(bitPattern: key)] { return thread }
            let thread = PluginThread(name: name)
            byImage[UInt(bitPattern: key)] = thread
            return thread
        }
    }
}
