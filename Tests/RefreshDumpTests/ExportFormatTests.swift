import Foundation
import Testing
import RefreshExport
import RefreshHost

/// `run` and `sweep` write animations a team can open anywhere, each exactly as long as its frames.
@Suite struct ExportFormatTests {
    @Test func runWritesEachFormatAskedForWithTheScenariosLength() throws {
        let folder = scratch("run-formats")
        let (status, output) = try refreshDump(["run", "pull-short", "--format", "mp4,gif", "--format", "apng", "--no-frames", "--out", folder])
        #expect(status == 0, "\(output)")
        let scenario = try Scenario.load(path: "\(scenarioFolder)/pull-short.json")
        let frames = try #require(output.split(separator: " ").first { $0.allSatisfy(\.isNumber) }.flatMap { Int($0) })
        let length = Double(frames) / scenario.fps
        for format in ["mp4", "gif"] {
            let path = "\(folder)/\(scenario.fileName).\(format)"
            let (decoded, fileLength) = try AnimationReader.read(path)
            #expect(abs(fileLength - length) < 1e-6, "\(format): \(fileLength) s, the scenario \(length) s")
            #expect(decoded.first?.image.width == 780)
        }
        let apng = try AnimationReader.apngDelays("\(folder)/\(scenario.fileName).apng").reduce(0, +)
        #expect(abs(apng - length) < 1e-6)
        #expect(output.contains("\(folder)/\(scenario.fileName).mp4, \(folder)/\(scenario.fileName).gif, \(folder)/\(scenario.fileName).apng"))
    }

    @Test func sweepWritesAnAnimationToo() throws {
        let folder = scratch("sweep-format")
        let (status, output) = try refreshDump(["sweep", "--plugin", "Spinner", "--progress", "0:1:12", "--format", "gif", "--fps", "24", "--out", folder])
        #expect(status == 0, "\(output)")
        #expect(try AnimationReader.gifDelays("\(folder)/sweep.gif").reduce(0, +) == 50)
    }

    @Test func anUnknownFormatIsNamed() throws {
        let (status, output) = try refreshDump(["run", "pull-short", "--format", "mov", "--out", scratch("run-bad-format")])
        #expect(status == 2)
        #expect(output.contains("--format: 'mov' is not one of png, mp4, gif, apng, webp"), "\(output)")
    }
}
