import Foundation
import Testing
import ZIPFoundation
import TestSupport
import RefreshPluginSDK
import RefreshLottieSource
@testable import Lottie

/// `.lottie` archives, made here (not downloaded): the animation the manifest names renders as its
/// JSON does; an id picks another; and what a hostile zip can carry is refused.
@Suite(.leavesNoPluginHost) struct DotLottieTests {
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

    /// A 10 × 10 opaque red PNG, written as red.png in the test's folder.
    func redPNG() throws -> Data {
        let red = try ImageSurface(width: 10, height: 10)
        red.withPixels { bytes in
            let pixels = bytes.bindMemory(to: UInt32.self)
            for i in pixels.indices { pixels[i] = 0xFFFF_0000 }
        }
        try red.writePNG(to: "\(folder)/red.png")
        return try Data(contentsOf: URL(fileURLWithPath: "\(folder)/red.png"))
    }

        /// A 40 × 40 animation of one image layer, the image `name` under `images/`, scaled 4× to fill it.
    func imageAnimation(_ name: String) -> Data {
        Data(#"{"v":"5.7.0","fr":30,"ip":0,"op":30,"w":40,"h":40,"assets":[{"id":"img","w":10,"h":10,"u":"images/","p":"\#(name)","e":0}],"layers":[{"ddd":0,"ind":1,"ty":2,"refId":"img","ks":{"o":{"a":0,"k":100},"r":{"a":0,"k":0},"p":{"a":0,"k":[20,20,0]},"a":{"a":0,"k":[5,5,0]},"s":{"a":0,"k":[400,400,100]}},"ip":0,"op":30,"st":0}]}"#.utf8)
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
        // Version 1's own word for it, activeAnimationId, as refresh-dump export writes it (read as the first before).
        let active = Data(#"{"version": "1", "animations": [{"id": "a"}, {"id": "b"}], "activeAnimationId": "b"}"#.utf8)
        let exported = try archive("active.lottie", [("manifest.json", active), ("animations/a.json", ring), ("animations/b.json", darkRing)])
        #expect(try pixels(LottieAnimation(file: exported, parameter: "file"), frame: 20) == pixels(darkJSON, frame: 20))
    }

    /// An image asset, in a .lottie's images/ and beside a JSON file: rlottie finds it (the folder
    /// it is given ends in "/"; before, neither showed). A .lottie's image goes into the animation
    /// as a data URI: nothing is unpacked to disk (a plugin's sandbox may write nowhere; the folder
    /// it was unpacked to failed there, and a stop while unpacking left it behind).
    @Test func anImageAssetIsDrawnAndNothingIsUnpacked() throws {
        let image = try redPNG()
        let json = imageAnimation("img.png")
        let path = try archive("image.lottie", [("manifest.json", manifest(["x"])), ("a/x.json", json), ("i/img.png", image), ("images/img.png", image)])
        let fromArchive = try LottieAnimation(file: path, parameter: "file")
        let centre = try pixels(fromArchive, frame: 0)[44 * 88 + 44]
        // Red and (nearly: the image is scaled 4×) opaque; an image not found leaves it transparent.
        #expect(centre >> 24 > 0xF0 && (centre >> 16) & 0xFF > 0xF0 && centre & 0xFFFF == 0, "the image's red at the centre, not \(String(centre, radix: 16))")
        let embedded = try DotLottieArchive(path: path, animation: nil).json
        #expect(String(decoding: embedded, as: UTF8.self).contains("data:image/png;base64,"))
        // In its sandbox, which refuses and names any file a plugin writes: nothing is written, so a
        // stop can leave nothing behind (a folder unpacked to was refused there, and left by a stop).
        let render = try runProgram("\(toolsFolder)/refresh-dump", ["render", "--plugin", "Lottie", "--param", "file=\(path)", "--out", "\(folder)/render.png"])
        #expect(render.status == 0 && !render.output.contains("refused by its sandbox"), "\(render.output)")

        try FileManager.default.createDirectory(atPath: "\(folder)/beside/images", withIntermediateDirectories: true)
        try image.write(to: URL(fileURLWithPath: "\(folder)/beside/images/img.png"))
        try json.write(to: URL(fileURLWithPath: "\(folder)/beside/image.json"))
        let fromJSON = try LottieAnimation(file: "\(folder)/beside/image.json", parameter: "file")
        #expect(try pixels(fromJSON, frame: 0) == pixels(fromArchive, frame: 0))
    }

    /// Entries a folder cannot hold — `images/a` beside `images/a/b.png`, an image name of 4,000
    /// characters — gave Foundation's NSCocoaErrorDomain texts while the archive was unpacked to
    /// disk; read in memory, each loads and its image is drawn.
    @Test func entriesNoFolderCouldHoldStillLoad() throws {
        let image = try redPNG()
        let long = String(repeating: "n", count: 4_000) + ".png"
        let nested = try archive("nested.lottie", [("manifest.json", manifest(["x"])), ("a/x.json", imageAnimation("a/b.png")),
                                                   ("images/a", Data("not a folder".utf8)), ("images/a/b.png", image)])
        let longName = try archive("long.lottie", [("manifest.json", manifest(["x"])), ("a/x.json", imageAnimation(long)), ("images/\(long)", image)])
        for path in [nested, longName] {
            let loaded = try LottieAnimation(file: path, parameter: "file")
            let centre = try pixels(loaded, frame: 0)[44 * 88 + 44]
            #expect(centre >> 24 > 0xF0 && (centre >> 16) & 0xFF > 0xF0, "\(path): the image's red, not \(String(centre, radix: 16))")
        }
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
