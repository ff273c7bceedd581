import Foundation
import Testing
import TestSupport
import RefreshAnimationFiles
import RefreshHost
import RefreshGoldens
import RefreshPluginSDK

/// `run` and `sweep` write animations a team can open anywhere, each exactly as long as its frames.
@Suite(.leavesNoPluginHost) struct ExportFormatTests {
    @Test func runWritesEachFormatAskedForWithTheScenariosLength() async throws {
        let folder = scratch("run-formats")
        let (status, output) = try await refreshDump(["run", "pull-short", "--format", "mp4,gif", "--format", "apng", "--no-frames", "--out", folder])
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

    /// What the encoders' shortcuts (differencing, APNG without alpha, a GIF palette reused while
    /// it fits) must not change: a shipped scenario's APNG decodes to its PNG frames pixel for
    /// pixel, and its GIF to pictures close to them, frame by frame.
    @Test func aShippedScenariosAnimationsShowItsFrames() async throws {
        let folder = scratch("run-decoded")
        let (status, output) = try await refreshDump(["run", "pull-short", "--format", "apng,gif", "--jobs", "2", "--out", folder])
        #expect(status == 0, "\(output)")
        let scenario = try Scenario.load(path: "\(scenarioFolder)/pull-short.json")
        let apng = try AnimationReader.read("\(folder)/\(scenario.fileName).apng").frames
        let frames = try FileManager.default.contentsOfDirectory(atPath: "\(folder)/frames").filter { $0.hasSuffix(".png") }.sorted()
        // A frame that repeats the one before lengthens it in the file: compared by time, what the
        // file shows halfway through each frame's time.
        #expect(apng.count <= frames.count && apng.count > 20 && frames.count > 20, "\(apng.count) decoded, \(frames.count) written")
        for (i, file) in frames.enumerated() {
            let shown = try #require(apng.last { $0.start <= (Double(i) + 0.5) / scenario.fps })
            let comparison = try ImageComparison(expected: ImageSurface.readPNG(at: "\(folder)/frames/\(file)"), actual: shown.image)
            #expect(comparison.matches, "APNG \(file): \(comparison.pixelsOverTolerance) pixels differ")
        }
        let psnrs = try AnimationReader.read("\(folder)/\(scenario.fileName).gif").frames.map { shown in
            let index = min(frames.count - 1, Int(shown.start * scenario.fps + 1e-6))
            return try ImageComparison(expected: ImageSurface.readPNG(at: "\(folder)/frames/\(frames[index])"), actual: shown.image).psnr
        }
        // (A palette of 256 colours for a frame with more: the per-frame palettes made before the
        // reuse measured the same, 29.98 dB at the worst frame, here.)
        #expect(psnrs.count > 20 && psnrs.allSatisfy { $0 >= 28 }, "GIF frames under 28 dB: \(psnrs.filter { $0 < 28 })")
        #expect(psnrs.reduce(0, +) / Double(max(1, psnrs.count)) >= 38, "GIF mean PSNR \(psnrs.reduce(0, +) / Double(max(1, psnrs.count))) dB")
    }

    @Test func sweepWritesAnAnimationToo() async throws {
        let folder = scratch("sweep-format")
        let (status, output) = try await refreshDump(["sweep", "--plugin", "Spinner", "--progress", "0:1:12", "--format", "gif", "--fps", "24", "--out", folder])
        #expect(status == 0, "\(output)")
        #expect(try AnimationReader.gifDelays("\(folder)/sweep.gif").reduce(0, +) == 50)
    }

    @Test func anUnknownFormatIsNamed() async throws {
        let (status, output) = try await refreshDump(["run", "pull-short", "--format", "mov", "--out", scratch("run-bad-format")])
        #expect(status == 2)
        #expect(output.contains("--format: 'mov' is not one of png, mp4, gif, apng, webp"), "\(output)")
    }
}
