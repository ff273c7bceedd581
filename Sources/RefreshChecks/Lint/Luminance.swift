import Foundation
import RefreshPluginSDK
import RefreshHost

/// WCAG's relative luminance and contrast ratio, for premultiplied ARGB pixels as Cairo leaves them.
enum Luminance {
    /// Linear light of each 8-bit sRGB value.
    private static let linear: [Double] = (0..<256).map { value in
        let c = Double(value) / 255
        return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
    }

    /// The relative luminance (0 black … 1 white) of an opaque pixel (a frame drawn on its
    /// background is opaque; a translucent one is taken as drawn over black).
    static func of(_ pixel: UInt32) -> Double {
        0.2126 * linear[Int(pixel >> 16 & 0xFF)] + 0.7152 * linear[Int(pixel >> 8 & 0xFF)] + 0.0722 * linear[Int(pixel & 0xFF)]
    }

    /// The relative luminance of an opaque colour.
    static func of(_ color: Color) -> Double {
        func channel(_ v: Double) -> Double { linear[Int((min(max(v, 0), 1) * 255).rounded())] }
        return 0.2126 * channel(color.red) + 0.7152 * channel(color.green) + 0.0722 * channel(color.blue)
    }

    /// The opaque pixel (premultiplied ARGB, as Cairo stores it) of `color`.
    static func pixel(of color: Color) -> UInt32 {
        func byte(_ v: Double) -> UInt32 { UInt32((min(max(v, 0), 1) * 255).rounded()) }
        return 0xFF00_0000 | byte(color.red) << 16 | byte(color.green) << 8 | byte(color.blue)
    }

    /// WCAG's contrast ratio of two luminances, 1…21.
    static func contrast(_ a: Double, _ b: Double) -> Double { (max(a, b) + 0.05) / (min(a, b) + 0.05) }
}
