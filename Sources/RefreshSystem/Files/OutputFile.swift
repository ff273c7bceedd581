import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Writes an output file (a frame, a page, a JSON side file) the one careful way, ``PendingFile``:
/// an existing path is replaced only when it is a regular file (never a device such as
/// `/dev/null`, a pipe, a folder or a symbolic link), the bytes go to a temporary file beside it
/// that is then renamed over it, and every failure says why ("no space left on device",
/// "permission denied") and leaves nothing behind.
public enum OutputFile {
    /// Writes `bytes` to `path` through a ``PendingFile``: all of them or, on any failure, nothing.
    public static func write(_ bytes: [UInt8], to path: String) throws(OutputError) {
        let file = try PendingFile(path: path)
        var failure: OutputError?
        bytes.withUnsafeBytes { buffer in
            do throws(OutputError) { try file.write(buffer) } catch { failure = error }
        }
        if let failure { throw failure }
        try file.commit()
    }

    /// Writes `data` to `path` (see ``write(_:to:)-([UInt8],_)``).
    public static func write(_ data: Data, to path: String) throws(OutputError) {
        try write([UInt8](data), to: path)
    }

    /// Writes `text` as UTF-8 to `path` (see ``write(_:to:)-([UInt8],_)``).
    public static func write(_ text: String, to path: String) throws(OutputError) {
        try write(Array(text.utf8), to: path)
    }

    /// Makes the folder `path` and any missing folders above it (the umask's permissions); one
    /// that is there already is fine. A file in the way, a read-only or full disk is said in plain
    /// words with the folder's path, never a Foundation domain.
    /// Below an ``OutputRoots`` root no folder on the way, the folder itself included, may be a
    /// symbolic link or another user's.
    public static func makeFolder(_ path: String) throws(OutputError) {
        // The folder itself counts as a step on the way: a link there is refused too.
        try OutputRoots.checkWay(to: path, includingItself: true)
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) {
            guard isFolder.boolValue else { throw .output(path: path, reason: "is a file, not a folder") }
            return
        }
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            // A link that leads nowhere, at the folder's name (Foundation says "already exists").
            var link = stat()
            if lstat(path, &link) == 0, link.st_mode & S_IFMT == S_IFLNK {
                throw .output(path: path, reason: "is a symbolic link that leads nowhere; refusing to make a folder through it")
            }
            // A file on the way is named as such (Foundation says "file error 512").
            var above = PathText.folder(of: path)
            while !above.isEmpty, above != "/", !FileManager.default.fileExists(atPath: above) { above = PathText.folder(of: above) }
            if !above.isEmpty, FileManager.default.fileExists(atPath: above, isDirectory: &isFolder), !isFolder.boolValue {
                throw .output(path: path, reason: "cannot be created: \(above) is a file, not a folder")
            }
            throw .output(path: path, reason: "cannot be created: \(PlainErrorText.reason(error))")
        }
        // A link planted while the folders were made is found now, before anything is written there.
        try OutputRoots.checkWay(to: path, includingItself: true)
    }

    /// Makes the folder a file at `path` goes in (``makeFolder(_:)``); nothing for a bare file name.
    public static func makeFolder(containing path: String) throws(OutputError) {
        let folder = PathText.folder(of: path)
        if !folder.isEmpty { try makeFolder(folder) }
    }

    /// Makes a new folder named `prefix` and six characters nobody could know beforehand
    /// (`mkdtemp`), so nothing planted under a guessable name is written through; with `mode`, it
    /// gets that mode less the umask (a run's folder, a bundle), else mkdtemp's 0700 (scratch).
    public static func makeUniqueFolder(_ prefix: String, mode: mode_t? = nil) throws(OutputError) -> String {
        var template = Array((prefix + "XXXXXX").utf8CString)
        guard template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) != nil else {
            throw .output(path: prefix + "XXXXXX", reason: "cannot be created: \(PendingFile.words(errno))")
        }
        let path = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        if let mode { chmod(path, PendingFile.permissions(mode)) }
        return path
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
    public static func claimNumber(in folder: String, prefix: String, extensions: [String], claim: String) throws(OutputError) -> Int {
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
