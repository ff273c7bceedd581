import Foundation
import RefreshPluginSDK
import RefreshHost

/// Where a run of frames changes brightness and turns back, pixel by pixel: each pixel keeps the
/// light at its last extreme and the way it last went; a change of at least ``step`` against that
/// extreme (with the darker side under ``darkerBelow``), the other way from its last change, is a
/// turn there. A slow fade counts once it has gone far enough; going on the same way moves the
/// extreme with it. What the flash and export checks count.
struct BrightnessTurns {
    /// The change of relative luminance that counts.
    let step: Double
    /// A turn counts only when its darker side is below this (WCAG's 0.8 for flashes; 1 for any).
    let darkerBelow: Double
    private var extreme: [Double] = [], direction: [Int8] = []

    init(step: Double, darkerBelow: Double = 1) {
        self.step = step
        self.darkerBelow = darkerBelow
    }

    /// The pixels of `image` that turned since the frame before: all of them (`moved`), and those
    /// that had moved before and now went back (`reversed`). Nil for the first frame.
    mutating func add(_ image: ImageSurface) -> (moved: Int, reversed: Int)? {
        let words = image.pixelWords()
        guard extreme.count == words.count else {
            extreme = words.map(Luminance.of)
            direction = [Int8](repeating: 0, count: words.count)
            return nil
        }
        var moved = 0, reversed = 0
        for i in words.indices {
            let l = Luminance.of(words[i]), change = l - extreme[i], way: Int8 = change > 0 ? 1 : -1
            if abs(change) >= step, min(l, extreme[i]) < darkerBelow, way != direction[i] {
                moved += 1
                if direction[i] != 0 { reversed += 1 }
                direction[i] = way
                extreme[i] = l
            } else if way == direction[i], way > 0 ? l > extreme[i] : l < extreme[i] {
                extreme[i] = l
            }
        }
        return (moved, reversed)
    }
}
