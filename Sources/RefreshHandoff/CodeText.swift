/// Text a plugin or a user supplied (a plugin's name, its words, a parameter's value) made safe for
/// one place in generated code: the only way such text enters a handoff file. Each function keeps
/// the text inside its place, whatever it holds: a line break cannot end a line comment, `*/` cannot
/// end a block comment (nor `/*` open a nested one: Swift and Kotlin nest them), a quote, a
/// backslash, `$` or `\(` cannot end a string literal or start a template, and a shell word stays
/// one word with nothing expanded.
package enum CodeText {
    /// A language the handoff writes.
    package enum Language: Sendable {
        case swift, objectiveC, kotlin, dart, javaScript
    }

    /// `text` inside a line comment (`// …`, `/// …`): every line break and other control
    /// character is a space.
    package static func lineComment(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { breaksLine($0) ? " " : $0 }))
    }

    /// `text` inside a block comment (`/* … */`, `/** … */` in Kotlin, Objective-C and Swift): as
    /// ``lineComment(_:)``, and neither `*/` nor `/*` is left whole.
    package static func blockComment(_ text: String) -> String {
        var result = ""
        for character in lineComment(text) {
            // A slash beside a star is parted from it by a space, whichever comes first.
            if (character == "/" && result.last == "*") || (character == "*" && result.last == "/") { result.append(" ") }
            result.append(character)
        }
        return result
    }

    /// `text` as the inside of a string literal in `language`, between double quotes (and, in Dart
    /// and JavaScript, between single quotes too): backslash and both quotes escaped, `$` where it
    /// starts a template (Kotlin, Dart, JavaScript), every control character as the language's
    /// escape. In Swift an escaped backslash leaves no `\(` to interpolate.
    package static func stringLiteral(_ text: String, in language: Language) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            case "'" where language != .swift: result += "\\'"  // Swift has no \' escape and needs none
            case "$" where [.kotlin, .dart, .javaScript].contains(language): result += "\\$"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where breaksLine(scalar): result += escaped(scalar, in: language)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// `text` as an identifier in any of the languages: its ASCII letters and digits, the rest as
    /// `_`, and `_` first when it would start with a digit or be empty.
    package static func identifier(_ text: String) -> String {
        let kept = String(text.unicodeScalars.map { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)) ? Character($0) : "_" })
        return kept.first.map { !$0.isNumber } == true ? kept : "_" + kept
    }

    /// `text` as HTML text or a quoted attribute's value: `&`, `<`, `>` and both quotes as references.
    package static func html(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
            .replacingOccurrences(of: "\"", with: "&quot;").replacingOccurrences(of: "'", with: "&#39;")
    }

    /// `text` as one shell word: in single quotes, a single quote inside as `'\''`; nothing in it is
    /// expanded (`$(…)`, backticks, `$VAR`, `*`).
    package static func shellWord(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// A scalar that would end a line in one of the languages: the control characters, and the
    /// line and paragraph separators (which end a line in JavaScript and in some editors).
    private static func breaksLine(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.generalCategory == .control || scalar == "\u{2028}" || scalar == "\u{2029}"
    }

    /// `scalar` as `language`'s escape: `\u{…}` in Swift, Dart and JavaScript, `\uXXXX` in Kotlin,
    /// a three-digit octal escape in Objective-C (a hex escape would run on into the next digits).
    private static func escaped(_ scalar: Unicode.Scalar, in language: Language) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        switch language {
        case .swift, .dart, .javaScript: return "\\u{\(hex)}"
        case .kotlin: return "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        case .objectiveC:
            // The line and paragraph separators end no line in C: left as they are.
            guard scalar.value <= 0o377 else { return String(scalar) }
            let octal = String(scalar.value, radix: 8)
            return "\\" + String(repeating: "0", count: 3 - octal.count) + octal
        }
    }
}
