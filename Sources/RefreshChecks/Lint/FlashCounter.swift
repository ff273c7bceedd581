import Foundation
import RefreshPluginSDK
import RefreshHost

/// Counts flashes in a run of frames, after WCAG 2.3.1's general flash threshold: a flash is a
/// pair of opposing changes of relative luminance of 0.1 or more where the darker side is below
/// 0.8, over enough of the field of view at once; more than three in any one second fails.
///
/// Each pixel's transitions are ``BrightnessTurns`` of 0.1. A frame is a transition of the whole
/// when the pixels that made one together cover ``areaLimit``: a quarter of a 10° field of view, the guideline's area, taken for a phone read at
/// 30 cm — 10° is 52 mm there, about 316 × 237 pt at 163 pt an inch (a 4:3 field, as the guideline's
/// 341 × 256 px at 1024 × 768), so a quarter is 18,700 pt², 40 % of a 390 × 120 band.
struct FlashCounter {
    /// The area of one flash, in square points.
    static let areaLimit = 18_700.0
    /// Flashes allowed in any one second.
    static let flashesPerSecond = 3

    private let pixelArea: Double
    private var turns = BrightnessTurns(step: 0.1, darkerBelow: 0.8)
    private var transitions: [Double] = []

    /// A counter for frames of `scale` pixels per point.
    init(scale: Double) { pixelArea = 1 / (scale * scale) }

    /// Adds the frame shown at `time` (seconds).
    mutating func add(_ image: ImageSurface, time: Double) {
        guard let turned = turns.add(image) else { return }
        if Double(turned.moved) * pixelArea >= Self.areaLimit { transitions.append(time) }
    }

    /// The most flashes (pairs of transitions) in any one second, and when that second starts.
    var worst: (flashes: Int, at: Double) {
        var best = (0, 0.0)
        for (index, start) in transitions.enumerated() {
            let inSecond = transitions[index...].prefix { $0 < start + 1 }.count
            if inSecond / 2 > best.0 { best = (inSecond / 2, start) }
        }
        return best
    }
}
