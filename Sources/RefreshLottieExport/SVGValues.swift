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
        guard let value = Double(text.trimmingCharacters(in: .whitespaces)), value.isFinite else { throw RecordedDrawing.Unsupported(reason: "\(name) \"\(text)\" is not a number") }
        return value
    }

    /// Steps a point a length is rounded to: a hundredth of a point, finer than a player draws.
    static let pointSteps = 100.0

    /// `value` to the nearest 1/`steps`.
    static func rounded(_ value: Double, _ steps: Double) -> Double { (value * steps).rounded() / steps }

    /// `rgb(100%,50%,0%)`, `rgb(255,128,0)` or `#rrggbb`.
    static func color(_ text: String) -> RecordedDrawing.RGBA? {
        let value = text.trimmingCharacters(in: .whitespaces)
        if value.hasPrefix("rgb("), value.hasSuffix(")") {
            let parts = value.dropFirst(4).dropLast().split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 3 else { return nil }
            var channels: [Double] = []
            for part in parts {
                guard let number = Double(part.hasSuffix("%") ? String(part.dropLast()) : part), number.isFinite else { return nil }
                channels.append(min(1, max(0, part.hasSuffix("%") ? number / 100 : number / 255)))
            }
            return RecordedDrawing.RGBA(red: rounded(channels[0], 1000), green: rounded(channels[1], 1000), blue: rounded(channels[2], 1000), alpha: 1)
        }
        if value.hasPrefix("#"), value.count == 7, let rgb = UInt32(value.dropFirst(), radix: 16) {
            return RecordedDrawing.RGBA(red: rounded(Double(rgb >> 16 & 0xFF) / 255, 1000), green: rounded(Double(rgb >> 8 & 0xFF) / 255, 1000),
                        blue: rounded(Double(rgb & 0xFF) / 255, 1000), alpha: 1)
        }
        return nil
    }

    /// An SVG `transform` list (Cairo writes one `matrix(…)`).
    static func transform(_ text: String) throws(RecordedDrawing.Unsupported) -> AffineTransform {
        guard let transform = SVGAttributes.transform(text), [transform.a, transform.b, transform.c, transform.d, transform.tx, transform.ty].allSatisfy(\.isFinite) else {
            throw RecordedDrawing.Unsupported(reason: "a transform Lottie cannot read (\(text))")
        }
        return transform
    }
}
