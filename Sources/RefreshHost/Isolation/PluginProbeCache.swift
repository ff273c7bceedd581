import Foundation
import RefreshSystem
import RefreshGraphics
#if canImport(Glibc)
import Glibc
#endif

/// What ``PluginProbe`` found in libraries that loaded, kept between commands, so that a command
/// naming a plugin by id does not load every library of the search path in a child again (14 built-in
/// libraries: some 35 ms before the first frame, the largest serial piece of a short `run`).
///
/// An entry stands for one file as it was: its device, inode, size, modification and change times
/// (to the nanosecond). Writing, copying or renaming another file over it changes one of them, and the
/// library is probed again. The whole cache stands for one build of the tools: it is dropped when
/// `refresh-plugin-host` (the program that probes, and whose checks decide what loads) is another
/// file. Libraries that failed are never kept: a crash or a hang is looked at again each time.
///
/// The file is `$XDG_CACHE_HOME/refreshkit/plugin-probe.json` (by default `~/.cache/refreshkit/…`);
/// `REFRESHKIT_PROBE_CACHE=off` turns it off. One that cannot be read or written is only a cache:
/// it is ignored, and replaced whole (a new file renamed over it) when next written.
package struct PluginProbeCache {
    /// Whether this process keeps the cache: the tools turn it on. Off (a program using RefreshHost
    /// as a library, the tests' own process, whose debug build would replace the tools' cache in
    /// the user's home each time), every library is probed.
    nonisolated(unsafe) package static var isEnabled = false

    /// The cache's file.
    let file: String
    /// The identity of the tools' build it stands for.
    let tools: String
    private(set) var entries: [String: Entry]
    private var changed = false
    /// The libraries this command probed or found here.
    private var used = Set<String>()

    /// One library as it was probed.
    struct Entry: Codable, Equatable {
        /// The file's identity when it was probed (``identity(of:)``).
        var file: String
        var record: PluginProbe.Record
    }

    /// The file's content as written.
    private struct Contents: Codable {
        var version = 1
        var tools: String
        var libraries: [String: Entry]
    }

    /// The most entries kept: past it, only this command's are (a folder of test libraries made and
    /// removed again and again must not grow the file without end).
    static let capacity = 256
    /// The most bytes read: far above `capacity` honest entries (a few hundred bytes each). A larger
    /// file is not read at all, and is replaced when next written.
    package static let sizeLimit = 1 << 20

    /// Where the cache lives for `environment`; nil when it is off or there is no home.
    static func location(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        if !isEnabled || environment["REFRESHKIT_PROBE_CACHE"] == "off" { return nil }
        if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") { return cache + "/refreshkit/plugin-probe.json" }
        guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
        return home + "/.cache/refreshkit/plugin-probe.json"
    }

    /// The cache at `file` for the tools whose probing program is `tools` (its path), or nil when
    /// either is unknown.
    init?(file: String?, tools: String?) {
        guard let file, let tools, let toolsIdentity = Self.identity(of: tools), Self.isOwnFolder(PathText.folder(of: file), orMissing: true) else { return nil }
        self.file = file
        self.tools = toolsIdentity
        // try?: a cache that is missing, unreadable, too large or not ours is empty.
        let contents = (try? CappedFile.contents(of: file, limit: Self.sizeLimit)).flatMap { try? JSONDecoder().decode(Contents.self, from: $0) }
        // An entry is checked as the probe checks a library's own words; one that fails is probed again.
        entries = (contents.flatMap { $0.version == 1 && $0.tools == toolsIdentity ? $0.libraries : nil } ?? [:]).filter { $0.value.record.isPlausible }
    }

    /// `path`'s identity: device, inode, size, and modification and change times in nanoseconds.
    static func identity(of path: String) -> String? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return "\(status.st_dev):\(status.st_ino):\(status.st_size):\(status.st_mtim.tv_sec).\(status.st_mtim.tv_nsec):\(status.st_ctim.tv_sec).\(status.st_ctim.tv_nsec)"
    }

    /// What the probe said of `path` when it was the file it is now; nil when it was not probed so.
    mutating func record(for path: String) -> PluginProbe.Record? {
        guard let entry = entries[path], let now = Self.identity(of: path), entry.file == now else { return nil }
        used.insert(path)
        return entry.record
    }

    /// Keeps `record` for `path` as the file is now.
    mutating func keep(_ record: PluginProbe.Record, for path: String) {
        guard let now = Self.identity(of: path) else { return }
        let entry = Entry(file: now, record: record)
        used.insert(path)
        guard entries[path] != entry else { return }
        entries[path] = entry
        changed = true
    }

    /// Writes the cache when something was kept: under a new name, then renamed over the old, so
    /// a command reading it meanwhile reads one whole version. Entries of files gone are dropped.
    mutating func save() {
        guard changed else { return }
        changed = false
        var kept = entries.filter { FileManager.default.fileExists(atPath: $0.key) }
        if kept.count > Self.capacity { kept = kept.filter { used.contains($0.key) } }
        let contents = Contents(tools: tools, libraries: kept)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        // try?: strings and integers always encode; were it to fail, the next command probes.
        guard let data = try? encoder.encode(contents) else { return }
        let folder = PathText.folder(of: file)
        // try?: a cache that cannot be written costs the next command a probe, nothing more.
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        guard Self.isOwnFolder(folder, orMissing: false) else { return }
        // try?: as above. OutputFile writes under a new name and renames it over the old, and
        // never writes through a link planted at the file's name.
        try? OutputFile.write(data, to: file)
    }

    /// Whether `folder` is a folder of this user's, not a symbolic link to one (the cache is
    /// written into nothing another user or a planted link chose); `orMissing`: or not there yet.
    static func isOwnFolder(_ folder: String, orMissing: Bool) -> Bool {
        var status = stat()
        guard lstat(folder, &status) == 0 else { return orMissing && errno == ENOENT }
        return status.st_mode & S_IFMT == S_IFDIR && status.st_uid == geteuid()
    }
}
