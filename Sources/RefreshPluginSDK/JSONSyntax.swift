import Foundation

/// Where a JSON text stops being JSON, said so that a person can find it: Foundation's parsers
/// report a byte offset at best, this turns it into a line and a column.
public enum JSONSyntax {
    /// Nil when `data` is valid JSON; otherwise what is wrong and where, e.g.
    /// `line 3, column 11: invalid value`.
    /// Also refused, with their place: text that is not UTF-8, a number too large for a double, and
    /// a key given twice in one object (parsers silently keep one of them).
    public static func problem(in data: Data) -> String? {
        if let offset = firstInvalidUTF8(in: data) {
            return "\(location(of: offset, in: data)): not UTF-8 text (byte 0x\(String(data[data.startIndex + offset], radix: 16, uppercase: true)))"
        }
        do {
            _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            var message = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "\(error)"
            var offset: Int?
            if let range = message.range(of: #" around character (\d+)"#, options: .regularExpression) {
                offset = Int(message[range].filter(\.isNumber))
                message.removeSubrange(range)
            } else if message.localizedCaseInsensitiveContains("end of file") {
                offset = data.count
            }
            message = message.trimmingCharacters(in: CharacterSet(charactersIn: ". "))
            message = message.prefix(1).lowercased() + message.dropFirst()
            if offset == nil, let (at, token) = scan(data).unrepresentable {
                return "\(location(of: at, in: data)): the number \(token.prefix(40)) is too large"
            }
            guard let offset else { return message }
            return "\(location(of: min(offset, data.count), in: data)): \(message)"
        }
        if let (offset, key) = scan(data).duplicate {
            return "\(location(of: offset, in: data)): the key \"\(key.prefix(80))\" appears twice in one object"
        }
        return nil
    }

    /// The line and column (both from 1; columns count bytes) of the byte at `offset`.
    public static func lineAndColumn(of offset: Int, in data: Data) -> (line: Int, column: Int) {
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

    /// One pass over well-formed JSON: the first key repeated within an object, and the first
    /// number too large for a double.
    private static func scan(_ data: Data) -> (duplicate: (Int, String)?, unrepresentable: (Int, String)?) {
        let bytes = [UInt8](data)
        var objects: [Set<String>?] = []  // nil entries are arrays
        var expectingKey = false
        var duplicate: (Int, String)?, unrepresentable: (Int, String)?
        var i = 0
        while i < bytes.count {
            let byte = bytes[i]
            switch byte {
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
                    let raw = String(decoding: bytes[(start + 1)..<min(i - 1, bytes.count)], as: UTF8.self)
                    let key = (try? JSONDecoder().decode(String.self, from: Data(bytes[start..<min(i, bytes.count)]))) ?? raw
                    if !keys.insert(key).inserted, duplicate == nil { duplicate = (start, key) }
                    objects[objects.count - 1] = keys
                    expectingKey = false
                }
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                let start = i
                while i < bytes.count, [UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E")].contains(bytes[i])
                    || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[i]) { i += 1 }
                let token = String(decoding: bytes[start..<i], as: UTF8.self)
                if unrepresentable == nil, let value = Double(token), !value.isFinite { unrepresentable = (start, token) }
            default:
                i += 1
            }
        }
        return (duplicate, unrepresentable)
    }

    /// `line L, column C` (both from 1; columns count bytes) of the byte at `offset`.
    static func location(of offset: Int, in data: Data) -> String {
        let (line, column) = lineAndColumn(of: offset, in: data)
        return "line \(line), column \(column)"
    }
}
