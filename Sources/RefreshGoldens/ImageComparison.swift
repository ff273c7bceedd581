import Foundation
import RefreshGraphics

/// How two images of the same size differ, channel by channel (premultiplied ARGB, 0...255).
public struct ImageComparison: Equatable, Sendable {
    /// The largest difference of any channel of any pixel.
    public let maxChannelDifference: Int
    /// Pixels whose largest channel difference is over ``tolerance``.
    public let pixelsOverTolerance: Int
    /// The tolerance used, 0...255.
    public let tolerance: Int
    /// Pixels compared.
    public let pixelCount: Int
    /// Peak signal-to-noise ratio over all channels, in dB; infinite when identical.
    public let psnr: Double

    /// Whether no pixel differs by more than the tolerance.
    public var matches: Bool { pixelsOverTolerance == 0 }

    /// Compares `actual` with `expected`; throws when their sizes differ.
    public init(expected: ImageSurface, actual: ImageSurface, tolerance: Int = 0) throws(GraphicsError) {
        guard expected.width == actual.width, expected.height == actual.height else {
            throw .sizeMismatch(expected: (expected.width, expected.height), actual: (actual.width, actual.height))
        }
        let a = expected.pixelWords(), b = actual.pixelWords()
        var maxDifference = 0, over = 0
        var squares = 0.0
        for i in a.indices where a[i] != b[i] {
            let difference = Self.channelDifferences(a[i], b[i])
            maxDifference = max(maxDifference, difference.max)
            if difference.max > tolerance { over += 1 }
            squares += difference.squares
        }
        self.tolerance = tolerance
        maxChannelDifference = maxDifference
        pixelsOverTolerance = over
        pixelCount = a.count
        let meanSquare = squares / Double(max(1, a.count * 4))
        psnr = meanSquare == 0 ? .infinity : 10 * log10(255 * 255 / meanSquare)
    }

    /// The largest difference of any one channel of two pixels, and the sum of their squares.
    package static func channelDifferences(_ p: UInt32, _ q: UInt32) -> (max: Int, squares: Double) {
        // The four channels written out: a plugin author's tests run this in a debug build, where
        // a `stride` loop costs a generic iterator per pixel (a third of `validateIndicator`'s time).
        let d0 = abs(Int(p & 0xFF) - Int(q & 0xFF)), d1 = abs(Int(p >> 8 & 0xFF) - Int(q >> 8 & 0xFF))
        let d2 = abs(Int(p >> 16 & 0xFF) - Int(q >> 16 & 0xFF)), d3 = abs(Int(p >> 24) - Int(q >> 24))
        return (max(max(d0, d1), max(d2, d3)), Double(d0 * d0 + d1 * d1 + d2 * d2 + d3 * d3))
    }
}
