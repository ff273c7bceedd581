import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The folders a command writes below (its `--out`, a report's or a golden folder), and the rule
/// for everything below them: every folder on the way from a root to a file written or a folder made
/// there is a real folder (not a symbolic link) of the user's or root's. A link planted inside the
/// output (`rep/cells/light -> /elsewhere`) can then never send a write elsewhere. The root itself
/// may be a link: the user named it.
public enum OutputRoots {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var roots: [String] = []

    /// Checks the way to every path below `folder` from now on (a command calls it with its `--out`).
    public static func add(_ folder: String) {
        let root = absolute(folder)
        lock.withLock { if !roots.contains(root) { roots.append(root) } }
    }

    /// Throws, naming the folder, when a folder between a root and `path` (and `path` itself, when
    /// `includingItself`: a folder being made or entered) is a symbolic link, not a folder, or
    /// another user's. Folders not made yet are fine (they will be made, not followed).
    static func checkWay(to path: String, includingItself: Bool = false) throws(OutputError) {
        let target = absolute(path)
        let known = lock.withLock { roots }
        for root in known where target.hasPrefix(root + "/") {
            var folder = root
            // Every component after the root; the last (a file) is checked by its writer.
            let all = target.dropFirst(root.count + 1).split(separator: "/")
            let components = includingItself ? all[...] : all.dropLast()
            for component in components {
                folder += "/" + component
                var status = stat()
                guard lstat(folder, &status) == 0 else { return }  // not made yet: nothing below it either
                switch status.st_mode & S_IFMT {
                case S_IFDIR: break
                case S_IFLNK: throw .output(path: folder, reason: "is a symbolic link inside the output folder; refusing to write through it")
                default: throw .output(path: folder, reason: "is a file, not a folder")
                }
                if status.st_uid != getuid() && status.st_uid != 0 {
                    throw .output(path: folder, reason: "is owned by uid \(status.st_uid), not by you; refusing to write into it")
                }
            }
        }
    }

    /// `path` made absolute against the working folder, `.` parts and repeated or trailing slashes
    /// dropped (no link is resolved: that is what is checked).
    static func absolute(_ path: String) -> String {
        let full = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        let parts = full.split(separator: "/").filter { $0 != "." }
        return "/" + parts.joined(separator: "/")
    }
}
