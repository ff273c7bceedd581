import Foundation

/// Finds the project's `Assets/` folder: fonts configuration, icons, scenarios, string tables.
public enum Assets {
    /// The folder: `$REFRESHKIT_ASSETS` when set, else `Assets/` of the source tree this module
    /// was built from. Nil when neither exists.
    public static let directory: String? = {
        if let path = ProcessInfo.processInfo.environment["REFRESHKIT_ASSETS"], !path.isEmpty {
            return path
        }
        let sourceTree = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let path = sourceTree.appendingPathComponent("Assets").path
        return FileManager.default.fileExists(atPath: path) ? path : nil
    }()

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
