import Foundation

/// An sRGB colour with straight (not premultiplied) alpha; every component in 0...1.
public struct Color: Equatable, Hashable, Sendable {
    /// Red, 0...1.
    public var red: Double
    /// Green, 0...1.
    public var green: Double
    /// Blue, 0...1.
    public var blue: Double
    /// Opacity, 0 (transparent) ... 1 (opaque).
    public var alpha: Double

    /// A colour from components in 0...1 (values outside are clamped; NaN counts as 0).
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        func unit(_ v: Double) -> Double { v.isNaN ? 0 : min(max(v, 0), 1) }
        self.red = unit(red)
        self.green = unit(green)
        self.blue = unit(blue)
        self.alpha = unit(alpha)
    }

    /// Why a hex colour could not be read.
    public struct HexError: Error, Equatable, CustomStringConvertible {
        /// The text given.
        public var text: String
        /// A readable message naming the text and the accepted forms.
        public var description: String {
            "invalid colour '\(text)': expected #RGB, #RRGGBB or #RRGGBBAA (hex digits)"
        }
    }

    /// A colour from `#RGB`, `#RRGGBB` or `#RRGGBBAA` (the `#` may be omitted). Anything else
    /// throws ``HexError``: an invalid colour is an error, never black.
    public init(hex: String) throws(HexError) {
        let digits = hex.hasPrefix("#") ? hex.dropFirst() : Substring(hex)
        let values = digits.utf8.map { byte -> Int? in
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): Int(byte - UInt8(ascii: "a")) + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): Int(byte - UInt8(ascii: "A")) + 10
            default: nil
            }
        }
        guard values.allSatisfy({ $0 != nil }) else { throw HexError(text: hex) }
        let v = values.map { $0! }
        switch v.count {
        case 3: self.init(red: Double(v[0] * 17) / 255, green: Double(v[1] * 17) / 255, blue: Double(v[2] * 17) / 255)
        case 6, 8:
            let bytes = stride(from: 0, to: v.count, by: 2).map { Double(v[$0] * 16 + v[$0 + 1]) / 255 }
            self.init(red: bytes[0], green: bytes[1], blue: bytes[2], alpha: bytes.count == 4 ? bytes[3] : 1)
        default: throw HexError(text: hex)
        }
    }

    /// `#RRGGBB`, or `#RRGGBBAA` when not opaque.
    public var hex: String {
        func byte(_ v: Double) -> String {
            let s = String(Int(saturating: (v * 255).rounded()), radix: 16, uppercase: true)
            return s.count == 1 ? "0" + s : s
        }
        return "#" + byte(red) + byte(green) + byte(blue) + (alpha < 1 ? byte(alpha) : "")
    }

    /// A colour from hue (degrees, any value; wraps), saturation and lightness (0...1).
    public init(hue: Double, saturation: Double, lightness: Double, alpha: Double = 1) {
        let c = (1 - abs(2 * lightness - 1)) * saturation
        let (r, g, b) = Self.hueComponents(hue, chroma: c)
        let m = lightness - c / 2
        self.init(red: r + m, green: g + m, blue: b + m, alpha: alpha)
    }

    /// A colour from hue (degrees), saturation and brightness (0...1), as HSB/HSV.
    public init(hue: Double, saturation: Double, brightness: Double, alpha: Double = 1) {
        let c = brightness * saturation
        let (r, g, b) = Self.hueComponents(hue, chroma: c)
        let m = brightness - c
        self.init(red: r + m, green: g + m, blue: b + m, alpha: alpha)
    }

    /// Hue in degrees (0..<360), saturation and lightness (0...1).
    public var hsl: (hue: Double, saturation: Double, lightness: Double) {
        let maxC = max(red, green, blue), minC = min(red, green, blue)
        let lightness = (maxC + minC) / 2
        let delta = maxC - minC
        guard delta > 0 else { return (0, 0, lightness) }
        let saturation = delta / (1 - abs(2 * lightness - 1))
        return (hueDegrees(maxC: maxC, delta: delta), saturation, lightness)
    }

    /// Hue in degrees (0..<360), saturation and brightness (0...1).
    public var hsb: (hue: Double, saturation: Double, brightness: Double) {
        let maxC = max(red, green, blue), minC = min(red, green, blue)
        let delta = maxC - minC
        guard delta > 0 else { return (0, 0, maxC) }
        return (hueDegrees(maxC: maxC, delta: delta), delta / maxC, maxC)
    }

    /// The same colour with `alpha` replaced.
    public func withAlpha(_ alpha: Double) -> Color {
        Color(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// The colour `fraction` of the way from `self` to `other` (0 gives `self`, 1 gives `other`),
    /// interpolated in sRGB with premultiplied alpha so that fading to transparent does not darken.
    public func interpolated(to other: Color, fraction: Double) -> Color {
        let t = fraction.isNaN ? 0 : min(max(fraction, 0), 1)
        let alpha = alpha + (other.alpha - alpha) * t
        guard alpha > 0 else { return Color(red: 0, green: 0, blue: 0, alpha: 0) }
        func mix(_ a: Double, _ b: Double) -> Double { (a * self.alpha + (b * other.alpha - a * self.alpha) * t) / alpha }
        return Color(red: mix(red, other.red), green: mix(green, other.green), blue: mix(blue, other.blue), alpha: alpha)
    }

    /// Opaque black.
    public static let black = Color(red: 0, green: 0, blue: 0)
    /// Opaque white.
    public static let white = Color(red: 1, green: 1, blue: 1)
    /// Fully transparent.
    public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)

    private static func hueComponents(_ hue: Double, chroma c: Double) -> (Double, Double, Double) {
        let h = (hue.truncatingRemainder(dividingBy: 360) + 360).truncatingRemainder(dividingBy: 360) / 60
        let x = c * (1 - abs(h.truncatingRemainder(dividingBy: 2) - 1))
        switch Int(saturating: h) {
        case 0: return (c, x, 0)
        case 1: return (x, c, 0)
        case 2: return (0, c, x)
        case 3: return (0, x, c)
        case 4: return (x, 0, c)
        default: return (c, 0, x)
        }
    }

    private func hueDegrees(maxC: Double, delta: Double) -> Double {
        let h: Double
        if maxC == red { h = ((green - blue) / delta).truncatingRemainder(dividingBy: 6) }
        else if maxC == green { h = (blue - red) / delta + 2 }
        else { h = (red - green) / delta + 4 }
        return (h * 60 + 360).truncatingRemainder(dividingBy: 360)
    }
}
