import Foundation
import Testing
import TestSupport
import RefreshPluginSDK

/// `refresh-dump export --format frames`: each marker's frames as PNGs at 1×, 2× and 3× for iOS
/// (MJRefreshGifHeader's image lists) and as Android resources with an `animation-list` a marker
/// whose every frame is there in both themes.
@Suite(.leavesNoPluginHost) struct ExportFramesTests {
    let folder = scratchDirectory("export-frames-\(UUID().uuidString.prefix(8))")
    let tool = "\(toolsFolder)/refresh-dump"

    @Test func framesAreWrittenForIOSAndAndroidAtEachScale() async throws {
        let (status, output) = try await runProgram(tool, ["export", "--plugin", "Spinner", "--format", "frames", "--pull-frames", "3", "--out", folder])
        try #require(status == 0, "\(output)")
        let frames = "\(folder)/Spinner-frames"
        #expect(output.contains("\(frames): ") && !FileManager.default.fileExists(atPath: "\(folder)/Spinner.json"))
        for (suffix, width) in [("", 390), ("@2x", 780), ("@3x", 1170)] {
            for theme in ["light", "dark"] {
                let image = try ImageSurface.readPNG(at: "\(frames)/ios/\(theme)/\(theme == "dark" ? "dark_" : "")refreshing_000\(suffix).png")
                #expect(image.width == width && image.height == width * 120 / 390)
            }
        }
        // Each list names frames that are there, light and dark; the refreshing list loops, a result plays once.
        for (marker, loops) in [("pulling", false), ("refreshing", true), ("success", false)] {
            let xml = try String(contentsOfFile: "\(frames)/android/res/drawable/spinner_\(marker).xml", encoding: .utf8)
            #expect(xml.contains("android:oneshot=\"\(!loops)\""))
            // The handoff's table: the pull's frames are picked by the pull, not played (3 frames: 0...2).
            #expect(xml.contains("(scrubbed by the pull, not played: selectDrawable(round(pull ÷ trigger × 2)))") == (marker == "pulling"), "\(xml)")
            let names = xml.components(separatedBy: "@drawable/").dropFirst().map { String($0.prefix { $0 != "\"" }) }
            #expect(!names.isEmpty)
            for name in names {
                for density in ["drawable-mdpi", "drawable-xxhdpi", "drawable-night-xhdpi"] {
                    #expect(FileManager.default.fileExists(atPath: "\(frames)/android/res/\(density)/\(name).png"), "\(density)/\(name).png")
                }
            }
        }
        let (badStatus, badOutput) = try await runProgram(tool, ["export", "--plugin", "Spinner", "--format", "gif", "--out", folder])
        #expect(badStatus == 2 && badOutput.contains("--format must be lottie, frames or lottie,frames, not 'gif'"))
    }
}
