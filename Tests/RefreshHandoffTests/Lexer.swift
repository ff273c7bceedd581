@testable import RefreshHandoff

/// Just enough of each handoff language's lexical rules to tell code from comments and string
/// literals: line and block comments (nested where the language nests them), string literals with
/// their escapes decoded, and templates or interpolations (code inside a string) refused. What the
/// hostile-name tests read generated files with.
struct Lexer {
    let language: CodeText.Language

    /// A piece of a file: code, or a string literal's value. Comments are dropped.
    enum Token: Equatable {
        case code(String)
        case string(String)
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    private var nestsComments: Bool { [.swift, .kotlin, .dart].contains(language) }
    private var singleQuotesAreStrings: Bool { language != .swift }
    private var hasTemplates: Bool { [.kotlin, .dart].contains(language) }

    func tokens(_ text: String) throws -> [Token] {
        let s = Array(text.unicodeScalars)
        var tokens: [Token] = [], code = "", i = 0
        func flush() { if !code.isEmpty { tokens.append(.code(code)); code = "" } }
        func endsLine(_ c: Unicode.Scalar) -> Bool { c == "\n" || c == "\r" || (language == .javaScript && (c == "\u{2028}" || c == "\u{2029}")) }
        while i < s.count {
            let c = s[i], next = i + 1 < s.count ? s[i + 1] : nil
            if c == "/", next == "/" {
                while i < s.count, !endsLine(s[i]) { i += 1 }
                code.append(" ")
            } else if c == "/", next == "*" {
                var depth = 1
                i += 2
                while depth > 0 {
                    guard i < s.count else { throw Failure(description: "a block comment is not closed") }
                    if s[i] == "*", i + 1 < s.count, s[i + 1] == "/" { depth -= 1; i += 2 }
                    else if nestsComments, s[i] == "/", i + 1 < s.count, s[i + 1] == "*" { depth += 1; i += 2 }
                    else { i += 1 }
                }
                code.append(" ")
            } else if c == "\"" || (c == "'" && singleQuotesAreStrings) {
                flush()
                let (value, end) = try literal(s, from: i + 1, quote: c)
                tokens.append(.string(value))
                i = end
            } else {
                code.unicodeScalars.append(c)
                i += 1
            }
        }
        flush()
        return tokens
    }

    /// The value of the literal whose first character is `start`, and the index after its closing quote.
    private func literal(_ s: [Unicode.Scalar], from start: Int, quote: Unicode.Scalar) throws -> (String, Int) {
        var value = String.UnicodeScalarView(), i = start
        while true {
            guard i < s.count else { throw Failure(description: "a string is not closed") }
            let c = s[i]
            if c == quote { return (String(value), i + 1) }
            if c == "\n" || c == "\r" { throw Failure(description: "a line break inside a string") }
            if c == "$", hasTemplates { throw Failure(description: "a template inside a string") }
            if c != "\\" { value.append(c); i += 1; continue }
            guard i + 1 < s.count else { throw Failure(description: "a string ends in a backslash") }
            let e = s[i + 1]
            i += 2
            switch e {
            case "n": value.append("\n")
            case "r": value.append("\r")
            case "t": value.append("\t")
            case "\\", "\"", "'", "$": value.append(e)
            case "(" where language == .swift: throw Failure(description: "an interpolation inside a string")
            case "u" where language == .kotlin:
                guard i + 4 <= s.count, let v = UInt32(String(String.UnicodeScalarView(s[i..<i + 4])), radix: 16), let u = Unicode.Scalar(v) else {
                    throw Failure(description: "a bad \\u escape")
                }
                value.append(u); i += 4
            case "u":
                guard i < s.count, s[i] == "{", let close = s[i...].firstIndex(of: "}"),
                      let v = UInt32(String(String.UnicodeScalarView(s[(i + 1)..<close])), radix: 16), let u = Unicode.Scalar(v) else {
                    throw Failure(description: "a bad \\u{} escape")
                }
                value.append(u); i = close + 1
            case "0"..."7" where language == .objectiveC:
                var digits = String(e)
                while digits.count < 3, i < s.count, ("0"..."7").contains(s[i]) { digits.unicodeScalars.append(s[i]); i += 1 }
                value.append(Unicode.Scalar(UInt32(digits, radix: 8)!)!)
            default: throw Failure(description: "an unknown escape \\\(e)")
            }
        }
    }
}
