import Foundation
import RefreshPluginSDK
import RefreshHost

/// How much an animation moves: the area of ink that moves from one frame to the next, per
/// second (square points a second). Ink that moves leaves light where it was and dark where it
/// goes (or the other way), so a frame's moved area is twice the smaller of the areas that got
/// lighter and darker; a fade, all one way, moves nothing — as reduced motion may do instead.
struct MotionAmount {
    private let pixelArea: Double
    private var previous: [UInt32] = []
    private var changed = 0.0, duration = 0.0

    /// A measure of frames of `scale` pixels per point.
    init(scale: Double) { pixelArea = 1 / (scale * scale) }

    /// Adds a frame shown `interval` seconds after the one before.
    mutating func add(_ image: ImageSurface, interval: Double) {
        let words = image.pixelWords()
        if previous.count == words.count {
            // A pixel changed when its light moved visibly (0.02 of the range, about 5 grey levels).
            var lighter = 0, darker = 0
            for (before, after) in zip(previous, words) where before != after {
                let change = Luminance.of(after) - Luminance.of(before)
                if change > 0.02 { lighter += 1 } else if change < -0.02 { darker += 1 }
            }
            changed += 2 * Double(min(lighter, darker)) * pixelArea
            duration += interval
        }
        previous = words
    }

    /// Square points of ink changed a second.
    var perSecond: Double { duration > 0 ? changed / duration : 0 }
}
