import Foundation
import Testing
import TestSupport

/// An animated WebP or APNG goes to its file as the frames come: a clip five times as long is made
/// in the same memory (libwebp's own animation encoder kept every encoded frame until the end: 59 MB
/// for this 12-s clip, 67 MB for the 60-s one).
@Suite(.leavesNoPluginHost) struct StreamingAnimationMemoryTests {
    /// `seconds` of pull, refresh and rest, over and over, as a scenario file in `folder`.
    func clip(seconds: Int, in folder: String) throws -> String {
        let cycle = #"{"drag": {"from": 100, "to": 320, "duration": 0.4}}, {"hold": 0.1}, {"release": {}}, {"wait": 1.0}, {"finish": {"edge": "top", "result": "success"}}, {"wait": 1.5}"#
        let json = #"{"version": 1, "name": "clip-\#(seconds)", "edges": {"top": {"plugin": "dev.refreshkit.spinner"}}, "steps": ["#
            + Array(repeating: cycle, count: seconds / 3).joined(separator: ", ") + "]}"
        let path = "\(folder)/clip-\(seconds).json"
        try json.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// WebP on 12 and 60 s; APNG (written here too, and slower: zlib's level 9) on 6 and 30 s.
    @Test(arguments: [("webp", 12), ("apng", 6)])
    func aClipFiveTimesAsLongIsWrittenInTheSameMemory(format: String, seconds: Int) async throws {
        let folder = scratch("streaming-\(format)")
        var peaks: [Int: Int] = [:], sizes: [Int: Int] = [:]
        for length in [seconds, 5 * seconds] {
            let run = try await measuredRefreshDump(["run", try clip(seconds: length, in: folder), "--out", "\(folder)/out-\(length)",
                                                     "--no-frames", "--format", format, "--scale", "1", "--jobs", "1"])
            #expect(run.status == 0, "\(run.output)")
            peaks[length] = run.peakKilobytes
            sizes[length] = (try FileManager.default.attributesOfItem(atPath: "\(folder)/out-\(length)/clip-\(length).\(format)")[.size] as? Int) ?? 0
        }
        let short = try #require(peaks[seconds]), long = try #require(peaks[5 * seconds])
        #expect(Double(try #require(sizes[5 * seconds])) > 4.5 * Double(try #require(sizes[seconds])), "the long clip's file is five times the short one's: \(sizes)")
        #expect(Double(long) <= 1.05 * Double(short), "\(format) peak memory: \(short) KB for \(seconds) s, \(long) KB for \(5 * seconds) s")
    }
}
