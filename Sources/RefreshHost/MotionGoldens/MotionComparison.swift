import Foundation
import RefreshGoldens
import RefreshPluginSDK

/// How a played ``MotionTrack`` differs from its golden: the events (state changes and the
/// container's events) in order and in time, each frame's states, progress and offset, and each
/// frame's pixels.
public struct MotionComparison: Sendable {
    /// How strictly frames are judged.
    public struct Options: Equatable, Sendable {
        /// How many frames an event, or a frame's numbers and pixels, may move in time and still
        /// match (`verify --time-tolerance`); 0: each at its own frame.
        public var frameTolerance = 0
        /// What a frame whose pixels hash differently meets.
        public var pixels = PixelCheck.compare
        /// How a frame that hashes differently is compared (the stills' tolerance and knobs).
        public var image = PerceptualComparison.Options()

        /// Exact timing, the image comparator for frames that hash differently.
        public init(frameTolerance: Int = 0, pixels: PixelCheck = .compare, image: PerceptualComparison.Options = .init()) {
            self.frameTolerance = frameTolerance
            self.pixels = pixels
            self.image = image
        }
    }

    /// What a frame whose hash differs from its golden's meets (`verify --motion-pixels`).
    public enum PixelCheck: String, CaseIterable, Sendable {
        /// Any pixel that differs fails the frame.
        case exact
        /// The frame goes through the image comparator with the stills' tolerance and knobs.
        case compare
        /// Pixels are not checked: only events, states, progress and offsets.
        case ignore
    }

    /// One run of frames that differ, and how.
    public struct Difference: Equatable, Sendable, CustomStringConvertible {
        /// The frames of the played track that differ (or where the difference is).
        public var frames: ClosedRange<Int>
        /// The golden's frame shown beside the first of them.
        public var goldenFrame: Int
        /// What differs, in words.
        public var what: String
        /// Frame numbers and times, then what.
        public var description: String { what }
    }

    /// The differences: events first, in their order, then runs of frames in time order.
    public let differences: [Difference]
    /// Frames whose pixels were compared because their hashes differed, and how many of them passed.
    public let framesCompared: Int, framesWithinTolerance: Int

    /// Whether the two tracks match.
    public var matches: Bool { differences.isEmpty }

    /// Compares `actual` with `golden`; pictures come from `actualFilm` (then `goldenFilm`) and `goldenFilm`.
    public init(golden: MotionTrack, actual: MotionTrack, goldenFilm: String, actualFilm: String, options: Options = Options()) {
        guard golden.fps == actual.fps, golden.scale == actual.scale else {
            differences = [Difference(frames: 0...0, goldenFrame: 0, what: "the golden was recorded at \(golden.fps) fps and \(golden.scale)x, this run is \(actual.fps) fps and \(actual.scale)x: record it again")]
            (framesCompared, framesWithinTolerance) = (0, 0)
            return
        }
        let k = max(0, options.frameTolerance)
        // The events first (they say what happened), then the frames they touch, in time order.
        let events = Self.eventDifferences(golden, actual, tolerance: k)
        var found: [Difference] = []
        if abs(golden.frames.count - actual.frames.count) > k {
            let last = max(0, actual.frames.count - 1)
            found.append(Difference(frames: last...last, goldenFrame: golden.frames.count - 1,
                                    what: "the run is \(actual.frames.count) frames (\(Self.seconds(actual, last))), the golden \(golden.frames.count) (\(Self.seconds(golden, golden.frames.count - 1)))"))
        }
        found += Self.runs(Self.numberDifferences(golden, actual, tolerance: k), in: actual, golden: golden, prefix: "")
        var pixels = PixelJudge(golden: golden, actual: actual, films: (goldenFilm, actualFilm), options: options)
        found += Self.runs(pixels.differences(), in: actual, golden: golden, prefix: "pixels: ")
        differences = events + found.sorted { ($0.frames.lowerBound, $0.what) < ($1.frames.lowerBound, $1.what) }
        (framesCompared, framesWithinTolerance) = (pixels.compared, pixels.passed)
    }

    /// The golden frame a played frame is held against: the same number, or the golden's last.
    static func counterpart(of frame: Int, in golden: MotionTrack) -> Int { min(frame, golden.frames.count - 1) }

    /// The golden frame a played frame's pixels are held against: within `tolerance`, the nearest
    /// whose states, progress and offset match it (so a frame that came late meets its own moment),
    /// else the frame of the same number.
    static func partner(of frame: Int, tolerance: Int, golden: MotionTrack, actual: MotionTrack) -> Int {
        let candidates = window(of: frame, tolerance: tolerance, in: golden).sorted { (abs($0 - frame), $0) < (abs($1 - frame), $1) }
        return candidates.first { numbersMatch(golden.frames[$0], actual.frames[frame]) } ?? counterpart(of: frame, in: golden)
    }

    /// The golden frames a played frame may match: those within `tolerance` frames of its number
    /// (none past the golden's end).
    static func window(of frame: Int, tolerance: Int, in golden: MotionTrack) -> Range<Int> {
        let low = max(0, frame - tolerance), high = min(golden.frames.count, frame + tolerance + 1)
        return low < high ? low..<high : 0..<0
    }

    /// `0.517 s` for frame `index` of `track`.
    static func seconds(_ track: MotionTrack, _ index: Int) -> String { String(format: "%.3f s", Double(index) / track.fps) }

    // MARK: Events

    /// Each edge's state changes and the container's events, with the frame they show in.
    static func events(of track: MotionTrack) -> [(frame: Int, text: String)] {
        var events: [(Int, String)] = []
        var states: [String: String] = [:]
        for (index, frame) in track.frames.enumerated() {
            for (edge, value) in frame.edges.sorted(by: { $0.key < $1.key }) where states[edge] != value.state {
                if let before = states[edge] { events.append((index, "\(edge): \(before) → \(value.state)")) }
                states[edge] = value.state
            }
            events += (frame.events ?? []).map { (index, $0) }
        }
        return events
    }

    /// The events in order: the same ones, each within `tolerance` frames of the golden's.
    static func eventDifferences(_ golden: MotionTrack, _ actual: MotionTrack, tolerance: Int) -> [Difference] {
        let expected = events(of: golden), played = events(of: actual)
        var found: [Difference] = []
        for (index, (e, p)) in zip(expected, played).enumerated() {
            guard e.text == p.text else {
                found.append(Difference(frames: p.frame...p.frame, goldenFrame: e.frame,
                                        what: "event \(index + 1): '\(p.text)' at \(seconds(actual, p.frame)) (frame \(p.frame)), the golden has '\(e.text)' at \(seconds(golden, e.frame)) (frame \(e.frame))"))
                return found
            }
            let shift = p.frame - e.frame
            if abs(shift) > tolerance {
                found.append(Difference(frames: p.frame...p.frame, goldenFrame: e.frame,
                                        what: "'\(p.text)' \(abs(shift)) frame\(abs(shift) == 1 ? "" : "s") \(shift > 0 ? "late" : "early"): \(seconds(actual, p.frame)) (frame \(p.frame)), the golden \(seconds(golden, e.frame)) (frame \(e.frame))"
                                            + (tolerance > 0 ? "; --time-tolerance is \(tolerance)" : "")))
            }
        }
        if played.count > expected.count, let extra = played.dropFirst(expected.count).first {
            found.append(Difference(frames: extra.frame...extra.frame, goldenFrame: counterpart(of: extra.frame, in: golden),
                                    what: "\(played.count - expected.count) more event\(played.count - expected.count == 1 ? "" : "s") than the golden, from '\(extra.text)' at \(seconds(actual, extra.frame))"))
        } else if expected.count > played.count, let gone = expected.dropFirst(played.count).first {
            let frame = min(gone.frame, max(0, actual.frames.count - 1))
            found.append(Difference(frames: frame...frame, goldenFrame: gone.frame,
                                    what: "\(expected.count - played.count) event\(expected.count - played.count == 1 ? "" : "s") of the golden never happen, from '\(gone.text)' at \(seconds(golden, gone.frame))"))
        }
        return found
    }

    // MARK: Numbers

    /// The frames whose states, progress or offset match no golden frame within `tolerance`, with
    /// what differs from the golden's frame of the same number.
    static func numberDifferences(_ golden: MotionTrack, _ actual: MotionTrack, tolerance: Int) -> [(frame: Int, what: String)] {
        actual.frames.indices.compactMap { index in
            guard !window(of: index, tolerance: tolerance, in: golden).contains(where: { numbersMatch(golden.frames[$0], actual.frames[index]) }) else { return nil }
            return (index, numberChange(from: golden.frames[counterpart(of: index, in: golden)], to: actual.frames[index]))
        }
    }

    /// Whether two frames have the same states and, within their rounding, progress and offset.
    static func numbersMatch(_ a: MotionTrack.Frame, _ b: MotionTrack.Frame) -> Bool {
        guard a.edges.keys.sorted() == b.edges.keys.sorted(), abs(a.offset - b.offset) <= 0.011 else { return false }
        return a.edges.allSatisfy { edge, value in
            guard let other = b.edges[edge] else { return false }
            return value.state == other.state && abs(value.progress - other.progress) <= 0.00011
        }
    }

    /// The first thing that differs between a golden frame and a played one, in words.
    static func numberChange(from golden: MotionTrack.Frame, to actual: MotionTrack.Frame) -> String {
        for edge in Set(golden.edges.keys).union(actual.edges.keys).sorted() {
            let g = golden.edges[edge], a = actual.edges[edge]
            if g?.state != a?.state { return "\(edge) is \(a?.state ?? "not enabled"), the golden \(g?.state ?? "not enabled")" }
            if let g, let a, abs(g.progress - a.progress) > 0.00011 { return "\(edge) progress \(a.progress), the golden \(g.progress)" }
        }
        return "offset \(actual.offset) pt, the golden \(golden.offset) pt"
    }

    /// Consecutive frames with differences as one ``Difference`` each, said by their first frame.
    static func runs(_ frames: [(frame: Int, what: String)], in actual: MotionTrack, golden: MotionTrack, prefix: String) -> [Difference] {
        var runs: [Difference] = []
        for (frame, what) in frames {
            if let last = runs.last, last.frames.upperBound == frame - 1 {
                runs[runs.count - 1].frames = last.frames.lowerBound...frame
            } else {
                runs.append(Difference(frames: frame...frame, goldenFrame: counterpart(of: frame, in: golden), what: prefix + what))
            }
        }
        return runs.map { run in
            var run = run
            let span = run.frames.count == 1 ? "frame \(run.frames.lowerBound) (\(seconds(actual, run.frames.lowerBound)))"
                : "frames \(run.frames.lowerBound)–\(run.frames.upperBound) (\(seconds(actual, run.frames.lowerBound))–\(seconds(actual, run.frames.upperBound)))"
            run.what = "\(span): \(run.what)"
            return run
        }
    }
}
