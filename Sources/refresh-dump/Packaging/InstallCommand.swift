import ArgumentParser
import Foundation
import RefreshSystem
import RefreshHost
import RefreshPluginSDK

/// `refresh-dump install`: a bundle (folder or `.tar.gz`) checked and put in the user's plugin folder.
struct InstallCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "install",
        abstract: "Install a plugin bundle (a .refreshplugin folder or its .tar.gz) into the user's plugin folder.",
        discussion: """
            The manifest is checked, the library must match its SHA-256, and the library is loaded once \
            in a child process before anything is copied. An installed bundle with the same id is replaced. \
            Default folder: $XDG_DATA_HOME/refreshkit/plugins (~/.local/share/refreshkit/plugins).
            """
    )

    @Argument(help: "The bundle folder or .tar.gz archive.")
    var bundle: String
    @Option(help: "Install into this folder instead of the user's plugin folder.")
    var to: String?

    func run() throws {
        guard let destination = to ?? PluginSearchPath.userDirectory() else { throw ValidationError("HOME is not set; pass --to FOLDER") }
        let files = FileManager.default
        try OutputFile.makeFolder(destination)
        // Unpacked (or copied) next to its destination first, so the final step is a rename.
        let staging = try makeTemporaryFolder(in: destination)
        let remembered = TemporaryPaths.remember(staging)
        defer {
            // try?: clean-up of the staging folder; a leftover is harmless and replaced next time.
            try? files.removeItem(atPath: staging)
            TemporaryPaths.forget(remembered)
        }

        let unpacked: String
        if PluginArchive.isArchive(bundle) {
            do { unpacked = try PluginArchive.unpack(bundle, into: staging) } catch { throw ValidationError(error.description) }
        } else {
            guard PluginBundle.isBundle(bundle) else { throw ValidationError("\(bundle): not a bundle (a folder with \(PluginManifest.fileName)) nor a .tar.gz") }
            unpacked = (staging as NSString).appendingPathComponent((bundle as NSString).lastPathComponent)
            try FileTree.copy(from: bundle, to: unpacked)
        }
        // Errors name the bundle the user gave, not the staging copy deleted on exit.
        let given = PluginArchive.isArchive(bundle) ? "\(bundle) → \((unpacked as NSString).lastPathComponent)" : bundle
        func naming(_ error: Error) -> Error {
            StoppedError(description: PlainErrorText.words(error).replacingOccurrences(of: unpacked, with: given))
        }
        let checked: PluginBundle
        do {
            checked = try PluginBundle(folder: unpacked)
            _ = try checked.info()  // the library is the one the manifest describes
            // Loaded once, in a child: a library that crashes or hangs when loaded is not installed.
            if case .failure(let error) = PluginProbe.probed([checked.libraryPath])[0].result { throw error }
        } catch {
            throw naming(error)
        }

        let target = (destination as NSString).appendingPathComponent("\(checked.manifest.id).\(PluginManifest.bundleExtension)")
        let previous = target + ".previous"
        // try?: a stale copy that cannot be removed makes the move below fail, naming it.
        try? files.removeItem(atPath: previous)
        if files.fileExists(atPath: target) { try files.moveItem(atPath: target, toPath: previous) }
        try files.moveItem(atPath: unpacked, toPath: target)
        // try?: the new bundle is in place; a leftover `.previous` is not a bundle name and is never loaded.
        try? files.removeItem(atPath: previous)
        print("installed \(checked.manifest.name) \(checked.manifest.version) (\(checked.manifest.id)) into \(target)")
        print(PluginPermissions.words(checked.manifest.permissions))
    }

    func makeTemporaryFolder(in folder: String) throws -> String {
        do {
            return try OutputFile.makeUniqueFolder((folder as NSString).appendingPathComponent(".install-"))
        } catch {
            throw ValidationError(PlainErrorText.words(error))
        }
    }
}
