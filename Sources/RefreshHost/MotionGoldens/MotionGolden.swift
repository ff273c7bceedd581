import Foundation
import RefreshGoldens
import RefreshPluginSDK

/// A scenario's motion golden in a golden folder (`<scenario>.motion.json` and its film), checked
/// against a played track or written from it as the `RecordMode` says: the motion half of `verify`.
public struct MotionGolden {
    /// The golden folder.
    public var folder: String
    /// The scenario's file name, which names the files.
    public var name: String
    /// Where the played track, its film and the film strip go when they differ.
    public var failureFolder: String
    /// How strictly frames are judged.
    public var options: MotionComparison.Options

    /// The outcome of a check.
    public enum Outcome: Sendable {
        /// Every frame within tolerance; `compared` frames went through the image comparator.
        case matched(frames: Int, compared: Int)
        /// The golden was written from this run, for the reason given.
        case recorded(String)
        /// No golden yet (and the record mode writes none); the played track is at `actualTrack`.
        case missing(actualTrack: String)
        /// Differences; the strip of the frames that differ is at `strip`.
        case mismatched(MotionComparison, strip: String?, actualTrack: String)
        /// The golden cannot be used (a broken file): a failure with its reason, never a pass.
        case unusable(String)

        /// Whether the check passed.
        public var passed: Bool {
            switch self {
            case .matched, .recorded: true
            case .missing, .mismatched, .unusable: false
            }
        }
    }

    /// The golden for scenario `name` in `folder`.
    public init(folder: String, name: String, failureFolder: String, options: MotionComparison.Options = .init()) {
        (self.folder, self.name, self.failureFolder, self.options) = (folder, name, failureFolder, options)
    }

    /// The track file, e.g. `goldens/pull/pull.motion.json`.
    public var trackPath: String { MotionTrack.path(in: folder, name: name) }
    /// The golden film folder.
    var film: String { MotionTrack.filmPath(in: folder, name: name) }
    /// The played film folder (in the failure folder).
    var actualFilm: String { MotionTrack.filmPath(in: failureFolder, name: name) }

    /// The golden as it is on disk: nil when there is none, the reason when it cannot be read.
    func stored() -> Result<MotionTrack, InputFileError>? {
        guard FileManager.default.fileExists(atPath: trackPath) else { return nil }
        do {
            return .success(try MotionTrack.read(at: trackPath))
        } catch {
            return .failure(error)
        }
    }

    /// The hashes whose pictures the golden film holds: a capture need not keep those.
    func filmHashes(of stored: Result<MotionTrack, InputFileError>?) -> Set<String> {
        guard case .success(let track)? = stored else { return [] }
        return Set(track.frames.map(\.hash).filter { MotionFilm.isRegularFile(MotionTrack.picture($0, in: film)) })
    }

    /// Checks `actual` (its film in ``actualFilm``) against `stored`, writing the golden where
    /// `record` says. Nothing is written under the golden folder unless it records; what differs
    /// goes to the failure folder, and the played film is removed when nothing needs it.
    func check(_ actual: MotionTrack, stored: Result<MotionTrack, InputFileError>?, record: RecordMode) throws -> Outcome {
        func recordGolden(_ why: String) throws -> Outcome {
            try MotionFilm.record(actual, name: name, in: folder, from: [actualFilm, film])
            try removeActualFilm()
            return .recorded(why)
        }
        if record == .all { return try recordGolden("recorded (record all)") }
        guard let stored else {
            if record == .missing || record == .failed { return try recordGolden("recorded (no golden yet)") }
            return .missing(actualTrack: try keep(actual))
        }
        let golden: MotionTrack
        switch stored {
        case .failure(let error):
            if record == .failed { return try recordGolden("recorded over a golden that cannot be read: \(error.detail)") }
            return .unusable("the golden cannot be read: \(error)")
        case .success(let track): golden = track
        }
        let comparison = MotionComparison(golden: golden, actual: actual, goldenFilm: film, actualFilm: actualFilm, options: options)
        if comparison.matches {
            try removeActualFilm()
            return .matched(frames: actual.frames.count, compared: comparison.framesCompared)
        }
        if record == .failed { return try recordGolden("recorded over a failure: \(comparison.differences.count) difference\(comparison.differences.count == 1 ? "" : "s")") }
        let stripPath = (failureFolder as NSString).appendingPathComponent(name + ".motion-strip.png")
        let strip = try MotionFilmStrip.make(frames: MotionFilmStrip.frames(of: comparison.differences), golden: golden, actual: actual,
                                             tolerance: options.frameTolerance, goldenFilm: film, actualFilm: actualFilm)
        try strip.writePNG(to: stripPath)
        return .mismatched(comparison, strip: stripPath, actualTrack: try keep(actual))
    }

    /// Writes the played track beside its film in the failure folder; returns its path.
    private func keep(_ actual: MotionTrack) throws -> String {
        let path = MotionTrack.path(in: failureFolder, name: name)
        try actual.write(to: path)
        return path
    }

    /// Removes the played film when nothing needs it, and the failure folder when that leaves it empty.
    private func removeActualFilm() throws {
        guard FileManager.default.fileExists(atPath: actualFilm) else { return }
        try MotionFilm.empty(actualFilm)
        rmdir(actualFilm)
        rmdir(failureFolder)
    }
}

extension MotionGolden.Outcome: CustomStringConvertible {
    /// One line (the first differences) for a terminal.
    public var description: String {
        switch self {
        case .matched(let frames, let compared):
            "matched (\(frames) frames" + (compared == 0 ? ")" : "; \(compared) within the image comparator's tolerance)")
        case .recorded(let why): why
        case .missing(let actual): "no motion golden yet; the played track is at \(actual) (record it with --record missing, or --update)"
        case .mismatched(let comparison, let strip, _):
            "\(comparison.differences.count) difference\(comparison.differences.count == 1 ? "" : "s"): "
                + comparison.differences.prefix(3).map(\.what).joined(separator: "; ")
                + (comparison.differences.count > 3 ? "; …" : "") + (strip.map { "; film strip: \($0)" } ?? "")
        case .unusable(let why): "cannot compare: \(why)"
        }
    }
}
