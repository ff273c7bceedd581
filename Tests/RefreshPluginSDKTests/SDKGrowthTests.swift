import Foundation
import Testing
import TestSupport

/// Growing the SDK never breaks a plugin's build: the template's `switch frame.state` (what every
/// plugin starts from), compiled against today's states plus one a later SDK might add, builds with
/// a warning; without its `@unknown default` it would not.
@Suite(.leavesNoPluginHost) struct SDKGrowthTests {
    /// Today's `RefreshState` cases, read from the source, and the template's switch over them.
    static func sources() throws -> (cases: [String], templateSwitch: String) {
        let state = try String(contentsOf: packageRoot.appendingPathComponent("Sources/RefreshContract/RefreshState.swift"), encoding: .utf8)
        let body = state.components(separatedBy: "public enum RefreshState:")[1].components(separatedBy: "public enum Kind")[0]
        let cases = body.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { $0.hasPrefix("case ") }
        let template = try String(contentsOf: packageRoot.appendingPathComponent("Examples/SwiftPlugin/Sources/MyIndicator/MyIndicator.swift"), encoding: .utf8)
        let start = try #require(template.range(of: "        switch frame.state {"))
        let end = try #require(template.range(of: "\n        }\n", range: start.upperBound..<template.endIndex))
        return (cases, String(template[start.lowerBound..<end.upperBound]))
    }

    /// Compiles the template's switch against a module with `cases` plus `addedLater`; the
    /// compiler's status and output.
    func compile(_ templateSwitch: String, cases: [String], in folder: String) async throws -> (status: Int32, output: String) {
        let module = """
        public enum RefreshResult: Sendable { case success, failure, noMoreData }
        public enum RefreshState: Equatable, Sendable {
        \(cases.joined(separator: "\n"))
            case addedLater
        }
        public struct IndicatorEnvironment { public var reduceMotion = false; public init() {} }
        public struct IndicatorFrame {
            public var state: RefreshState
            public var stateTime = 0.0, secondaryProgress = 0.0
            public var environment = IndicatorEnvironment()
            public init(state: RefreshState) { self.state = state }
        }
        """
        let plugin = """
        import Foundation
        import RefreshPluginSDK
        func draw(frame: IndicatorFrame) {
            let scale: Double
        \(templateSwitch)
            print(scale)
        }
        draw(frame: IndicatorFrame(state: .addedLater))
        """
        try module.write(toFile: folder + "/SDK.swift", atomically: true, encoding: .utf8)
        try plugin.write(toFile: folder + "/Plugin.swift", atomically: true, encoding: .utf8)
        let built = try await runProgram("/usr/bin/env", ["swiftc", "-emit-module", "-parse-as-library", "-module-name", "RefreshPluginSDK",
                                                     "-emit-module-path", folder + "/RefreshPluginSDK.swiftmodule", folder + "/SDK.swift"], in: folder)
        #expect(built.status == 0, "\(built.output)")
        return try await runProgram("/usr/bin/env", ["swiftc", "-typecheck", "-I", folder, folder + "/Plugin.swift"], in: folder)
    }

    @Test func theTemplateStillBuildsWhenAStateIsAdded() async throws {
        let (cases, templateSwitch) = try Self.sources()
        #expect(cases.count >= 10, "read \(cases) from RefreshState.swift")
        #expect(templateSwitch.contains("@unknown default"))
        let folder = scratchDirectory("sdk-growth")
        let result = try await compile(templateSwitch, cases: cases, in: folder)
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("warning: switch must be exhaustive"), "\(result.output)")

        // The check can fail: the same switch without its @unknown default does not build.
        let withoutDefault = templateSwitch.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.contains("@unknown default") }.joined(separator: "\n")
        let broken = try await compile(withoutDefault, cases: cases, in: folder)
        #expect(broken.status != 0)
        #expect(broken.output.contains("error: switch must be exhaustive"), "\(broken.output)")
    }

    /// Every built-in and the template: each `switch` over a state has a default branch (most an
    /// `@unknown default`), so the gallery builds against a later SDK too.
    @Test func everyBuiltInSwitchOverAStateHasADefault() async throws {
        let folders = ["Plugins", "Examples"].map { packageRoot.appendingPathComponent($0) }
        var checked = 0
        for folder in folders {
            let files = FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") } ?? []
            for file in files {
                let lines = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
                for (i, line) in lines.enumerated() where line.trimmingCharacters(in: .whitespaces).hasPrefix("switch ") && (line.contains("switch frame.state") || line.contains("switch state ")) {
                    let indent = line.prefix { $0 == " " }.count
                    let end = lines[(i + 1)...].firstIndex { $0.trimmingCharacters(in: .whitespaces) == "}" && $0.prefix { $0 == " " }.count == indent } ?? lines.endIndex
                    let hasDefault = lines[(i + 1)..<end].contains { $0.contains("default:") }
                    #expect(hasDefault, "\(file):\(i + 1): a switch over a state without a default branch")
                    checked += 1
                }
            }
        }
        #expect(checked >= 12, "found \(checked) switches over a state")
    }
}
