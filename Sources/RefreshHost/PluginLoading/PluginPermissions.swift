import Foundation
import RefreshPluginSDK

/// What a plugin may do beyond drawing, as its manifest declares it (`"permissions": {"read":
/// ["~/Pictures/refresh"]}`): `pack --read` writes it, `install` and `list` show it, and its plugin
/// host's sandbox allows it. There is no network permission: drawing an indicator never needs one.
public struct PluginPermissions: Codable, Equatable, Sendable {
    /// Files and folders the plugin may read, absolute or under the home folder (`~/…`).
    public var read: [String]

    /// Permissions to read `read`.
    public init(read: [String]) {
        self.read = read
    }

    /// The most paths a manifest may declare.
    static let pathLimit = 64

    /// What is wrong with the declared paths (the field and why); nil when nothing is.
    package var problem: (field: String, reason: String)? {
        guard read.count <= Self.pathLimit else { return ("permissions.read", "\(read.count) paths; the most is \(Self.pathLimit)") }
        for (index, path) in read.enumerated() {
            let field = "permissions.read[\(index)]"
            guard path.hasPrefix("/") || path.hasPrefix("~/"), PluginError.printable(path) == path, path.count <= 4096 else {
                return (field, "\(InputFileError.quoted(path)) must be an absolute path or one under ~/")
            }
            let parts = path.split(separator: "/").filter { $0 != "~" }
            guard !parts.isEmpty, !parts.contains(".."), !parts.contains(".") else {
                return (field, "\(InputFileError.quoted(path)) must name a file or folder below / or ~, with no . or ..")
            }
        }
        return nil
    }

    /// The permissions in words, for `install`, `list` and the preview's plugin card.
    public static func words(_ permissions: PluginPermissions?) -> String {
        guard let permissions, !permissions.read.isEmpty else { return "permissions: none beyond drawing (its sandbox allows reading its own bundle, fonts and system libraries)" }
        return "permissions: may read " + permissions.read.joined(separator: ", ")
    }

    /// The declared paths with `~` as `home`.
    public func readablePaths(home: String) -> [String] {
        read.map { $0.hasPrefix("~/") ? home + $0.dropFirst(1) : $0 }
    }

    /// The paths the manifest of the bundle holding `library` declares readable (none for a bare
    /// library or a manifest that cannot be read: loading it reports that).
    package static func declaredReadable(byBundleOf library: String) -> [String] {
        // try?: a bundle whose manifest is wrong fails to load with that error; it declares nothing here.
        guard let bundle = try? PluginBundle.enclosing(library: library), let permissions = bundle.manifest.permissions else { return [] }
        return permissions.readablePaths(home: ProcessInfo.processInfo.environment["HOME"] ?? "/nonexistent")
    }
}
