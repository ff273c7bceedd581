import Foundation
import RefreshGoldens
import RefreshPluginSDK
import RefreshHost

/// How well an indicator's ink stands out from the band it is drawn on (WCAG 1.4.11: 3:1 for
/// graphics a user needs). Ink is every pixel that differs from the background; its contrast is
/// the one its strongest ink reaches: the 90th percentile pixel, or the 100th strongest (25 pt² at
/// 2×) when the ink is larger — so the strokes a user reads count, a faded trail, an anti-aliased
/// edge or a pale backing disc (Material's, behind its coloured arc) does not, nor does one stray pixel.
enum InkContrast {
    /// The contrast the guideline asks of graphics.
    static let minimum = 3.0
    /// Fewer ink pixels than this is no indicator to judge (a state that draws nothing).
    static let leastInk = 24
    /// How many of the strongest pixels must reach the contrast when the ink is large.
    static let strongest = 100

    /// The ink's contrast with `background` in `image`; nil when there is too little ink.
    static func ratio(of image: ImageSurface, background: Color) -> Double? {
        let back = Luminance.of(background)
        let target = Luminance.pixel(of: background)
        var ratios: [Double] = []
        for pixel in image.pixelWords() where pixel != target && ImageComparison.channelDifferences(pixel, target).max > 6 {
            ratios.append(Luminance.contrast(Luminance.of(pixel), back))
        }
        guard ratios.count >= leastInk else { return nil }
        ratios.sort()
        return ratios[max(ratios.count * 9 / 10, ratios.count - strongest)]
    }
}
