import Foundation
import RefreshSystem
import RefreshGraphics

/// A counter on stderr for long runs (`frame 34/180`), drawn in place on a terminal and silent
/// when stderr is not one.
struct ProgressLine {
    let label: String
    let total: Int
    private let enabled = isatty(STDERR_FILENO) != 0

    init(_ label: String, total: Int) {
        self.label = label
        self.total = total
    }

    func update(_ done: Int) {
        guard enabled, done % 5 == 0 || done == total else { return }
        FileHandle.standardError.write(Data("\r\(label) \(done)/\(total)".utf8))
    }

    func finish() {
        guard enabled else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }
}

/// Seconds taken by `body`.
func measure(_ body: () throws -> Void) rethrows -> Double {
    let start = ContinuousClock.now
    try body()
    let elapsed = ContinuousClock.now - start
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
}

/// CPU seconds this thread spent in `body`: unlike the wall clock, the same on a busy machine.
func measureCPU(_ body: () throws -> Void) rethrows -> Double {
    func now() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }
    let start = now()
    try body()
    return now() - start
}

/// Creates `path` (and parents) if needed.
func makeDirectory(_ path: String) throws {
    try OutputFile.makeFolder(path)
}

/// `%.3f` without Foundation's locale-dependent formatting.
func fixed(_ value: Double, _ decimals: Int = 3) -> String {
    String(format: "%.\(decimals)f", value)
}
