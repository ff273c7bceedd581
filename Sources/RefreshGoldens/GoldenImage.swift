import Foundation
import RefreshSystem
import RefreshGraphics

/// Compares a rendered image with a golden PNG on disk; on a mismatch writes the actual image and
/// a diff image beside each other so a reviewer can open them.
public struct GoldenImage: Sendable {
    /// The golden PNG's path.
    public var path: String
    /// The largest channel difference (0...255) a pixel may have and still match.
    public var tolerance: Int
    /// How pixels beyond `tolerance` are judged: a perceptual threshold, anti-aliasing, and how
    /// many may differ (``PerceptualComparison``).
    public var options: PerceptualComparison.Options

    /// A golden at `path` with `tolerance` and the strict perceptual `options`.
    public init(path: String, tolerance: Int = 0, options: PerceptualComparison.Options = .init()) {
        self.path = path
        self.tolerance = tolerance
        self.options = options
        self.options.channelTolerance = tolerance
    }

    /// The outcome of one check.
    public enum Outcome: Equatable, Sendable {
        /// Within tolerance.
        case matched(ImageComparison)
        /// The golden was written from the actual image, for the reason given (the record mode).
        case recorded(String)
        /// No golden exists; the actual image was written to `actualPath`.
        case missing(actualPath: String)
        /// Different beyond tolerance (or a different size, with `comparison` nil); `perceptual`
        /// says how many pixels count, how many are anti-aliasing, and the kind of change.
        case mismatched(ImageComparison?, actualPath: String, diffPath: String?, perceptual: PerceptualComparison?)
        /// The two could not be compared (a golden that cannot be decoded, an empty image): a
        /// failure with its reason, never a pass.
        case unusable(String, actualPath: String)

        /// Whether the check passed.
        public var passed: Bool {
            switch self {
            case .matched, .recorded: true
            case .missing, .mismatched, .unusable: false
            }
        }
    }

    /// Checks `image` against the golden, writing the golden where `record` says (``RecordMode``).
    /// Failures write `<name>.actual.png` (and `<name>.diff.png`) into `failureDirectory`, never
    /// under the golden folder.
    public func check(_ image: ImageSurface, record: RecordMode, failureDirectory: String) throws(GraphicsError) -> Outcome {
        func recordGolden(_ why: String) throws(GraphicsError) -> Outcome {
            try GraphicsError.writing(try OutputFile.makeFolder(containing: path))
            try image.writePNG(to: path)
            return .recorded(why)
        }
        if record == .all { return try recordGolden("recorded (record all)") }
        let exists = FileManager.default.fileExists(atPath: path)
        if !exists, record == .missing || record == .failed { return try recordGolden("recorded (no golden yet)") }
        if record == .failed, exists {
            let outcome = try compare(image, failureDirectory: failureDirectory)
            guard outcome.passed else { return try recordGolden("recorded over a failure: \(outcome)") }
            return outcome
        }
        return try compare(image, failureDirectory: failureDirectory)
    }

    /// Compares `image` with the golden, writing nothing under the golden folder.
    private func compare(_ image: ImageSurface, failureDirectory: String) throws(GraphicsError) -> Outcome {
        try GraphicsError.writing(try OutputFile.makeFolder(failureDirectory))
        let name = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        let actualPath = (failureDirectory as NSString).appendingPathComponent(name + ".actual.png")
        guard FileManager.default.fileExists(atPath: path) else {
            try image.writePNG(to: actualPath)
            return .missing(actualPath: actualPath)
        }
        guard image.width > 0, image.height > 0 else { return .unusable("the frame is empty (\(image.width)×\(image.height) px)", actualPath: "") }
        let golden: ImageSurface
        do {
            golden = try ImageSurface.readPNG(at: path, scale: image.scale)
        } catch {
            try image.writePNG(to: actualPath)
            return .unusable("the golden cannot be read: \(error)", actualPath: actualPath)
        }
        guard golden.width == image.width, golden.height == image.height else {
            try image.writePNG(to: actualPath)
            return .mismatched(nil, actualPath: actualPath, diffPath: nil, perceptual: nil)
        }
        let comparison = try ImageComparison(expected: golden, actual: image, tolerance: tolerance)
        if comparison.matches { return .matched(comparison) }
        let perceptual = try PerceptualComparison(expected: golden, actual: image, options: options)
        if perceptual.passes { return .matched(comparison) }
        let diffPath = (failureDirectory as NSString).appendingPathComponent(name + ".diff.png")
        try image.writePNG(to: actualPath)
        try perceptual.diffImage(of: image).writePNG(to: diffPath)
        return .mismatched(comparison, actualPath: actualPath, diffPath: diffPath, perceptual: perceptual)
    }
}

extension GoldenImage.Outcome: CustomStringConvertible {
    /// One line for a test log or a terminal.
    public var description: String {
        switch self {
        case .matched(let c): "matched (max channel difference \(c.maxChannelDifference))"
        case .recorded(let why): why
        case .missing(let actual): "no golden yet; the frame is at \(actual) (record it with --record missing, or --update)"
        case .mismatched(let c?, let actual, let diff?, let p?):
            "\(p.differing) of \(p.pixelCount) pixels differ (\(p.kind.rawValue); \(p.options.countsAntiAliasing ? "anti-aliased pixels counted" : "\(p.antiAliased) anti-aliased pixels not counted"); "
                + "max channel difference \(c.maxChannelDifference), PSNR \(String(format: "%.1f", c.psnr)) dB); actual: \(actual), diff: \(diff)"
        case .mismatched(let c?, let actual, let diff?, nil):
            "\(c.pixelsOverTolerance) of \(c.pixelCount) pixels differ by more than \(c.tolerance) (max \(c.maxChannelDifference), PSNR \(String(format: "%.1f", c.psnr)) dB); actual: \(actual), diff: \(diff)"
        case .mismatched(_, let actual, _, _): "size differs from the golden; actual: \(actual)"
        case .unusable(let why, let actual): actual.isEmpty ? "cannot compare: \(why)" : "cannot compare: \(why); actual: \(actual)"
        }
    }
}
