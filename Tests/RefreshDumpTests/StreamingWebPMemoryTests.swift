import Foundation
import Testing
import TestSupport

/// An animated WebP goes to its file as the frames come: a clip five times as long is made in the
/// same memory (libwebp's own animation encoder kept every encoded frame until the end: 59 MB for
/// this 12-s clip, 67 MB for the 60-s one).
@Suite(.leavesNoPluginHost) struct StreamingWebPMemoryTests {
    /// `seconds` of pull, refresh and rest, over and over, as a scenario file in `folder`.
    func clip(seconds: Int, in folder: String) throws -> String {
        let cycle = #"{"drag": {"from": 100, "to": 320, "duration": 0.4}}, {"hold": 0.1}, {"release": {}}, {"wait": 1.0}, {"finish": {"edge": "top", "result": "success"}}, {"wait": 1.5}"#
        let json = #"{"version": 1, "name": "clip-\#(seconds)", "edges": {"top": {"plugin": "dev.refreshkit.spinner"}}, "steps": ["#
            + Array(repeating: cycle, count: seconds / 3).joined(separator: ", ") + "]}"
        let path = "\(folder)/clip-\(seconds).json"
        try json.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func aClipFiveTimesAsLongIsWrittenInTheSameMemory() async throws {
        let folder = scratch("streaming-webp")
        var peaks: [Int: Int] = [:], sizes: [Int: Int] = [:]
        for seconds in [12, 60] {
            let run = try await measuredRefreshDump(["run", try clip(seconds: seconds, in: folder), "--out", "\(folder)/out-\(seconds)",
                                                     "--no-frames", "--format", "webp", "--scale", "1", "--jobs", "1"])
            #expect(run.status == 0, "\(run.output)")
            peaks[seconds] = run.peakKilobytes
            sizes[seconds] = (try FileManager.default.attributesOfItem(atPath: "\(folder)/out-\(seconds)/clip-\(seconds).webp")[.size] as? Int) ?? 0
        }
        let short = try #require(peaks[12]), long = try #require(peaks[60])
        #expect(Double(try #require(sizes[60])) > 4.5 * Double(try #require(sizes[12])), "the long clip's file is five times the short one's: \(sizes)")
        #expect(Double(long) <= 1.05 * Double(short), "peak memory: \(short) KB for 12 s, \(long) KB for 60 s")
    }
}
