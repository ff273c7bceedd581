import Foundation

/// Everything a child writes into a pipe, read on another thread as it comes, so the child never
/// blocks on a full pipe (a blocked child looks hung).
final class PipeDrain: @unchecked Sendable {
    private let received = Locked(Data())
    private let done = DispatchSemaphore(value: 0)

    /// Starts reading `pipe` to its end.
    init(_ pipe: Pipe) {
        DispatchQueue.global().async { [received, done] in
            let all = pipe.fileHandleForReading.readDataToEndOfFile()
            received.update { $0 = all }
            done.signal()
        }
    }

    /// Waits for the end of the pipe (every writer gone) and returns all it carried.
    func wait() -> Data {
        done.wait()
        done.signal()
        return received.value
    }
}
