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
        for declaration in (element.attributes["style"] ?? "").split(separator: ";") {
            let parts = declaration.split(separator: ":", maxSplits: 1)
            guard parts.count == 2 else { continue }
            style[parts[0].trimmingCharacters(in: .whitespaces)] = parts[1].trimmingCharacters(in: .whitespaces)
        }
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
        var result = AffineTransform.identity
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "("), let close = rest.firstIndex(of: ")") {
            let name = rest[..<open].trimmingCharacters(in: CharacterSet(charactersIn: " ,\n\t"))
            guard let values = SVGPathParser.numbers(String(rest[rest.index(after: open)..<close])), values.allSatisfy(\.isFinite) else {
                throw RecordedDrawing.Unsupported(reason: "a transform Lottie cannot read (\(text))")
            }
            let step: AffineTransform
            switch (name, values.count) {
            case ("matrix", 6): step = AffineTransform(a: values[0], b: values[1], c: values[2], d: values[3], tx: values[4], ty: values[5])
            case ("translate", 1), ("translate", 2): step = .translation(x: values[0], y: values.count > 1 ? values[1] : 0)
            case ("scale", 1), ("scale", 2): step = .scale(x: values[0], y: values.count > 1 ? values[1] : values[0])
            case ("rotate", 1): step = .rotation(values[0] * .pi / 180)
            default: throw RecordedDrawing.Unsupported(reason: "a transform Lottie cannot read (\(text))")
            }
            result = step.concatenating(result)
            rest = rest[rest.index(after: close)...]
        }
        return result
    }
}
