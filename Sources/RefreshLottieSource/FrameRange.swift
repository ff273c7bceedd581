import Foundation
import RefreshPluginSDK

/// An animation's frames and markers: what a range is checked against and resolved in.
package struct AnimationTimeline: Equatable {
    /// A named span of frames the designer marked in After Effects.
    package struct Marker: Equatable {
        /// The marker's comment, which Bodymovin exports as its name.
        package var name: String
        /// First frame, in the file's frame numbers.
        package var start: Int
        /// Length in frames; the marker covers `start ..< start + duration`.
        package var duration: Int

        package init(name: String, start: Int, duration: Int) {
            (self.name, self.start, self.duration) = (name, start, duration)
        }
    }

    /// The file's name as the user gave it, for messages.
    package var name: String
    /// The first frame number (the file's `ip`).
    package var firstFrame: Int
    /// How many frames there are; the last is `firstFrame + frameCount - 1`.
    package var frameCount: Int
    /// The file's frame rate.
    package var framesPerSecond: Double
    /// The file's markers, in file order.
    package var markers: [Marker]

    package init(name: String, firstFrame: Int, frameCount: Int, framesPerSecond: Double, markers: [Marker]) {
        (self.name, self.firstFrame, self.frameCount, self.framesPerSecond, self.markers) = (name, firstFrame, frameCount, framesPerSecond, markers)
    }

    /// The last frame number.
    package var lastFrame: Int { firstFrame + frameCount - 1 }

    /// Every frame, first to last.
    package var whole: FrameRange { FrameRange(first: firstFrame, last: lastFrame) }

    package func marker(named name: String) -> Marker? { markers.first { $0.name == name } }
}

/// A run of frames in the file's frame numbers, both ends included. `first` after `last` plays
/// the run backwards.
package struct FrameRange: Equatable {
    package var first: Int
    package var last: Int

    /// A run of one frame.
    package init(holding frame: Int) { self.init(first: frame, last: frame) }

    package init(first: Int, last: Int) {
        self.first = first
        self.last = last
    }

    /// How many frames the run has.
    package var count: Int { abs(last - first) + 1 }

    /// The `index`th frame of the run, clamped to the run.
    package func frame(at index: Int) -> Int {
        let i = min(max(index, 0), count - 1)
        return first <= last ? first + i : first - i
    }
}

/// A range as written in a parameter: `frames:A-B`, `progress:A-B` (0–1 of the animation),
/// `marker:NAME`, a single `frames:A` or `progress:A`, or empty for the automatic choice.
package enum FrameRangeSpec: Equatable {
    case automatic
    case frames(Int, Int)
    case progress(Double, Double)
    case marker(String)

    package static let syntax = "use frames:A-B, progress:A-B (0 to 1), marker:NAME, or leave it empty"

    /// Reads `text`; errors name `parameter`.
    package init(parsing text: String, parameter: String) throws(ParameterError) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        func fail(_ reason: String) -> ParameterError { ParameterError(parameter: parameter, reason: reason) }
        guard !trimmed.isEmpty else { self = .automatic; return }
        guard let colon = trimmed.firstIndex(of: ":") else { throw fail("'\(text)' is not a range: \(Self.syntax)") }
        let kind = trimmed[..<colon].trimmingCharacters(in: .whitespaces)
        let value = trimmed[trimmed.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        switch kind {
        case "marker":
            guard !value.isEmpty else { throw fail("'\(text)' names no marker") }
            self = .marker(value)
        case "frames", "progress":
            let ends = value.split(separator: "-", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard (1...2).contains(ends.count), let a = Double(ends[0]), let b = Double(ends[ends.count - 1]), a.isFinite, b.isFinite else {
                throw fail("'\(text)' is not a range: \(Self.syntax)")
            }
            if kind == "frames" {
                guard a == a.rounded(), b == b.rounded(), abs(a) < 1e7, abs(b) < 1e7 else { throw fail("'\(text)': frame numbers are whole numbers") }
                self = .frames(Int(a), Int(b))
            } else {
                guard (0...1).contains(a), (0...1).contains(b) else { throw fail("'\(text)': progress runs from 0 to 1") }
                self = .progress(a, b)
            }
        default:
            throw fail("'\(text)' is not a range: \(Self.syntax)")
        }
    }

    /// The frames this spec means in `timeline` for `edge`. `automatic` is the marker named after
    /// the parameter and the edge (`pulling@bottom`) when the file has one, else the one named after
    /// the parameter (`pulling`), else `fallback`. Errors name the parameter, the file and what is wrong.
    package func resolve(in timeline: AnimationTimeline, parameter: String, edge: RefreshEdge = .top, fallback: FrameRange) throws(ParameterError) -> FrameRange {
        func fail(_ reason: String) -> ParameterError { ParameterError(parameter: parameter, reason: reason) }
        let range: FrameRange
        switch self {
        case .automatic:
            guard let marker = timeline.marker(named: "\(parameter)@\(edge.rawValue)") ?? timeline.marker(named: parameter) else { return fallback }
            return try FrameRangeSpec.marker(marker.name).resolve(in: timeline, parameter: parameter, fallback: fallback)
        case .frames(let a, let b):
            range = FrameRange(first: a, last: b)
        case .progress(let a, let b):
            let span = Double(timeline.frameCount - 1)
            range = FrameRange(first: timeline.firstFrame + Int((a * span).rounded()), last: timeline.firstFrame + Int((b * span).rounded()))
        case .marker(let name):
            guard let marker = timeline.marker(named: name) else {
                let known = timeline.markers.isEmpty ? "it has none" : "it has " + timeline.markers.map { "'\($0.name)'" }.joined(separator: ", ")
                throw fail("no marker '\(name)' in '\(timeline.name)' (\(known))")
            }
            range = FrameRange(first: marker.start, last: marker.start + max(marker.duration, 1) - 1)
        }
        let inside = timeline.firstFrame...timeline.lastFrame
        guard inside.contains(range.first), inside.contains(range.last) else {
            throw fail("frames \(range.first)-\(range.last) are outside '\(timeline.name)', which has frames \(timeline.firstFrame)-\(timeline.lastFrame)")
        }
        return range
    }
}
