import Foundation
import Testing
import TestSupport
import RefreshPluginSDK
@testable import Lottie

/// The Designer's Guide's picture of an export ("Ship it"): Water Drop's own frames above, its
/// exported Lottie file played by rlottie below, at four moments; the picture is the golden
/// `Golden/ship-it-water-drop.png` (`REFRESHKIT_UPDATE_GOLDENS=1` draws it again).
@Suite(.leavesNoPluginHost) struct ShipItPictureTests {
    let folder = scratchDirectory("ship-it-\(UUID().uuidString.prefix(8))")
    let tool = "\(toolsFolder)/refresh-dump"
    static let goldens = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    @Test func thePluginAboveItsExportPlayedBack() async throws {
        let (status, output) = try await runProgram(tool, ["export", "--plugin", "Water Drop", "--pull-frames", "5", "--out", folder])
        try #require(status == 0, "\(output)")
        let animation = try LottieAnimation(file: "\(folder)/Water-Drop.json", parameter: "file")
        func start(_ marker: String) throws -> Int { try #require(animation.timeline.markers.first { $0.name == marker }).start }
        let fps = animation.timeline.framesPerSecond
        let moments: [(frame: Int, state: String, time: Double)] = [
            (try start("pulling") + 3, "pulling:0.75", 0), (try start("eligible"), "eligible", 0),
            (try start("refreshing") + 10, "refreshing", 10 / fps), (try start("success") + 6, "finished:success", 6 / fps),
        ]
        let (width, height) = (390, 120)
        let picture = try ImageSurface(width: width * moments.count + 10 * (moments.count - 1), height: height * 2 + 10, scale: 1)
        let canvas = Canvas(surface: picture)
        canvas.clear(Color(red: 1, green: 1, blue: 1))
        for (index, moment) in moments.enumerated() {
            let path = "\(folder)/own-\(index).png"
            let (rendered, said) = try await runProgram(tool, ["render", "--plugin", "Water Drop", "--state", moment.state, "--time", "\(moment.time)",
                                                         "--state-time", "\(moment.time)", "--scale", "1", "--out", path])
            try #require(rendered == 0, "\(said)")
            let x = Double(index * (width + 10))
            canvas.drawImage(try ImageSurface.readPNG(at: path), in: Rect(x: x, y: 0, width: Double(width), height: Double(height)))
            // The played frame over the same list background the render drew.
            canvas.addRect(Rect(x: x, y: Double(height + 10), width: Double(width), height: Double(height)))
            canvas.fill(.color(Color(red: 0.96, green: 0.96, blue: 0.97)))
            let played = try #require(animation.image(frame: moment.frame, width: width, height: height))
            canvas.drawImage(played, in: Rect(x: x, y: Double(height + 10), width: Double(width), height: Double(height)))
        }
        try expectMatchesGolden(picture, "ship-it-water-drop", in: Self.goldens)
    }
}

/// What `export` writes, the Lottie plugin reads: an export dropped into the preview (or named by
/// `--param file=`) plays as its indicator drew it — the whole frame it was exported at, against the
/// content, with that indicator's refresh length — not as a small animation in the middle of the band.
@Suite(.leavesNoPluginHost) struct ExportInTheLottiePluginTests {
    let folder = scratchDirectory("export-in-lottie-\(UUID().uuidString.prefix(8))")
    let tool = "\(toolsFolder)/refresh-dump"

    @Test func anExportPlaysAsItsIndicatorDrewIt() async throws {
        let (status, output) = try await runProgram(tool, ["export", "--plugin", "Phoenix", "--pull-frames", "5", "--out", folder])
        try #require(status == 0, "\(output)")
        let file = "\(folder)/Phoenix.json"
        let meta = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: file))) as? [String: Any])["meta"] as? [String: Any]
        let exported = try #require((meta?["refreshkit"] as? [String: Any])?["refreshLength"] as? Double)
        let indicator = try LottieIndicator(parameters: ParameterValues(specs: LottieIndicator.parameters, json: #"{"file": "\#(file)"}"#))
        #expect(indicator.refreshLength == exported)
        for state in ["eligible", "refreshing", "finished:success"] {
            var frames: [[UInt32]] = []
            for (plugin, extra) in [("Lottie", ["--param", "file=\(file)"]), ("Phoenix", [])] {
                let path = "\(folder)/\(plugin)-\(state.replacingOccurrences(of: ":", with: "-")).png"
                let (rendered, said) = try await runProgram(tool, ["render", "--plugin", plugin, "--state", state, "--out", path] + extra)
                try #require(rendered == 0, "\(said)")
                frames.append(try ImageSurface.readPNG(at: path).straightPixels())
            }
            let ratio = ExportRoundTripTests.psnr(frames[0], frames[1])
            #expect(ratio >= 35, "\(state): \(ratio) dB")
        }
    }

    /// Eligible's motion, played by the Lottie plugin from an export as the indicator drew it: Water
    /// Drop's pop into the spinner plays once and its last frame stays (the export says eligible does
    /// not loop), so a second into eligible shows what Water Drop draws a second in.
    @Test func eligiblesMotionPlaysOnceAndStays() async throws {
        let (status, output) = try await runProgram(tool, ["export", "--plugin", "Water Drop", "--pull-frames", "5", "--out", folder])
        try #require(status == 0, "\(output)")
        let file = "\(folder)/Water-Drop.json"
        for time in [0.05, 0.1, 1.0, 1.7] {
            var frames: [[UInt32]] = []
            for (plugin, extra) in [("Lottie", ["--param", "file=\(file)"]), ("Water Drop", [])] {
                let path = "\(folder)/\(plugin)-eligible-\(time).png"
                let (rendered, said) = try await runProgram(tool, ["render", "--plugin", plugin, "--state", "eligible", "--time", "\(time)",
                                                             "--state-time", "\(time)", "--out", path] + extra)
                try #require(rendered == 0, "\(said)")
                frames.append(try ImageSurface.readPNG(at: path).straightPixels())
            }
            let ratio = ExportRoundTripTests.psnr(frames[0], frames[1])
            #expect(ratio >= 35, "eligible at \(time) s: \(ratio) dB")
        }
    }
}
