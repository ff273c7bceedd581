import Foundation
import Testing
import TestSupport
import RefreshHost
import RefreshPluginSDK

@Suite(.leavesNoPluginHost) struct CommandLineTests {
    /// Argument parser checks a command's options only when it is used: two options with one name
    /// make the whole command unusable, and only running it shows that.
    @Test(arguments: ["list", "render", "sweep", "run", "verify", "validate", "lint", "bench", "trace"])
    func everyCommandsOptionsAreWellFormed(command: String) async throws {
        let (status, output) = try await refreshDump([command, "--help"])
        #expect(status == 0, "\(output)")
        #expect(output.contains("USAGE: refresh-dump \(command)"), "\(output)")
    }

    /// Help is written to be wrapped by the parser: on a wide terminal no sentence of any command's
    /// overview breaks in the middle (validate's broke after "name, version and").
    @Test func noHelpTextBreaksASentence() async throws {
        let (_, top) = try await refreshDump(["--help"])
        let commands = top.components(separatedBy: "SUBCOMMANDS:").last!.split(separator: "\n")
            .compactMap { $0.hasPrefix("  ") && !$0.hasPrefix("   ") ? $0.split(separator: " ").first.map(String.init) : nil }
        #expect(commands.count >= 15, "\(commands)")
        for command in commands {
            let (status, output) = try await refreshDump([command, "--help"], environment: ["COLUMNS": "1000"])
            #expect(status == 0, "\(command): \(output)")
            let lines = output.components(separatedBy: "USAGE:")[0].split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            // A list item per line ("flash: …") follows a line that ends its sentence; a broken sentence does not.
            for (line, next) in zip(lines, lines.dropFirst()) where !line.isEmpty && !".:;!?)".contains(line.last!) && next.first?.isLowercase == true {
                Issue.record("\(command) --help breaks a sentence: '…\(line.suffix(40))' / '\(next.prefix(40))…'")
            }
        }
    }

    @Test func sweepWritesOneFramePerProgressValueAndASheet() async throws {
        let out = scratch("sweep-progress")
        let (status, output) = try await refreshDump(["sweep", "--plugin", "Spinner", "--progress", "0:1:3", "--out", out])
        #expect(status == 0, "\(output)")
        let files = try FileManager.default.contentsOfDirectory(atPath: out).sorted()
        #expect(files == ["0000.png", "0001.png", "0002.png", "contact-sheet.png"])
        let empty = try ImageSurface.readPNG(at: out + "/0000.png"), full = try ImageSurface.readPNG(at: out + "/0002.png")
        #expect(empty.pixelWords() != full.pixelWords(), "progress 0 and 1 look different")
    }

    @Test func sweepOverTimeAndItsErrors() async throws {
        let out = scratch("sweep-times")
        let (status, output) = try await refreshDump(["sweep", "--plugin", "Spinner", "--state", "refreshing", "--times", "0:0.5:2", "--out", out])
        #expect(status == 0, "\(output)")
        #expect(FileManager.default.fileExists(atPath: out + "/0001.png"))
        let both = try await refreshDump(["sweep", "--plugin", "Spinner", "--progress", "0:1:3", "--times", "0:1:2", "--out", out])
        #expect(both.status == 2 && both.output.contains("give exactly one of --progress or --times"), "\(both.output)")
        let bad = try await refreshDump(["sweep", "--plugin", "Spinner", "--progress", "0:1", "--out", out])
        #expect(bad.status == 2 && bad.output.contains("--progress must be FROM:TO:COUNT"), "\(bad.output)")
    }
}
