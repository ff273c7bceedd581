import Foundation
import Testing
@testable import RefreshHost
import RefreshAnimationFiles
import RefreshGoldens
import RefreshGraphics
import TestSupport

/// `refresh-preview --script S --record START:END`: a recording made by a script, the same every
/// time, that keeps every frame and never replaces an earlier file.
@Suite(.leavesNoPluginHost) struct ScriptedRecordingTests {
    let products = toolsFolder
    let scenario = packageRoot.appendingPathComponent("Assets/Scenarios/pull-to-refresh.json").path

    /// Records `ranges` of pull-to-refresh in `format` into `folder`; nil when there is no Xvfb.
    func record(_ ranges: [String], format: String, into folder: String, scenario name: String = "pull-to-refresh") async throws -> String? {
        guard FileManager.default.fileExists(atPath: "/usr/bin/xvfb-run") else {
            Issue.record("xvfb-run is missing: `make test` installs the xvfb package")
            return nil
        }
        let (status, output) = try await runUnderXvfb(["\(products)/refresh-preview", "--script", packageRoot.appendingPathComponent("Assets/Scenarios/\(name).json").path, "--no-panel", "--out", folder,
                                                 "--record-format", format] + ranges.flatMap { ["--record", $0] })
        #expect(status == 0, "\(output)")
        return output
    }

    /// A GIF of three seconds is 150 frames of 1/50 s: none held longer, however slow its encoder
    /// (the list waits for it instead of dropping frames).
    @Test func aThreeSecondGIFHoldsNoFrameLongerThanTwentyMilliseconds() async throws {
        let folder = scratchDirectory("recording-gif")
        guard let output = try await record(["0.5:3.5"], format: "gif", into: folder, scenario: "first-page-fails") else { return }
        #expect(output.contains("recording saved: \(folder)/recording-1.gif (3.000 s"), "\(output)")
        let delays = try AnimationReader.gifDelays("\(folder)/recording-1.gif")
        #expect(delays.count == 150)
        #expect(delays.allSatisfy { $0 == 2 }, "delays in 1/100 s: \(Set(delays))")
        #expect(FileManager.default.fileExists(atPath: "\(folder)/recording-1.json"))
    }

    /// Two runs into one folder in different formats: the second takes the next number, and the
    /// first's video and scenario are left as they were.
    @Test func recordingsOfTwoFormatsInOneFolderKeepBothScenarios() async throws {
        let folder = scratchDirectory("recording-two")
        guard try await record(["0.2:0.6"], format: "webp", into: folder) != nil else { return }
        let first = try Data(contentsOf: URL(fileURLWithPath: "\(folder)/recording-1.webp"))
        let firstScenario = try Data(contentsOf: URL(fileURLWithPath: "\(folder)/recording-1.json"))
        guard try await record(["0.2:0.6", "1.0:1.4"], format: "apng", into: folder) != nil else { return }
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        #expect(names == ["recording-1.json", "recording-1.webp", "recording-2.apng", "recording-2.json", "recording-3.apng", "recording-3.json"])
        #expect(try Data(contentsOf: URL(fileURLWithPath: "\(folder)/recording-1.webp")) == first)
        #expect(try Data(contentsOf: URL(fileURLWithPath: "\(folder)/recording-1.json")) == firstScenario)
    }

    /// The scenario saved beside a recording replays headless to the frames the recording holds
    /// (lossless APNG: pixel for pixel, at the recording's rate from the range's start).
    @Test func theScenarioBesideARecordingReplaysToItsFrames() async throws {
        let folder = scratchDirectory("recording-replay")
        guard try await record(["0.8:1.3"], format: "apng", into: folder) != nil else { return }
        let (frames, length) = try AnimationReader.read("\(folder)/recording-1.apng")
        #expect(abs(length - 0.5) < 1e-3)  // APNG counts in 1/10000 s
        let player = try ScenarioPlayer(scenario: Scenario.load(path: "\(folder)/recording-1.json"), searchPath: PluginSearchPath(directories: [buildFolder]))
        var compared = 0
        // The scenario's frames are 1/60 s apart, as the recording's (APNG rounds their starts to 1/10000 s).
        for (index, frame) in frames.enumerated() {
            while player.time < 0.8 + Double(index) / 60 - 1e-9 { try player.advance() }
            let scale = Double(frame.image.height) / player.scenario.viewport.height
            let headless = try player.render(window: Rect(x: 0, y: 0, width: player.scenario.viewport.width, height: player.scenario.viewport.height), scale: scale).image
            let comparison = try ImageComparison(expected: headless, actual: frame.image, tolerance: 0)
            #expect(comparison.matches, "t=\(player.time): \(comparison.pixelsOverTolerance) pixels differ")
            compared += 1
        }
        #expect(compared == 30)
    }

    @Test func aRangeNeedsAScriptAndStartBeforeItsEnd() async throws {
        for (arguments, words) in [(["--record", "1:2"], "--record needs --script"),
                                   (["--script", scenario, "--record", "2:1"], "--record '2:1': expected START:END")] {
            let (status, output) = try await runProgram("\(products)/refresh-preview", arguments)
            #expect(status == 2, "\(output)")
            #expect(output.contains(words), "\(output)")
        }
    }
}
