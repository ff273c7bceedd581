import Foundation
import RefreshPluginSDK
import RefreshHost

/// A colour as hue, saturation and value (all 0...1), for the inspector's colour picker.
package struct HSVColor: Equatable, Sendable {
    package var hue: Double, saturation: Double, value: Double

    package init(hue: Double, saturation: Double, value: Double) {
        self.hue = hue
        self.saturation = saturation
        self.value = value
    }

    /// `color`'s hue, saturation and value (alpha is the caller's).
    package init(_ color: Color) {
        let r = color.red, g = color.green, b = color.blue
        let high = max(r, g, b), low = min(r, g, b), span = high - low
        value = high
        saturation = high > 0 ? span / high : 0
        guard span > 0 else { hue = 0; return }
        var h: Double
        if high == r { h = (g - b) / span } else if high == g { h = 2 + (b - r) / span } else { h = 4 + (r - g) / span }
        h /= 6
        hue = h < 0 ? h + 1 : h
    }

    /// The colour, opaque.
    package var color: Color {
        let h = (hue.truncatingRemainder(dividingBy: 1) + 1).truncatingRemainder(dividingBy: 1) * 6
        let c = value * saturation, x = c * (1 - abs(h.truncatingRemainder(dividingBy: 2) - 1)), m = value - c
        let (r, g, b): (Double, Double, Double) = switch Int(h) {
        case 0: (c, x, 0)
        case 1: (x, c, 0)
        case 2: (0, c, x)
        case 3: (0, x, c)
        case 4: (x, 0, c)
        default: (c, 0, x)
        }
        return Color(red: r + m, green: g + m, blue: b + m)
    }
}
