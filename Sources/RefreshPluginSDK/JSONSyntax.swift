import Foundation

/// Where a JSON text stops being JSON, said so that a person can find it: Foundation's parsers
/// report a byte offset at best, this turns it into a line and a column.
public enum JSONSyntax {
    /// Nil when `data` is valid JSON; otherwise what is wrong and where, e.g.
    /// `line 3, column 11: invalid value`.
    public static func problem(in data: Data) -> String? {
        do {
            _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
            return nil
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
            guard let offset else { return message }
            return "\(location(of: min(offset, data.count), in: data)): \(message)"
        }
    }

    /// `line L, column C` (both from 1; columns count bytes) of the byte at `offset`.
    static func location(of offset: Int, in data: Data) -> String {
        var line = 1, lineStart = 0
        for (i, byte) in data.prefix(offset).enumerated() where byte == UInt8(ascii: "\n") {
            line += 1
            lineStart = i + 1
        }
        return "line \(line), column \(offset - lineStart + 1)"
    }
}
