import Foundation
import Testing
import TestSupport

/// The README and the guides say true things about the tree: every relative link (and its
/// `#anchor`) leads somewhere, the README stays a first ten minutes, and the reference lists every
/// command the tool has.
@Suite struct DocumentationTests {
    static let pages = ["README.md"] + ((try? FileManager.default.contentsOfDirectory(atPath: packageRoot.appendingPathComponent("Documentation").path)) ?? [])
        .filter { $0.hasSuffix(".md") }.sorted().map { "Documentation/" + $0 }

    static func text(_ page: String) throws -> String {
        try String(contentsOf: packageRoot.appendingPathComponent(page), encoding: .utf8)
    }

    /// GitHub's anchor for a heading: lower case, punctuation other than `-` and `_` dropped,
    /// spaces made hyphens.
    static func anchor(_ heading: String) -> String {
        String(heading.lowercased().compactMap { c -> Character? in
            if c == " " { return "-" }
            return c.isLetter || c.isNumber || c == "-" || c == "_" ? c : nil
        })
    }

    static func anchors(in markdown: String) -> Set<String> {
        var inCode = false
        var result: Set<String> = []
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") { inCode.toggle() }
            guard !inCode, line.hasPrefix("#") else { continue }
            result.insert(anchor(line.drop(while: { $0 == "#" }).trimmingCharacters(in: .whitespaces)))
        }
        return result
    }

    /// `](target)` links that are not web addresses.
    static func relativeLinks(in markdown: String) -> [String] {
        var links: [String] = []
        var rest = markdown[...]
        while let open = rest.range(of: "](") {
            guard let close = rest[open.upperBound...].firstIndex(of: ")") else { break }
            let target = String(rest[open.upperBound..<close])
            if !target.contains("://") && !target.hasPrefix("mailto:") { links.append(target) }
            rest = rest[close...]
        }
        return links
    }

    @Test(arguments: pages)
    func everyRelativeLinkLeadsSomewhere(page: String) async throws {
        let folder = (page as NSString).deletingLastPathComponent
        let links = Self.relativeLinks(in: try Self.text(page))
        #expect(!links.isEmpty, "\(page) links nowhere")
        for link in links {
            let parts = link.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            let file = parts[0].isEmpty ? page : (folder as NSString).appendingPathComponent(parts[0])
            let resolved = (packageRoot.appendingPathComponent(file).path as NSString).standardizingPath
            #expect(FileManager.default.fileExists(atPath: resolved), "\(page): '\(link)' leads to no file")
            if parts.count == 2, file.hasSuffix(".md"), let target = try? Self.text(file) {
                #expect(Self.anchors(in: target).contains(parts[1]), "\(page): '\(link)' names no heading of \(file)")
            }
        }
    }

    @Test func theReadmeIsTheFirstTenMinutes() async throws {
        let lines = try Self.text("README.md").split(separator: "\n", omittingEmptySubsequences: false).count
        #expect(lines <= 150, "README.md has \(lines) lines; the rest belongs in Documentation/")
    }

    /// The author's guide counts the C example's lines from the file, not from memory (it said 70
    /// of 84), and builds it as strict C11, as the example's own comment does.
    @Test func theGuideSaysWhatTheCExampleIs() async throws {
        let guide = try Self.text("Documentation/PluginAuthorsGuide.md")
        let example = try Self.text("Examples/CPlugin/dot.c")
        let lines = example.filter { $0 == "\n" }.count
        #expect(guide.contains("`Examples/CPlugin/dot.c` is a whole plugin in \(lines) lines"), "dot.c has \(lines) lines")
        #expect(guide.contains("cc -std=c11 ") && example.contains("cc -std=c11 "))
    }

    @Test func theReferenceNamesEveryCommand() async throws {
        let help = try await runProgram(toolsFolder + "/refresh-dump", ["--help"]).output
        let commands = help.components(separatedBy: "SUBCOMMANDS:").last!.split(separator: "\n")
            .compactMap { line -> String? in
                guard line.hasPrefix("  "), !line.hasPrefix("   ") else { return nil }
                return line.split(separator: " ").first.map(String.init)
            }
        #expect(commands.count >= 12, "read \(commands) from --help")
        // The first cell of each row of the reference's tables.
        let rows = try Self.text("Documentation/RefreshDumpReference.md").split(separator: "\n")
            .filter { $0.hasPrefix("| ") }.compactMap { $0.split(separator: "|").first }
        for command in commands where command != "See" {
            #expect(rows.contains { $0.contains("`\(command)`") }, "the reference has no row for '\(command)'")
        }
    }

    /// Every command line the README and the guides show (in code blocks and inline) uses a
    /// command the tool has and options that command takes: `validate --plugin` was in no help
    /// once, while a guide told authors to type it.
    @Test func everyCommandLineInTheGuidesUsesOptionsItsCommandHas() async throws {
        var helps: [String: String] = [:]
        func help(_ tool: String, _ command: String?) async throws -> String {
            let key = "\(tool) \(command ?? "")"
            if let known = helps[key] { return known }
            let text = try await runProgram("\(toolsFolder)/\(tool)", (command.map { [$0] } ?? []) + ["--help"]).output
            helps[key] = text
            return text
        }
        var checked = 0, wrong: [String] = []
        for page in Self.pages {
            // Lines joined where a shell line goes on (a trailing backslash).
            let text = try Self.text(page).replacingOccurrences(of: "\\\n", with: " ")
            for match in text.matches(of: #/refresh-(dump|preview)((?: [^`\n#|]*)?)/#) {
                let tool = "refresh-\(match.1)"
                let words = match.2.split(separator: " ").map(String.init)
                // refresh-dump's first word is its command (a lower-case word: not a path, an option or a COMMAND placeholder).
                let command = tool == "refresh-dump" ? words.first.flatMap { $0.allSatisfy { $0.isLowercase || $0 == "-" } && !$0.hasPrefix("-") ? $0 : nil } : nil
                if tool == "refresh-dump" && command == nil { continue }  // the tool named, no command line
                let usage = try await help(tool, command)
                // An unknown command gets the tool's own help, whose usage names no command.
                if let command, !usage.contains("USAGE: refresh-dump \(command)") { wrong.append("\(page): \(tool) \(command): no such command"); continue }
                for option in words where option.hasPrefix("--") {
                    let name = String(option.prefix { $0 != "=" })
                    guard name.count > 2, name.dropFirst(2).allSatisfy({ $0.isLetter || $0 == "-" }) else { continue }
                    checked += 1
                    if !usage.contains(name + " ") && !usage.contains(name + "\n") && !usage.contains(name + ",") {
                        wrong.append("\(page): \(tool) \(command ?? "") has no \(name)")
                    }
                }
            }
        }
        #expect(checked > 40, "the guides' command lines were not found (\(checked) options)")
        #expect(wrong.isEmpty, "\(Set(wrong).sorted().joined(separator: "\n"))")
    }

    /// The author's guide shows the template's own test file, which AuthorPackageTests builds and
    /// runs: its sample cannot drift from what passes (it once used radius 14 against references
    /// recorded at 10).
    @Test func theGuidesTestSampleIsTheTemplatesTest() async throws {
        let template = try String(contentsOf: packageRoot.appendingPathComponent("Examples/SwiftPlugin/Tests/MyIndicatorTests/MyIndicatorTests.swift"), encoding: .utf8)
        let start = try #require(template.range(of: "import MyIndicator")).lowerBound
        let body = String(template[start...])
        #expect(try Self.text("Documentation/PluginAuthorsGuide.md").contains("```swift\n" + body + "```\n"))
    }

    /// Where the guide says the C header and the export map are in a checkout, they are.
    @Test func theGuideNamesTheHeaderAndExportMapWhereTheyAre() async throws {
        let guide = try Self.text("Documentation/PluginAuthorsGuide.md")
        for file in ["Sources/CRefreshPlugin/include/refresh_plugin.h", "Plugins/plugin-exports.map"] {
            #expect(guide.contains("`\(file)`") && FileManager.default.fileExists(atPath: packageRoot.appendingPathComponent(file).path), "\(file)")
        }
    }

    /// Package.swift's comment above each target names every room of its module (`Room/`) and no
    /// room that is not there: the comments a reader of the manifest meets drift no more than the map.
    @Test func packageSwiftsCommentsNameEveryRoomAndNoOther() throws {
        let lines = try Self.text("Package.swift").split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let sources = packageRoot.appendingPathComponent("Sources").path
        var checked = 0
        for (index, line) in lines.enumerated() {
            guard let match = line.firstMatch(of: /\.(?:target|executableTarget)\(name: "([^"]+)"/) else { continue }
            let module = String(match.1), folder = sources + "/" + module
            guard !module.hasPrefix("C"), FileManager.default.fileExists(atPath: folder) else { continue }
            let rooms = Set(try FileManager.default.contentsOfDirectory(atPath: folder).filter { room in
                var isFolder: ObjCBool = false
                return FileManager.default.fileExists(atPath: folder + "/" + room, isDirectory: &isFolder) && isFolder.boolValue && !room.hasSuffix(".docc")
            })
            let comment = lines[..<index].reversed().prefix { $0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }.reversed().joined(separator: " ")
            let named = Set(comment.matches(of: /(?:^|[\s(,])([A-Za-z][\w-]*)\/(?=[\s),.;:]|$)/).map { String($0.1) })
            #expect(rooms.subtracting(named).isEmpty, "Package.swift's comment on \(module) does not name \(rooms.subtracting(named).sorted().map { "\($0)/" })")
            #expect(named.subtracting(rooms).isEmpty, "Package.swift's comment on \(module) names \(named.subtracting(rooms).sorted().map { "\($0)/" }), not in Sources/\(module)")
            checked += 1
        }
        #expect(checked > 15, "\(checked) targets checked")
    }

    /// The map's rows for Examples/, scripts/ and Tests/ name everything in those folders, and every
    /// path they name in backticks is there.
    @Test(arguments: ["Examples", "scripts", "Tests"]) func theMapsFolderRowsNameWhatIsThere(folder: String) throws {
        let row = try #require(try Self.text("Documentation/Architecture.md").split(separator: "\n").first { $0.hasPrefix("| `\(folder)/`") }, "no row for \(folder)/")
        let root = packageRoot.appendingPathComponent(folder).path
        for entry in try FileManager.default.contentsOfDirectory(atPath: root) where !entry.hasPrefix(".") {
            #expect(row.contains("`\(entry)`") || row.contains("`\(entry)/`"), "Architecture.md's row for \(folder)/ does not name \(entry)")
        }
        // Paths (with a slash), scripts and test targets; not options, variables or type names.
        for match in row.matches(of: /`([\w.-]+(?:\/[\w.-]+)*)\/?`/) {
            let path = String(match.1)
            guard path != folder, !path.hasPrefix("."),
                  path.contains("/") || [".sh", ".py", ".yml", "Tests"].contains(where: path.hasSuffix) else { continue }
            let there = [root + "/" + path, packageRoot.appendingPathComponent(path).path].contains(where: FileManager.default.fileExists)
            #expect(there, "Architecture.md's row for \(folder)/ names `\(path)`, which is not there")
        }
    }

    /// Architecture.md's map names every module under Sources/ and every room in it: a folder
    /// added, moved or renamed without the map fails here (the C shims are named together).
    @Test func theArchitectureMapNamesEveryModuleAndRoom() async throws {
        let map = try Self.text("Documentation/Architecture.md")
        let lines = map.split(separator: "\n").map(String.init)
        let sources = packageRoot.appendingPathComponent("Sources").path
        for module in try FileManager.default.contentsOfDirectory(atPath: sources).sorted() where !module.hasPrefix("C") {
            let row = try #require(lines.first { $0.hasPrefix("| `Sources/\(module)`") }, "Sources/\(module) has no row in Architecture.md")
            for room in try FileManager.default.contentsOfDirectory(atPath: sources + "/" + module).sorted() {
                var isFolder: ObjCBool = false
                guard FileManager.default.fileExists(atPath: sources + "/" + module + "/" + room, isDirectory: &isFolder), isFolder.boolValue,
                      !room.hasSuffix(".docc") else { continue }
                #expect(row.contains("`\(room)/`"), "Architecture.md's row for Sources/\(module) does not name its room \(room)/")
            }
        }
    }
}
