import Foundation
import Testing
import RefreshGraphics
import TestSupport

/// No path a user types makes a command trap: Foundation's `deletingLastPathComponent` stopped
/// render, run, verify, lint and bench with SIGILL and no word on `x`, `.` and `x/` (issue 53 §1).
@Suite(.leavesNoPluginHost) struct TypedPathTests {
    static let paths = ["x", ".", "./x", "x/", "..", "é"]
    static let pullShort = "\(scenarioFolder)/pull-short.json"

    /// Each command that writes, with the path where its output goes.
    static let commands: [(name: String, arguments: @Sendable (String) -> [String])] = [
        ("render --out", { ["render", "--plugin", "Spinner (C)", "--out", $0] }),
        ("run --out", { ["run", pullShort, "--plugin", "Spinner (C)", "--no-frames", "--scale", "1", "--out", $0] }),
        ("verify --junit", { ["verify", pullShort, "--plugin", "Spinner (C)", "--golden", "golden", "--update", "--junit", $0] }),
        ("lint --json", { ["lint", "--plugin", "Spinner (C)", "--only", "mirror", "--json", $0] }),
        ("bench --json", { ["bench", "--only", "png", "--frames", "10", "--json", $0] }),
        ("gallery --out", { ["gallery", "--plugin", "Spinner (C)", "--out", $0] }),
    ]

    @Test(arguments: 0..<commands.count)
    func noCommandTrapsOnAPathAUserTypes(command: Int) async throws {
        let (name, arguments) = Self.commands[command]
        for path in Self.paths {
            let folder = scratch("typed-path-\(command)-\(Self.paths.firstIndex(of: path)!)")
            let (status, output) = try await refreshDump(arguments(path), in: folder)
            #expect((0...2).contains(status), "\(name) \(path): status \(status): \(output.suffix(300))")
            if status != 0 { #expect(output.contains(path == "é" ? "é" : "Error"), "\(name) \(path): no message: \(output.suffix(300))") }
        }
    }

    /// Each command that makes a folder, told to make it below a file.
    static let foldersBelowAFile: [(name: String, arguments: [String])] = [
        ("sweep", ["sweep", "--plugin", "Spinner (C)", "--progress", "0:1:2", "--out", "file/sub"]),
        ("report", ["report", "--plugin", "Spinner (C)", "--scenario", "pull-short", "--out", "file/sub"]),
        ("gallery", ["gallery", "--plugin", "Spinner (C)", "--out", "file/sub"]),
        ("handoff", ["handoff", "--plugin", "Spinner (C)", "--out", "file/sub"]),
        ("export", ["export", "--plugin", "Spinner (C)", "--out", "file/sub"]),
        ("pack", ["pack", "\(products)/libRefreshSpinnerC.so", "--author", "Tests", "--license", "MIT", "--out", "file/sub"]),
        ("verify --golden", ["verify", pullShort, "--plugin", "Spinner (C)", "--update", "--golden", "file/sub"]),
    ]

    /// A folder asked for below a file is named as one ("file is a file, not a folder"), where seven
    /// commands said Foundation's "cannot be read or written (file error 512)".
    @Test(arguments: foldersBelowAFile.map(\.name))
    func aFolderBelowAFileIsNamed(command: String) async throws {
        let arguments = try #require(Self.foldersBelowAFile.first { $0.name == command }).arguments
        let folder = scratch("below-a-file-\(command.prefix(while: { $0 != " " }))")
        try "not a folder".write(toFile: "\(folder)/file", atomically: true, encoding: .utf8)
        let (status, output) = try await refreshDump(arguments, in: folder)
        #expect(status != 0, "\(command): \(output.suffix(300))")
        #expect(output.contains("file is a file, not a folder") && !output.contains("file error"), "\(command): \(output.suffix(300))")
        #expect(try String(contentsOfFile: "\(folder)/file", encoding: .utf8) == "not a folder")
    }

    @Test func theFolderOfAPath() async {
        let cases: [(String, String)] = [("x", ""), ("x/", ""), (".", ""), ("é", ""), ("./x", "."), ("..", ""), ("a/b", "a"), ("a/b/", "a"),
                                         ("a//b", "a"), ("/x", "/"), ("/", "/"), ("", ""), ("/a/b/c.png", "/a/b"), ("../x", "..")]
        for (path, folder) in cases { #expect(PathText.folder(of: path) == folder, "\(path)") }
        // Where Foundation does not trap, the two agree.
        for path in ["./x", "a/b", "a/b/", "/x", "/", "/a/b/c.png", "../x"] {
            #expect(PathText.folder(of: path) == (path as NSString).deletingLastPathComponent, "\(path)")
        }
    }
}
