import Foundation
import RefreshGraphics

/// Compares a rendered image with a golden PNG on disk; on a mismatch writes the actual image and
/// a diff image beside each other so a reviewer can open them.
public struct GoldenImage: Sendable {
    /// The golden PNG's path.
    public var path: String
    /// The largest channel difference (0...255) a pixel may have and still match.
    public var tolerance: Int

    /// A golden at `path` with `tolerance`.
    public init(path: String, tolerance: Int = 0) {
        self.path = path
        self.tolerance = tolerance
    }

    /// The outcome of one check.
    public enum Outcome: Equatable, Sendable {
        /// Within tolerance.
        case matched(ImageComparison)
        /// The golden was (re)written from the actual image.
        case updated
        /// No golden exists; the actual image was written to `actualPath`.
        case missing(actualPath: String)
        /// Different beyond tolerance (or a different size, with `comparison` nil).
        case mismatched(ImageComparison?, actualPath: String, diffPath: String?)

        /// Whether the check passed.
        public var passed: Bool {
            switch self {
            case .matched, .updated: true
            case .missing, .mismatched: false
            }
        }
    }

    /// Checks `image` against the golden. With `update`, writes the golden instead. Failures write
    /// `<name>.actual.png` (and `<name>.diff.png`) into `failureDirectory`.
    public func check(_ image: ImageSurface, update: Bool = false, failureDirectory: String) throws(GraphicsError) -> Outcome {
        if update {
            try OutputFile.makeFolder((path as NSString).deletingLastPathComponent)
            try image.writePNG(to: path)
            return .updated
        }
        try OutputFile.makeFolder(failureDirectory)
        let name = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        let actualPath = (failureDirectory as NSString).appendingPathComponent(name + ".actual.png")
        guard FileManager.default.fileExists(atPath: path) else {
            try image.writePNG(to: actualPath)
            return .missing(actualPath: actualPath)
        }
        let golden = try ImageSurface.readPNG(at: path, scale: image.scale)
        guard golden.width == image.width, golden.height == image.height else {
            try image.writePNG(to: actualPath)
            return .mismatched(nil, actualPath: actualPath, diffPath: nil)
        }
        let comparison = try ImageComparison(expected: golden, actual: image, tolerance: tolerance)
        if comparison.matches { return .matched(comparison) }
        let diffPath = (failureDirectory as NSString).appendingPathComponent(name + ".diff.png")
        try image.writePNG(to: actualPath)
        try ImageComparison.diffImage(expected: golden, actual: image, tolerance: tolerance).writePNG(to: diffPath)
        return .mismatched(comparison, actualPath: actualPath, diffPath: diffPath)
    }
}

extension GoldenImage.Outcome: CustomStringConvertible {
    /// One line for a test log or a terminal.
    public var description: String {
        switch self {
        case .matched(let c): "matched (max channel difference \(c.maxChannelDifference))"
        case .updated: "golden updated"
        case .missing(let actual): "no golden yet; the frame is at \(actual) (re-run with the update flag to accept it)"
        case .mismatched(let c?, let actual, let diff?):
            "\(c.pixelsOverTolerance) of \(c.pixelCount) pixels differ by more than \(c.tolerance) (max \(c.maxChannelDifference), PSNR \(String(format: "%.1f", c.psnr)) dB); actual: \(actual), diff: \(diff)"
        case .mismatched(_, let actual, _): "size differs from the golden; actual: \(actual)"
        }
    }
}
