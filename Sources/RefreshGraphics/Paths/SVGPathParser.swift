import Foundation
import RefreshContract

/// Why path data could not be read: where, what was expected, and what was there.
public struct SVGPathError: Error, Equatable, CustomStringConvertible {
    /// The byte offset (from 0) in the path data where reading stopped.
    public var offset: Int
    /// What the grammar needed there, e.g. `a number`.
    public var expected: String
    /// What was there: a quoted character, or `end of data`.
    public var found: String

    /// E.g. `expected a number at offset 17, found 'x'`.
    public var description: String { "expected \(expected) at offset \(offset), found \(found)" }
}

/// SVG path data (`d` attribute) → ``Path``: the whole grammar of SVG 1.1 §8.3 / SVG 2.
///
/// All of `M m L l H h V v C c S s Q q T t A a Z z`, implicit repeated commands (after `M` they
/// are line-tos), numbers such as `-1-2`, `.5.5`, `1e-3`, `1E+2`, compact arc flags
/// (`a1 1 0 00 1 1`), commas and any whitespace. Arcs are converted per the SVG implementation
/// notes F.6 (angles taken modulo 360, in an order that cannot overflow). Every resolved point,
/// relative ones summed, must stay within ±``coordinateLimit``: a path whose geometry leaves
/// that range (or becomes infinite) is an error naming the command. Data that is empty, or that
/// draws nothing, is an error too. ``parse(_:)`` is all or nothing; ``parseValidPrefix(_:)`` keeps
/// what came before the first error, as SVG 2 renderers draw it.
public enum SVGPathParser {
    /// The largest coordinate magnitude a path may reach: far beyond any drawing, small enough that
    /// flattening, measuring and fitting stay finite.
    public static let coordinateLimit = 1e9

    /// Parses `data`, throwing ``SVGPathError`` naming the byte offset of the first problem.
    public static func parse(_ data: String) throws(SVGPathError) -> Path {
        let (path, error) = parseValidPrefix(data)
        if let error { throw error }
        return path
    }

    /// Parses path data given as UTF-8 bytes.
    public static func parse(bytes: [UInt8]) throws(SVGPathError) -> Path {
        let (path, error) = bytes.withUnsafeBufferPointer { parse(buffer: $0) }
        if let error { throw error }
        return path
    }

    /// The path up to the first error, and that error (nil when the whole data is valid): what a
    /// browser draws for data with a late mistake. The path may be empty.
    public static func parseValidPrefix(_ data: String) -> (path: Path, error: SVGPathError?) {
        var data = data
        return data.withUTF8 { parse(buffer: $0) }
    }

    /// The numbers of an attribute's list (`points`, `viewBox`, a transform's arguments), read as
    /// path data's numbers are ("1-2" is 1 and -2, ".5.5" is .5 and .5), separated by whitespace
    /// and commas; nil when something in it is not a number.
    package static func numbers(_ text: String) -> [Double]? {
        var text = text
        return text.withUTF8 { buffer -> [Double]? in
            var reader = Reader(bytes: buffer)
            var values: [Double] = []
            while true {
                // Commas with nothing between them are let through (as lists were read before).
                while reader.index < buffer.count, buffer[reader.index] == UInt8(ascii: ",") || reader.isWhitespace(buffer[reader.index]) { reader.index += 1 }
                guard reader.index < buffer.count else { return values }
                // try?: any problem in a list makes it no list; the caller names the attribute.
                guard let value = try? reader.number() else { return nil }
                values.append(value)
            }
        }
    }

    private static func parse(buffer: UnsafeBufferPointer<UInt8>) -> (path: Path, error: SVGPathError?) {
        var reader = Reader(bytes: buffer)
        do {
            return (try reader.parsePath(), nil)
        } catch {
            return (reader.path.hasSegments ? reader.path : Path(), error)
        }
    }
}

private struct Reader {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0
    var path = Path()
    /// The last command's second control point (C/S) or control point (Q/T), for reflection.
    var lastCubicControl: Point?
    var lastQuadControl: Point?
    var drewSomething = false
    /// Whether the last separator had a comma: then another argument must follow.
    var afterComma = false

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    // MARK: Grammar

    mutating func parsePath() throws(SVGPathError) -> Path {
        skipWhitespace()
        guard index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "m") else {
            throw error("a moveto command (M or m)")
        }
        var command: UInt8 = 0
        while true {
            skipWhitespace()
            if afterComma, index >= bytes.count || !startsNumber(bytes[index]) { throw error("a number") }
            guard index < bytes.count else { break }
            let byte = bytes[index]
            let start = index, elementsBefore = path.elements.count
            if isCommand(byte) {
                command = byte
                index += 1
                skipWhitespace()  // "M 10 10": whitespace may follow a command letter, a comma may not
                try run(command)
                try checkGeometry(of: command, at: start, since: elementsBefore)
            } else if command != 0, command | 0x20 != UInt8(ascii: "z"), startsNumber(byte) {
                // An implicit repeat of the last command (after a moveto, a lineto).
                try run(command)
                try checkGeometry(of: command, at: start, since: elementsBefore)
            } else {
                throw error("a path command letter")
            }
            if command == UInt8(ascii: "M") { command = UInt8(ascii: "L") }
            if command == UInt8(ascii: "m") { command = UInt8(ascii: "l") }
        }
        guard drewSomething else { throw error("a drawing command (L, H, V, C, S, Q, T, A or Z) after the moveto") }
        return path
    }

    /// Runs one command and its implicit repeats.
    mutating func run(_ command: UInt8) throws(SVGPathError) {
        let relative = command >= UInt8(ascii: "a")
        let origin = relative ? (path.currentPoint ?? .zero) : .zero
        func abs(_ x: Double, _ y: Double) -> Point { Point(x: origin.x + x, y: origin.y + y) }
        switch command | 0x20 {
        case UInt8(ascii: "z"):
            path.close()
            drewSomething = true
            lastCubicControl = nil
            lastQuadControl = nil
            return
        case UInt8(ascii: "m"):
            let x = try number(), y = try number()
            path.move(to: abs(x, y))
            lastCubicControl = nil
            lastQuadControl = nil
        case UInt8(ascii: "l"):
            let x = try number(), y = try number()
            draw { $0.line(to: abs(x, y)) }
        case UInt8(ascii: "h"):
            let x = try number()
            let y = path.currentPoint?.y ?? 0
            draw { $0.line(to: Point(x: origin.x + x, y: y)) }
        case UInt8(ascii: "v"):
            let y = try number()
            let x = path.currentPoint?.x ?? 0
            draw { $0.line(to: Point(x: x, y: origin.y + y)) }
        case UInt8(ascii: "c"):
            let c1 = abs(try number(), try number()), c2 = abs(try number(), try number()), end = abs(try number(), try number())
            draw { $0.curve(to: end, control1: c1, control2: c2) }
            lastCubicControl = c2
        case UInt8(ascii: "s"):
            let c2 = abs(try number(), try number()), end = abs(try number(), try number())
            let c1 = reflected(lastCubicControl)
            draw { $0.curve(to: end, control1: c1, control2: c2) }
            lastCubicControl = c2
        case UInt8(ascii: "q"):
            let control = abs(try number(), try number()), end = abs(try number(), try number())
            draw { $0.quadCurve(to: end, control: control) }
            lastQuadControl = control
        case UInt8(ascii: "t"):
            let end = abs(try number(), try number())
            let control = reflected(lastQuadControl)
            draw { $0.quadCurve(to: end, control: control) }
            lastQuadControl = control
        default:  // "a"
            let rx = try number(), ry = try number(), rotation = try number()
            let large = try flag(), sweep = try flag()
            let end = abs(try number(), try number())
            draw { $0.addSVGArc(to: end, radiusX: rx, radiusY: ry, rotation: rotation, largeArc: large, sweep: sweep) }
        }
        let kind = command | 0x20
        if kind != UInt8(ascii: "c") && kind != UInt8(ascii: "s") { lastCubicControl = nil }
        if kind != UInt8(ascii: "q") && kind != UInt8(ascii: "t") { lastQuadControl = nil }
    }

    /// Throws when the elements a command added reach beyond ``SVGPathParser/coordinateLimit``
    /// (or infinity); they are taken back, so the path keeps only what came before.
    mutating func checkGeometry(of command: UInt8, at offset: Int, since count: Int) throws(SVGPathError) {
        let limit = SVGPathParser.coordinateLimit
        func outside(_ p: Point) -> Bool { !(Swift.abs(p.x) <= limit && Swift.abs(p.y) <= limit) }
        for element in path.elements[count...] {
            let points: [Point] = switch element {
            case .move(let p), .line(let p): [p]
            case .cubic(let c1, let c2, let p): [c1, c2, p]
            case .close: []
            }
            guard let bad = points.first(where: outside) else { continue }
            path.truncate(to: count)
            let value = Swift.abs(bad.x) <= limit ? bad.y : bad.x
            throw SVGPathError(offset: offset, expected: "coordinates within ±1e9",
                               found: "'\(Character(UnicodeScalar(command)))' reaching \(value)")
        }
    }

    mutating func draw(_ body: (inout Path) -> Void) {
        let before = path.elements.count
        body(&path)
        if path.elements.count > before { drewSomething = true }
    }

    func reflected(_ control: Point?) -> Point {
        let current = path.currentPoint ?? .zero
        guard let control else { return current }
        return Point(x: 2 * current.x - control.x, y: 2 * current.y - control.y)
    }

    // MARK: Tokens

    func isCommand(_ byte: UInt8) -> Bool {
        switch byte | 0x20 {
        case UInt8(ascii: "m"), UInt8(ascii: "z"), UInt8(ascii: "l"), UInt8(ascii: "h"), UInt8(ascii: "v"),
             UInt8(ascii: "c"), UInt8(ascii: "s"), UInt8(ascii: "q"), UInt8(ascii: "t"), UInt8(ascii: "a"):
            byte != UInt8(ascii: "E") && byte != UInt8(ascii: "e")
        default: false
        }
    }

    func startsNumber(_ byte: UInt8) -> Bool {
        isDigit(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".")
    }

    func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C
    }

    mutating func skipWhitespace() {
        while index < bytes.count, isWhitespace(bytes[index]) { index += 1 }
    }

    /// Whitespace with at most one comma: what may stand between two arguments.
    mutating func skipCommaWhitespace() {
        skipWhitespace()
        afterComma = index < bytes.count && bytes[index] == UInt8(ascii: ",")
        if afterComma {
            index += 1
            skipWhitespace()
        }
    }

    mutating func flag() throws(SVGPathError) -> Bool {
        guard index < bytes.count, bytes[index] == UInt8(ascii: "0") || bytes[index] == UInt8(ascii: "1") else {
            throw error("an arc flag (0 or 1)")
        }
        let value = bytes[index] == UInt8(ascii: "1")
        index += 1
        skipCommaWhitespace()
        return value
    }

    /// A number, then the whitespace and optional comma after it.
    mutating func number() throws(SVGPathError) -> Double {
        let start = index
        var negative = false
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
            negative = bytes[index] == UInt8(ascii: "-")
            index += 1
        }
        var mantissa: UInt64 = 0
        var significant = 0, exponent = 0, digits = 0
        while index < bytes.count, isDigit(bytes[index]) {
            accumulate(bytes[index], &mantissa, &significant, &exponent, fraction: false)
            index += 1
            digits += 1
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            while index < bytes.count, isDigit(bytes[index]) {
                accumulate(bytes[index], &mantissa, &significant, &exponent, fraction: true)
                index += 1
                digits += 1
            }
        }
        guard digits > 0 else {
            index = start
            throw error("a number")
        }
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            var exponentNegative = false
            if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
                exponentNegative = bytes[index] == UInt8(ascii: "-")
                index += 1
            }
            guard index < bytes.count, isDigit(bytes[index]) else { throw error("the digits of an exponent") }
            var value = 0
            while index < bytes.count, isDigit(bytes[index]) {
                value = min(value * 10 + Int(bytes[index] - UInt8(ascii: "0")), 100_000)
                index += 1
            }
            exponent += exponentNegative ? -value : value
        }
        var result: Double
        if mantissa < (1 << 53), Swift.abs(exponent) <= 22 {
            // Exact: both operands are exactly representable, so one rounding.
            result = exponent < 0 ? Double(mantissa) / Self.powersOfTen[-exponent] : Double(mantissa) * Self.powersOfTen[exponent]
        } else {
            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
            result = Double(text) ?? .nan
            negative = false
        }
        if negative { result = -result }
        guard result.isFinite else {
            index = start
            throw error("a number within range")
        }
        skipCommaWhitespace()
        return result
    }

    private func accumulate(_ byte: UInt8, _ mantissa: inout UInt64, _ significant: inout Int, _ exponent: inout Int, fraction: Bool) {
        let digit = UInt64(byte - UInt8(ascii: "0"))
        if significant < 19 {
            mantissa = mantissa * 10 + digit
            if mantissa > 0 { significant += 1 }
            if fraction { exponent -= 1 }
        } else if !fraction {
            exponent += 1  // digits beyond 19 only scale the integer part
        }
    }

    static let powersOfTen: [Double] = (0...22).map { (0..<$0).reduce(1.0) { r, _ in r * 10 } }

    func error(_ expected: String) -> SVGPathError {
        let found: String
        if index >= bytes.count {
            found = "end of data"
        } else {
            let byte = bytes[index]
            found = byte >= 0x20 && byte < 0x7F ? "'\(Character(UnicodeScalar(byte)))'" : describeNonASCII(at: index)
        }
        return SVGPathError(offset: index, expected: expected, found: found)
    }

    /// The character at `offset` when it is not printable ASCII: a Unicode scalar by its code point
    /// (and the look-alikes people paste from documents by name), else the raw byte.
    func describeNonASCII(at offset: Int) -> String {
        let tail = UnsafeBufferPointer(rebasing: bytes[offset..<min(bytes.count, offset + 4)])
        var decoder = UTF8()
        var iterator = tail.makeIterator()
        guard case .scalarValue(let scalar) = decoder.decode(&iterator), scalar.value >= 0x80 else {
            return "byte 0x\(String(bytes[offset], radix: 16, uppercase: true))"
        }
        let hex = String(scalar.value, radix: 16, uppercase: true)
        let code = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        let lookAlikes: [UInt32: String] = [
            0x2212: "MINUS SIGN; use '-'", 0x2013: "EN DASH; use '-'", 0x2014: "EM DASH; use '-'",
            0x00A0: "NO-BREAK SPACE; use ' '", 0x2009: "THIN SPACE; use ' '", 0xFF0C: "FULLWIDTH COMMA; use ','",
        ]
        let name = lookAlikes[scalar.value].map { " \($0)" } ?? ""
        return "'\(Character(scalar))' (\(code)\(name))"
    }
}
