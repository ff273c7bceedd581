import Foundation
import Testing
import TestSupport

/// `refresh-dump export`'s refreshing loop: seamless where the plugin repeats, and where it does not,
/// the jump said in words a developer reads as "this will jump", with `--loop-seconds` to choose the length.
@Suite(.leavesNoPluginHost) struct ExportLoopTests {
    let folder = scratchDirectory("export-loop-\(UUID().uuidString.prefix(8))")
    let tool = "\(toolsFolder)/refresh-dump"

    /// The markers of the light file the command wrote into `out`, name → frames.
    func markers(_ file: String) throws -> [String: Int] {
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: file))) as? [String: Any])
        let list = try #require(json["markers"] as? [[String: Any]])
        return Dictionary(uniqueKeysWithValues: list.compactMap { m in (m["cm"] as? String).map { ($0, Int(m["dr"] as? Double ?? 0)) } })
    }

    @Test func aLoopThatJumpsSaysHowMuchAndTheLengthCanBeChosen() async throws {
        let (status, output) = try await runProgram(tool, ["export", "--plugin", "Spinner", "--pull-frames", "3", "--out", "\(folder)/spinner"])
        try #require(status == 0, "\(output)")
        #expect(output.contains("refreshing a seamless loop of 40 frames"), "\(output)")

        // Material repeats after four breaths, whole ticks of time apart: seamless, 320 frames.
        let (seamless, says) = try await runProgram(tool, ["export", "--plugin", "Material", "--pull-frames", "3", "--out", "\(folder)/material"])
        try #require(seamless == 0, "\(says)")
        #expect(says.contains("refreshing a seamless loop of 320 frames (the 5.33333 s the plugin declares)") && !says.contains("jumps"), "\(says)")
        // At 0.7 of its speed its period (7.6 s) is no whole number of frames within 12 s: said, and looked for.
        let (slow, slowSays) = try await runProgram(tool, ["export", "--plugin", "Material", "--param", "speed=0.7", "--pull-frames", "3", "--out", "\(folder)/slow"])
        try #require(slow == 0, "\(slowSays)")
        #expect(slowSays.contains("the 7.61905 s the plugin declares is no whole number of frames, up to the longest loop: looked for instead"), "\(slowSays)")

        // A length chosen where it does not repeat: the jump in words.
        let (chosen, told) = try await runProgram(tool, ["export", "--plugin", "Material", "--pull-frames", "3", "--loop-seconds", "1.5", "--out", "\(folder)/chosen"])
        try #require(chosen == 0, "\(told)")
        #expect(try markers("\(folder)/chosen/Material.json")["refreshing"] == 90, "1.5 s at 60 frames a second")
        #expect(told.contains("(the 1.5 s chosen)"), "\(told)")
        let words = try #require(told.firstMatch(of: /that jumps once a loop: ([0-9.]+) % of the pixels change, by up to ([0-9]+) of 255/), "\(told)")
        #expect(Double(words.1) ?? 0 > 0 && Int(words.2) ?? 0 > 0)
        #expect(told.contains("--loop-seconds S chooses its length"))

        // Label draws words in three languages: a file each when --locale does not choose; the Spinner one.
        let (worded, named) = try await runProgram(tool, ["export", "--plugin", "Label", "--pull-frames", "3", "--overpull-frames", "0", "--out", "\(folder)/label"])
        try #require(worded == 0, "\(named)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: "\(folder)/label").filter { $0.hasSuffix(".lottie") }.sorted()
                == ["Label-ar.lottie", "Label-zh-Hans.lottie", "Label.lottie"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: "\(folder)/spinner").filter { $0.hasSuffix(".lottie") } == ["Spinner.lottie"])

        let (refused, why) = try await runProgram(tool, ["export", "--plugin", "Spinner", "--loop-seconds", "0", "--out", "\(folder)/refused"])
        #expect(refused != 0 && why.contains("--loop-seconds must be 0.05...12"), "\(why)")
    }
}
