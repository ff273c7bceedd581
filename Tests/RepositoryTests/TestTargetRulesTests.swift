import Foundation
import Testing
import TestSupport

/// Test targets mirror the modules: a target named after a module tests that module, and imports
/// it and nothing above it (no module that depends on it), so a module's tests are found under its
/// name and never lean on the layers built on it. End-to-end targets (`…EndToEndTests`) drive the
/// tools and may import anything, as ExampleTests (Examples/, no module of ours) does; TestSupport
/// and RefreshGoldens are the tests' own tools.
@Suite struct TestTargetRulesTests {
    /// Package.swift's targets and the package targets each depends on, by name.
    static func targets() throws -> [String: Set<String>] {
        var text = try String(contentsOf: packageRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
        text = text.replacingOccurrences(of: #"\.product\([^)]*\)"#, with: "", options: .regularExpression)  // other packages' products
        let declaration = try Regex(#"\.(?:target|executableTarget|testTarget|systemLibrary)\(\s*name:\s*"([\w-]+)"(?:,\s*dependencies:\s*\[([^\]]*)\])?"#)
        var targets: [String: Set<String>] = [:]
        for match in text.matches(of: declaration) {
            guard let name = match.output[1].substring.map(String.init) else { continue }
            let dependencies = match.output[2].substring.map(String.init) ?? ""
            targets[name] = Set(dependencies.matches(of: #/"([\w-]+)"/#).map { String($0.output.1) })
        }
        return targets
    }

    /// Everything `name` depends on, directly or not.
    static func below(_ name: String, in targets: [String: Set<String>]) -> Set<String> {
        var found: Set<String> = [], next = Array(targets[name] ?? [])
        while let target = next.popLast() {
            if found.insert(target).inserted { next += targets[target] ?? [] }
        }
        return found
    }

    /// The package targets a test target's files import, with the file that does.
    static func imports(of target: String, among targets: [String: Set<String>]) throws -> [(file: String, module: String)] {
        let root = packageRoot.appendingPathComponent("Tests/\(target)").path
        let files = (FileManager.default.enumerator(atPath: root)?.allObjects as? [String] ?? []).filter { $0.hasSuffix(".swift") }.sorted()
        return try files.flatMap { file in
            try SourceRulesTests.lines("Tests/\(target)/\(file)").compactMap { line -> (String, String)? in
                guard let match = line.firstMatch(of: #/^(?:@testable )?import (\w+)$/#), targets[String(match.output.1)] != nil else { return nil }
                return ("Tests/\(target)/\(file)", String(match.output.1))
            }
        }
    }

    @Test func aModulesTestsImportNothingAboveIt() throws {
        let targets = try Self.targets()
        #expect(targets.count > 40 && targets["RefreshHost"]?.contains("RefreshPluginSDK") == true, "Package.swift was read: \(targets.count) targets")
        let tools: Set<String> = ["TestSupport", "RefreshGoldens"]
        var checked = 0, above: [String] = []
        for test in targets.keys.sorted() where test.hasSuffix("Tests") && !test.hasSuffix("EndToEndTests") && !["RepositoryTests", "ExampleTests"].contains(test) {
            let module = String(test.dropLast("Tests".count))
            #expect(targets[module] != nil, "\(test) is named after no module")
            let higher = Set(targets.keys.filter { Self.below($0, in: targets).contains(module) }).subtracting(tools)
            for (file, imported) in try Self.imports(of: test, among: targets) where higher.contains(imported) { above.append("\(file) imports \(imported)") }
            for dependency in targets[test] ?? [] where higher.contains(dependency) { above.append("Package.swift: \(test) depends on \(dependency)") }
            checked += 1
        }
        #expect(checked >= 14, "\(checked) test targets checked")
        #expect(above.isEmpty, "a module's tests import a module above it: \(above)")
    }

    /// The rule finds what it is for: the preview session lies above the host.
    @Test func theRuleKnowsWhatIsAbove() throws {
        let targets = try Self.targets()
        #expect(Self.below("RefreshPreviewSession", in: targets).contains("RefreshHost"))
        #expect(!Self.below("RefreshHost", in: targets).contains("RefreshPreviewSession"))
        #expect(Self.below("RefreshHost", in: targets).isSuperset(of: ["RefreshPluginSDK", "RefreshGraphics", "RefreshSystem", "RefreshContract"]))
    }
}
