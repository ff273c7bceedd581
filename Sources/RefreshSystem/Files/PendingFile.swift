import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A file being written under a temporary name in its destination folder: nothing appears under
/// the final name until ``commit()`` renames it there in one step, and ``abandon()`` (or dropping
/// it uncommitted: a failure, a thrown error) removes it, so no half-written file is ever left.
///
/// The temporary file is made by `mkstemp` (`O_CREAT | O_EXCL`: never a file or link that was
/// there), given the umask's permissions rather than `mkstemp`'s 0600, and written through its
/// descriptor. A final name that is a symbolic link, a folder, a device or anything but a regular
/// file is refused, before writing and again before the rename: it is never written through nor
/// replaced. Nothing is fsync'd.
public final class PendingFile {
    /// The name the file gets on ``commit()``.
    public let path: String
    /// The temporary file's name, beside ``path``.
    public let temporary: String
    /// The temporary file, open for writing; -1 once closed.
    public private(set) var descriptor: Int32
    private var ended = false
    /// Its entry among the ``TemporaryPaths``, removed with the process if it ends first.
    private let remembered: Int

    /// Starts a file that will be `path`. Throws, naming `path`, when its name is taken by anything
    /// but a regular file or the folder cannot take a new file.
    public init(path: String) throws(OutputError) {
        self.path = path
        try OutputRoots.checkWay(to: path)
        try Self.checkFinalName(path)
        let folder = PathText.folder(of: path)
        var fd: Int32 = -1
        // Made and kept in one step: a stop signal in between would leave the file behind.
        (temporary, remembered) = try TemporaryPaths.make { () -> Result<String, OutputError> in
            var template = Array(((folder.isEmpty ? "." : folder) + "/.refreshkit-XXXXXX").utf8CString)
            fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
            guard fd >= 0 else { return .failure(.output(path: path, reason: "cannot be created: \(Self.words(errno))")) }
            return .success(template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) })
        }
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)  // a child started meanwhile must not keep it open
        descriptor = fd
        // Files made by mkstemp are 0600; outputs are ordinary files (0666 less the umask).
        fchmod(fd, Self.permissions(0o666))
    }

    /// `mode` less the process's umask: what a file or folder made with `mode` gets.
    public static func permissions(_ mode: mode_t) -> mode_t { mode & ~creationMask }

    /// The umask, read once from /proc/self/status: asking umask(2) sets it for a moment, and two
    /// threads writing frames at once could leave it at 0 for good. Else, read the classic way.
    private static let creationMask: mode_t = {
        // Without /proc the umask is read with umask(2) below, once.
        if let status = CappedFile.kernelText("/proc/self/status"),
           let line = status.split(separator: "\n").first(where: { $0.hasPrefix("Umask:") }),
           let value = mode_t(line.dropFirst("Umask:".count).trimmingCharacters(in: .whitespaces), radix: 8) {
            return value
        }
        let mask = umask(0)
        umask(mask)
        return mask
    }()

    deinit {
        if !ended { abandon() }
    }

    /// `/proc/self/fd/N`: a name for this very file, for a library that opens files by name
    /// (FFmpeg). Opening it cannot reach another file, whatever is done to the folder meanwhile.
    public var descriptorPath: String { "/proc/self/fd/\(descriptor)" }

    /// Appends `bytes`.
    public func write(_ bytes: UnsafeRawBufferPointer) throws(OutputError) {
        var written = 0
        while written < bytes.count {
            let n = Glibc.write(descriptor, bytes.baseAddress! + written, bytes.count - written)
            if n < 0 {
                if errno == EINTR { continue }
                let reason = Self.words(errno)
                abandon()
                throw .output(path: path, reason: "cannot be written: \(reason)")
            }
            written += n
        }
    }

    /// Writes `bytes` again at `offset`, over what was written there (a size or count that only
    /// the end knows). A failure abandons the file, as ``write(_:)``'s does.
    public func write(_ bytes: UnsafeRawBufferPointer, at offset: Int) throws(OutputError) {
        guard pwrite(descriptor, bytes.baseAddress, bytes.count, off_t(offset)) == bytes.count else {
            let reason = Self.words(errno)
            abandon()
            throw .output(path: path, reason: "cannot be written: \(reason)")
        }
    }

    /// Closes the file and gives it its final name (replacing a regular file of that name).
    public func commit() throws(OutputError) {
        guard !ended else { throw .output(path: path, reason: "was already finished") }
        let closed = descriptor < 0 || close(descriptor) == 0
        let reason = closed ? nil : Self.words(errno)
        descriptor = -1
        if let reason {
            abandon()
            throw .output(path: path, reason: "cannot be written: \(reason)")
        }
        do {
            try OutputRoots.checkWay(to: path)
            try Self.checkFinalName(path)
        } catch {
            abandon()
            throw error
        }
        guard rename(temporary, path) == 0 else {
            let reason = Self.words(errno)
            abandon()
            throw .output(path: path, reason: "cannot be written: \(reason)")
        }
        ended = true
        TemporaryPaths.forget(remembered)
    }

    /// Closes and removes the temporary file; the final name is untouched.
    public func abandon() {
        guard !ended else { return }
        ended = true
        if descriptor >= 0 { close(descriptor) }
        descriptor = -1
        unlink(temporary)
        TemporaryPaths.forget(remembered)
    }

    /// Throws when `path` is taken by anything but a regular file.
    static func checkFinalName(_ path: String) throws(OutputError) {
        var existing = stat()
        guard lstat(path, &existing) == 0 else { return }
        switch existing.st_mode & S_IFMT {
        case S_IFREG: return
        case S_IFDIR: throw .output(path: path, reason: "is a folder")
        case S_IFLNK: throw .output(path: path, reason: "is a symbolic link; refusing to write through it or replace it")
        default: throw .output(path: path, reason: "is not a regular file (a device, pipe or socket); refusing to replace it")
        }
    }

    /// An error number in words, lower case: "no space left on device", "read-only file system".
    public static func words(_ number: Int32) -> String {
        String(cString: strerror(number)).lowercased()
    }
}
