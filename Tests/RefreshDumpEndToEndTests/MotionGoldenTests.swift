import Foundation
import Testing
import TestSupport
import RefreshHost
import RefreshPluginSDK

/// `verify`'s motion golden: every frame's states, progress, offset, events and pixels, so what
/// happens between two checkpoints is checked too. Each scenario here changes only between its
/// checkpoints, so the stills pass and the motion alone can see it.
@Suite(.leavesNoPluginHost) struct MotionGoldenTests {
    /// pull-to-refresh with its steps changed by `steps`, checked at `checkpoints`, in `folder`.
    func scenario(_ folder: String, _ name: String, checkpoints: [Double], steps: ([[String: Any]]) -> [[String: Any]] = { $0 }) throws -> String {
        let data = try Data(contentsOf: URL(fileURLWithPath: "\(scenarioFolder)/pull-to-refresh.json"))
        var object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        object["checkpoints"] = checkpoints
        object["steps"] = steps(try #require(object["steps"] as? [[String: Any]]))
        let path = "\(folder)/\(name).json"
        try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted]).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// The golden of the unchanged scenario, recorded at `checkpoints`.
    func recordedGolden(_ folder: String, checkpoints: [Double]) async throws -> String {
        let original = try scenario(folder, "original", checkpoints: checkpoints)
        let golden = folder + "/golden"
        let (status, output) = try await refreshDump(["verify", original, "--golden", golden, "--update"])
        #expect(status == 0 && output.contains("● pull-to-refresh.motion.json: recorded (record all)"), "\(output)")
        return golden
    }

    @Test func aRefreshThatEndsThreeFramesLateFailsWithAFilmStrip() async throws {
        let folder = scratch("motion-late")
        let golden = try await recordedGolden(folder, checkpoints: [0.25])
        // The load takes 1.05 s instead of 1.0 s: three frames at 60 fps.
        let late = try scenario(folder, "late", checkpoints: [0.25]) { steps in steps.map { $0["wait"] as? Double == 1.0 ? ["wait": 1.05] : $0 } }
        let (status, output) = try await refreshDump(["verify", late, "--golden", golden, "--report", folder + "/page"])
        #expect(status == 1, "\(output)")
        #expect(output.contains("✓ t0.250.png"), "the still is unchanged: \(output)")
        #expect(output.contains("✗ pull-to-refresh.motion.json: ") && output.contains("'top: refreshing → finished:success' 3 frames late: 1.567 s (frame 94), the golden 1.517 s (frame 91)"), "\(output)")
        let strip = try ImageSurface.readPNG(at: golden + "-failures/pull-to-refresh.motion-strip.png")
        // Four frames a row, each the golden's over the played one (390 × 120 at 1x).
        #expect(strip.width > 4 * 390 && strip.height > 2 * 120, "\(strip.width)×\(strip.height)")
        let result = try String(contentsOfFile: folder + "/page/verify-result.json", encoding: .utf8)
        #expect(result.contains("\"strip\" : \"images/pull-to-refresh.motion-strip.png\""), "\(result.prefix(600))")
        let page = try String(contentsOfFile: folder + "/page/index.html", encoding: .utf8)
        #expect(page.contains("<svg class=\"plot\"") && page.contains("src=\"images/pull-to-refresh.motion-strip.png\""))
        // Within a time tolerance of three frames the events match; two are not enough.
        let (within, withinOutput) = try await refreshDump(["verify", late, "--golden", golden, "--time-tolerance", "3", "--motion-pixels", "ignore"])
        #expect(within == 0 && withinOutput.contains("✓ pull-to-refresh.motion.json: matched"), "\(withinOutput)")
        let (beyond, beyondOutput) = try await refreshDump(["verify", late, "--golden", golden, "--time-tolerance", "2", "--motion-pixels", "ignore"])
        #expect(beyond == 1 && beyondOutput.contains("3 frames late") && beyondOutput.contains("--time-tolerance is 2"), "\(beyondOutput)")
    }

    @Test func aColourChangeBetweenCheckpointsFailsWithAFilmStrip() async throws {
        let folder = scratch("motion-colour")
        let golden = try await recordedGolden(folder, checkpoints: [0.25, 1.0, 1.7])
        // Red spokes for a tenth of a second after 0.7 s, grey again long before the next checkpoint.
        let red = try scenario(folder, "red", checkpoints: [0.25, 1.0, 1.7]) { steps in
            let set = { (value: String) -> [String: Any] in ["setParameter": ["edge": "top", "name": "color", "value": value]] }
            return Array(steps[..<3]) + [["wait": 0.2], set("#FF0000"), ["wait": 0.1], set("#737378"), ["wait": 0.7]] + Array(steps[4...])
        }
        let (status, output) = try await refreshDump(["verify", red, "--golden", golden])
        #expect(status == 1, "\(output)")
        #expect(["✓ t0.250.png", "✓ t1.000.png", "✓ t1.700.png"].allSatisfy(output.contains), "the stills are unchanged: \(output)")
        #expect(output.contains("frames 43–48 (0.717 s–0.800 s): pixels: ") && output.contains("(colour)"), "\(output)")
        // The strip shows the red frames (the golden's spokes are grey).
        let strip = try ImageSurface.readPNG(at: golden + "-failures/pull-to-refresh.motion-strip.png")
        let words = strip.pixelWords()
        #expect(words.contains { $0 >> 16 & 0xFF > 240 && $0 >> 8 & 0xFF < 30 && $0 & 0xFF < 30 }, "no red spoke in the strip")
        // Ignoring the pixels, the motion is the golden's.
        #expect(try await refreshDump(["verify", red, "--golden", golden, "--motion-pixels", "ignore"]).status == 0)
        // A golden film that lost its pictures cannot judge the red frames: a failure, never a pass.
        for picture in try FileManager.default.contentsOfDirectory(atPath: golden + "/pull-to-refresh.motion-frames") {
            try FileManager.default.removeItem(atPath: golden + "/pull-to-refresh.motion-frames/" + picture)
        }
        let (lost, lostOutput) = try await refreshDump(["verify", red, "--golden", golden])
        #expect(lost == 1 && lostOutput.contains("cannot compare: the golden film has no picture"), "\(lostOutput)")
    }

    @Test func underCIAMissingMotionGoldenFailsAndNothingIsRecorded() async throws {
        let folder = scratch("motion-ci")
        let golden = try await recordedGolden(folder, checkpoints: [0.25])
        try FileManager.default.removeItem(atPath: golden + "/pull-to-refresh.motion.json")
        try FileManager.default.removeItem(atPath: golden + "/pull-to-refresh.motion-frames")
        let (status, output) = try await refreshDump(["verify", folder + "/original.json", "--golden", golden], environment: ["CI": "true", "REFRESHKIT_RECORD": ""])
        #expect(status == 1 && output.contains("✗ pull-to-refresh.motion.json: no motion golden yet"), "\(output)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: golden).sorted() == ["fingerprint.json", "t0.250.png"])
        // --no-motion checks the stills alone.
        let (stills, stillsOutput) = try await refreshDump(["verify", folder + "/original.json", "--golden", golden, "--no-motion"])
        #expect(stills == 0 && stillsOutput.hasSuffix("1 passed, 0 failed\n"), "\(stillsOutput)")
        // Elsewhere it is recorded, said, and then passes.
        let (recorded, recordedOutput) = try await refreshDump(["verify", folder + "/original.json", "--golden", golden], environment: ["REFRESHKIT_RECORD": "missing"])
        #expect(recorded == 0 && recordedOutput.contains("● pull-to-refresh.motion.json: recorded (no golden yet)"), "\(recordedOutput)")
        #expect(try await refreshDump(["verify", folder + "/original.json", "--golden", golden]).status == 0)
    }

    /// A broken track fails the check with its place; a hash that is not one (it names a file) is refused.
    @Test(arguments: [
        ("{\"format\": 1, \"scenario\": \"x\", \"fps\": 60, \"scale\": 1, \"frames\": [", "line 1, column 66: not valid JSON: unexpected end of file"),
        ("{\"format\": 9, \"scenario\": \"x\", \"fps\": 60, \"scale\": 1, \"frames\": []}", "line 1, column 2: format: format 9 is not one this build reads"),
        ("{\"format\": 1, \"scenario\": \"x\", \"fps\": 60, \"scale\": 1,\n \"frames\": [{\"time\": 0, \"offset\": 0, \"edges\": {}, \"hash\": \"../../../etc/x\"}]}",
         "line 2, column 51: frames[0].hash: '../../../etc/x' is not 16 lowercase hex digits"),
    ])
    func aBrokenMotionGoldenFailsClosed(text: String, message: String) async throws {
        let folder = scratch("motion-broken-\(message.count)")
        let golden = try await recordedGolden(folder, checkpoints: [0.25])
        try Data(text.utf8).write(to: URL(fileURLWithPath: golden + "/pull-to-refresh.motion.json"))
        let (status, output) = try await refreshDump(["verify", folder + "/original.json", "--golden", golden])
        #expect(status == 1 && output.contains("✗ pull-to-refresh.motion.json: cannot compare: the golden cannot be read: motion golden \(golden)/pull-to-refresh.motion.json: \(message)"), "\(output)")
        // --record failed writes a good one over it.
        #expect(try await refreshDump(["verify", folder + "/original.json", "--golden", golden, "--record", "failed"]).status == 0)
        #expect(try await refreshDump(["verify", folder + "/original.json", "--golden", golden]).status == 0)
    }
}
