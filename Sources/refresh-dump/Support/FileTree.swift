import ArgumentParser
import Foundation
import RefreshSystem
import RefreshGraphics
#if canImport(Glibc)
import Glibc
#endif

/// Copying a folder of plugin or report files (`pack`, `install`, `report --merge`, `verify --merge`),
/// each file through ``OutputFile``.
enum FileTree {
    /// The largest file copied (a cell's video, a plugin's library).
    static let fileLimit = 512 << 20

    /// Copies the regular files and folders under `source` into `target`, making folders and
    /// replacing files already there. A link or device is an error: a bundle or a shard carries
    /// files, never pointers elsewhere. A missing `source` copies nothing (a shard with no cells).
    static func copy(from source: String, to target: String) throws {
        let files = FileManager.default
        guard files.fileExists(atPath: source) else { return }
        try OutputFile.makeFolder(target)
        for name in try files.contentsOfDirectory(atPath: source).sorted() {
            let from = (source as NSString).appendingPathComponent(name), to = (target as NSString).appendingPathComponent(name)
            let type = try files.attributesOfItem(atPath: from)[.type] as? FileAttributeType
            switch type {
            case .typeDirectory?: try copy(from: from, to: to)
            case .typeRegular?:
                // The one careful way: whole or not at all, never through a link planted at `to`.
                try OutputFile.write(try CappedFile.contents(of: from, limit: fileLimit), to: to)
                // A library keeps its mode (0755), as a copy would.
                if let mode = try files.attributesOfItem(atPath: from)[.posixPermissions] as? Int { chmod(to, mode_t(mode & 0o777)) }
            default: throw ValidationError("\(from): not a regular file or folder; a bundle holds only those")
            }
        }
    }
}
