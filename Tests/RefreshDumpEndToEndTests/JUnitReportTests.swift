import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import TestSupport

/// `verify --junit FILE`: well-formed JUnit XML (escaped) with a case a checkpoint and each failure's reason,
/// for one run and for merged shards.
@Suite(.leavesNoPluginHost) struct JUnitReportTests {
    static let pull = "\(scenarioFolder)/pull-short.json"

    func parse(_ path: String) throws -> XMLElement {
        let document = try XMLDocument(contentsOf: URL(fileURLWithPath: path))
        return try #require(document.rootElement())
    }

    /// The golden folder's name holds `&`, `<` and `"`: the failure text quotes it, and the file still parses.
    @Test func failuresAreListedWithTheirReasons() async throws {
        let folder = scratch("junit") + "/a&<\"b"
        #expect(try await refreshDump(["verify", Self.pull, "--golden", folder + "/golden", "--update"]).status == 0)
        let (status, output) = try await refreshDump(["verify", Self.pull, "--golden", folder + "/golden", "--plugin", "Rainbow", "--junit", folder + "/junit/verify.xml"])
        #expect(status == 1 && output.contains("JUnit: \(folder)/junit/verify.xml"), "\(output)")
        let root = try parse(folder + "/junit/verify.xml")
        #expect(root.name == "testsuites" && root.attribute(forName: "tests")?.stringValue == "3" && root.attribute(forName: "failures")?.stringValue == "3")
        let cases = root.elements(forName: "testsuite").flatMap { $0.elements(forName: "testcase") }
        #expect(cases.map { $0.attribute(forName: "name")?.stringValue ?? "" } == ["t0.300.png (t=0.300 s)", "t0.550.png (t=0.550 s)", "pull-short.motion.json"])
        #expect(cases.allSatisfy { ($0.elements(forName: "failure").first?.stringValue ?? "").contains("pixels") })
    }

    @Test func mergedShardsMakeOneFile() async throws {
        let folder = scratch("junit-merge")
        #expect(try await refreshDump(["verify", Self.pull, "--golden", folder + "/golden", "--update"]).status == 0)
        for shard in 0..<2 {
            _ = try await refreshDump(["verify", Self.pull, "--golden", folder + "/golden", "--shard", "\(shard)/2", "--report", folder + "/shard-\(shard)"])
        }
        let (status, output) = try await refreshDump(["verify", "--merge", folder + "/shard-0", folder + "/shard-1", "--junit", folder + "/merged.xml"])
        #expect(status == 0, "\(output)")
        let root = try parse(folder + "/merged.xml")
        #expect(root.attribute(forName: "tests")?.stringValue == "3" && root.attribute(forName: "failures")?.stringValue == "0")
    }

}
