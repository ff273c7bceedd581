import Foundation
import Testing
import TestSupport
@testable import RefreshHost

/// A bundle's `plugin.json` is input like any other: each mistake is an error naming the file and field.
@Suite(.leavesNoPluginHost) struct PluginManifestTests {
    let good = """
        {"format": 1, "id": "dev.example.x", "name": "X", "version": "1.0", "description": "", "author": "Me", "license": "MIT",
         "abi": {"minimum": 1, "maximum": 1}, "library": "libX.so", "sha256": "\(String(repeating: "0", count: 64))",
         "parameters": [{"name": "size", "kind": "number", "default": 10, "minimum": 1, "maximum": 20, "help": "Size"}]}
        """

    func read(_ text: String) -> Result<PluginManifest, PluginError> {
        let folder = scratchDirectory("manifest-\(UUID().uuidString)")
        #expect(FileManager.default.createFile(atPath: "\(folder)/plugin.json", contents: Data(text.utf8)))
        return Result { () throws(PluginError) in try PluginManifest.read(bundle: folder) }
    }

    @Test func aGoodManifestReads() throws {
        let manifest = try read(good).get()
        #expect(manifest.id == "dev.example.x")
        let languages = try read(good.replacingOccurrences(of: "\"license\": \"MIT\",", with: "\"license\": \"MIT\", \"locales\": [\"en\", \"ar\"],")).get()
        #expect(try languages.info(libraryPath: "/x/libX.so").drawnLocales == ["en", "ar"])
        #expect(try manifest.info(libraryPath: "/x/libX.so").parameters.map(\.name) == ["size"])
        // What this host writes, it reads back unchanged.
        let folder = scratchDirectory("manifest-round-trip")
        try manifest.encoded().write(to: URL(fileURLWithPath: "\(folder)/plugin.json"))
        #expect(try PluginManifest.read(bundle: folder) == manifest)
    }

    @Test(arguments: [
        ("\"sha256\": \"\(String(repeating: "0", count: 64))\",", "", "line 1, column 1: sha256: missing"),
        ("\"libX.so\"", "\"../libX.so\"", "line 2, column 39: library: '../libX.so' must be"),
        ("\"libX.so\"", "\"libX.so\\u001b[2J.so\"", "library: "),
        ("\"format\": 1", "\"format\": 2", "format 1"),
        ("\"dev.example.x\"", "\"dev example\"", "line 1, column 15: id: "),
        ("\"minimum\": 1, \"maximum\": 20", "\"minimum\": 1", "line 3, column 17: parameters[0]: "),
        ("\"default\": 10", "\"default\": 30", "parameters[0]: "),
        ("\"kind\": \"number\"", "\"kind\": \"vector\"", "kind 'vector'"),
        ("\"abi\": {\"minimum\": 1, \"maximum\": 1}", "\"abi\": {\"minimum\": 2, \"maximum\": 1}", "line 2, column 10: abi.minimum: "),
        ("\"name\": \"X\"", "\"name\": 7", "line 1, column 38: name: has the wrong type"),
        ("}]}", "}]", "JSON"),
        ("\"license\": \"MIT\",", "\"license\": \"MIT\", \"locales\": [\"en\", \"zh Hans; rm\"],", "locales: is not 1 to 16 different BCP 47 tags"),
        ("\"license\": \"MIT\",", "\"license\": \"MIT\", \"locales\": [],", "locales: is empty"),
    ])
    func aBadManifestNamesItsField(find: String, replace: String, expected: String) {
        let text = good.replacingOccurrences(of: find, with: replace)
        #expect(text != good)
        guard case .failure(let error) = read(text) else {
            Issue.record("accepted: \(text)")
            return
        }
        #expect(error.file.hasSuffix("/plugin.json"))
        #expect(error.description.contains(expected), "\(error)")
        // Every mistake has its place in the file.
        #expect(error.description.contains("line "), "\(error)")
    }
}
