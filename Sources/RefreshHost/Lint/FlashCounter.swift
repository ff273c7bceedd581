import Foundation
import RefreshPluginSDK

/// Counts flashes in a run of frames, after WCAG 2.3.1's general flash threshold: a flash is a
/// pair of opposing changes of relative luminance of 0.1 or more where the darker side is below
/// 0.8, over enough of the field of view at once; more than three in any one second fails.
///
/// Each pixel keeps its last extreme: a change of 0.1 or more against it, the other way from the
/// pixel's last change, is a transition there (a slow fade counts once it has moved far enough).
/// A frame is a transition of the whole when the pixels that made one together cover
/// ``areaLimit``: a quarter of a 10° field of view, the guideline's area, taken for a phone read at
/// 30 cm — 10° is 52 mm there, about 316 × 237 pt at 163 pt an inch (a 4:3 field, as the guideline's
/// 341 × 256 px at 1024 × 768), so a quarter is 18,700 pt², 40 % of a 390 × 120 band.
struct FlashCounter {
    /// The area of one flash, in square points.
    static let areaLimit = 18_700.0
    /// Flashes allowed in any one second.
    static let flashesPerSecond = 3

    private let pixelArea: Double
    private var extreme: [Double] = [], direction: [Int8] = []
    private var transitions: [Double] = []
    private var started = false

    /// A counter for frames of `scale` pixels per point.
    init(scale: Double) { pixelArea = 1 / (scale * scale) }

    /// Adds the frame shown at `time` (seconds).
    mutating func add(_ image: ImageSurface, time: Double) {
        let words = image.pixelWords()
        guard started, words.count == extreme.count else {
            extreme = words.map(Luminance.of)
            direction = [Int8](repeating: 0, count: words.count)
            started = true
            return
        }
        var area = 0.0
        for i in words.indices {
            let l = Luminance.of(words[i]), change = l - extreme[i]
            let way: Int8 = change > 0 ? 1 : -1
            if abs(change) >= 0.1, min(l, extreme[i]) < 0.8, way != direction[i] {
                direction[i] = way
                extreme[i] = l
                area += pixelArea
            } else if way == direction[i], way > 0 ? l > extreme[i] : l < extreme[i] {
                extreme[i] = l  // still going the same way: the extreme moves with it
            }
        }
        if area >= Self.areaLimit { transitions.append(time) }
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
