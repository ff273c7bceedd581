import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Writes an output file (a frame, an animation, a report) the safe way: an existing path is
/// replaced only when it is a regular file (never a device such as `/dev/null`, a pipe, a folder or
/// a symbolic link), the bytes go to a temporary file beside it that is then renamed over it, and
/// every failure says why (`No space left on device`, `Permission denied`).
public enum OutputFile {
    /// Writes `bytes` to `path`.
    public static func write(_ bytes: [UInt8], to path: String) throws(GraphicsError) {
        func fail(_ reason: String) -> GraphicsError { .output(path: path, reason: reason) }
        var existing = stat()
        if lstat(path, &existing) == 0 {
            switch existing.st_mode & S_IFMT {
            case S_IFREG: break
            case S_IFDIR: throw fail("is a folder")
            case S_IFLNK: throw fail("is a symbolic link; refusing to replace it")
            default: throw fail("is not a regular file (a device, pipe or socket); refusing to replace it")
            }
        }
        let folder = (path as NSString).deletingLastPathComponent
        var template = Array(((folder.isEmpty ? "." : folder) + "/.refreshkit-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw fail("cannot be created: \(String(cString: strerror(errno)))") }
        let temporary = String(cString: template)
        var written = 0
        var failure: String?
        bytes.withUnsafeBytes { buffer in
            while written < buffer.count {
                let n = Glibc.write(fd, buffer.baseAddress! + written, buffer.count - written)
                if n < 0 {
                    if errno == EINTR { continue }
                    failure = String(cString: strerror(errno))
                    return
                }
                written += n
            }
        }
        // Files made by mkstemp are 0600; outputs are ordinary files (0644 less the umask).
        let mask = umask(0)
        umask(mask)
        fchmod(fd, 0o666 & ~mask)
        if close(fd) != 0, failure == nil { failure = String(cString: strerror(errno)) }
        if failure == nil, rename(temporary, path) != 0 { failure = String(cString: strerror(errno)) }
        if let failure {
            unlink(temporary)
            throw fail("cannot be written: \(failure)")
        }
    }

    /// `folder/prefix-N.ext` with the smallest N ≥ 1 that names no file yet: screenshots and
    /// recordings never replace an earlier run's.
    public static func nextFreePath(in folder: String, prefix: String, extension ext: String) -> String {
        nextFreeNumber(in: folder, prefix: prefix, extensions: [ext]).map { "\(folder)/\(prefix)-\($0).\(ext)" } ?? "\(folder)/\(prefix)-1.\(ext)"
    }

    /// The smallest N ≥ 1 such that no `folder/prefix-N.<ext>` exists for any of `extensions`, and
    /// that is claimed: `prefix-N.<claim>` is created empty with `O_EXCL` (it fails if another
    /// process or an earlier press made it first, and the next N is tried). A recording's video and
    /// scenario then share a number no earlier file has, in any of their extensions.
    /// Throws when the folder cannot take the claim.
    public static func claimNumber(in folder: String, prefix: String, extensions: [String], claim: String) throws(GraphicsError) -> Int {
        var from = 1
        while let number = nextFreeNumber(in: folder, prefix: prefix, extensions: extensions + [claim], from: from) {
            let path = "\(folder)/\(prefix)-\(number).\(claim)"
            let fd = open(path, O_CREAT | O_EXCL | O_WRONLY | O_NOFOLLOW | O_CLOEXEC, 0o666)
            if fd >= 0 {
                close(fd)
                return number
            }
            guard errno == EEXIST else { throw .output(path: path, reason: "cannot be created: \(String(cString: strerror(errno)))") }
            from = number + 1
        }
        throw .output(path: folder, reason: "no free number for \(prefix)")
    }

    private static func nextFreeNumber(in folder: String, prefix: String, extensions: [String], from start: Int = 1) -> Int? {
        for number in start..<Int.max {
            let taken = extensions.contains { ext in
                var existing = stat()
                return !(lstat("\(folder)/\(prefix)-\(number).\(ext)", &existing) != 0 && errno == ENOENT)
            }
            if !taken { return number }
        }
        return nil
    }
}
