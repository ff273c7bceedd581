import Foundation
import Testing
import TestSupport
import RefreshGraphics
#if canImport(Glibc)
import Glibc
#endif

/// No command writes through a link, a folder or a special file: every kind of file each command
/// writes is first listed from a clean run, then a symbolic link to a file elsewhere, a folder or
/// a named pipe is planted under that very name in a fresh output folder and the command run
/// again. The file elsewhere keeps its bytes, the folder and the pipe stay what they were (the
/// pipe receives nothing), and the message of a command that refuses names what it refused and
/// never a Foundation domain.
@Suite(.leavesNoPluginHost) struct PlantedLinkTests {
    /// A pull of 24 frames with two checkpoints: every kind of file the commands write, at a third
    /// of pull-short's frames (each command runs once per output kind; the report's cell video,
    /// x264 at its slow preset, was most of the cost).
    static let pullShort: String = {
        let path = scratch("planted-links-scenario") + "/pull-brief.json"
        // try?: the folder is made here; a failure shows as every command's missing scenario.
        try? FileManager.default.createDirectory(atPath: PathText.folder(of: path), withIntermediateDirectories: true)
        try? Data("""
            { "version": 1, "name": "pull-brief", "edges": { "top": { "plugin": "dev.refreshkit.spinner" } }, "checkpoints": [0.1, 0.25],
              "steps": [ { "drag": { "from": 100, "to": 190, "duration": 0.2 } }, { "release": {} }, { "wait": 0.2 } ] }
            """.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }()
    /// Each command with its output folder (or file) written as OUT.
    static let commands: [(name: String, arguments: [String])] = [
        ("render", ["render", "--plugin", "Spinner", "--state", "refreshing", "--out", "OUT/frame.png"]),
        ("sweep", ["sweep", "--plugin", "Spinner", "--progress", "0:1:3", "--format", "gif,mp4,apng,webp", "--out", "OUT"]),
        ("run", ["run", pullShort, "--format", "gif,mp4,apng,webp", "--out", "OUT"]),
        ("report", ["report", "--plugin", "Spinner", "--scenario", pullShort, "--out", "OUT"]),
        ("verify", ["verify", pullShort, "--plugin", "Spinner", "--golden", "OUT/no-goldens", "--report", "OUT"]),
        ("bench", ["bench", "--only", "host", "--frames", "10", "--json", "OUT/bench.json"]),
    ]

    /// Every file under `folder`, relative, one of each kind (frames and cells differ only in numbers).
    func kinds(in folder: String) throws -> [String] {
        var seen = Set<String>(), kinds: [String] = []
        let all = try FileManager.default.subpathsOfDirectory(atPath: folder).sorted()
        for path in all {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: "\(folder)/\(path)", isDirectory: &isFolder), !isFolder.boolValue else { continue }
            // A motion film's pictures are named by 16 hex digits: one kind, like numbered frames.
            let shape = String(path.replacingOccurrences(of: "[0-9a-f]{16}\\.png", with: "#.png", options: .regularExpression).map { $0.isNumber ? "#" : $0 })
            if seen.insert(shape).inserted { kinds.append(path) }
        }
        return kinds
    }

    /// What is planted under an output's name.
    enum Planted: CaseIterable {
        /// A symbolic link to somebody else's file.
        case link
        /// A folder.
        case folder
        /// A named pipe, standing for every special file (a device, a socket): the writers refuse
        /// them all on the same test of the file's type, and bytes written into a pipe can be seen.
        case pipe
    }

    @Test(arguments: commands.map(\.name))
    func nothingPlantedUnderAnOutputNameIsWrittenThroughOrReplaced(command: String) async throws {
        let arguments = try #require(Self.commands.first { $0.name == command }).arguments
        let clean = scratch("links-clean-\(command)")
        _ = try await refreshDump(arguments.map { $0.replacingOccurrences(of: "OUT", with: clean) })
        let outputs = try kinds(in: clean)
        #expect(!outputs.isEmpty, "\(command) wrote nothing to plant links on")
        // Each output gets one kind in turn; a command with fewer outputs than kinds gets every kind on each.
        let plantings: [(output: String, planted: Planted)] = outputs.count >= Planted.allCases.count
            ? outputs.enumerated().map { ($1, Planted.allCases[$0 % Planted.allCases.count]) }
            : outputs.flatMap { output in Planted.allCases.map { (output, $0) } }
        let canary = scratch("links-canary-\(command)") + "/somebody-elses-file"
        for (output, planted) in plantings {
            try Data("keep me".utf8).write(to: URL(fileURLWithPath: canary))
            let folder = scratch("links-\(command)-\(planted)-\(output.replacingOccurrences(of: "/", with: "_"))")
            let path = "\(folder)/\(output)"
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            var reader: Int32 = -1
            switch planted {
            case .link: try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: canary)
            case .folder: try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
            case .pipe:
                try #require(mkfifo(path, 0o644) == 0)
                // Held open for reading, so a writer that opened it would not block, and its bytes show.
                reader = open(path, O_RDONLY | O_NONBLOCK)
            }
            defer { if reader >= 0 { close(reader) } }
            let (_, text) = try await refreshDump(arguments.map { $0.replacingOccurrences(of: "OUT", with: folder) })
            let what = "\(command), \(planted) at \(output)"
            #expect(!text.contains("NSCocoaErrorDomain") && !text.contains("Error Domain="), "\(what): \(text)")
            var info = stat()
            let kept = lstat(path, &info) == 0
            switch planted {
            case .link:
                #expect(try String(contentsOfFile: canary, encoding: .utf8) == "keep me", "\(what): written through: \(text)")
            case .folder:
                #expect(kept && info.st_mode & S_IFMT == S_IFDIR, "\(what): the folder was replaced: \(text)")
            case .pipe:
                var byte: UInt8 = 0
                #expect(read(reader, &byte, 1) <= 0, "\(what): written through: \(text)")
                #expect(kept && info.st_mode & S_IFMT == S_IFIFO, "\(what): the pipe was replaced: \(text)")
            }
            // A run's folder is replaced whole, so what was planted in it may be gone; what is still there was named.
            // try?: a link that cannot be read is not the one planted.
            let stillPlanted = kept && (planted != .link || (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) == canary)
            if stillPlanted {
                #expect(text.contains(path) || text.contains(output) || text.contains(folder), "\(what): kept without saying so: \(text)")
            }
        }
    }

    /// A link to a folder elsewhere, planted at every depth below the output (`cells`,
    /// `cells/light`, `handoff/<column>`, a report's `images`, a motion golden's frames folder), is
    /// never followed: the folder elsewhere stays empty, and a command that refuses names the link.
    @Test(arguments: ["run", "report", "verify"])
    func noFolderLinkBelowTheOutputIsFollowed(command: String) async throws {
        let arguments = try #require(Self.commands.first { $0.name == command }).arguments
        let clean = scratch("folder-links-clean-\(command)")
        _ = try await refreshDump(arguments.map { $0.replacingOccurrences(of: "OUT", with: clean) })
        let folders = try FileManager.default.subpathsOfDirectory(atPath: clean).filter { path in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: "\(clean)/\(path)", isDirectory: &isFolder) && isFolder.boolValue
        }.sorted()
        #expect(!folders.isEmpty, "\(command) made no folder to plant a link at")
        for (index, folderPath) in folders.enumerated() {
            let elsewhere = scratch("folder-links-elsewhere-\(command)-\(index)")
            let out = scratch("folder-links-\(command)-\(index)")
            let planted = "\(out)/\(folderPath)"
            try FileManager.default.createDirectory(atPath: PathText.folder(of: planted), withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(atPath: planted, withDestinationPath: elsewhere)
            let (status, text) = try await refreshDump(arguments.map { $0.replacingOccurrences(of: "OUT", with: out) })
            let written = try FileManager.default.contentsOfDirectory(atPath: elsewhere)
            #expect(written.isEmpty, "\(command), a link at \(folderPath): written through (\(written.prefix(3))): \(text.suffix(300))")
            // Refused: the link named, or (run, which replaces its folder whole) the folder it will not replace.
            if status != 0 { #expect(text.contains(planted) || text.contains("--out \(out): "), "\(command) \(folderPath): \(text.suffix(300))") }
        }
    }
}
