import Foundation
import RefreshGraphics

/// The values in a recording's SVG attributes: styles, numbers, colours and transforms.
enum SVGValues {
    /// An element's presentation attributes and its `style` declarations (which win).
    static func style(of element: SVGElementTree.Element) -> [String: String] {
        var style: [String: String] = [:]
        for key in ["fill", "fill-opacity", "fill-rule", "stroke", "stroke-width", "stroke-opacity", "stroke-linecap", "stroke-linejoin",
                    "stroke-miterlimit", "stroke-dasharray", "stroke-dashoffset", "opacity", "clip-rule", "filter", "stop-color", "stop-opacity"] {
            if let value = element.attributes[key] { style[key] = value }
        }
        style.merge(SVGAttributes.style(element.attributes["style"])) { $1 }
        return style
    }

    /// `text` as a finite number; else what `name` holds is named as unsupported.
    static func number(_ text: String, _ name: String) throws(RecordedDrawing.Unsupported) -> Double {
        guard let value = Double(SVGAttributes.trimmed(text)), value.isFinite else { throw RecordedDrawing.Unsupported(reason: "\(name) \"\(text)\" is not a number") }
        return value
    }

    /// Steps a point a length is rounded to: a hundredth of a point, finer than a player draws.
    static let pointSteps = 100.0

    /// `value` to the nearest 1/`steps`.
    static func rounded(_ value: Double, _ steps: Double) -> Double { (value * steps).rounded() / steps }

    /// A colour as Cairo's SVG writes one (`rgb(100%,50%,0%)`; ``SVGAttributes/color(_:)`` reads
    /// every form), each channel to a thousandth.
    static func color(_ text: String) -> RecordedDrawing.RGBA? {
        guard let color = SVGAttributes.color(text) else { return nil }
        return RecordedDrawing.RGBA(red: rounded(color.red, 1000), green: rounded(color.green, 1000), blue: rounded(color.blue, 1000), alpha: rounded(color.alpha, 1000))
    }

    /// An SVG `transform` list (Cairo writes one `matrix(…)`).
    static func transform(_ text: String) throws(RecordedDrawing.Unsupported) -> AffineTransform {
        guard let transform = SVGAttributes.transform(text), [transform.a, transform.b, transform.c, transform.d, transform.tx, transform.ty].allSatisfy(\.isFinite) else {
            throw RecordedDrawing.Unsupported(reason: "a transform Lottie cannot read (\(text))")
        }
        return transform
    }
}
