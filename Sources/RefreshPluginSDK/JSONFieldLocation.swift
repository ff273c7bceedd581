import Foundation

extension JSONSyntax {
    /// The JSON path of a decoding error in the file's words (`steps[3].drag.to`), never a Swift
    /// type; empty for the file as a whole.
    package static func field(of error: Error) -> String {
        let path: [CodingKey]
        switch error as? DecodingError {
        case .typeMismatch(_, let context)?, .valueNotFound(_, let context)?, .dataCorrupted(let context)?: path = context.codingPath
        case .keyNotFound(let key, let context)?: path = context.codingPath + [key]
        default: path = []
        }
        return path.reduce(into: "") { text, key in
            if let index = key.intValue { text += "[\(index)]" } else { text += (text.isEmpty ? "" : ".") + (key.stringValue.isEmpty ? "\"\"" : key.stringValue) }
        }
    }

    /// One step of a field's path: a key of an object, or an index into a list.
    package enum PathStep: Equatable, Sendable {
        case key(String)
        case index(Int)
    }

    /// A field path as messages write it (`steps[3].drag.to`, `edges.top.params.""`,
    /// `"dev.refreshkit.spinner".spokes`) as steps: a key holding `.` or `[` is written in quotes,
    /// `""` is the empty key. Reading stops at anything else that is not a path.
    package static func steps(of field: String) -> [PathStep] {
        var steps: [PathStep] = []
        var rest = Substring(field)
        while let first = rest.first {
            switch first {
            case ".":
                rest = rest.dropFirst()
            case "[":
                guard let close = rest.firstIndex(of: "]"), let index = Int(rest.dropFirst().prefix { $0 != "]" }) else { return steps }
                steps.append(.index(index))
                rest = rest[rest.index(after: close)...]
            case "\"":
                guard let close = rest.dropFirst().firstIndex(of: "\"") else { return steps }
                steps.append(.key(String(rest[rest.index(after: rest.startIndex)..<close])))
                rest = rest[rest.index(after: close)...]
            default:
                let name = rest.prefix { $0 != "." && $0 != "[" }
                steps.append(.key(String(name)))
                rest = rest.dropFirst(name.count)
            }
        }
        return steps
    }

    /// The byte offset where the field at `path` is written in the JSON text `data`: a key's
    /// opening quote, a list element's first byte. A path that leaves the text (a missing field)
    /// gives the place of the deepest part that is there, so a message still points at the
    /// object the field belongs in; nil only when `data` holds no JSON value at all. Reads the
    /// bytes without building any value; meant for valid JSON (on anything else it stops early).
    package static func offset(of path: [PathStep], in data: Data) -> Int? {
        data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> Int? in
            var scanner = ByteScanner(bytes: bytes)
            scanner.skipSpace()
            guard scanner.i < bytes.count else { return nil }
            var found = scanner.i
            for step in path {
                scanner.skipSpace()
                switch step {
                case .key(let wanted):
                    guard scanner.peek == UInt8(ascii: "{") else { return found }
                    scanner.i += 1
                    // Leaves the loop at the wanted key; any other end of the object returns.
                    while true {
                        scanner.skipSpace()
                        guard scanner.peek == UInt8(ascii: "\"") else { return found }
                        let keyStart = scanner.i
                        let key = scanner.string()
                        scanner.skipSpace()
                        guard scanner.peek == UInt8(ascii: ":") else { return found }
                        scanner.i += 1
                        scanner.skipSpace()
                        if key == wanted { found = keyStart; break }
                        scanner.skipValue()
                        scanner.skipSpace()
                        guard scanner.peek == UInt8(ascii: ",") else { return found }
                        scanner.i += 1
                    }
                case .index(let wanted):
                    guard scanner.peek == UInt8(ascii: "["), wanted >= 0 else { return found }
                    scanner.i += 1
                    for _ in 0..<wanted {
                        scanner.skipSpace()
                        scanner.skipValue()
                        scanner.skipSpace()
                        guard scanner.peek == UInt8(ascii: ",") else { return found }
                        scanner.i += 1
                    }
                    scanner.skipSpace()
                    guard let byte = scanner.peek, byte != UInt8(ascii: "]") else { return found }
                    found = scanner.i
                }
            }
            return found
        }
    }
}

/// A cursor over JSON bytes that steps over strings and whole values without building them.
private struct ByteScanner {
    let bytes: UnsafeRawBufferPointer
    var i = 0

    var peek: UInt8? { i < bytes.count ? bytes[i] : nil }

    mutating func skipSpace() {
        while let byte = peek, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { i += 1 }
    }

    /// Reads the string that starts at `i` (its opening quote), escapes decoded, and moves past it.
    mutating func string() -> String {
        let start = i
        i += 1
        while let byte = peek, byte != UInt8(ascii: "\"") { i += byte == UInt8(ascii: "\\") ? 2 : 1 }
        i = min(i + 1, bytes.count)
        return JSONSyntax.text(ofString: Data(bytes[start..<i]))
    }

    /// Moves past the value that starts at `i`: a string, a number or literal, or a whole object
    /// or list (brackets counted, strings stepped over).
    mutating func skipValue() {
        guard let first = peek else { return }
        if first == UInt8(ascii: "\"") { _ = string(); return }
        guard first == UInt8(ascii: "{") || first == UInt8(ascii: "[") else {
            while let byte = peek, !",]} \n\r\t".utf8.contains(byte) { i += 1 }
            return
        }
        var depth = 0
        while let byte = peek {
            switch byte {
            case UInt8(ascii: "\""):
                i += 1
                while let inner = peek, inner != UInt8(ascii: "\"") { i += inner == UInt8(ascii: "\\") ? 2 : 1 }
            case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                if depth == 0 { i += 1; return }
            default: break
            }
            i += 1
        }
    }
}
