import Foundation
import Testing
import RefreshHost
import RefreshPluginSDK

@Suite struct CommandLineTests {
    /// Argument parser checks a command's options only when it is used: two options with one name
    /// make the whole command unusable, and only running it shows that.
    @Test(arguments: ["list", "render", "sweep", "run", "verify", "validate", "lint", "bench", "trace"])
    func everyCommandsOptionsAreWellFormed(command: String) throws {
        let (status, output) = try refreshDump([command, "--help"])
        #expect(status == 0, "\(output)")
        #expect(output.contains("USAGE: refresh-dump \(command)"), "\(output)")
    }

    @Test func sweepWritesOneFramePerProgressValueAndASheet() throws {
        let out = scratch("sweep-progress")
        let (status, output) = try refreshDump(["sweep", "--plugin", "Spinner", "--progress", "0:1:3", "--out", out])
        #expect(status == 0, "\(output)")
        let files = try FileManager.default.contentsOfDirectory(atPath: out).sorted()
        #expect(files == ["0000.png", "0001.png", "0002.png", "contact-sheet.png"])
        let empty = try ImageSurface.readPNG(at: out + "/0000.png"), full = try ImageSurface.readPNG(at: out + "/0002.png")
        #expect(empty.pixelWords() != full.pixelWords(), "progress 0 and 1 look different")
    }

    @Test func sweepOverTimeAndItsErrors() throws {
        let out = scratch("sweep-times")
        let (status, output) = try refreshDump(["sweep", "--plugin", "Spinner", "--state", "refreshing", "--times", "0:0.5:2", "--out", out])
        #expect(status == 0, "\(output)")
        #expect(FileManager.default.fileExists(atPath: out + "/0001.png"))
        let both = try refreshDump(["sweep", "--plugin", "Spinner", "--progress", "0:1:3", "--times", "0:1:2", "--out", out])
        #expect(both.status == 2 && both.output.contains("give exactly one of --progress or --times"), "\(both.output)")
        let bad = try refreshDump(["sweep", "--plugin", "Spinner", "--progress", "0:1", "--out", out])
        #expect(bad.status == 2 && bad.output.contains("--progress must be FROM:TO:COUNT"), "\(bad.output)")
    }
}
