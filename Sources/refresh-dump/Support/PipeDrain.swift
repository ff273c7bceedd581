import Foundation

/// Everything a child writes into a pipe, read on another thread as it comes, so the child never
/// blocks on a full pipe (a blocked child looks hung); past `limit` bytes the rest is read and
/// dropped, counted, so a child printing without end costs neither memory nor a blocked pipe.
final class PipeDrain: @unchecked Sendable {
    private let received = Locked((kept: Data(), dropped: 0))
    private let done = DispatchSemaphore(value: 0)

    /// Starts reading `pipe` to its end, keeping its first `limit` bytes.
    init(_ pipe: Pipe, limit: Int = .max) {
        DispatchQueue.global().async { [received, done] in
            let reading = pipe.fileHandleForReading
            // try?: a pipe that fails to read has ended as far as anyone can tell.
            while let chunk = try? reading.read(upToCount: 64 << 10), !chunk.isEmpty {
                received.update { state in
                    let room = max(0, limit - state.kept.count)
                    state.kept.append(chunk.prefix(room))
                    state.dropped += max(0, chunk.count - room)
                }
            }
            done.signal()
        }
    }

    /// Waits for the end of the pipe (every writer gone) and returns what it kept.
    func wait() -> Data {
        done.wait()
        done.signal()
        return received.value.kept
    }

    /// How many bytes past the limit were dropped (after ``wait()``).
    var dropped: Int { received.value.dropped }
}
