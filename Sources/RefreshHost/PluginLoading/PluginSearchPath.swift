import Foundation
import RefreshGraphics

/// Where plugins are looked for, in this order: explicit folders (`--plugin-path`), then
/// `REFRESH_PLUGIN_PATH` (colon-separated), then the user's folder (``userDirectory(environment:)``,
/// where `refresh-dump install` puts bundles), then the install prefix's (``installedDirectory``),
/// then the folder of the running executable (the build's own products, without its examples).
public struct PluginSearchPath: Equatable, Sendable {
    /// Folders in the order they are searched.
    public var directories: [String]
    /// The build's own products folder when it was found on its own (not named by the user): its
    /// examples (`libExample*`, the plugin template) are not built-ins and are not listed from it.
    var hidesExamplesIn: String?

    /// A search path of exactly `directories`.
    public init(directories: [String]) {
        self.directories = directories
    }

    /// `extra` folders, then `REFRESH_PLUGIN_PATH`, the user's folder and the install prefix's
    /// (each when it exists), then the executable's folder.
    public static func standard(extra: [String] = [], environment: [String: String] = ProcessInfo.processInfo.environment) -> PluginSearchPath {
        var directories = extra
        if let path = environment["REFRESH_PLUGIN_PATH"] {
            directories += path.split(separator: ":").map(String.init).filter { !$0.isEmpty }
        }
        for folder in [userDirectory(environment: environment), installedDirectory].compactMap({ $0 }) where FileManager.default.fileExists(atPath: folder) {
            directories.append(folder)
        }
        let named = directories.count
        if let products = buildProductsDirectory { directories.append(products) }
        // One folder named twice (`.build/debug` and where that link points, or a relative name for
        // it) is searched once.
        var seen = Set<String>()
        let kept = directories.enumerated().filter { _, folder in seen.insert(resolved(folder)).inserted }
        var path = PluginSearchPath(directories: kept.map(\.element))
        path.hidesExamplesIn = kept.last.flatMap { $0.offset >= named ? $0.element : nil }
        return path
    }

    /// The user's plugin folder: `$XDG_DATA_HOME/refreshkit/plugins`, by default
    /// `~/.local/share/refreshkit/plugins`. Nil when neither variable is set.
    public static func userDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") { return data + "/refreshkit/plugins" }
        guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
        return home + "/.local/share/refreshkit/plugins"
    }

    /// The installed plugins: `lib/refreshkit/plugins` under the prefix the running executable was
    /// installed in (its folder's parent).
    public static var installedDirectory: String? {
        guard let products = buildProductsDirectory else { return nil }
        return (PathText.folder(of: products) as NSString).appendingPathComponent("lib/refreshkit/plugins")
    }

    /// The folder holding the running executable, where SwiftPM puts the plugin libraries it builds.
    public static var buildProductsDirectory: String? {
        // try?: without /proc there is no build folder to search; the other folders still are.
        guard let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") else { return nil }
        return PathText.folder(of: executable)
    }

    /// What the search path holds, folder by folder, names sorted: bundle folders (a folder with
    /// `plugin.json`) and bare shared libraries.
    public func libraries() -> [String] {
        directories.flatMap { directory -> [String] in
            // try?: a folder of the search path that is missing or unreadable holds no plugins.
            let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
            return names.sorted().map { (directory as NSString).appendingPathComponent($0) }.filter { path in
                let name = (path as NSString).lastPathComponent
                if directory == hidesExamplesIn && name.hasPrefix("libExample") { return false }
                return name.hasSuffix(".so") || PluginBundle.isBundle(path)
            }
        }
    }

    /// `folder` absolute, links resolved: one folder however it is named.
    static func resolved(_ folder: String) -> String {
        let absolute = folder.hasPrefix("/") ? folder : (FileManager.default.currentDirectoryPath as NSString).appendingPathComponent(folder)
        return (absolute as NSString).standardizingPath.resolvingSymlinksInPath
    }

    /// The plugins found. Bundles are read from their manifests (no plugin code runs); bare
    /// libraries are loaded and checked in a child process (`PluginProbe`), so one bad library
    /// cannot harm the caller. Failures come back as errors.
    public func discover() -> [Result<PluginInfo, PluginError>] {
        probed().map(\.result)
    }

    /// Every entry in the search path with what its manifest or the probe said, in search order.
    /// A bundle's `path` is its library's.
    public func probed() -> [(path: String, result: Result<PluginInfo, PluginError>)] {
        let entries = libraries()
        let bare = entries.filter { !PluginBundle.isBundle($0) }
        var probedBare = PluginProbe.probed(bare).makeIterator()
        return entries.map { entry in
            guard PluginBundle.isBundle(entry) else { return probedBare.next()! }
            do throws(PluginError) {
                let bundle = try PluginBundle(folder: entry)
                return (bundle.libraryPath, .success(try bundle.info()))
            } catch {
                return (entry, .failure(error))
            }
        }
    }

    /// Whether `reference` names a file (it has a `/`, or ends in `.so` or `.refreshplugin`) rather than an id or name.
    public static func isPath(_ reference: String) -> Bool {
        reference.contains("/") || reference.hasSuffix(".so") || reference.hasSuffix("." + PluginManifest.bundleExtension)
    }

    /// The plugin named by `reference`: a path (anything with a `/` or ending in `.so`; a bare
    /// `libX.so` is in the working folder), or an id or display name (case-insensitive) looked up
    /// in the search path. The first folder holding it wins (so `--plugin-path` and installed bundles
    /// come before the build's own); two libraries in that folder answering to the same id or name
    /// are an error naming both. `found` is what ``probed()`` returned, when the caller has it
    /// already (else the search path is probed now).
    public func resolve(_ reference: String, among found: [(path: String, result: Result<PluginInfo, PluginError>)]? = nil) throws(PluginError) -> String {
        if Self.isPath(reference) {
            let path = reference.hasPrefix("/") ? reference : FileManager.default.currentDirectoryPath + "/" + reference
            // A bundle folder stands for its library.
            return PluginBundle.isBundle(path) ? try PluginBundle(folder: path).libraryPath : path
        }
        var known: [String] = [], matches: [String] = [], ids: [String: String] = [:]
        for case .success(let info) in (found ?? probed()).map(\.result) {
            let path = info.path
            if info.indicator.id == reference || info.indicator.name.lowercased() == reference.lowercased() {
                matches.append(path)
                ids[path] = info.indicator.id
            }
            known += [info.indicator.name, info.indicator.id]
        }
        // The first folder that has it wins (an installed bundle over the build's library); two in
        // that one folder are an error naming both.
        if let first = matches.first {
            let sameFolder = matches.filter { Self.searchFolder(of: $0) == Self.searchFolder(of: first) }
            if sameFolder.count == 1 {
                Self.expectLock.withLock { Self.expectedIDs[first] = ids[first] }
                return first
            }
            throw PluginError(file: reference, reason: .ambiguous(sameFolder))
        }
        let searched = directories.isEmpty ? "an empty search path" : directories.joined(separator: ":")
        let close = Self.closeMatches(to: reference, among: known)
        throw PluginError(file: reference, reason: .notFound(searched + (close.isEmpty ? "" : "; did you mean \(close.map { "'\($0)'" }.joined(separator: " or "))?")))
    }

    private static let expectLock = NSLock()
    nonisolated(unsafe) private static var expectedIDs: [String: String] = [:]

    /// Throws when the library at `path`, found by id or name through what the probe or its cache
    /// said, reports another id once loaded: the cache was stale or forged, and the library asked
    /// for is not the one loaded.
    static func confirm(_ id: String, at path: String) throws(PluginError) {
        guard let expected = expectLock.withLock({ expectedIDs[path] }), expected != id else { return }
        throw PluginError(file: path, reason: .reported("reports the id '\(PluginError.printable(id))', not '\(PluginError.printable(expected))' as the plugin probe's cache said (a stale or forged entry); it was not used"))
    }

    /// The search-path folder an entry came from: a bare library's folder, or the folder holding
    /// a bundle's folder.
    static func searchFolder(of libraryPath: String) -> String {
        let folder = PathText.folder(of: libraryPath)
        return folder.hasSuffix("." + PluginManifest.bundleExtension) ? PathText.folder(of: folder) : folder
    }

    /// The names within a few typing slips of `reference` (edit distance, case ignored), closest first.
    static func closeMatches(to reference: String, among names: [String]) -> [String] {
        let wanted = Array(reference.lowercased())
        let allowed = max(2, wanted.count / 3)
        let scored = names.map { name -> (String, Int) in (name, editDistance(wanted, Array(name.lowercased()))) }
        return scored.filter { $0.1 <= allowed }.sorted { ($0.1, $0.0) < ($1.1, $1.0) }.prefix(3).map(\.0)
    }

    private static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1] + Array(repeating: 0, count: b.count)
            for (j, y) in b.enumerated() {
                current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
