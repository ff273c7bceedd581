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

    /// Unpacks `archive` into `folder` and returns the one bundle folder it held. Only folders and
    /// regular files are accepted: a link, a device or a path leaving the folder is an error.
    package static func unpack(_ archive: String, into folder: String) throws(Failure) -> String {
        func fail(_ reason: String) -> Failure { Failure(description: "\(archive): \(reason)") }
        guard FileManager.default.fileExists(atPath: archive) else { throw fail("no such file") }
        let (listStatus, listing) = try tar(["-tvzf", archive], archive)
        guard listStatus == 0 else { throw fail("not a readable .tar.gz (\(listing.prefix(200)))") }
        for line in listing.split(separator: "\n") where !(line.hasPrefix("-") || line.hasPrefix("d")) {
            throw fail("holds something other than files and folders: \(PluginError.printable(String(line)))")
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
