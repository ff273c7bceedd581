import Foundation
import RefreshGraphics

/// An encoder that runs on a thread of its own: ``add(_:duration:)`` hands each frame over through
/// a queue of a few frames (waiting while it is full, so memory stays flat however long the clip),
/// and returns; rendering and encoding then overlap, and two encoders use two cores. Frames reach
/// the encoder in the order given, so the file is the same bytes as without the thread.
/// ``finish()`` waits for the thread, then finishes the encoder; the first error the encoder
/// threw comes out of the next ``add(_:duration:)`` or of ``finish()``.
public final class PipelinedEncoder: AnimationEncoder, @unchecked Sendable {
    private let inner: any AnimationEncoder
    private let limit: Int
    private let condition = NSCondition()
    /// Frames handed over and not yet encoded (guarded by ``condition``).
    private var queue: [(image: ImageSurface, duration: Double)] = []
    private var closed = false
    private var failure: (any Error)?
    private let done = DispatchSemaphore(value: 0)

    /// Runs `inner` on a new thread, with at most `limit` frames waiting for it.
    public init(_ inner: any AnimationEncoder, limit: Int = 4) {
        self.inner = inner
        self.limit = max(1, limit)
        let thread = Thread { [self] in work() }
        thread.name = "RefreshKit encoder"
        thread.start()
    }

    public func add(_ image: ImageSurface, duration: Double) throws {
        condition.lock()
        defer { condition.unlock() }
        while queue.count >= limit && failure == nil { condition.wait() }
        if let failure { throw failure }
        queue.append((image, duration))
        condition.broadcast()
    }

    public func finish() throws {
        condition.lock()
        closed = true
        condition.broadcast()
        condition.unlock()
        done.wait()
        if let failure { throw failure }
        try inner.finish()
    }

    /// The thread: encodes what is handed over until the queue is closed and empty; after an
    /// error it only drains the queue.
    private func work() {
        while true {
            condition.lock()
            while queue.isEmpty && !closed { condition.wait() }
            guard !queue.isEmpty else {
                condition.unlock()
                break
            }
            let next = queue.removeFirst()
            let failed = failure != nil
            condition.broadcast()
            condition.unlock()
            guard !failed else { continue }
            do {
                try inner.add(next.image, duration: next.duration)
            } catch {
                condition.lock()
                failure = error
                condition.broadcast()
                condition.unlock()
            }
        }
        done.signal()
    }
}
