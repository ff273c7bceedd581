import Foundation
import Testing
import TestSupport
@testable import RefreshHost
@testable import RefreshPluginSDK

/// Every input file's errors name the file, the line and column, and the field: scenarios (read or
/// played), parameters files, result files to merge. One type, ``InputFileError``, carries them.
@Suite(.leavesNoPluginHost) struct InputFileErrorTests {
    /// A scenario whose second step has a bad `to` on line 5.
    let scenario = """
        {
          "edges": {"top": {"plugin": "dev.refreshkit.spinner", "params": {"spokes": 40}}},
          "steps": [
            {"wait": 0.1},
            {"drag": {"from": 0, "to": "far", "duration": 0.3}}
          ]
        }
        """

    @Test func aFieldErrorInAScenarioHasItsLineAndColumn() async throws {
        #expect(throws: InputFileError(file: "f.json", field: "steps[1].drag.to", reason: "expected a number, found a string", line: 5, column: 26)) {
            try Scenario.decode(Data(scenario.utf8), file: "f.json")
        }
    }

    /// A problem found only when the scenario is played (a value its plugin refuses) is placed by
    /// reading the file again.
    @Test func aPlayerErrorIsPlacedInTheFile() async throws {
        let path = scratch("input-error") + "/params.json"
        try Data(scenario.replacingOccurrences(of: "\"far\"", with: "40").utf8).write(to: URL(fileURLWithPath: path))
        let loaded = try Scenario.load(path: path)
        #expect(throws: InputFileError(file: path, field: "edges.top.params.spokes", reason: "40.0 is outside 8.0...12.0", line: 2, column: 68)) {
            try ScenarioPlayer(scenario: loaded, searchPath: PluginSearchPath(directories: [buildFolder]))
        }
    }

    @Test func pathsAreReadAsMessagesWriteThem() async {
        #expect(JSONSyntax.steps(of: "steps[3].drag.to") == [.key("steps"), .index(3), .key("drag"), .key("to")])
        #expect(JSONSyntax.steps(of: "\"dev.refreshkit.spinner\".spokes") == [.key("dev.refreshkit.spinner"), .key("spokes")])
        #expect(JSONSyntax.steps(of: "edges.top.params.\"\"") == [.key("edges"), .key("top"), .key("params"), .key("")])
        #expect(JSONSyntax.steps(of: "a[1][2]") == [.key("a"), .index(1), .index(2)])
    }

    /// A missing field points at the object it belongs in; a key with escapes is matched decoded.
    @Test func aMissingFieldPointsAtItsObject() async {
        let data = Data("{\"a\": [{\"b\": 1},\n  {\"c\\u0064\": {}}]}".utf8)
        #expect(JSONSyntax.offset(of: JSONSyntax.steps(of: "a[1].cd"), in: data) == 20)
        #expect(JSONSyntax.offset(of: JSONSyntax.steps(of: "a[1].missing"), in: data) == 19)
        #expect(JSONSyntax.offset(of: JSONSyntax.steps(of: "a[7]"), in: data) == 1)
        #expect(JSONSyntax.offset(of: [], in: Data("  ".utf8)) == nil)
    }

    /// `--params`: a value the plugin refuses, one of the wrong kind, a newer version and a file
    /// for another plugin, named with line and column.
    @Test(arguments: [
        ("{\n  \"radius\": 10,\n  \"spokes\": 40\n}", "--params p.json: line 3, column 3: spokes: 40.0 is outside 8.0...12.0"),
        ("{\n  \"spokes\": [8]\n}", "--params p.json: line 2, column 3: spokes: expected a number, string or bool"),
        ("[1]", "--params p.json: line 1, column 1: expected {\"version\": 1, \"plugin id\": {\"parameter\": value}}"),
        // The form the preview's Save writes: keyed by plugin, with a version.
        ("{\"version\": 1, \"dev.refreshkit.spinner\": {\"spokes\": 40}}", "--params p.json: line 1, column 43: \"dev.refreshkit.spinner\".spokes: 40.0 is outside 8.0...12.0"),
        ("{\"version\": 3, \"dev.refreshkit.spinner\": {}}", "--params p.json: line 1, column 2: version: made by a newer RefreshKit: version 3; this one reads up to version 1"),
        ("{\"version\": 1, \"Phoenix\": {\"radius\": 3}}", "--params p.json: holds no values for dev.refreshkit.spinner (Spinner); it holds 'Phoenix'"),
        ("{\"version\": 1, \"Spinner\": {}, \"spokes\": 9}", "--params p.json: line 1, column 31: spokes: expected an object of the plugin's parameters, found a number"),
        ("{\"spokes\": 4.9e-325}", "--params p.json: line 1, column 12: spokes: the number 4.9e-325 is too small"),
    ])
    func aParamsFileErrorIsPlaced(text: String, expected: String) async throws {
        let folder = scratch("params-error-\(abs(text.hashValue))")
        try Data(text.utf8).write(to: URL(fileURLWithPath: folder + "/p.json"))
        let result = try await refreshDump(["render", "--plugin", "Spinner", "--plugin-path", products, "--params", "p.json", "--out", "f.png"], in: folder)
        #expect(result.status == 2)
        #expect(result.output.contains(expected), "\(result.output)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/f.png"))
    }

    /// A forged `verify-result.json` cannot point the merged page anywhere but its own images:
    /// `javascript:`, an outside address, `..` and a hidden file are refused, naming the field; a
    /// newer result is refused by its version.
    @Test func verifyMergeLinksOnlyItsOwnImages() async throws {
        func result(_ link: String, version: Int = 1) -> String {
            #"[{"version": \#(version), "scenario": "s", "passed": 0, "failed": 1, "checks": [{"name": "t0.250.png", "time": 0.25, "passed": false, "detail": "differs", "actual": "\#(link)"}]}]"#
        }
        for (index, link) in ["javascript:alert(1)", "https://example.invalid/x.png", "images/../../etc/passwd", "images/.hidden.png", "/etc/passwd"].enumerated() {
            let folder = scratch("verify-forged-\(index)")
            try result(link).write(toFile: "\(folder)/verify-result.json", atomically: true, encoding: .utf8)
            let merged = try await refreshDump(["verify", "--merge", folder, "--report", scratch("verify-forged-page-\(index)")])
            #expect(merged.status != 0 && merged.output.contains("checks[0].actual") && merged.output.contains("is not a file under images/"), "\(link): \(merged.output)")
        }
        let own = scratch("verify-own")
        try FileManager.default.createDirectory(atPath: "\(own)/images", withIntermediateDirectories: true)
        try result("images/s-t0.250.actual.png").write(toFile: "\(own)/verify-result.json", atomically: true, encoding: .utf8)
        let fine = try await refreshDump(["verify", "--merge", own, "--report", scratch("verify-own-page")])
        #expect(fine.output.contains("0 passed, 1 failed"), "\(fine.output)")
        try result("images/x.png", version: 3).write(toFile: "\(own)/verify-result.json", atomically: true, encoding: .utf8)
        let newer = try await refreshDump(["verify", "--merge", own])
        #expect(newer.status != 0 && newer.output.contains("[0].version: made by a newer RefreshKit: version 3"), "\(newer.output)")
    }

    /// `verify --merge` of a result file of another shape names the file and where it went wrong.
    @Test func aMergedFileOfAnotherShapeIsPlaced() async throws {
        let folder = scratch("merge-error")
        try Data("[\n  {\"scenario\": 3}\n]".utf8).write(to: URL(fileURLWithPath: folder + "/verify-result.json"))
        let result = try await refreshDump(["verify", "--merge", folder])
        #expect(result.status == 2)
        #expect(result.output.contains("--merge \(folder)/verify-result.json: line 2, column "), "\(result.output)")
    }
}
