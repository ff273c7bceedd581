import Foundation
import RefreshSystem
import RefreshPluginSDK

/// A plugin bundle sent as one file (`ID.refreshplugin.tar.gz`, what `refresh-dump pack --archive`
/// writes), unpacked with the checks `refresh-dump install` makes and the preview makes on a
/// dropped archive: only folders and regular files, nothing landing outside, one bundle at the top.
package enum PluginArchive {
    /// Why an archive cannot be unpacked, naming it.
    package struct Failure: Error, CustomStringConvertible {
        /// What is wrong, the archive's path first.
        package var description: String
    }

    /// Whether `path` is named as an archive (`.tar.gz` or `.tgz`).
    package static func isArchive(_ path: String) -> Bool {
        path.hasSuffix(".tar.gz") || path.hasSuffix(".tgz")
    }

    /// What an archive may unpack to: far more than a plugin's library and resources (the built-ins'
    /// bundles are under 10 MB), far less than a disk. A few kilobytes of `.tar.gz` can hold gigabytes.
    package static let unpackedLimit = (bytes: 256 << 20, entries: 4_000)

    /// Unpacks `archive` into `folder` and returns the one bundle folder it held. Only folders and
    /// regular files are accepted: a link, a device or a path leaving the folder is an error; so is
    /// an archive that would unpack to more than `limit` (counted from its listing, before anything
    /// is written).
    package static func unpack(_ archive: String, into folder: String, limit: (bytes: Int, entries: Int) = unpackedLimit) throws(Failure) -> String {
        func fail(_ reason: String) -> Failure { Failure(description: "\(archive): \(reason)") }
        guard FileManager.default.fileExists(atPath: archive) else { throw fail("no such file") }
        let (listStatus, listing) = try tar(["-tvzf", archive], archive)
        guard listStatus == 0 else { throw fail("not a readable .tar.gz (\(listing.prefix(200)))") }
        var bytes = 0, entries = 0
        for line in listing.split(separator: "\n") {
            guard line.hasPrefix("-") || line.hasPrefix("d") else {
                throw fail("holds something other than files and folders: \(PluginError.printable(String(line)))")
            }
            // `-rw-r--r-- owner/group SIZE date time name`
            let fields = line.split(separator: " ", maxSplits: 3, omittingEmptySubsequences: true)
            guard fields.count > 2, let size = Int(fields[2]), size >= 0 else {
                throw fail("lists an entry without a size tar can say: \(PluginError.printable(String(line.prefix(200))))")
            }
            entries += 1
            bytes += min(size, limit.bytes + 1)  // no sum overflows: one over the limit is enough
            guard entries <= limit.entries else { throw fail("holds more than \(limit.entries) entries, more than a plugin bundle may; nothing was unpacked") }
            guard bytes <= limit.bytes else {
                throw fail("unpacks to more than \(CappedFile.describe(limit.bytes)), more than a plugin bundle may; nothing was unpacked")
            }
        }
        let (_, names) = try tar(["-tzf", archive], archive)
        for name in names.split(separator: "\n") where name.hasPrefix("/") || name.split(separator: "/").contains("..") {
            throw fail("the entry '\(PluginError.printable(String(name)))' would land outside the bundle")
        }
        let (status, output) = try tar(["-xzf", archive, "-C", folder, "--no-same-owner", "--no-same-permissions"], archive)
        guard status == 0 else { throw fail("tar could not unpack it: \(output.prefix(200))") }
        // try?: an unreadable folder just made is said as an empty one.
        let top = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        guard top.count == 1, top[0].hasSuffix("." + PluginManifest.bundleExtension) else {
            throw fail("expected one .\(PluginManifest.bundleExtension) folder at the top, found \(top.map(PluginError.printable).joined(separator: ", "))")
        }
        return (folder as NSString).appendingPathComponent(top[0])
    }

    /// Unpacks `archive` where nothing else looks (a temporary folder removed when the process
    /// ends) and checks the bundle as `refresh-dump install` does: its manifest, and its library
    /// against the manifest's SHA-256. The library is not loaded here: it is probed in a child as
    /// any plugin path is.
    package static func openedBundle(_ archive: String) throws -> PluginBundle {
        let folder = try OutputFile.makeUniqueFolder((NSTemporaryDirectory() as NSString).appendingPathComponent("refreshkit-opened-"))
        _ = TemporaryPaths.remember(folder)
        let bundle = try PluginBundle(folder: try unpack(archive, into: folder))
        _ = try bundle.info()
        return bundle
    }

    /// Runs tar with `arguments`: its status and everything it printed.
    private static func tar(_ arguments: [String], _ archive: String) throws(Failure) -> (Int32, String) {
        do {
            return try ChildProgram.run("/usr/bin/tar", arguments)
        } catch {
            throw Failure(description: "\(archive): tar could not be started: \(error.localizedDescription)")
        }
    }
}
