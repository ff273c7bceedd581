import ArgumentParser
import Foundation
import RefreshSystem
import RefreshHost
import RefreshPluginSDK

/// `refresh-dump pack`: a plugin library (or a folder holding one) made into a bundle, after it
/// passes `validate`.
struct PackCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pack",
        abstract: "Make a plugin bundle: the library, plugin.json, a thumbnail and resources/. The plugin must pass validate first.",
        discussion: """
            SOURCE is a .so, or a folder holding one .so and optionally plugin.json (its 'author' and \
            'license' are kept) and resources/. The bundle is written to OUT/<id>.refreshplugin; with \
            --archive also OUT/<id>.refreshplugin.tar.gz, one file to send.
            Example: refresh-dump pack .build/release/libMyIndicator.so --author "Me" --license MIT --out dist
            """
    )

    @Argument(help: "The plugin's .so, or a folder holding it.")
    var source: String
    @Option(help: "The folder to write the bundle in.")
    var out: String = "."
    @Option(help: "Who made the plugin (default: the source folder's plugin.json, else 'unknown').")
    var author: String?
    @Option(help: "The plugin's licence, an SPDX identifier (default: the source folder's plugin.json, else 'unknown').")
    var license: String?
    @Option(help: "A folder of the plugin's own files, copied into the bundle's resources/ (default: SOURCE/resources).")
    var resources: String?
    @Option(name: .customLong("read"), help: "A file or folder the plugin needs to read, absolute or under ~/ (repeatable): written into the manifest's permissions, shown at install, allowed by its sandbox (default: the source folder's plugin.json).")
    var readable: [String] = []
    @Flag(help: "Also write the bundle as one .tar.gz file.")
    var archive = false

    /// The parts of a source folder's plugin.json that pack keeps.
    struct SourceManifest: Decodable {
        var author: String?
        var license: String?
        var permissions: PluginPermissions?
    }

    func run() throws {
        OutputRoots.add(out)
        let (library, sourceFolder) = try locateLibrary()
        let kept = try sourceFolder.flatMap(readSourceManifest)
        if let resources, !FileManager.default.fileExists(atPath: resources) { throw ValidationError("--resources \(resources): no such folder") }
        let resourceFolder = resources ?? sourceFolder.map { ($0 as NSString).appendingPathComponent(PluginManifest.resourcesFolder) }

        // The bundle is put together beside its final place, library and resources first, so the
        // plugin is checked as it will run: finding its files through its resource folder.
        let data = try CappedFile.contents(of: library, limit: 512 << 20)
        try OutputFile.makeFolder(out)
        let files = FileManager.default
        let scratch: String
        do {
            scratch = try OutputFile.makeUniqueFolder((out as NSString).appendingPathComponent(".pack-"))
        } catch {
            throw ValidationError("--out \(out): \(PlainErrorText.words(error))")
        }
        let remembered = TemporaryPaths.remember(scratch)
        defer {
            // try?: clean-up of the scratch folder, whatever happened; a leftover is only a hidden folder.
            try? files.removeItem(atPath: scratch)
            TemporaryPaths.forget(remembered)
        }
        // The bundle is staged under its kind's extension (a bundle finds its resources by it),
        // with the umask's permissions rather than mkdtemp's 0700, since it is moved into place whole.
        let staging = (scratch as NSString).appendingPathComponent("staged.\(PluginManifest.bundleExtension)")
        try files.createDirectory(atPath: staging, withIntermediateDirectories: false, attributes: [.posixPermissions: Int(PendingFile.permissions(0o777))])
        let libraryName = (library as NSString).lastPathComponent
        let staged = (staging as NSString).appendingPathComponent(libraryName)
        try OutputFile.write(data, to: staged)
        chmod(staged, 0o755)
        let resourcesTarget = (staging as NSString).appendingPathComponent(PluginManifest.resourcesFolder)
        if let resourceFolder, files.fileExists(atPath: resourceFolder) {
            try FileTree.copy(from: resourceFolder, to: resourcesTarget)
        } else {
            try OutputFile.makeFolder(resourcesTarget)
        }

        // Only a plugin that cannot harm a host is packed: validate runs it in a child first.
        let permissions = readable.isEmpty ? kept?.permissions : PluginPermissions(read: readable)
        if let problem = permissions?.problem { throw ValidationError("--read: \(problem.reason)") }
        let home = ProcessInfo.processInfo.environment["HOME"] ?? "/nonexistent"
        let (status, report) = try runSelf(["validate", staged] + (permissions?.readablePaths(home: home) ?? []).flatMap { ["--read", $0] })
        guard status == 0 else {
            print(report.replacingOccurrences(of: staged, with: library), terminator: "")
            print("not packed: \(PluginError.printable(library)) failed validate")
            throw ExitCode(1)
        }
        // Lint is advice, not a gate: its lines go into the manifest, and are said. Cost is left out:
        // it measures the packing machine, and a bundle is the same bytes wherever it is packed.
        let (_, linted) = try runSelf(["lint", "--plugin", staged, "--scenario", "pull-to-refresh", "--skip", "cost"])
        let lint = linted.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { $0.hasPrefix("✓ ") || $0.hasPrefix("✗ ") }
        for line in lint where line.hasPrefix("✗ ") { print("lint: " + line.replacingOccurrences(of: staged, with: library)) }
        let loaded = try PluginLibrary(path: staged)
        let id = loaded.info.indicator.id
        let bundleFolder = (out as NSString).appendingPathComponent("\(id).\(PluginManifest.bundleExtension)")
        let thumbnailName = "thumbnail.png"
        try Self.thumbnail(of: loaded).writePNG(to: (staging as NSString).appendingPathComponent(thumbnailName))

        let manifest = PluginManifest(describing: loaded.info, library: libraryName, sha256: PluginManifest.sha256(of: data),
                                      author: author ?? kept?.author ?? "unknown", license: license ?? kept?.license ?? "unknown", thumbnail: thumbnailName,
                                      lint: lint.isEmpty ? nil : lint, permissions: permissions)
        try OutputFile.write(manifest.encoded(), to: (staging as NSString).appendingPathComponent(PluginManifest.fileName))
        // The archive is written as every file is: under a temporary name beside it, renamed when
        // whole. Its final name is checked now, before the bundle is replaced: a link, folder or
        // pipe planted there fails the command with nothing changed.
        let archivePath = bundleFolder + ".tar.gz"
        let pendingArchive = archive ? try PendingFile(path: archivePath) : nil
        // The finished bundle replaces an older one in one step.
        // try?: an old bundle that cannot be removed makes the move below fail, naming it.
        try? files.removeItem(atPath: bundleFolder)
        try files.moveItem(atPath: staging, toPath: bundleFolder)
        print("packed \(manifest.name) \(manifest.version) (\(id)) into \(bundleFolder)")

        if let pendingArchive {
            // The same bundle is the same archive: names sorted, no packing time or owner's name,
            // gzip without its header time (a fixed date in 2000, which tar does not call implausible).
            // tar writes the temporary file PendingFile made (mkstemp: ours, never a link).
            let repeatable = ["--sort=name", "--format=gnu", "--mtime=@946684800", "--owner=0", "--group=0", "--numeric-owner", "--use-compress-program=gzip -n"]
            let (tarStatus, tarOutput) = try ChildProgram.run("/usr/bin/tar", repeatable + ["-cf", pendingArchive.temporary, "-C", PathText.folder(of: bundleFolder), (bundleFolder as NSString).lastPathComponent])
            guard tarStatus == 0 else {
                pendingArchive.abandon()
                throw ValidationError("tar could not write \(archivePath): \(tarOutput)")
            }
            try pendingArchive.commit()
            print("archived into \(archivePath)")
        }
    }

    /// The library to pack and the folder it came from (when SOURCE is a folder).
    func locateLibrary() throws -> (library: String, folder: String?) {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: source, isDirectory: &isFolder) else { throw ValidationError("\(source): no such file or folder") }
        guard isFolder.boolValue else { return (source, nil) }
        // try?: an unreadable folder is reported below as holding no .so, with its name.
        let libraries = ((try? FileManager.default.contentsOfDirectory(atPath: source)) ?? []).filter { $0.hasSuffix(".so") }.sorted()
        guard libraries.count == 1 else {
            throw ValidationError("\(source): expected one .so in the folder, found \(libraries.isEmpty ? "none" : libraries.joined(separator: ", "))")
        }
        return ((source as NSString).appendingPathComponent(libraries[0]), source)
    }

    func readSourceManifest(_ folder: String) throws -> SourceManifest? {
        let path = (folder as NSString).appendingPathComponent(PluginManifest.fileName)
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        return try InputFileError.decode(SourceManifest.self, at: path, limit: 1 << 20, kind: "source manifest", expected: "'author' and 'license' must be strings")
    }

    /// The thumbnail: the indicator while refreshing, a 120×64 pt band at 2×, light theme.
    static func thumbnail(of library: PluginLibrary) throws -> ImageSurface {
        let indicator = try library.makeIndicator()
        var spec = FrameSpec(state: .refreshing)
        spec.size = Size(width: 120, height: 64)
        spec.time = 0.4
        spec.stateTime = 0.4
        let frame = spec.frame(refreshLength: indicator.refreshLength)
        indicator.refreshState = frame.state
        return try FrameRenderer.render(indicator, frame: frame)
    }
}

/// Runs this executable with `arguments`; its status and everything it printed.
func runSelf(_ arguments: [String]) throws -> (Int32, String) {
    try ChildProgram.run(URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path, arguments)
}
