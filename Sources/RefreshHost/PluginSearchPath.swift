import Foundation

/// Where plugins are looked for: explicit folders (`--plugin-path`), then `REFRESH_PLUGIN_PATH`
/// (colon-separated), then the folder of the running executable (the build's own products).
public struct PluginSearchPath: Equatable, Sendable {
    /// Folders in the order they are searched.
    public var directories: [String]

    /// A search path of exactly `directories`.
    public init(directories: [String]) {
        self.directories = directories
    }

    /// `extra` folders, then `REFRESH_PLUGIN_PATH`, then the executable's folder.
    public static func standard(extra: [String] = [], environment: [String: String] = ProcessInfo.processInfo.environment) -> PluginSearchPath {
        var directories = extra
        if let path = environment["REFRESH_PLUGIN_PATH"] {
            directories += path.split(separator: ":").map(String.init).filter { !$0.isEmpty }
        }
        if let products = buildProductsDirectory { directories.append(products) }
        // One folder named twice (`.build/debug` and where that link points) is searched once.
        var seen = Set<String>()
        return PluginSearchPath(directories: directories.filter { seen.insert(($0 as NSString).resolvingSymlinksInPath).inserted })
    }

    /// The folder holding the running executable, where SwiftPM puts the plugin libraries it builds.
    public static var buildProductsDirectory: String? {
        guard let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") else { return nil }
        return (executable as NSString).deletingLastPathComponent
    }

    /// The shared libraries in the search path, folder by folder, names sorted. Test fixtures
    /// (`libFixture*`) in the build folder are skipped.
    public func libraries() -> [String] {
        directories.flatMap { directory -> [String] in
            let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
            return names.filter { $0.hasSuffix(".so") && !$0.hasPrefix("libFixture") }.sorted().map { (directory as NSString).appendingPathComponent($0) }
        }
    }

    /// The plugins found, each loaded and checked in a child process (``PluginProbe``), so one bad
    /// library cannot harm the caller; libraries that fail come back as errors. The infos carry no
    /// parameters: load the plugin you use.
    public func discover() -> [Result<PluginInfo, PluginError>] {
        probed().map(\.result)
    }

    /// Every library in the search path with what the probe found, in search order.
    public func probed() -> [(path: String, result: Result<PluginInfo, PluginError>)] {
        PluginProbe.probed(libraries())
    }

    /// Whether `reference` names a file (it has a `/` or ends in `.so`) rather than an id or name.
    public static func isPath(_ reference: String) -> Bool {
        reference.contains("/") || reference.hasSuffix(".so")
    }

    /// The plugin named by `reference`: a path (anything with a `/` or ending in `.so`; a bare
    /// `libX.so` is in the working folder), or an id or display name (case-insensitive) looked up
    /// in the search path. Two libraries answering to the same id or name are an error naming both,
    /// not the first one silently. `found` is what ``probed()`` returned, when the caller has it
    /// already (else the search path is probed now).
    public func resolve(_ reference: String, among found: [(path: String, result: Result<PluginInfo, PluginError>)]? = nil) throws(PluginError) -> String {
        if Self.isPath(reference) {
            return reference.hasPrefix("/") ? reference : FileManager.default.currentDirectoryPath + "/" + reference
        }
        var known: [String] = [], matches: [String] = []
        for case .success(let info) in (found ?? probed()).map(\.result) {
            let path = info.path
            if info.indicator.id == reference || info.indicator.name.lowercased() == reference.lowercased() { matches.append(path) }
            known += [info.indicator.name, info.indicator.id]
        }
        if matches.count == 1 { return matches[0] }
        if matches.count > 1 { throw PluginError(file: reference, reason: .ambiguous(matches)) }
        let searched = directories.isEmpty ? "an empty search path" : directories.joined(separator: ":")
        let close = Self.closeMatches(to: reference, among: known)
        throw PluginError(file: reference, reason: .notFound(searched + (close.isEmpty ? "" : "; did you mean \(close.map { "'\($0)'" }.joined(separator: " or "))?")))
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
