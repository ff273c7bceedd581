import Foundation
import Testing
import TestSupport
import RefreshHost

/// Plugins in children cost no bytes: `run` with a pool of two players (each with plugin-host
/// children of its own, drawing every other frame) writes the very files `run --in-process` does,
/// for every shipped scenario and every built-in.
@Suite(.leavesNoPluginHost) struct IsolatedBytesTests {
    static let builtIns = ((try? FileManager.default.contentsOfDirectory(atPath: products)) ?? [])
        .filter { $0.hasPrefix("libRefresh") && $0.hasSuffix(".so") }.sorted()

    /// Runs `arguments` twice, pooled and in-process, and compares every file the two wrote.
    func expectTheSameFiles(_ name: String, _ arguments: [String], minimumFrames: Int) async throws {
        let pooled = scratch("isolated-\(name)"), here = scratch("in-process-\(name)")
        for (folder, extra) in [(pooled, ["--jobs", "2"]), (here, ["--in-process", "--jobs", "1"])] {
            let (status, output) = try await refreshDump(["run"] + arguments + ["--plugin-path", products, "--out", folder] + extra)
            try #require(status == 0, "\(extra): \(output)")
        }
        let frames = try FileManager.default.contentsOfDirectory(atPath: here + "/frames").sorted()
        #expect(frames.count >= minimumFrames)
        #expect(try FileManager.default.contentsOfDirectory(atPath: pooled + "/frames").sorted() == frames)
        let other = try FileManager.default.contentsOfDirectory(atPath: here).filter { $0 != "frames" }.sorted()
        #expect(other.contains("contact-sheet.png"))
        let differing = (frames.map { "frames/\($0)" } + other).filter {
            !FileManager.default.contentsEqual(atPath: "\(pooled)/\($0)", andPath: "\(here)/\($0)")
        }
        #expect(differing.isEmpty, "\(name): \(differing.count) files differ: \(differing.prefix(8))")
    }

    @Test(arguments: shippedScenarios)
    func everyShippedScenario(file: String) async throws {
        try await expectTheSameFiles(file, ["\(scenarioFolder)/\(file)"], minimumFrames: 60)
    }

    @Test(arguments: builtIns)
    func everyBuiltIn(library: String) async throws {
        try #require(Self.builtIns.count >= 13, "the built-ins were not found in \(products)")
        try await expectTheSameFiles(library, ["\(scenarioFolder)/pull-short.json", "--plugin", "\(products)/\(library)"], minimumFrames: 60)
    }
}
