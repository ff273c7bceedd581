import CRefreshPlugin
import Foundation
import RefreshPluginSDK
#if canImport(Glibc)
import Glibc
#endif

/// A plugin bundle: a folder holding `plugin.json` (``PluginManifest``), the library it names, a
/// thumbnail and `resources/`. Everything here reads files; nothing runs the plugin's code.
public struct PluginBundle: Sendable {
    /// The bundle folder.
    public let folder: String
    /// Its checked manifest.
    public let manifest: PluginManifest

    /// Reads the bundle at `folder` (its manifest, checked field by field).
    public init(folder: String) throws(PluginError) {
        self.folder = folder
        manifest = try PluginManifest.read(bundle: folder)
    }

    /// Whether `path` is a bundle folder (a folder holding `plugin.json`).
    public static func isBundle(_ path: String) -> Bool {
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue
            && FileManager.default.fileExists(atPath: (path as NSString).appendingPathComponent(PluginManifest.fileName))
    }

    /// The library's path inside the bundle.
    public var libraryPath: String { (folder as NSString).appendingPathComponent(manifest.library) }
    /// The thumbnail's path, when the manifest names one.
    public var thumbnailPath: String? { manifest.thumbnail.map { (folder as NSString).appendingPathComponent($0) } }
    /// The plugin's own files (`resources/`).
    public var resourcesPath: String { (folder as NSString).appendingPathComponent(PluginManifest.resourcesFolder) }

    /// What the manifest says, checked against the library's bytes (read, not run): a library that
    /// was replaced or damaged since packing is an error, not a plugin.
    public func info() throws(PluginError) -> PluginInfo {
        guard manifest.fitsThisHost else {
            throw PluginError(file: libraryPath, reason: .abiTooNew(plugin: manifest.abi.minimum, newest: UInt32(REFRESH_PLUGIN_ABI_VERSION)))
        }
        let data: Data
        do {
            data = try CappedFile.contents(of: libraryPath, limit: Self.librarySizeLimit)
        } catch {
            throw PluginError(file: libraryPath, reason: .noSuchFile)
        }
        try checkHash(of: data)
        return try manifest.info(libraryPath: libraryPath)
    }

    /// The largest library hashed: far above any plugin.
    static let librarySizeLimit = 512 << 20

    /// Throws unless `data` is the library the manifest describes.
    func checkHash(of data: Data) throws(PluginError) {
        let actual = PluginManifest.sha256(of: data)
        guard actual == manifest.sha256 else {
            throw PluginError(file: libraryPath, reason: .libraryDoesNotMatchManifest("its SHA-256 is \(actual.prefix(12))…, the manifest says \(manifest.sha256.prefix(12))…"))
        }
    }

    /// The bundle `libraryPath` sits in (its folder holds `plugin.json`), or nil for a bare library.
    /// A bundle whose manifest is wrong, or names another file, is an error.
    package static func enclosing(library libraryPath: String) throws(PluginError) -> PluginBundle? {
        let folder = PathText.folder(of: libraryPath)
        let base = folder.isEmpty ? "." : folder
        guard FileManager.default.fileExists(atPath: (base as NSString).appendingPathComponent(PluginManifest.fileName)) else { return nil }
        let bundle = try PluginBundle(folder: base)
        guard bundle.manifest.library == (libraryPath as NSString).lastPathComponent else {
            throw PluginError(file: libraryPath, reason: .libraryDoesNotMatchManifest("the manifest names '\(bundle.manifest.library)'"))
        }
        return bundle
    }

    /// Checks the library open at `fd` (the very descriptor that will be loaded) against the manifest.
    func checkLibrary(openAt fd: Int32) throws(PluginError) {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var offset: off_t = 0
        while true {
            let count = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, offset) }
            if count < 0 { throw PluginError(file: libraryPath, reason: .unsafeFile("could not read it: \(String(cString: strerror(errno)))")) }
            if count == 0 { break }
            data.append(buffer, count: count)
            offset += off_t(count)
            if data.count > Self.librarySizeLimit { throw PluginError(file: libraryPath, reason: .unsafeFile("over \(Self.librarySizeLimit >> 20) MB")) }
        }
        try checkHash(of: data)
    }
}
