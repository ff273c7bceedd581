import Foundation
import Testing
import RefreshHost
import RefreshPluginSDK

@Suite struct DeterminismTests {
    func frames(_ file: String) throws -> [[UInt8]] {
        let player = try ScenarioPlayer(scenario: Scenario.load(path: "\(scenarioFolder)/\(file)"), searchPath: PluginSearchPath(directories: [products]),
                                        pluginOverride: "dev.refreshkit.label")
        var frames: [[UInt8]] = []
        while try player.advance() {
            if player.frameIndex % 7 == 0 { frames.append(try player.render().image.pngData()) }
        }
        return frames
    }

    @Test func theSameScenarioGivesTheSameBytesTwiceInOneProcess() throws {
        #expect(try frames("refresh-fails.json") == frames("refresh-fails.json"))
    }

    /// Across two processes, one encoding on one thread and one on two: the same bytes.
    @Test func andAcrossTwoProcessesSerialAndParallel() throws {
        let a = scratch("determinism-a"), b = scratch("determinism-b")
        for (folder, jobs) in [(a, "1"), (b, "2")] {
            let (status, output) = try refreshDump(["run", "\(scenarioFolder)/pull-to-refresh.json", "--plugin", "dev.refreshkit.label", "--out", folder,
                                                    "--webp", "--jobs", jobs])
            #expect(status == 0, "\(output)")
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: a + "/frames").sorted()
        #expect(names.count == 174)
        for name in names {
            #expect(FileManager.default.contentsEqual(atPath: "\(a)/frames/\(name)", andPath: "\(b)/frames/\(name)"), "\(name) differs")
        }
        #expect(FileManager.default.contentsEqual(atPath: "\(a)/pull-to-refresh.webp", andPath: "\(b)/pull-to-refresh.webp"))
        #expect(FileManager.default.fileExists(atPath: "\(a)/contact-sheet.png"))
        let webp = try #require(FileManager.default.contents(atPath: "\(a)/pull-to-refresh.webp"))
        #expect(webp.prefix(4) == Data("RIFF".utf8) && webp.dropFirst(8).prefix(4) == Data("WEBP".utf8))
    }
}
