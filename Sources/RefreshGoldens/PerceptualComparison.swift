import Foundation
import RefreshGraphics

/// How two frames differ as a person sees them: each pixel's colour difference in the YIQ space
/// (brightness weighs most), pixels that only moved along an edge (anti-aliasing) told apart and,
/// by default, not counted, and a count of the rest against a pixel budget. The idea of
/// pixelmatch, which snapshot tools use; the code is ours.
public struct PerceptualComparison: Equatable, Sendable {
    /// The two knobs, and whether anti-aliased pixels count.
    public struct Options: Equatable, Sendable {
        /// How different two colours must be to count, 0...1 of the largest YIQ difference
        /// (black against white); 0 counts any difference.
        public var threshold: Double
        /// How many counted pixels may differ and still pass.
        public var maxDiffPixels: Int
        /// What share of the pixels (0...1) may differ and still pass; within either limit passes.
        public var maxDiffRatio: Double
        /// A pixel whose channels all differ by at most this much (0...255) is the same.
        public var channelTolerance: Int
        /// Count anti-aliased pixels too (off by default: a font's hinting on another machine
        /// moves edge pixels, not the drawing).
        public var countsAntiAliasing: Bool

        /// Strict: any counted difference fails; anti-aliasing alone does not.
        public init(threshold: Double = 0, maxDiffPixels: Int = 0, maxDiffRatio: Double = 0, channelTolerance: Int = 0, countsAntiAliasing: Bool = false) {
            self.threshold = threshold
            self.channelTolerance = channelTolerance
            self.maxDiffPixels = maxDiffPixels
            self.maxDiffRatio = maxDiffRatio
            self.countsAntiAliasing = countsAntiAliasing
        }
    }

    /// What kind of change the counted pixels are.
    public enum Kind: String, Sendable {
        /// Nothing differs beyond the threshold.
        case none
        /// Only anti-aliased edge pixels differ.
        case antiAliasingOnly = "anti-aliasing only"
        /// Mostly the same coverage in another colour.
        case colour
        /// Mostly coverage that moved: a shape grew, shrank or went elsewhere.
        case geometry
    }

    /// The options compared with.
    public let options: Options
    /// Pixels compared.
    public let pixelCount: Int
    /// Pixels over the threshold that count.
    public let differing: Int
    /// Pixels over the threshold found to be anti-aliasing (counted only with ``Options/countsAntiAliasing``).
    public let antiAliased: Int
    /// The kind of the change.
    public let kind: Kind
    /// What each pixel is: kept for ``diffImage(of:)``, so a failure is classified once.
    private let marks: [Mark]
    /// The frames' width and height, in pixels.
    private let width: Int, height: Int

    /// Whether the counted pixels are within both limits.
    public var passes: Bool {
        differing <= options.maxDiffPixels || Double(differing) <= options.maxDiffRatio * Double(pixelCount)
    }

    /// The largest YIQ difference (black against white).
    static let largestDelta = 35215.0

    /// Compares `actual` with `expected`; throws when their sizes differ.
    public init(expected: ImageSurface, actual: ImageSurface, options: Options = Options()) throws(GraphicsError) {
        let map = try Self.classify(expected: expected, actual: actual, options: options)
        self.options = options
        marks = map.marks
        (width, height) = (expected.width, expected.height)
        pixelCount = map.marks.count
        differing = map.marks.filter { $0 == .counted }.count
        antiAliased = map.marks.filter { $0 == .antiAliased }.count
        kind = differing == 0 ? (antiAliased == 0 ? .none : .antiAliasingOnly) : (map.moved * 2 >= differing ? .geometry : .colour)
    }

    /// A picture of the change: counted pixels red and anti-aliased ones yellow over a faded copy of
    /// `actual` (the frame this comparison was made with), so a reviewer sees where the change is
    /// and what kind.
    public func diffImage(of actual: ImageSurface) throws(GraphicsError) -> ImageSurface {
        guard actual.width == width, actual.height == height else {
            throw .sizeMismatch(expected: (width, height), actual: (actual.width, actual.height))
        }
        let faded = actual.pixelWords()
        let diff = try ImageSurface(width: actual.width, height: actual.height, scale: actual.scale)
        diff.withPixels { buffer in
            for y in 0..<actual.height {
                for x in 0..<actual.width {
                    let i = y * actual.width + x
                    let word: UInt32
                    switch marks[i] {
                    case .counted: word = 0xFFFF_0000
                    case .antiAliased: word = 0xFFFF_D000
                    case .same:
                        let grey = UInt32(255 - (255 - min(255, Self.luma(overWhite: faded[i]))) * 0.3)
                        word = 0xFF00_0000 | grey << 16 | grey << 8 | grey
                    }
                    buffer.storeBytes(of: word, toByteOffset: y * diff.bytesPerRow + x * 4, as: UInt32.self)
                }
            }
        }
        return diff
    }

    /// What each pixel is in the comparison.
    enum Mark: Equatable { case same, antiAliased, counted }

    private static func classify(expected: ImageSurface, actual: ImageSurface, options: Options) throws(GraphicsError) -> (marks: [Mark], moved: Int) {
        guard expected.width == actual.width, expected.height == actual.height else {
            throw .sizeMismatch(expected: (expected.width, expected.height), actual: (actual.width, actual.height))
        }
        let width = expected.width, height = expected.height
        let a = expected.pixelWords(), b = actual.pixelWords()
        let limit = largestDelta * options.threshold * options.threshold
        var marks = [Mark](repeating: .same, count: a.count)
        var moved = 0
        for y in 0..<height {
            for x in 0..<width {
                let i = y * width + x
                // Over white and over black: a change of transparency alone (clear against white) shows on one of them.
                guard a[i] != b[i], ImageComparison.channelDifferences(a[i], b[i]).max > options.channelTolerance,
                      max(abs(delta(a[i], b[i])), abs(delta(a[i], b[i], overBlack: true))) > limit else { continue }
                if !options.countsAntiAliasing,
                   isAntiAliased(a, x, y, width, height, other: b) || isAntiAliased(b, x, y, width, height, other: a) {
                    marks[i] = .antiAliased
                    continue
                }
                marks[i] = .counted
                // Coverage (alpha) that changed is a moved shape; the same coverage in another colour is a colour change.
                if abs(Int(a[i] >> 24) - Int(b[i] >> 24)) > 32 || abs(luma(overWhite: a[i]) - luma(overWhite: b[i])) > 96 { moved += 1 }
            }
        }
        return (marks, moved)
    }

    /// The squared YIQ distance of two premultiplied ARGB pixels over white (or black), signed by
    /// which is brighter (positive when `q` is darker); `brightnessOnly` gives the brightness
    /// difference alone.
    static func delta(_ p: UInt32, _ q: UInt32, brightnessOnly: Bool = false, overBlack: Bool = false) -> Double {
        let (r1, g1, b1) = overBlack ? channels(p) : overWhite(p), (r2, g2, b2) = overBlack ? channels(q) : overWhite(q)
        let y1 = r1 * 0.29889531 + g1 * 0.58662247 + b1 * 0.11448223
        let y2 = r2 * 0.29889531 + g2 * 0.58662247 + b2 * 0.11448223
        let dy = y1 - y2
        if brightnessOnly { return dy }
        let di = (r1 * 0.59597799 - g1 * 0.27417610 - b1 * 0.32180189) - (r2 * 0.59597799 - g2 * 0.27417610 - b2 * 0.32180189)
        let dq = (r1 * 0.21147017 - g1 * 0.52261711 + b1 * 0.31114694) - (r2 * 0.21147017 - g2 * 0.52261711 + b2 * 0.31114694)
        let squared = 0.5053 * dy * dy + 0.299 * di * di + 0.1957 * dq * dq
        return y1 > y2 ? -squared : squared
    }

    /// A premultiplied pixel composited over black: its channels as they are.
    private static func channels(_ p: UInt32) -> (Double, Double, Double) {
        (Double(p >> 16 & 0xFF), Double(p >> 8 & 0xFF), Double(p & 0xFF))
    }

    /// A premultiplied pixel composited over white: premultiplied plus the white showing through.
    private static func overWhite(_ p: UInt32) -> (Double, Double, Double) {
        let white = 255 - Double(p >> 24 & 0xFF)
        return (Double(p >> 16 & 0xFF) + white, Double(p >> 8 & 0xFF) + white, Double(p & 0xFF) + white)
    }

    private static func luma(overWhite p: UInt32) -> Double {
        let (r, g, b) = overWhite(p)
        return 0.299 * r + 0.587 * g + 0.114 * b
    }

    /// Whether the pixel at `x, y` of `image` is an edge's anti-aliasing: among its eight
    /// neighbours it is neither the darkest nor the brightest, at most two are the same colour,
    /// and its darkest or brightest neighbour sits in a flat area in both images.
    private static func isAntiAliased(_ image: [UInt32], _ x: Int, _ y: Int, _ width: Int, _ height: Int, other: [UInt32]) -> Bool {
        let centre = image[y * width + x]
        var equal = 0, darkest = 0.0, brightest = 0.0
        var darkestAt: (Int, Int)?, brightestAt: (Int, Int)?
        for ny in max(0, y - 1)...min(height - 1, y + 1) {
            for nx in max(0, x - 1)...min(width - 1, x + 1) where nx != x || ny != y {
                let d = delta(centre, image[ny * width + nx], brightnessOnly: true)
                if d == 0 {
                    equal += 1
                    if equal > 2 { return false }
                } else if d < darkest {
                    darkest = d
                    darkestAt = (nx, ny)
                } else if d > brightest {
                    brightest = d
                    brightestAt = (nx, ny)
                }
            }
        }
        guard let darkestAt, let brightestAt else { return false }
        return (hasManySiblings(image, darkestAt, width, height) && hasManySiblings(other, darkestAt, width, height))
            || (hasManySiblings(image, brightestAt, width, height) && hasManySiblings(other, brightestAt, width, height))
    }

    /// Whether more than two of the eight neighbours of `at` have its exact colour.
    private static func hasManySiblings(_ image: [UInt32], _ at: (Int, Int), _ width: Int, _ height: Int) -> Bool {
        let (x, y) = at
        let centre = image[y * width + x]
        var same = x == 0 || x == width - 1 || y == 0 || y == height - 1 ? 1 : 0
        for ny in max(0, y - 1)...min(height - 1, y + 1) {
            for nx in max(0, x - 1)...min(width - 1, x + 1) where (nx != x || ny != y) && image[ny * width + nx] == centre {
                same += 1
                if same > 2 { return true }
            }
        }
        return false
    }
}
