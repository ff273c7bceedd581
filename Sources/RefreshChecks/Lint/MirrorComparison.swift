import Foundation
import RefreshGoldens
import RefreshPluginSDK
import RefreshHost

/// Whether a right-to-left frame is the mirror image of the left-to-right one, as an indicator
/// that claims `REFRESH_PLUGIN_MIRRORS_FOR_RTL` promises: where there is ink, compared in 4-point
/// cells (so text, whose glyphs do not mirror, is judged by where it sits), as the share of cells
/// with ink in either that have it in both (intersection over union).
enum MirrorComparison {
    /// The overlap a mirrored frame must reach.
    static let minimumOverlap = 0.85
    private static let cell = 4.0

    /// The overlap of `rightToLeft` with `leftToRight` flipped left for right, 0…1 (1 when
    /// neither has ink), on `background`.
    static func overlap(leftToRight: ImageSurface, rightToLeft: ImageSurface, background: Color) -> Double {
        let a = cells(leftToRight, background: background, flipped: true), b = cells(rightToLeft, background: background, flipped: false)
        let union = zip(a, b).filter { $0 || $1 }.count
        return union == 0 ? 1 : Double(zip(a, b).filter { $0 && $1 }.count) / Double(union)
    }

    /// Which cells hold ink, row by row, the columns reversed when `flipped`.
    private static func cells(_ image: ImageSurface, background: Color, flipped: Bool) -> [Bool] {
        let side = max(1, Int((cell * image.scale).rounded()))
        let columns = (image.width + side - 1) / side, rows = (image.height + side - 1) / side
        let target = Luminance.pixel(of: background)
        var inked = [Bool](repeating: false, count: columns * rows)
        let words = image.pixelWords()
        for y in 0..<image.height {
            for x in 0..<image.width where ImageComparison.channelDifferences(words[y * image.width + x], target).max > 24 {
                // Flipped pixel by pixel, then binned: both frames fall on the same grid of cells.
                inked[(y / side) * columns + (flipped ? image.width - 1 - x : x) / side] = true
            }
        }
        return inked
    }
}
