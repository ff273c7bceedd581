import Foundation
import Testing
import TestSupport
import RefreshPluginSDK
@testable import Lottie

/// The Lottie plugin's export is the animation it plays, not frames of it: the file's own layers
/// under a time remap, its images taken in, played back as the plugin draws.
@Suite(.leavesNoPluginHost) struct OwnAnimationExportTests {
    let folder = scratchDirectory("own-export-\(UUID().uuidString.prefix(8))")
    let tool = "\(toolsFolder)/refresh-dump"

    /// `export` of the Lottie plugin with `parameters`: what it printed and the light file as JSON.
    func export(_ parameters: [String]) async throws -> (output: String, json: [String: Any], path: String) {
        let out = "\(folder)/export-\(UUID().uuidString.prefix(6))"
        let (status, output) = try await runProgram(tool, ["export", "--plugin", "Lottie", "--pull-frames", "5", "--out", out] + parameters)
        try #require(status == 0, "\(output)")
        let data = try Data(contentsOf: URL(fileURLWithPath: "\(out)/Lottie.json"))
        return (output, try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any]), "\(out)/Lottie.json")
    }

    /// Every layer list in `json`, the top level's first.
    func layerLists(_ json: [String: Any]) -> [[[String: Any]]] {
        [json["layers"] as? [[String: Any]] ?? []] + (json["assets"] as? [[String: Any]] ?? []).compactMap { $0["layers"] as? [[String: Any]] }
    }

    @Test func theShippedRingIsExportedAsItsOwnLayers() async throws {
        let (output, json, _) = try await export([])
        #expect(output.contains("the plugin's own animation"), "\(output)")
        let source = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: packageRoot.appendingPathComponent("Assets/Lottie/refresh.json"))) as? [String: Any])
        let sourceLayers = try #require(source["layers"] as? [[String: Any]]).map { $0["nm"] as? String }
        // Its layers, whole, and no image of a frame; one layer shows them through a time remap.
        #expect(layerLists(json).contains { $0.map { $0["nm"] as? String } == sourceLayers })
        #expect((json["assets"] as? [[String: Any]] ?? []).allSatisfy { $0["p"] == nil })
        #expect(layerLists(json).joined().contains { $0["tm"] != nil })
        let bytes = try JSONSerialization.data(withJSONObject: json)
        #expect(bytes.count < 30_000, "a fraction of the frames' 575 KB: \(bytes.count) bytes")
    }

    /// A file whose image lies beside it: the export carries the image in itself, and plays as the plugin draws.
    @Test func anImageBesideTheFileIsTakenIn() async throws {
        let red = try ImageSurface(width: 10, height: 10)
        red.withPixels { bytes in
            let pixels = bytes.bindMemory(to: UInt32.self)
            for i in pixels.indices { pixels[i] = 0xFFFF_0000 }
        }
        try FileManager.default.createDirectory(atPath: "\(folder)/beside/images", withIntermediateDirectories: true)
        try red.writePNG(to: "\(folder)/beside/images/img.png")
        let file = "\(folder)/beside/square.json"
        try Data(#"{"v":"5.7.0","fr":30,"ip":0,"op":30,"w":40,"h":40,"assets":[{"id":"img","w":10,"h":10,"u":"images/","p":"img.png","e":0}],"layers":[{"ddd":0,"ind":1,"ty":2,"refId":"img","ks":{"o":{"a":0,"k":100},"r":{"a":1,"k":[{"t":0,"s":[0]},{"t":29,"s":[90]}]},"p":{"a":0,"k":[20,20,0]},"a":{"a":0,"k":[5,5,0]},"s":{"a":0,"k":[200,200,100]}},"ip":0,"op":30,"st":0}]}"#.utf8)
            .write(to: URL(fileURLWithPath: file))
        let (_, json, path) = try await export(["--param", "file=\(file)"])
        let images = (json["assets"] as? [[String: Any]] ?? []).compactMap { $0["p"] as? String }
        #expect(images.count == 1 && images.allSatisfy { $0.hasPrefix("data:image/png;base64,") }, "\(images.map { $0.prefix(40) })")
        // Refreshing 10 frames in, played by rlottie, against the plugin's own frame (its sandbox
        // lets it read the images the file names beside it).
        let played = try LottieAnimation(file: path, parameter: "file")
        let refreshing = try #require(played.timeline.markers.first { $0.name == "refreshing" }).start
        let own = "\(folder)/own.png"
        let (status, output) = try await runProgram(tool, ["render", "--plugin", "Lottie", "--param", "file=\(file)", "--state", "refreshing",
                                                     "--time", "\(10.0 / 60)", "--state-time", "\(10.0 / 60)", "--transparent", "--out", own])
        try #require(status == 0, "\(output)")
        let ratio = ExportRoundTripTests.psnr(try #require(played.image(frame: refreshing + 10, width: 780, height: 240)).straightPixels(),
                                              try ImageSurface.readPNG(at: own).straightPixels())
        #expect(ratio >= 35, "\(ratio) dB")
    }

    /// An export of `refresh-dump export` played by the Lottie plugin exports as itself again: its
    /// own assets (a "drawing" among them) named apart from the export's, the same frames drawn.
    @Test func anExportPlayedByThePluginExportsAsItself() async throws {
        let first = "\(folder)/spinner"
        let (status, output) = try await runProgram(tool, ["export", "--plugin", "Spinner", "--pull-frames", "5", "--out", first])
        try #require(status == 0, "\(output)")
        let (_, _, again) = try await export(["--param", "file=\(first)/Spinner.json"])
        for (state, time) in [("pulling:0.5", 0.0), ("refreshing", 0.3)] {
            var frames: [[UInt32]] = []
            for file in ["\(first)/Spinner.json", again] {
                let png = "\(folder)/\(frames.count)-\(time).png"
                let (drawn, said) = try await runProgram(tool, ["render", "--plugin", "Lottie", "--param", "file=\(file)", "--state", state,
                                                          "--time", "\(time)", "--state-time", "\(time)", "--transparent", "--out", png])
                try #require(drawn == 0, "\(said)")
                frames.append(try ImageSurface.readPNG(at: png).straightPixels())
            }
            #expect(ExportRoundTripTests.psnr(frames[0], frames[1]) >= 50, "\(state)")
        }
    }
}

/// `export --locale`: a file per locale, each with its words, played back as the plugin draws them in that locale.
@Suite(.leavesNoPluginHost) struct LocaleExportTests {
    let folder = scratchDirectory("locale-export-\(UUID().uuidString.prefix(8))")
    let tool = "\(toolsFolder)/refresh-dump"

    @Test func eachLocaleIsAFileOfItsOwnWithItsWords() async throws {
        let (status, output) = try await runProgram(tool, ["export", "--plugin", "Label", "--pull-frames", "5", "--locale", "en,zh-Hans", "--out", folder])
        try #require(status == 0, "\(output)")
        for name in ["Label.json", "Label-dark.json", "Label.lottie", "Label-zh-Hans.json", "Label-zh-Hans-dark.json", "Label-zh-Hans.lottie"] {
            #expect(FileManager.default.fileExists(atPath: "\(folder)/\(name)"), "\(name)")
        }
        var played: [[UInt32]] = []
        for (file, locale) in [("Label.json", "en"), ("Label-zh-Hans.json", "zh-Hans")] {
            let animation = try LottieAnimation(file: "\(folder)/\(file)", parameter: "file")
            let eligible = try #require(animation.timeline.markers.first { $0.name == "eligible" }).start
            let frame = try #require(animation.image(frame: eligible, width: 780, height: 240)).straightPixels()
            let png = "\(folder)/\(locale).png"
            let (drawn, said) = try await runProgram(tool, ["render", "--plugin", "Label", "--state", "eligible", "--locale", locale, "--transparent", "--out", png])
            try #require(drawn == 0, "\(said)")
            let ratio = ExportRoundTripTests.psnr(frame, try ImageSurface.readPNG(at: png).straightPixels())
            #expect(ratio >= 35, "\(locale): \(ratio) dB")
            played.append(frame)
        }
        #expect(ExportRoundTripTests.psnr(played[0], played[1]) < 30, "the Chinese file says other words than the English one")
        let (refused, words) = try await runProgram(tool, ["export", "--plugin", "Label", "--locale", "en,../x", "--out", folder])
        #expect(refused == 2 && words.contains("--locale: '../x' is not a BCP 47 tag"), "\(words)")
    }
}
