import Foundation
import Testing
import TestSupport
@testable import RefreshHost

/// Every file we write says its version; one from a newer RefreshKit is refused by name, before a
/// field it changed is judged, whether the file is one object or an array of them (verify's results).
@Suite(.leavesNoPluginHost) struct FileVersionTests {
    struct Shard: Codable { var version: Int?; var index: Int }

    func decode<T: Decodable>(_ text: String, as type: T.Type) throws(InputFileError) -> T {
        let path = scratchFile(text)
        return try InputFileError.decode(type, at: path, limit: 1 << 20, kind: "--merge", expected: "not a shard", newestVersion: 1)
    }

    func scratchFile(_ text: String) -> String {
        let path = scratchDirectory("file-version") + "/\(UUID().uuidString).json"
        #expect(FileManager.default.createFile(atPath: path, contents: Data(text.utf8)))
        return path
    }

    @Test func theRule() {
        #expect(FileVersion.problem(nil, newest: 1) == nil)
        #expect(FileVersion.problem(1, newest: 1) == nil)
        #expect(FileVersion.problem(2, newest: 1) == "made by a newer RefreshKit: version 2; this one reads up to version 1")
        #expect(FileVersion.problem(0, newest: 1) != nil)
        #expect(FileVersion.problem(1.5, newest: 1) != nil)
        #expect(FileVersion.problem(.infinity, newest: 1) != nil)
    }

    @Test func aNewerFileIsRefusedByNameBeforeItsFields() throws {
        #expect(try decode(#"{"index": 3}"#, as: Shard.self).index == 3, "no version: version 1")
        #expect(try decode(#"{"version": 1, "index": 3}"#, as: Shard.self).index == 3)
        do {
            _ = try decode(#"{"version": 2, "index": "three"}"#, as: Shard.self)
            Issue.record("read")
        } catch {
            #expect(error.field == "version" && error.reason == "made by a newer RefreshKit: version 2; this one reads up to version 1", "\(error)")
        }
        do {
            _ = try decode(#"[{"version": 1, "index": 1}, {"version": 7, "shiny": true}]"#, as: [Shard].self)
            Issue.record("read")
        } catch {
            #expect(error.field == "[1].version" && error.reason.hasPrefix("made by a newer RefreshKit: version 7"), "\(error)")
        }
    }
}
