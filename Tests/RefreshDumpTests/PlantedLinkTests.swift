import Foundation
import Testing
import TestSupport

/// No command writes through a link: every kind of file each command writes is first listed from
/// a clean run, then a symbolic link to a file elsewhere is planted under that very name in a
/// fresh output folder and the command run again. The file elsewhere keeps its bytes, and the
/// message of a command that refuses names the link and never a Foundation domain.
@Suite struct PlantedLinkTests {
    static let pullShort = "\(scenarioFolder)/pull-short.json"
    /// Each command with its output folder (or file) written as OUT.
    static let commands: [(name: String, arguments: [String])] = [
        ("render", ["render", "--plugin", "Spinner", "--state", "refreshing", "--out", "OUT/frame.png"]),
        ("sweep", ["sweep", "--plugin", "Spinner", "--progress", "0:1:3", "--format", "gif,mp4,apng,webp", "--out", "OUT"]),
        ("run", ["run", pullShort, "--format", "gif,mp4,apng,webp", "--out", "OUT"]),
        ("report", ["report", "--plugin", "Spinner", "--scenario", "pull-short", "--out", "OUT"]),
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
            let shape = String(path.map { $0.isNumber ? "#" : $0 })
            if seen.insert(shape).inserted { kinds.append(path) }
        }
        return kinds
    }

    @Test(arguments: commands.map(\.name))
    func aLinkPlantedUnderAnyOutputNameIsNeverWrittenThrough(command: String) throws {
        let arguments = try #require(Self.commands.first { $0.name == command }).arguments
        let clean = scratch("links-clean-\(command)")
        _ = try refreshDump(arguments.map { $0.replacingOccurrences(of: "OUT", with: clean) })
        let outputs = try kinds(in: clean)
        #expect(!outputs.isEmpty, "\(command) wrote nothing to plant links on")
        let canary = scratch("links-canary-\(command)") + "/somebody-elses-file"
        for output in outputs {
            try Data("keep me".utf8).write(to: URL(fileURLWithPath: canary))
            let folder = scratch("links-\(command)-\(output.replacingOccurrences(of: "/", with: "_"))")
            let link = "\(folder)/\(output)"
            try FileManager.default.createDirectory(atPath: (link as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: canary)
            let (_, text) = try refreshDump(arguments.map { $0.replacingOccurrences(of: "OUT", with: folder) })
            #expect(try String(contentsOfFile: canary, encoding: .utf8) == "keep me", "\(command) wrote through a link at \(output): \(text)")
            #expect(!text.contains("NSCocoaErrorDomain") && !text.contains("Error Domain="), "\(command), \(output): \(text)")
            if (try? FileManager.default.destinationOfSymbolicLink(atPath: link)) == canary {
                #expect(text.contains(link) || text.contains(output) || text.contains(folder), "\(command) kept the link at \(output) without saying so: \(text)")
            }
        }
    }
}
