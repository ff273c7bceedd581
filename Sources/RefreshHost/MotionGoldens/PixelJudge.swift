import Foundation
import RefreshGoldens
import RefreshPluginSDK

/// The pixel half of a ``MotionComparison``: a played frame whose hash is not among its golden
/// frames' (within the time tolerance) fails, or, with ``MotionComparison/PixelCheck/compare``,
/// goes through the image comparator against its partner (``MotionComparison/partner(of:tolerance:golden:actual:)``). A picture
/// that is missing or cannot be read fails the frame with the reason: it never passes unseen.
struct PixelJudge {
    let golden: MotionTrack, actual: MotionTrack
    let films: (golden: String, actual: String)
    let options: MotionComparison.Options
    /// Frames compared by the image comparator, and how many of them were within its tolerance.
    private(set) var compared = 0, passed = 0
    /// Verdicts by (played hash, golden hash): a spinner's frames repeat, and a picture is read once.
    private var verdicts: [String: String?] = [:]

    init(golden: MotionTrack, actual: MotionTrack, films: (golden: String, actual: String), options: MotionComparison.Options) {
        (self.golden, self.actual, self.films, self.options) = (golden, actual, films, options)
    }

    /// The frames whose pixels differ, with how.
    mutating func differences() -> [(frame: Int, what: String)] {
        guard options.pixels != .ignore else { return [] }
        let k = max(0, options.frameTolerance)
        var found: [(Int, String)] = []
        for (index, frame) in actual.frames.enumerated() {
            if MotionComparison.window(of: index, tolerance: k, in: golden).contains(where: { golden.frames[$0].hash == frame.hash }) { continue }
            let expected = golden.frames[MotionComparison.partner(of: index, tolerance: k, golden: golden, actual: actual)].hash
            if let what = verdict(frame.hash, against: expected) { found.append((index, what)) }
        }
        return found
    }

    /// Why the picture `hash` fails against the golden's `expected`; nil when it is within tolerance.
    private mutating func verdict(_ hash: String, against expected: String) -> String? {
        guard options.pixels == .compare else { return "the frame's pixels differ from the golden's (\(hash), the golden \(expected))" }
        let key = hash + expected
        if let known = verdicts[key] { return known }
        compared += 1
        let verdict = judge(hash, against: expected)
        if verdict == nil { passed += 1 }
        verdicts[key] = verdict
        return verdict
    }

    private func judge(_ hash: String, against expected: String) -> String? {
        guard let expectedPath = MotionFilm.picture(expected, in: [films.golden]) else {
            return "cannot compare: the golden film has no picture \(expected).png (record the motion again)"
        }
        guard let actualPath = MotionFilm.picture(hash, in: [films.actual, films.golden]) else {
            return "cannot compare: the played frame's picture \(hash).png was not kept"
        }
        do {
            let a = try ImageSurface.readPNG(at: expectedPath, scale: golden.scale), b = try ImageSurface.readPNG(at: actualPath, scale: actual.scale)
            guard a.width == b.width, a.height == b.height else { return "the frame is \(b.width)×\(b.height) px, the golden's \(a.width)×\(a.height) px" }
            let image = options.image
            if try ImageComparison(expected: a, actual: b, tolerance: image.channelTolerance).matches { return nil }
            let perceptual = try PerceptualComparison(expected: a, actual: b, options: image)
            if perceptual.passes { return nil }
            return "\(perceptual.differing) of \(perceptual.pixelCount) pixels differ (\(perceptual.kind.rawValue))"
        } catch {
            return "cannot compare: \(PlainErrorText.words(error))"
        }
    }
}
