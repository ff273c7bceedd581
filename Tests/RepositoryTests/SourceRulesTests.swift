import Foundation
import Testing
import TestSupport

/// Rules of the tree that a review would otherwise have to remember: no Swift file over 450 lines,
/// no `try!`, and every `try?` says in a `// try?:` comment why its failure means nothing.
@Suite struct SourceRulesTests {
    /// Every Swift file under Sources/ and Plugins/, as paths relative to the package.
    static func swiftFiles() -> [String] {
        ["Sources", "Plugins"].flatMap { folder -> [String] in
            let root = packageRoot.appendingPathComponent(folder).path
            let walker = FileManager.default.enumerator(atPath: root)
            return (walker?.allObjects as? [String] ?? []).filter { $0.hasSuffix(".swift") }.map { "\(folder)/\($0)" }
        }.sorted()
    }

    static func lines(_ file: String) throws -> [Substring] {
        try String(contentsOf: packageRoot.appendingPathComponent(file), encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
    }

    /// The lines of `lines` that use `try?` with no reason on the line or in the comment lines just
    /// above it, as `line: text`.
    static func unexplainedTryQuestion(_ lines: [Substring]) -> [String] {
        var found: [String] = []
        for (index, line) in lines.enumerated() {
            let code = line.trimmingCharacters(in: .whitespaces)
            guard line.contains("try?"), !code.hasPrefix("//") else { continue }
            if line.contains("// try?:") { continue }
            // The reason may stand above the statement; a continued statement (a chain, a guard's
            // conditions) shares the reason given above its first line.
            var above = index - 1, explained = false
            while above >= 0, index - above <= 4 {
                let previous = lines[above].trimmingCharacters(in: .whitespaces)
                let continues = lines[above + 1].trimmingCharacters(in: .whitespaces).hasPrefix("else")
                if previous.hasPrefix("// try?:") { explained = true; break }
                if previous.isEmpty || previous.hasSuffix("{") || (previous.hasSuffix("}") && !continues) { break }
                above -= 1
            }
            if !explained { found.append("\(index + 1): \(code)") }
        }
        return found
    }

    @Test func theRuleFindsAnUnexplainedTryQuestionAndAcceptsAnExplainedOne() {
        #expect(Self.unexplainedTryQuestion(["let a = try? f()"]) == ["1: let a = try? f()"])
        #expect(Self.unexplainedTryQuestion(["// try?: f's failure means nothing here.", "let a = try? f()"]).isEmpty)
        #expect(Self.unexplainedTryQuestion(["let a = try? f() // try?: nothing to lose."]).isEmpty)
        #expect(Self.unexplainedTryQuestion(["// try?: why.", "let a = g()", "    .map { try? f($0) }"]).isEmpty)
        #expect(Self.unexplainedTryQuestion(["// try?: why.", "if let a = try? f() { g(a) }", "else if let b = try? h() { g(b) }"]).isEmpty)
        #expect(Self.unexplainedTryQuestion(["// try?: why.", "}", "let a = try? f()"]) == ["3: let a = try? f()"])
    }

    @Test func everyTryQuestionSaysWhyItsFailureMeansNothing() throws {
        let files = Self.swiftFiles()
        #expect(files.count > 100, "the walk found \(files.count) Swift files")
        var found: [String] = []
        for file in files { found += try Self.unexplainedTryQuestion(Self.lines(file)).map { "\(file):\($0)" } }
        #expect(found.isEmpty, "try? without a '// try?:' reason:\n\(found.joined(separator: "\n"))")
    }

    @Test func noTryExclamationAndNoFileOverFourHundredFiftyLines() throws {
        for file in Self.swiftFiles() {
            let lines = try Self.lines(file)
            #expect(lines.count <= 451, "\(file) has \(lines.count) lines")
            let forced = lines.enumerated().filter { $0.element.contains("try!") && !$0.element.trimmingCharacters(in: .whitespaces).hasPrefix("//") }
            #expect(forced.isEmpty, "\(file): try! at line \(forced.map { $0.offset + 1 })")
        }
    }

    /// The plumbing stays below the drawing: RefreshSystem imports no other RefreshKit module, no
    /// module re-exports it (the SDK shows drawing only; the moved names it kept are deprecated),
    /// and no plugin imports it.
    @Test func thePlumbingIsNeitherReExportedNorImportedByPlugins() throws {
        for file in Self.swiftFiles() {
            let imports = try Self.lines(file).filter { $0.contains("import ") && !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }
            #expect(!imports.contains { $0.contains("@_exported import RefreshSystem") }, "\(file) re-exports RefreshSystem")
            if file.hasPrefix("Plugins/") { #expect(!imports.contains { $0.hasSuffix("import RefreshSystem") }, "\(file) imports RefreshSystem") }
            if file.hasPrefix("Sources/RefreshSystem/") {
                #expect(!imports.contains { $0.range(of: #"import Refresh\w+$"#, options: .regularExpression) != nil }, "\(file) imports a module above RefreshSystem")
            }
        }
    }

    /// A newcomer who meets a type's name meets one type: no top-level type name is declared in two
    /// modules (RefreshTestingCore once had its own `LocalIndicator` beside RefreshHost's), and every
    /// `fatalError` and `preconditionFailure` says why.
    @Test func oneTypeToANameAndNoSilentStops() throws {
        var modules: [String: Set<String>] = [:]
        let declaration = #"^(@\w+(\([^)]*\))? )*((public|package|internal|private|fileprivate|final|open|indirect) )*(class|struct|enum|protocol|actor) (\w+)"#
        for file in Self.swiftFiles() {
            let module = file.split(separator: "/").prefix(2).joined(separator: "/")
            for (index, line) in try Self.lines(file).enumerated() {
                if let range = line.range(of: declaration, options: .regularExpression) {
                    let name = line[range].split(separator: " ").last.map(String.init) ?? ""
                    modules[name, default: []].insert(module)
                }
                let silent = line.range(of: #"(fatalError|preconditionFailure)\(\s*\)"#, options: .regularExpression) != nil
                #expect(!silent, "\(file):\(index + 1) stops the program without saying why")
            }
        }
        #expect(modules.count > 300, "the walk found \(modules.count) type names")
        let twice = modules.filter { $0.value.count > 1 }.map { "\($0.key) in \($0.value.sorted().joined(separator: ", "))" }
        #expect(twice.isEmpty, "one name, two types: \(twice.sorted())")
    }

    /// Every suite of the test targets that start plugin hosts checks it leaves none behind: each
    /// top-level type holding a `@Test` is a `@Suite(… .leavesNoPluginHost …)`.
    @Test func everySuiteThatCanStartAPluginHostChecksItLeavesNone() throws {
        let targets = ["RefreshHostTests", "RefreshDumpEndToEndTests", "RefreshPreviewEndToEndTests", "RefreshPreviewSessionTests", "RefreshHandoffTests",
                       "PluginsEndToEndTests", "PathDrawingTests", "ImageSequenceTests", "ExampleTests"]
        var suites = 0, unchecked: [String] = []
        for target in targets {
            let root = packageRoot.appendingPathComponent("Tests/\(target)").path
            let files = (FileManager.default.enumerator(atPath: root)?.allObjects as? [String] ?? []).filter { $0.hasSuffix(".swift") }
            for file in files {
                let lines = try Self.lines("Tests/\(target)/\(file)")
                for (index, line) in lines.enumerated() where !line.hasPrefix(" ") && line.range(of: #"^(@MainActor )?(@Suite\S* )?(final class|struct|class|actor|enum) \w+"#, options: .regularExpression) != nil {
                    let body = lines[index...].prefix { !$0.hasPrefix("}") }
                    guard body.contains(where: { $0.contains("@Test") }) else { continue }
                    suites += 1
                    // The declaration and the attributes and doc comment above it.
                    let head = [line] + lines[..<index].reversed().prefix { $0.hasPrefix("@") || $0.hasPrefix("///") }
                    if !head.contains(where: { $0.contains("@Suite") && $0.contains(".leavesNoPluginHost") }) { unchecked.append("Tests/\(target)/\(file):\(index + 1)") }
                }
            }
        }
        #expect(suites > 60, "the walk found \(suites) suites")
        #expect(unchecked.isEmpty, "suites without .leavesNoPluginHost: \(unchecked)")
    }
}
