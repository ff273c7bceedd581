import Foundation
import RefreshSystem
import RefreshGraphics
import RefreshPluginSDK

/// A scenario's motion, frame by frame: each edge's state and progress, the list's offset, the
/// container's events and a hash of the frame's pixels. `verify` keeps it beside the still goldens
/// (`<scenario>.motion.json`, the frames themselves in `<scenario>.motion-frames/<hash>.png`), so a
/// change between checkpoints — a refresh that ends late, a colour on one frame, another spring —
/// is caught too.
public struct MotionTrack: Codable, Equatable, Sendable {
    /// One edge in one frame.
    public struct Edge: Codable, Equatable, Sendable {
        /// The state, as logs write it but without a pull's progress (`pulling`, `finished:success`).
        public var state: String
        /// The progress, rounded to 4 decimals.
        public var progress: Double
    }

    /// One frame.
    public struct Frame: Codable, Equatable, Sendable {
        /// Seconds since the start, rounded to 4 decimals.
        public var time: Double
        /// The list's scroll offset along the scenario's axis, points, rounded to 2 decimals.
        public var offset: Double
        /// Each enabled edge, by name (`top`, `bottom`, …).
        public var edges: [String: Edge]
        /// The container's events since the frame before (`RefreshEvent`'s words); nil for none.
        public var events: [String]?
        /// The first 16 hex digits of the SHA-256 of the frame's pixels (at ``MotionTrack/scale``);
        /// also the name of its picture in the film folder.
        public var hash: String
    }

    /// The file format; a reader refuses a newer one.
    public var format = MotionTrack.currentFormat
    /// The scenario's file name, for a reader.
    public var scenario: String
    /// Frames per second.
    public var fps: Double
    /// Pixels per point of the frames hashed and kept in the film.
    public var scale: Double
    /// Every frame from the first (time 0) to the end.
    public var frames: [Frame]

    /// The format this build writes and reads.
    public static let currentFormat = 1
    /// Pixels per point the motion frames are drawn at: a quarter of the stills' pixels, enough to
    /// see a colour or a shape change, and a film of a few hundred kilobytes for a few seconds.
    public static let filmScale = 1.0
    /// A motion golden holds a few hundred bytes a frame; 64 MB is far beyond any scenario's 20,000 frames.
    static let fileLimit = 64 << 20

    /// A track of no frames yet.
    public init(scenario: String, fps: Double, scale: Double = MotionTrack.filmScale, frames: [Frame] = []) {
        self.scenario = scenario
        self.fps = fps
        self.scale = scale
        self.frames = frames
    }

    /// The track file's path for the scenario named `name` in `folder`.
    public static func path(in folder: String, name: String) -> String { (folder as NSString).appendingPathComponent(name + ".motion.json") }
    /// The film folder's path (one PNG a distinct frame, named by its hash) for `name` in `folder`.
    public static func filmPath(in folder: String, name: String) -> String { (folder as NSString).appendingPathComponent(name + ".motion-frames") }
    /// The picture of the frame with `hash` in `film`.
    public static func picture(_ hash: String, in film: String) -> String { (film as NSString).appendingPathComponent(hash + ".png") }

    /// The hash a frame's pixels are known by.
    public static func hash(of image: ImageSurface) -> String {
        let words = image.pixelWords()
        return String(SHA256.hex(of: words.withUnsafeBytes { Data($0) }).prefix(16))
    }

    /// Whether `text` is a hash as this file holds them (16 lowercase hex digits): it names a file,
    /// so nothing else may.
    static func isHash(_ text: String) -> Bool {
        text.utf8.count == 16 && text.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }

    /// The text of the file: a header, then one frame a line, so a change reads as a diff of frames.
    public func fileText() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        func json<T: Encodable>(_ value: T) throws -> String { String(decoding: try encoder.encode(value), as: UTF8.self) }
        let lines = try frames.map { "    " + (try json($0)) }
        return "{\n  \"format\": \(format),\n  \"scenario\": \(try json(scenario)),\n  \"fps\": \(try json(fps)),\n  \"scale\": \(try json(scale)),\n"
            + "  \"frames\": [\n" + lines.joined(separator: ",\n") + "\n  ]\n}\n"
    }

    /// Writes the track to `path` (replacing a file there whole, never half-written).
    public func write(to path: String) throws {
        try OutputFile.write(try fileText(), to: path)
    }

    /// The track at `path`: refused with its place when it is not one (bad JSON, a newer format, a
    /// hash that is not 16 hex digits, times out of order).
    public static func read(at path: String) throws(InputFileError) -> MotionTrack {
        let kind = "motion golden"
        let track = try InputFileError.decode(MotionTrack.self, at: path, limit: fileLimit, kind: kind,
                                              expected: "not a motion track (expected format, scenario, fps, scale and frames of time, offset, edges and hash)")
        func refuse(_ field: String, _ reason: String) -> InputFileError {
            InputFileError(file: path, field: field, reason: reason, kind: kind).locatedInFile(limit: fileLimit)
        }
        guard track.format <= currentFormat, track.format >= 1 else {
            throw refuse("format", "format \(track.format) is not one this build reads (1...\(currentFormat)); record the motion again, or use a newer refresh-dump")
        }
        guard track.fps.isFinite, track.fps > 0, track.fps <= 1000 else { throw refuse("fps", "expected frames per second in 0...1000, found \(track.fps)") }
        guard track.scale.isFinite, track.scale > 0, track.scale <= 8 else { throw refuse("scale", "expected pixels per point in 0...8, found \(track.scale)") }
        guard !track.frames.isEmpty else { throw refuse("frames", "no frames") }
        for (index, frame) in track.frames.enumerated() {
            guard isHash(frame.hash) else { throw refuse("frames[\(index)].hash", "\(InputFileError.quoted(frame.hash)) is not 16 lowercase hex digits") }
            guard frame.time.isFinite, frame.offset.isFinite, frame.edges.values.allSatisfy({ $0.progress.isFinite }) else {
                throw refuse("frames[\(index)]", "a number that is not finite")
            }
            if index > 0, frame.time < track.frames[index - 1].time { throw refuse("frames[\(index)].time", "\(frame.time) s is before the frame above it") }
        }
        return track
    }
}
