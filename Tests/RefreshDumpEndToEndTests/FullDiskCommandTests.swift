import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// Every command that writes files, run onto a disk with no room, one with a little room, and a
/// read-only one (each a small tmpfs of its own): it ends with exit 2 and a plain message, or
/// succeeds where the room sufficed, and what it leaves is whole — no temporary file, no staging
/// folder, every PNG ending in its IEND chunk, every JSON parsing, every GIF with its trailer.
/// Where no filesystem can be mounted (not root), a folder this process may not write in stands
/// in for all three.
@Suite(.serialized, .leavesNoPluginHost) struct FullDiskCommandTests {
    /// Each command with its output folder written as OUT (the mount point).
    static let commands: [(name: String, arguments: [String])] = PlantedLinkTests.commands + [
        ("pack", ["pack", "\(products)/libRefreshSpinner.so", "--out", "OUT/bundles", "--author", "Tests", "--license", "MIT", "--archive"]),
    ]

    enum Disk: String, CaseIterable {
        case noRoom, littleRoom, readOnly
    }

    @Test(arguments: commands.map(\.name), Disk.allCases)
    func aCommandOnAFullOrReadOnlyDiskLeavesOnlyWholeFiles(command: String, disk: Disk) async throws {
        let arguments = try #require(Self.commands.first { $0.name == command }).arguments
        let small = SmallFilesystem("disk-\(command)-\(disk.rawValue)", kilobytes: disk == .littleRoom ? 96 : 64)
        let folder = small?.path ?? scratch("denied-\(command)-\(disk.rawValue)")
        switch (small, disk) {
        case (nil, _): chmod(folder, 0o555)
        case (let small?, .noRoom): try fill(small.path)
        case (let small?, .readOnly): #expect(small.makeReadOnly())
        case (_, .littleRoom): break
        }
        defer { chmod(folder, 0o755) }
        let before = Set(try everyFile(in: folder))
        // Into a folder below the mount point: a run's folder is renamed into place, and a mount point cannot be.
        let (status, text) = try await refreshDump(arguments.map { $0.replacingOccurrences(of: "OUT", with: folder + "/out") })

        let expected = small == nil ? "permission denied" : disk == .readOnly ? "read-only file system" : "no space left on device"
        if disk == .littleRoom && !text.contains(expected) {
            // The room sufficed: a result (a verify without goldens fails its check, exit 1), and whole files (below).
            #expect(status == 0 || status == 1, "\(command) on \(disk): exit \(status): \(text)")
        } else {
            #expect(status == 2, "\(command) on \(disk): exit \(status): \(text)")
            #expect(text.contains(expected), "\(command) on \(disk): \(text)")
        }
        for forbidden in ["NSCocoaErrorDomain", "Error Domain=", "DecodingError", ".partial-", ".refreshkit-"] {
            #expect(!text.contains(forbidden), "\(command) on \(disk) said \(forbidden): \(text)")
        }
        for file in try everyFile(in: folder) where !before.contains(file) {
            let name = (file as NSString).lastPathComponent
            #expect(!name.hasPrefix(".refreshkit-") && !file.contains(".partial-") && !file.contains(".pack-"), "\(command) on \(disk) left \(file)")
            #expect(isWhole("\(folder)/\(file)"), "\(command) on \(disk) left a partial \(file)")
        }
    }

    /// Writes into `folder` until its filesystem has no room left.
    func fill(_ folder: String) throws {
        let fd = open("\(folder)/filler", O_WRONLY | O_CREAT, 0o644)
        try #require(fd >= 0)
        defer { close(fd) }
        let block = [UInt8](repeating: 0xAB, count: 4096)
        while block.withUnsafeBytes({ write(fd, $0.baseAddress, $0.count) }) > 0 {}
        #expect(errno == ENOSPC)
    }

    /// Every file below `folder`, relative, links included.
    func everyFile(in folder: String) throws -> [String] {
        // try?: a folder this process may not read lists nothing.
        let all = (try? FileManager.default.subpathsOfDirectory(atPath: folder)) ?? []
        return all.filter { path in
            var isFolder: ObjCBool = false
            return !FileManager.default.fileExists(atPath: "\(folder)/\(path)", isDirectory: &isFolder) || !isFolder.boolValue
        }
    }

    /// Whether the file at `path` is whole as far as its kind can tell.
    func isWhole(_ path: String) -> Bool {
        // try?: a file that cannot be read back is not whole.
        guard let data = try? Data(contentsOf: URL(fileURLWithPath: path)) else { return false }
        switch (path as NSString).pathExtension {
        case "png", "apng": return data.count > 12 && data.suffix(8).prefix(4) == Data("IEND".utf8)
        // try?: JSON that does not parse is not whole.
        case "json": return (try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])) != nil
        case "gif": return data.last == 0x3B
        case "webp": return data.count > 12 && Int(data[4]) | Int(data[5]) << 8 | Int(data[6]) << 16 | Int(data[7]) << 24 == data.count - 8
        case "mp4": return data.range(of: Data("moov".utf8)) != nil && data.range(of: Data("mdat".utf8)) != nil
        case "html": return String(decoding: data.suffix(64), as: UTF8.self).contains("</html>")
        default: return path.hasSuffix("filler") || !data.isEmpty
        }
    }
}
