import RefreshCore
import RefreshPluginSDK
import TestSupport
import Testing
@testable import RefreshHandoff

/// A plugin's name, words and parameter names are someone else's text: in every platform's file,
/// read by that language's rules, none of it is code.
@Suite(.leavesNoPluginHost) struct HostileNameTests {
    /// Every hostile text as the plugin's name, as each state's words and as a colour parameter's name.
    static func spec(_ text: String) -> HandoffSpec {
        HandoffSpec(
            name: text, id: "dev.example.hostile", version: "1.0.0", trigger: 80, hold: 64, startOffset: 0, policy: .onRelease,
            resultHold: 0.75, placement: .push, haptics: .off, secondFloorTrigger: nil,
            parameters: [(text, .color(try! Color(hex: "#3366CC"))), ("label", .string(text))],
            texts: .init(pulling: text, eligible: text, refreshing: text, success: text, failure: text, noMoreData: text),
            rubberBand: 0.55, spring: Spring())
    }

    static func language(of platform: HandoffPlatform) -> CodeText.Language {
        switch platform.fileName.split(separator: ".").last {
        case "m": .objectiveC
        case "kt": .kotlin
        case "dart": .dart
        case "js": .javaScript
        default: .swift
        }
    }

    @Test(arguments: HandoffPlatform.allCases)
    func noSuppliedTextBecomesCode(platform: HandoffPlatform) throws {
        for text in CodeTextTests.hostile {
            let file = platform.text(for: Self.spec(text))
            let tokens = try Lexer(language: Self.language(of: platform)).tokens(file)
            for case .code(let code) in tokens {
                // Made an identifier (`___fun_pwned______`), the text is a name; anything else beside it is code.
                #expect(code.firstMatch(of: /pwned[^A-Za-z0-9_]|pwned$/) == nil, "\(platform.fileName) with the name \(text.debugDescription): code outside a comment or string: …\(code.suffix(80))")
            }
        }
    }

    /// The lexer itself tells: a name pasted raw into a Kotlin block comment is code.
    @Test func theLexerSeesARawNameAsCode() throws {
        let raw = "/** *\u{2F} fun pwned() { } /* */"
        let tokens = try Lexer(language: .kotlin).tokens(raw)
        #expect(tokens.contains { if case .code(let c) = $0 { c.contains("pwned") } else { false } })
    }
}

extension HostileNameTests {
    /// The GIF header's suggested command (in a comment, to be pasted into a shell) names the plugin as one word, expanded nowhere.
    @Test func theSuggestedCommandNamesThePluginAsOneWord() throws {
        for text in CodeTextTests.hostile {
            let file = HandoffPlatform.mjrefreshGif.text(for: Self.spec(text))
            let line = try #require(file.split(separator: "\n").first { $0.contains("refresh-dump export --plugin ") })
            let word = try #require(line.firstMatch(of: /--plugin (.*) --format frames/)?.1)
            #expect(CodeTextTests.shellWords(String(word)) == [CodeText.lineComment(text)], "\(text.debugDescription): \(word)")
        }
    }
}
