import TestSupport
import Testing
@testable import RefreshHandoff

/// `CodeText`, the one way a plugin's or a user's text enters generated code: each place keeps
/// whatever it is given inside it.
@Suite(.leavesNoPluginHost) struct CodeTextTests {
    /// What an attacker would name a plugin: each tries to leave its place in one language.
    static let hostile = [
        "*/ fun pwned() { } /*", "/* pwned */", "\" + pwned() + \"", "' + pwned() + '", "$(pwned)", "`pwned`", "${pwned()}",
        "\\(pwned())", "line\npwned()", "line\r\npwned()", "line\u{2028}pwned()", "a\\", "'\\''; pwned; '", "**/", "//*",
    ]

    @Test func aLineCommentHasNoLineBreak() {
        for text in Self.hostile {
            let comment = CodeText.lineComment(text)
            #expect(!comment.unicodeScalars.contains { $0.properties.generalCategory == .control || $0 == "\u{2028}" }, "\(text)")
        }
        #expect(CodeText.lineComment("a\nb") == "a b")
    }

    @Test func aBlockCommentCanNeitherEndNorNest() {
        for text in Self.hostile {
            let comment = CodeText.blockComment(text)
            #expect(!comment.contains("*/") && !comment.contains("/*"), "\(text) → \(comment)")
        }
        #expect(CodeText.blockComment("*/ x /*") == "* / x / *")
        #expect(CodeText.blockComment("a/b*c") == "a/b*c", "a slash and a star apart are left as they are")
    }

    /// Each literal, read back by the language's rules (``Lexer``), is one string holding exactly the text.
    @Test(arguments: [CodeText.Language.swift, .objectiveC, .kotlin, .dart, .javaScript])
    func aStringLiteralReadsBackAsTheText(language: CodeText.Language) throws {
        for text in Self.hostile + ["plain", "Übernahme 完成 ✓", "tab\there", "nul\u{0}"] {
            let literal = "\"" + CodeText.stringLiteral(text, in: language) + "\""
            let tokens = try Lexer(language: language).tokens(literal)
            #expect(tokens == [.string(text)], "\(language) \(literal)")
            if language != .swift {
                let quoted = "'" + CodeText.stringLiteral(text, in: language) + "'"
                #expect(try Lexer(language: language).tokens(quoted).allSatisfy { if case .string = $0 { true } else { false } }, "\(quoted)")
            }
        }
    }

    /// A shell word is one word with nothing expanded: split the way POSIX sh splits single quotes.
    @Test func aShellWordIsOneWordWithNothingExpanded() {
        for text in Self.hostile {
            #expect(Self.shellWords(CodeText.shellWord(text)) == [text], "\(text)")
        }
    }

    @Test func anIdentifierIsLettersDigitsAndUnderscores() {
        #expect(CodeText.identifier("darkColor") == "darkColor")
        #expect(CodeText.identifier("x = 1; pwned()") == "x___1__pwned__")
        #expect(CodeText.identifier("1st") == "_1st")
        #expect(CodeText.identifier("") == "_")
    }

    /// Single-quoted words as sh reads them: inside quotes everything is literal; `\'` outside is a quote.
    static func shellWords(_ line: String) -> [String] {
        var words: [String] = [], word = "", quoted = false, any = false
        var characters = line.makeIterator()
        while let c = characters.next() {
            if quoted {
                if c == "'" { quoted = false } else { word.append(c) }
            } else if c == "'" {
                quoted = true; any = true
            } else if c == "\\", let next = characters.next() {
                word.append(next); any = true
            } else if c == " " {
                if any { words.append(word) }
                word = ""; any = false
            } else {
                return ["unquoted: \(c)"]  // anything bare could be expanded
            }
        }
        if any { words.append(word) }
        return words
    }
}
