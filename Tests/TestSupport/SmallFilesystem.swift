import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A folder on a filesystem of its own with `kilobytes` of room (a tmpfs), to fill up or make
/// read-only; nil where this process may not mount one (not root, or no privilege in a container),
/// and the caller falls back to another way of making writes fail.
public final class SmallFilesystem {
    /// The mount point.
    public let path: String

    public init?(_ name: String, kilobytes: Int) {
        guard getuid() == 0 else { return nil }
        path = scratchDirectory("tmpfs-\(name)")
        // try?: a mount that cannot be made is the nil answer.
        guard let result = try? runProgram("/bin/mount", ["-t", "tmpfs", "-o", "size=\(kilobytes)k", "tmpfs", path]), result.status == 0 else { return nil }
    }

    /// Makes the filesystem read-only; false when it could not.
    public func makeReadOnly() -> Bool {
        // try?: a remount that fails is the false answer.
        (try? runProgram("/bin/mount", ["-o", "remount,ro", path]))?.status == 0
    }

    /// Every name in the folder, hidden ones too.
    public var names: [String] {
        // try?: an unreadable folder lists nothing, which the caller's expectation then names.
        ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
    }

    deinit {
        // try?: a filesystem that will not unmount is left to the machine; the test is over.
        _ = try? runProgram("/bin/umount", ["-l", path])
    }
}
