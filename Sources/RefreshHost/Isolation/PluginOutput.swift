import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// What plugins print: every plugin-host child's standard output and error are one pipe to this
/// process, whose thread shows it on this process's standard error, each line behind `plugin: `,
/// up to ``limit`` bytes in all (then one line says the rest was dropped; the pipe is still
/// drained, so a plugin that prints without end never blocks). Nothing a plugin prints reaches
/// standard output, which scripts read.
package enum PluginOutput {
    /// The most bytes shown for all plugins of one command.
    package static let limit = 64 << 10
    /// What each line shown begins with.
    package static let prefix = "plugin: "

    private static let lock = NSLock()
    nonisolated(unsafe) private static var pipeEnds: (read: Int32, write: Int32)?
    nonisolated(unsafe) private static var shown = 0
    nonisolated(unsafe) private static var atLineStart = true

    /// The pipe's end for a child's standard output and error, made (and its reader started) on
    /// first use; nil when no pipe can be made (the children then write to this process's
    /// standard error, as before).
    package static func descriptor() -> Int32? {
        lock.withLock {
            if let ends = pipeEnds { return ends.write }
            var ends: [Int32] = [0, 0]
            guard pipe(&ends) == 0 else { return nil }
            for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
            pipeEnds = (ends[0], ends[1])
            let readEnd = ends[0]
            let reader = Thread { forward(from: readEnd) }
            reader.name = "refreshkit-plugin-output"
            reader.start()
            // What is still in the pipe when the process ends is shown too.
            atexit { PluginOutput.drain() }
            return ends[1]
        }
    }

    private static func forward(from descriptor: Int32) {
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let got = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if got < 0 && errno == EINTR { continue }
            guard got > 0 else { return }
            lock.withLock { show(buffer[0..<got]) }
        }
    }

    /// Shows what is left in the pipe without waiting for more.
    private static func drain() {
        lock.withLock {
            guard let ends = pipeEnds else { return }
            _ = fcntl(ends.read, F_SETFL, fcntl(ends.read, F_GETFL) | O_NONBLOCK)
            var buffer = [UInt8](repeating: 0, count: 1 << 16)
            // Bounded: a child still printing without end must not keep the process from ending.
            for _ in 0..<(limit >> 16) + 2 where shown < limit {
                let got = buffer.withUnsafeMutableBytes { read(ends.read, $0.baseAddress, $0.count) }
                guard got > 0 else { break }
                show(buffer[0..<got])
            }
        }
    }

    /// Writes `bytes` to standard error, each line behind ``prefix``, within ``limit``. Called with the lock held.
    private static func show(_ bytes: ArraySlice<UInt8>) {
        guard shown < limit else { return }
        var text: [UInt8] = []
        for byte in bytes.prefix(limit - shown) {
            if atLineStart { text += Array(prefix.utf8) }
            text.append(byte)
            atLineStart = byte == UInt8(ascii: "\n")
        }
        shown += min(bytes.count, limit - shown)
        if shown >= limit {
            if !atLineStart { text.append(UInt8(ascii: "\n")) }
            text += Array("warning: plugins printed more than \(limit >> 10) KB; the rest is not shown\n".utf8)
        }
        text.withUnsafeBytes { raw in
            var written = 0
            while written < raw.count {
                let n = write(2, raw.baseAddress! + written, raw.count - written)
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { return }
                written += n
            }
        }
    }
}
