import Foundation
import Testing
import TestSupport
import RefreshGraphics
@testable import RefreshAnimationFiles

/// A recording follows the clock it is given, not the frames drawn: N seconds play N seconds, and
/// each moment shows the frame that was on screen then.
@Suite struct RecorderTests {
    /// A frame filled with grey level `level`.
    func frame(_ level: Int) throws -> ImageSurface {
        let image = try ImageSurface(width: 64, height: 32)
        Canvas(surface: image).clear(Color(red: Double(level) / 255, green: Double(level) / 255, blue: Double(level) / 255))
        return image
    }

    @Test(arguments: [AnimationFormat.mp4, .gif, .apng])
    func aRecordingLastsAsLongAsTheClockRan(format: AnimationFormat) throws {
        let folder = scratchDirectory("recorder-\(format.rawValue)")
        let path = "\(folder)/r.\(format.fileExtension)"
        let recorder = try Recorder(path: path, format: format, rate: 60)
        // A busy window: 25 frames a second with every third one lost, then a stall of 0.7 s,
        // starting at clock time 10 s. Levels step by 40 so each frame is told apart after encoding.
        var shown: [(time: Double, level: Int)] = []
        var t = 10.0
        for k in 0..<40 {
            if k % 3 != 2 {
                let level = 20 + 40 * (k % 6)
                try recorder.show(try frame(level), at: t)
                shown.append((t, level))
            }
            t += k == 20 ? 0.7 : 0.04
        }
        try recorder.finish(at: 12.3)
        let expected = 2.3
        let length = format == .apng ? try AnimationReader.apngDelays(path).reduce(0, +) : try AnimationReader.read(path).length
        #expect(abs(length - expected) < 1e-6, "\(format): \(length) s, expected \(expected) s")
        let (decoded, _) = try AnimationReader.read(path)
        // Three quarters of the way from one frame offered to the next (and in the stall), the
        // earlier one shows (GIF may start a frame up to 1/50 s late, on its grid).
        var checked = 0
        for (a, b) in zip(shown, shown.dropFirst() + [(12.3, -1)]) {
            let probe = a.time + 0.75 * (b.time - a.time) - 10
            let got = try #require(decoded.last { $0.start <= probe }).image.pixel(x: 32, y: 16)
            #expect(abs(got.red * 255 - Double(a.level)) < 6, "\(format) at \(probe) s: \(got.red * 255), expected \(a.level)")
            checked += 1
        }
        #expect(checked == shown.count)
    }

    /// A span recorded at once (the preview's timeline clip) has a frame at each of the
    /// recording's frame times, each the one drawn for its time, and lasts the span.
    @Test func aSpanRecordedAtOnceHoldsEachFrameDrawnForItsTime() throws {
        let folder = scratchDirectory("recorder-span")
        let path = "\(folder)/clip.apng"
        let recorder = try Recorder(path: path, format: .apng, rate: 60)
        var asked: [Double] = []
        try recorder.record(2.5...3.0) { time in
            asked.append(time)
            return try frame(Int(((time - 2.5) * 60).rounded()) * 8)
        }
        recorder.waitUntilWritten()
        if case .failure(let error)? = recorder.result { throw error }
        #expect(asked.count == 30, "a frame at 2.5, 2.5 + 1/60, … up to 3.0: \(asked.count)")
        #expect(abs(try AnimationReader.apngDelays(path).reduce(0, +) - 0.5) < 1e-6)
        let (decoded, _) = try AnimationReader.read(path)
        #expect(decoded.count == 30)
        for (k, frame) in decoded.enumerated() {
            #expect(abs(frame.start - Double(k) / 60) < 0.1 / 60, "APNG delays are hundredths and thousandths: \(frame.start)")
            #expect(abs(frame.image.pixel(x: 32, y: 16).red * 255 - Double(8 * k)) < 0.5, "frame \(k)")
        }
    }
}
