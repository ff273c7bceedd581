import Foundation

/// Finds the shared assets: the fonts configuration, icons and scenarios (a plugin's own files
/// live in its bundle; see `PluginHost.resourceDirectory`).
public enum Assets {
    /// The folder: `$REFRESHKIT_ASSETS` when set; else `share/refreshkit` under the prefix the
    /// running executable is installed in (`make install`); else `Assets/` of the source tree this
    /// module was built from (a development build). Nil when none exists.
    public static let directory: String? = {
        if let path = ProcessInfo.processInfo.environment["REFRESHKIT_ASSETS"], !path.isEmpty {
            return path
        }
        // try?: without /proc there is no executable's folder to look in; the source tree is tried next.
        if let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            let prefix = URL(fileURLWithPath: executable).deletingLastPathComponent().deletingLastPathComponent()
            let installed = prefix.appendingPathComponent(installedPath).path
            if FileManager.default.fileExists(atPath: installed) { return installed }
        }
        let sourceTree = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let path = sourceTree.appendingPathComponent("Assets").path
        return FileManager.default.fileExists(atPath: path) ? path : nil
    }()

    /// Where `make install` puts the shared assets, under its prefix.
    public static let installedPath = "share/refreshkit"

    /// The path of `relativePath` inside ``directory``, or nil when the file is not there.
    public static func path(_ relativePath: String) -> String? {
        guard let directory else { return nil }
        let path = (directory as NSString).appendingPathComponent(relativePath)
        return FileManager.default.fileExists(atPath: path) ? path : nil
    }

    /// Where a file a user names is: an absolute path as given; a relative one inside
    /// ``directory`` when it is there, else relative to the working folder.
    public static func resolve(_ name: String) -> String {
        name.hasPrefix("/") ? name : path(name) ?? name
    }
}
