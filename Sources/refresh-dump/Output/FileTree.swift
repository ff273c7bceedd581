import ArgumentParser
import Foundation
import RefreshGraphics

/// Copying a folder of plugin or report files (`pack`, `install`, `report --merge`, `verify --merge`).
enum FileTree {
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
                // try?: a file that cannot be removed makes the copy below fail, naming it.
                try? files.removeItem(atPath: to)
                try files.copyItem(atPath: from, toPath: to)
            default: throw ValidationError("\(from): not a regular file or folder; a bundle holds only those")
            }
        }
    }
}
