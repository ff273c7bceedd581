import Foundation

/// Where a JSON text stops being JSON, said so that a person can find it (the diagnostic side of
/// reading JSON; the values themselves are read by Codable or into ``JSONValue``): Foundation's parsers
/// report a byte offset at best, this turns it into a line and a column.
package enum JSONSyntax {
    /// What is wrong with a JSON text and where: a byte offset (nil when the parser gave none) and
    /// the words, e.g. `invalid value`.
    package struct Problem: Equatable, Sendable {
        /// The byte where the problem is, from 0; nil when it is not known.
        package var offset: Int?
        /// What is wrong, without the place.
        package var message: String

        /// `line 3, column 11: invalid value`, the place found in `data`, the text it was found in.
        package func text(in data: Data) -> String {
            guard let offset else { return message }
            let (line, column) = JSONSyntax.lineAndColumn(of: offset, in: data)
            return "line \(line), column \(column): \(message)"
        }
    }

    /// Nil when `data` is valid JSON; otherwise what is wrong and where (line 3, column 11:
    /// invalid value). Also refused, with their place: text that is not UTF-8, a number too large
    /// for a double, and a key given twice in one object (parsers silently keep one of them).
    package static func problem(in data: Data) -> Problem? {
        if let offset = firstInvalidUTF8(in: data) {
            return Problem(offset: offset, message: "not UTF-8 text (byte \(offset) is 0x\(String(data[data.startIndex + offset], radix: 16, uppercase: true)))")
        }
        do {
            _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            var message = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "the parser gave no reason"
            var offset: Int?
            if let range = message.range(of: #" around character (\d+)"#, options: .regularExpression) {
                offset = Int(message[range].filter(\.isNumber))
                message.removeSubrange(range)
            } else if message.localizedCaseInsensitiveContains("end of file") {
                offset = data.count
            }
            message = message.trimmingCharacters(in: CharacterSet(charactersIn: ". "))
            message = message.prefix(1).lowercased() + message.dropFirst()
            if offset == nil, let (at, token) = firstNumber(in: data, beyond: .greatestFiniteMagnitude) {
                return Problem(offset: at, message: "the number \(token.prefix(40)) is too large")
            }
            return Problem(offset: offset.map { min($0, data.count) }, message: message)
        }
        if let (offset, key) = duplicateKey(in: data) {
            return Problem(offset: offset, message: "the key \"\(key.prefix(80))\" appears twice in one object")
        }
        return nil
    }

    /// The text of a JSON string token (its quotes included), escapes decoded; a token the decoder
    /// cannot unescape is taken as the raw text between its quotes.
    static func text(ofString token: Data) -> String {
        // try?: the raw text stands in for a string that cannot be unescaped, by design.
        (try? JSONDecoder().decode(String.self, from: token)) ?? String(decoding: token.dropFirst().dropLast(), as: UTF8.self)
    }

    /// The line and column (both from 1; columns count bytes) of the byte at `offset`.
    package static func lineAndColumn(of offset: Int, in data: Data) -> (line: Int, column: Int) {
        var line = 1, lineStart = 0
        for (i, byte) in data.prefix(offset).enumerated() where byte == UInt8(ascii: "\n") {
            line += 1
            lineStart = i + 1
        }
        return (line, offset - lineStart + 1)
    }

    private static func firstInvalidUTF8(in data: Data) -> Int? {
        var decoder = UTF8()
        var iterator = data.makeIterator()
        var offset = 0
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): offset += UTF8.width(scalar)
            case .emptyInput: return nil
            case .error: return offset
            }
        }
    }

    /// The first number token (outside strings) whose magnitude is beyond `limit` (not finite
    /// counts as beyond), with its byte offset. Only tokens of 8 characters or more, or with an
    /// exponent, are parsed: shorter ones are below 1e7, so `limit` must be at least that.
    /// `orUnderflowing` also finds a number too small for a double (`4.9e-325` reads as 0).
    package static func firstNumber(in data: Data, beyond limit: Double, orUnderflowing: Bool = false) -> (offset: Int, token: String)? {
        data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> (Int, String)? in
            var i = 0, inString = false
            while i < bytes.count {
                let byte = bytes[i]
                if inString {
                    if byte == UInt8(ascii: "\\") { i += 2; continue }
                    if byte == UInt8(ascii: "\"") { inString = false }
                    i += 1
                    continue
                }
                if byte == UInt8(ascii: "\"") { inString = true; i += 1; continue }
                guard byte == UInt8(ascii: "-") || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) else { i += 1; continue }
                let start = i
                while i < bytes.count, let c = Optional(bytes[i]),
                      c == UInt8(ascii: "-") || c == UInt8(ascii: "+") || c == UInt8(ascii: ".") || c | 0x20 == UInt8(ascii: "e") || (c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9")) {
                    i += 1
                }
                if i - start > 7 || bytes[start..<i].contains(where: { $0 | 0x20 == UInt8(ascii: "e") }) {
                    let token = String(decoding: bytes[start..<i], as: UTF8.self)
                    if let value = Double(token) {
                        if !(abs(value) <= limit) { return (start, token) }
                        let mantissa = token.prefix { $0 != "e" && $0 != "E" }
                        if orUnderflowing, value == 0, mantissa.contains(where: { ("1"..."9").contains($0) }) { return (start, token) }
                    }
                }
            }
            return nil
        }
    }

    /// The first key given twice within one object of well-formed JSON, with its byte offset.
    private static func duplicateKey(in data: Data) -> (Int, String)? {
        let bytes = [UInt8](data)
        var objects: [Set<String>?] = []  // nil entries are arrays
        var expectingKey = false
        var i = 0
        while i < bytes.count {
            switch bytes[i] {
            case UInt8(ascii: "{"): objects.append([]); expectingKey = true; i += 1
            case UInt8(ascii: "["): objects.append(nil); expectingKey = false; i += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"): _ = objects.popLast(); expectingKey = false; i += 1
            case UInt8(ascii: ","): expectingKey = objects.last.map { $0 != nil } ?? false; i += 1
            case UInt8(ascii: "\""):
                let start = i
                i += 1
                while i < bytes.count, bytes[i] != UInt8(ascii: "\"") { i += bytes[i] == UInt8(ascii: "\\") ? 2 : 1 }
                i += 1
                if expectingKey, var keys = objects.last ?? nil {
                    let key = text(ofString: Data(bytes[start..<min(i, bytes.count)]))
                    if !keys.insert(key).inserted { return (start, key) }
                    objects[objects.count - 1] = keys
                    expectingKey = false
                }
            default:
                i += 1
            }
        }
        return nil
    }

    /// Where an array with more than `limit` elements reaches its element `limit + 1` (the byte
    /// offset of the comma before it), or nil when no array is that long. A scan of the bytes
    /// that keeps only a stack of counts, so a file is measured before anything is built from it:
    /// refusing a list of a million entries costs the memory of the file, not of its values.
    package static func firstArray(in data: Data, longerThan limit: Int) -> Int? {
        var counts: [Int] = []  // per open bracket: an array's commas so far, or -1 for an object
        return data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> Int? in
            var i = 0
            while i < bytes.count {
                switch bytes[i] {
                case UInt8(ascii: "["): counts.append(0)
                case UInt8(ascii: "{"): counts.append(-1)
                case UInt8(ascii: "]"), UInt8(ascii: "}"): _ = counts.popLast()
                case UInt8(ascii: ","):
                    if let last = counts.last, last >= 0 {
                        counts[counts.count - 1] = last + 1
                        if last + 1 >= limit { return i }
                    }
                case UInt8(ascii: "\""):
                    i += 1
                    while i < bytes.count, bytes[i] != UInt8(ascii: "\"") { i += bytes[i] == UInt8(ascii: "\\") ? 2 : 1 }
                default: break
                }
                i += 1
            }
            return nil
        }
    }
}
