import Foundation
import Testing
import ZIPFoundation
import TestSupport
import RefreshPluginSDK
@testable import Lottie

/// `.lottie` archives, made here (not downloaded): the animation the manifest names renders as its
/// JSON does; an id picks another; and what a hostile zip can carry is refused.
@Suite struct DotLottieTests {
    /// A scratch folder of this test's, removed with the test process's (it used to stay in /tmp).
    let folder = scratchDirectory("dotlottie-\(UUID().uuidString.prefix(8))")

    /// Writes an archive of `entries` (path → bytes) to `name` in the test's folder.
    func archive(_ name: String, _ entries: [(String, Data)]) throws -> String {
        let path = "\(folder)/\(name)"
        try? FileManager.default.removeItem(atPath: path)
        let archive = try Archive(url: URL(fileURLWithPath: path), accessMode: .create)
        for (entry, data) in entries {
            try archive.addEntry(with: entry, type: .file, uncompressedSize: Int64(data.count), compressionMethod: .deflate) { position, size in
                data.subdata(in: Int(position)..<Int(position) + size)
            }
        }
        return path
    }

    var ring: Data { get throws { try Data(contentsOf: URL(fileURLWithPath: Assets.resolve("Lottie/refresh.json"))) } }
    var darkRing: Data { get throws { try Data(contentsOf: URL(fileURLWithPath: Assets.resolve("Lottie/refresh-dark.json"))) } }

    func manifest(_ ids: [String], initial: String? = nil) -> Data {
        let animations = ids.map { #"{"id": "\#($0)"}"# }.joined(separator: ", ")
        return Data(#"{"version": "2", "animations": [\#(animations)]\#(initial.map { #", "initial": {"animation": "\#($0)"}"# } ?? "")}"#.utf8)
    }

    func pixels(_ animation: LottieAnimation, frame: Int) throws -> [UInt32] {
        try #require(animation.image(frame: frame, width: 88, height: 88)).straightPixels()
    }

    @Test func theManifestsAnimationRendersAsItsJSON() throws {
        let path = try archive("ring.lottie", [("manifest.json", manifest(["light", "dark"])), ("a/light.json", ring), ("a/dark.json", darkRing)])
        let fromArchive = try LottieAnimation(file: path, parameter: "file")
        let fromJSON = try LottieAnimation(file: "Lottie/refresh.json", parameter: "file")
        #expect(fromArchive.timeline.frameCount == fromJSON.timeline.frameCount)
        #expect(try pixels(fromArchive, frame: 20) == pixels(fromJSON, frame: 20))
        let dark = try LottieAnimation(file: path, parameter: "file", animation: "dark")
        let darkJSON = try LottieAnimation(file: "Lottie/refresh-dark.json", parameter: "file")
        #expect(try pixels(dark, frame: 20) == pixels(darkJSON, frame: 20))
        // Version 1's folders, and the manifest's initial animation.
        let v1 = try archive("v1.lottie", [("manifest.json", manifest(["a", "b"], initial: "b")), ("animations/a.json", ring), ("animations/b.json", darkRing)])
        #expect(try pixels(LottieAnimation(file: v1, parameter: "file"), frame: 20) == pixels(darkJSON, frame: 20))
    }

    @Test func whatAHostileArchiveCarriesIsRefused() throws {
        func reason(_ path: String, animation: String = "") -> String {
            do { _ = try LottieAnimation(file: path, parameter: "file", animation: animation); return "loaded" } catch { return error.reason }
        }
        let slip = try archive("slip.lottie", [("manifest.json", manifest(["x"])), ("a/x.json", ring), ("../../escaped.json", Data("{}".utf8))])
        #expect(reason(slip).contains("has an entry outside the archive ('../../escaped.json')"), "\(reason(slip))")
        let noManifest = try archive("bare.lottie", [("a/x.json", ring)])
        #expect(reason(noManifest).hasSuffix("has no manifest.json"))
        let good = try archive("good.lottie", [("manifest.json", manifest(["x"])), ("a/x.json", ring)])
        #expect(reason(good, animation: "y") .contains("has no animation 'y' (it has 'x')"))
        let missing = try archive("missing.lottie", [("manifest.json", manifest(["x"]))])
        #expect(reason(missing).contains("lists 'x' but holds no animations/x.json or a/x.json"))
        // A bomb: a small archive that unpacks past the cap (counted while inflating).
        let bomb = try archive("bomb.lottie", [("manifest.json", manifest(["x"])), ("a/x.json", Data(repeating: 0x20, count: 3 << 20))])
        do {
            _ = try DotLottieArchive(path: bomb, animation: nil, sizeLimit: 1 << 20)
            Issue.record("the bomb was unpacked")
        } catch {
            #expect(error.description.contains("unpacks to more than 1 MB"))
        }
        // A manifest that is not JSON, or not a dotLottie's, is said in words with a place, not a type dump.
        let broken = try archive("broken.lottie", [("manifest.json", Data("{\n  \"animations\": [\n".utf8)), ("a/x.json", ring)])
        #expect(reason(broken).contains("has a manifest.json that is not valid JSON: line 3, column 1"), "\(reason(broken))")
        #expect(!reason(broken).contains("DecodingError"))
        let other = try archive("other.lottie", [("manifest.json", Data(#"{"animations": [{"name": "x"}]}"#.utf8)), ("a/x.json", ring)])
        #expect(reason(other).contains("is not a dotLottie manifest (expected \"animations\": [{\"id\": \"…\"}]; at animations[0].id)"), "\(reason(other))")
        let notZip = "\(folder)/text.lottie"
        try "hello".write(toFile: notZip, atomically: true, encoding: .utf8)
        #expect(reason(notZip).contains("is not a zip archive a .lottie must be"))
    }
}
