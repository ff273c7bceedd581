import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Reads a file that outside input named (a parameter, a scenario, a command-line option) within a
/// size cap: only regular files (not a device that never ends, not a FIFO that blocks), size
/// checked on the open descriptor before anything is read, and never more than the cap even if the
/// file grows meanwhile.
public enum CappedFile {
    /// Why a file was not read; names the file, and the limit when it was too big.
    public struct Failure: Error, Equatable, CustomStringConvertible {
        /// The path as given.
        public var path: String
        /// What is wrong, e.g. `is 1.0 GB, over the 4 MB limit`.
        public var reason: String

        /// `'big.json' is 1.0 GB, over the 4 MB limit`.
        public var description: String { "'\(path)' \(reason)" }
    }

    /// The whole file at `path`, at most `limit` bytes.
    public static func contents(of path: String, limit: Int) throws(Failure) -> Data {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else {
            let code = errno
            throw Failure(path: path, reason: code == ENOENT ? "no such file" : "cannot be opened: \(String(cString: strerror(code)))")
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw Failure(path: path, reason: "cannot be examined: \(String(cString: strerror(errno)))") }
        let type = info.st_mode & S_IFMT
        guard type == S_IFREG else {
            throw Failure(path: path, reason: type == S_IFDIR ? "is a folder, not a file" : "is not a regular file (a device, pipe or socket)")
        }
        guard Int(info.st_size) <= limit else {
            throw Failure(path: path, reason: "is \(describe(Int(info.st_size))), over the \(describe(limit)) limit")
        }
        var data = Data(count: min(Int(info.st_size), limit) + 1)
        var filled = 0
        while filled < data.count {
            let n = data.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + filled, $0.count - filled) }
            if n < 0 {
                if errno == EINTR { continue }
                throw Failure(path: path, reason: "cannot be read: \(String(cString: strerror(errno)))")
            }
            if n == 0 { break }
            filled += n
        }
        guard filled <= limit else { throw Failure(path: path, reason: "grew past the \(describe(limit)) limit while being read") }
        data.count = filled
        return data
    }

    /// Checks, before a library opens `path` by name (FFmpeg, giflib), that it is a regular file of
    /// at most `limit` bytes.
    public static func check(_ path: String, limit: Int) throws(Failure) {
        var info = stat()
        guard stat(path, &info) == 0 else {
            let code = errno
            throw Failure(path: path, reason: code == ENOENT ? "no such file" : "cannot be examined: \(String(cString: strerror(code)))")
        }
        guard info.st_mode & S_IFMT == S_IFREG else { throw Failure(path: path, reason: "is not a regular file") }
        guard Int(info.st_size) <= limit else { throw Failure(path: path, reason: "is \(describe(Int(info.st_size))), over the \(describe(limit)) limit") }
    }

    /// The text of a file the kernel makes up as it is read (`/proc/self/status`, whose size says
    /// 0), at most `limit` bytes of it; nil when it cannot be opened.
    public static func kernelText(_ path: String, limit: Int = 64 << 10) -> String? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: limit)
        var filled = 0
        while filled < limit {
            let n = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + filled, limit - filled) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            filled += n
        }
        return String(decoding: bytes[..<filled], as: UTF8.self)
    }

    /// `4 MB`, `1.0 GB`, `512 bytes`.
    package static func describe(_ bytes: Int) -> String {
        switch bytes {
        case ..<1024: "\(bytes) bytes"
        case ..<(1 << 20): "\(bytes >> 10) KB"
        case ..<(1 << 30): bytes % (1 << 20) == 0 ? "\(bytes >> 20) MB" : String(format: "%.1f MB", Double(bytes) / Double(1 << 20))
        default: String(format: "%.1f GB", Double(bytes) / Double(1 << 30))
        }
    }
}
