import Foundation

/// Reading SVG attribute values: lengths, number lists, `points`, `transform` lists, colours and
/// the `style` attribute's declarations.
package enum SVGAttributes {
    /// `text` without the spaces and tabs at its ends (what Foundation's `.whitespaces` trims, read
    /// byte by byte: an export reads tens of thousands of values, and Foundation's trim bridges
    /// each through NSString). Text whose ends are not ASCII is trimmed by Foundation.
    package static func trimmed<Text: StringProtocol>(_ text: Text) -> String {
        let string = String(text), bytes = string.utf8
        guard let first = bytes.first, let last = bytes.last else { return "" }
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
        guard isSpace(first) || isSpace(last) || first >= 0x80 || last >= 0x80 else { return string }
        var start = bytes.startIndex, end = bytes.endIndex
        while start < end, isSpace(bytes[start]) { start = bytes.index(after: start) }
        while end > start, isSpace(bytes[bytes.index(before: end)]) { end = bytes.index(before: end) }
        // A non-ASCII space (U+00A0) at an end is Foundation's to trim.
        if start < end, bytes[start] >= 0x80 || bytes[bytes.index(before: end)] >= 0x80 { return string.trimmingCharacters(in: .whitespaces) }
        return String(string[start..<end])
    }

    /// A length in user units: a number with an optional `px` (or no unit); nil for a percentage,
    /// another unit, or text that is not a number.
    static func length(_ text: String?) -> Double? {
        guard var text = text.map(trimmed), !text.isEmpty else { return nil }
        if text.hasSuffix("px") { text.removeLast(2) }
        guard let value = Double(text), value.isFinite else { return nil }
        return value
    }

    /// The numbers of `text` (separated by spaces and/or commas; "1-2" is 1 and -2; ".5.5" is .5
    /// and .5), read by the path data's own number reader.
    static func numbers(_ text: String) -> [Double]? {
        SVGPathParser.numbers(text)
    }

    /// A `transform` list, applied to a point right to left as SVG says (`translate(…) rotate(…)`
    /// rotates first); nil when it does not parse.
    package static func transform(_ text: String) -> AffineTransform? {
        var result = AffineTransform.identity
        var rest = Substring(text)
        while true {
            rest = rest.drop { $0.isWhitespace || $0 == "," }
            guard !rest.isEmpty else { return result }
            guard let open = rest.firstIndex(of: "("), let close = rest[open...].firstIndex(of: ")") else { return nil }
            let name = trimmed(rest[..<open])
            guard let v = numbers(String(rest[rest.index(after: open)..<close])) else { return nil }
            let t: AffineTransform
            switch (name, v.count) {
            case ("matrix", 6): t = AffineTransform(a: v[0], b: v[1], c: v[2], d: v[3], tx: v[4], ty: v[5])
            case ("translate", 1), ("translate", 2): t = .translation(x: v[0], y: v.count > 1 ? v[1] : 0)
            case ("scale", 1), ("scale", 2): t = .scale(x: v[0], y: v.count > 1 ? v[1] : v[0])
            case ("rotate", 1): t = .rotation(v[0] * .pi / 180)
            case ("rotate", 3):
                t = AffineTransform.translation(x: -v[1], y: -v[2]).concatenating(.rotation(v[0] * .pi / 180)).concatenating(.translation(x: v[1], y: v[2]))
            case ("skewX", 1): t = AffineTransform(a: 1, b: 0, c: tan(v[0] * .pi / 180), d: 1, tx: 0, ty: 0)
            case ("skewY", 1): t = AffineTransform(a: 1, b: tan(v[0] * .pi / 180), c: 0, d: 1, tx: 0, ty: 0)
            default: return nil
            }
            // Written left to right, applied right to left: each later one acts first.
            result = t.concatenating(result)
            rest = rest[rest.index(after: close)...]
        }
    }

    /// The declarations of a `style` attribute, `fill: none; stroke: #000` → ["fill": "none", "stroke": "#000"].
    /// A colour as SVG files write one: `#RGB`, `#RRGGBB` or `#RRGGBBAA`, or `rgb(R,G,B)` in numbers
    /// (0–255) or percentages, clamped to the range as browsers do; nil for anything else (a
    /// colour name, `currentColor`, a gradient's `url(…)`). Path Drawing's own colours and the
    /// Lottie export's both read colours here.
    package static func color(_ text: String) -> Color? {
        let value = trimmed(text).lowercased()
        if value.hasPrefix("#") {
            return try? Color(hex: value)  // try?: text that is no colour is nil, as this says
        }
        guard value.hasPrefix("rgb("), value.hasSuffix(")") else { return nil }
        let parts = value.dropFirst(4).dropLast().split(separator: ",", omittingEmptySubsequences: false).map { trimmed($0) }
        guard parts.count == 3 else { return nil }
        var channels: [Double] = []
        for part in parts {
            let percent = part.hasSuffix("%")
            guard let number = Double(percent ? String(part.dropLast()) : part), number.isFinite else { return nil }
            channels.append(min(1, max(0, percent ? number / 100 : number / 255)))
        }
        return Color(red: channels[0], green: channels[1], blue: channels[2])
    }

    package static func style(_ text: String?) -> [String: String] {
        var declarations: [String: String] = [:]
        for part in (text ?? "").split(separator: ";") {
            guard let colon = part.firstIndex(of: ":") else { continue }
            declarations[trimmed(part[..<colon])] = trimmed(part[part.index(after: colon)...])
        }
        return declarations
    }
}
