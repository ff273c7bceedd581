import Foundation
import Testing
import TestSupport
import RefreshPluginSDK
@testable import Lottie

/// `refresh-dump export`, played back: rlottie (this plugin's engine) draws the exported file at
/// each marker's frames, and each is the plugin's own frame (`render --transparent`, the same
/// state, time and size) within 35 dB of PSNR, both as a list shows them over the theme's background. The markers are the names the Lottie plugin reads,
/// in order; the dotLottie holds the light and the dark animation.
@Suite(.leavesNoPluginHost) struct ExportRoundTripTests {
    let folder = scratchDirectory("export-\(UUID().uuidString.prefix(8))")
    let tool = "\(toolsFolder)/refresh-dump"

    /// Peak signal-to-noise ratio of two frames (straight ARGB) as a list shows them: each laid over
    /// the theme's background (`FrameRenderer.background`), in dB (infinite when they are equal).
    /// Compared over the background, not channel by channel: the colour of a pixel all but
    /// transparent is invisible, and two renderers' edges differ most there.
    static func psnr(_ a: [UInt32], _ b: [UInt32], theme: String = "light") -> Double {
        let background: [Int] = theme == "dark" ? [18, 18, 20] : [245, 245, 247]
        func shown(_ pixel: UInt32, _ channel: Int) -> Int {
            let alpha = Int(pixel >> 24), value = Int((pixel >> UInt32(16 - 8 * channel)) & 0xFF)
            return (value * alpha + background[channel] * (255 - alpha) + 127) / 255
        }
        var squares = 0.0
        for (x, y) in zip(a, b) where x != y {
            for channel in 0..<3 {
                let d = Double(shown(x, channel) - shown(y, channel))
                squares += d * d
            }
        }
        guard squares > 0 else { return .infinity }
        return 10 * log10(255 * 255 / (squares / Double(a.count * 3)))
    }

    /// A moment compared: the export's frame, and the state, state time and (past the trigger) progress render draws it at.
    typealias Moment = (frame: Int, state: String, time: Double, progress: Double?)

    /// The plugin's own frame, as render draws it on a clear background (`height` points tall, the
    /// band's unless the over-pull's; at `progress` past the trigger where given).
    func rendered(_ plugin: String, state: String, time: Double, theme: String = "light", progress: Double? = nil, height: Int = 120) async throws -> [UInt32] {
        let path = "\(folder)/\(state.replacingOccurrences(of: ":", with: "-"))-\(time)-\(theme)-\(progress ?? 0).png"
        let (status, output) = try await runProgram(tool, ["render", "--plugin", plugin, "--state", state, "--time", "\(time)", "--state-time", "\(time)",
                                                     "--theme", theme, "--transparent", "--out", path, "--size", "390x\(height)"]
                                                    + (progress.map { ["--frame-progress", "\($0)"] } ?? []))
        try #require(status == 0, "\(output)")
        return try ImageSurface.readPNG(at: path).straightPixels()
    }

    /// Every built-in, by id, and the two templates of Examples/ (the Swift one as built here, the C
    /// one built with cc as an author would); each export's file is named after the plugin's name.
    static let builtIns = ["bezier-radar", "image-sequence", "label", "lottie", "material", "path-drawing", "phoenix", "rainbow",
                           "spinner", "spinner-c", "storehouse", "taurus", "water-drop"].map { "dev.refreshkit." + $0 } + ["template:swift", "template:c"]

    /// The built-ins that paint the whole gap (placement stretch).
    static let scenes = ["bezier-radar", "phoenix", "taurus"].map { "dev.refreshkit." + $0 }

    /// What `--plugin` names for one of ``builtIns``.
    func reference(_ plugin: String) async throws -> String {
        switch plugin {
        case "template:swift": return "\(toolsFolder)/libExampleTemplate.so"
        case "template:c":
            let library = "\(folder)/libDot.so"
            let (status, output) = try await runProgram("/bin/sh", ["-c", "cc -shared -fPIC -O2 -I '\(packageRoot.path)/Sources/CRefreshPlugin/include' "
                + "'\(packageRoot.path)/Examples/CPlugin/dot.c' -o '\(library)' $(pkg-config --cflags --libs cairo) -lm"])
            try #require(status == 0, "\(output)")
            return library
        default: return plugin
        }
    }

    /// `plugin` (as `--plugin` names it) exported (5 pull frames, 5 over-pull frames): the light file's name and animation, and the frames to
    /// compare with the plugin's own: a quarter, half and all of the pull, eligible, refreshing 10
    /// frames into its loop (or less, for a shorter loop) and at its last frame, a result 6 frames
    /// in, no more data, and the over-pull's second, middle and last frames where the export has one.
    func exported(_ plugin: String) async throws -> (name: String, light: LottieAnimation, cases: [Moment]) {
        let (status, output) = try await runProgram(tool, ["export", "--plugin", plugin, "--pull-frames", "5", "--overpull-frames", "5", "--out", folder])
        try #require(status == 0, "\(output)")
        // The light file's path, as the command printed it first.
        let json = try #require(output.split(separator: "\n").first?.split(separator: ":").first.map(String.init))
        let name = String(json.dropFirst(folder.count + 1).dropLast(5))
        let light = try LottieAnimation(file: "\(folder)/\(name).json", parameter: "file")
        func start(_ marker: String) throws -> Int { try #require(light.timeline.markers.first { $0.name == marker }).start }
        let fps = light.timeline.framesPerSecond
        let loop = try #require(light.timeline.markers.first { $0.name == "refreshing" }).duration
        let into = 10 % max(1, loop)
        // What refreshing draws once before its loop, where it does: the loop's frames come that much later in the state.
        let startFrames = light.timeline.markers.first { $0.name == "refreshingStart" }?.duration ?? 0
        // Eligible's and no more data's motion: halfway through it and its last frame (the one that stays).
        func motion(_ marker: String, _ state: String) throws -> [Moment] {
            let length = try #require(light.timeline.markers.first { $0.name == marker }).duration
            let first = try start(marker)
            return Set([length / 2, length - 1]).sorted().filter { $0 > 0 }.map { (first + $0, state, Double($0) / fps, nil) }
        }
        // The over-pull: eligible's last frame, the progress from 1 to the reach (2.5) over its 5 frames.
        let eligibleEnd = Double(try #require(light.timeline.markers.first { $0.name == "eligible" }).duration - 1) / fps
        var overpull: [Moment] = []
        if let marker = light.timeline.markers.first(where: { $0.name == "overpulling" }) {
            for k in [1, 2, 4] { overpull.append((frame: marker.start + k, state: "eligible", time: eligibleEnd, progress: 1 + 1.5 * Double(k) / 4)) }
        }
        let cases: [Moment] = [
            (try start("pulling") + 1, "pulling:0.25", 0, nil), (try start("pulling") + 2, "pulling:0.5", 0, nil), (try start("pulling") + 4, "pulling:1", 0, nil),
            (try start("eligible"), "eligible", 0, nil),
            (try start("refreshing") + into, "refreshing", Double(startFrames + into) / fps, nil),
            (try start("refreshing") + loop - 1, "refreshing", Double(startFrames + loop - 1) / fps, nil),
            (try start("success") + 6, "finished:success", 6 / fps, nil), (try start("failure"), "finished:failure", 0, nil),
            (try start("noMoreData"), "noMoreData", 0, nil),
        ] + (try motion("eligible", "eligible")) + (try motion("noMoreData", "noMoreData"))
            + (startFrames > 0 ? [(try start("refreshingStart") + startFrames / 2, "refreshing", Double(startFrames / 2) / fps, nil)] : [])
            + overpull
        return (name, light, cases)
    }

    /// The composition's height in points (the band's, 120, or the over-pull's when drawn taller).
    static func height(_ animation: LottieAnimation) -> Int { Int(animation.height.rounded()) }

    /// Of a frame 390 points wide at 2×, what `moment` compares: the whole frame
    /// past the trigger, else the band at its bottom.
    static func compared(_ pixels: [UInt32], _ moment: Moment) -> [UInt32] {
        moment.progress != nil ? pixels : Array(pixels.suffix(780 * 240))
    }

    @Test(arguments: builtIns)
    func theExportPlaysBackAsThePluginDraws(plugin given: String) async throws {
        let plugin = try await reference(given)
        let (name, light, cases) = try await exported(plugin)
        let started = light.timeline.markers.contains { $0.name == "refreshingStart" } ? ["refreshingStart"] : []
        let overpulled = light.timeline.markers.contains { $0.name == "overpulling" } ? ["overpulling"] : []
        #expect(light.timeline.markers.map(\.name) == ["pulling", "eligible"] + started + ["refreshing", "success", "failure", "noMoreData"] + overpulled)
        // Scenes that fill the gap go on filling it past the trigger, in a taller composition.
        let height = Self.height(light)
        if Self.scenes.contains(given) {
            #expect(overpulled.count == 1 && height > 120, "\(plugin): \(overpulled), \(height) pt")
        }
        var least = Double.infinity
        for moment in cases {
            let played = try #require(light.image(frame: moment.frame, width: 780, height: 2 * height)).straightPixels()
            let ratio = await Self.psnr(Self.compared(played, moment),
                                        try rendered(plugin, state: moment.state, time: moment.time, progress: moment.progress, height: moment.progress == nil ? 120 : height))
            least = min(least, ratio)
            #expect(ratio >= 35, "\(plugin) \(moment.state) at \(moment.time) s, progress \(moment.progress ?? 1): \(ratio) dB")
        }
        print("Round trip of \(plugin): \(cases.count) moments, the least \(String(format: "%.1f", least)) dB")
        // The dark file, and the dotLottie holding both.
        let eligible = try #require(light.timeline.markers.first { $0.name == "eligible" }).start
        let dark = try LottieAnimation(file: "\(folder)/\(name)-dark.json", parameter: "file")
        let playedDark = Array(try #require(dark.image(frame: eligible, width: 780, height: 2 * height)).straightPixels().suffix(780 * 240))
        let darkRatio = await Self.psnr(playedDark, try rendered(plugin, state: "eligible", time: 0, theme: "dark"), theme: "dark")
        #expect(darkRatio >= 35)
        let fromArchive = try LottieAnimation(file: "\(folder)/\(name).lottie", parameter: "file", animation: "dark")
        #expect(Array(try #require(fromArchive.image(frame: eligible, width: 780, height: 2 * height)).straightPixels().suffix(780 * 240)) == playedDark)
    }

    /// The Python with thorvg-python, lottie-specs and jsonschema that `make lottie-check` installs.
    static let checker = ProcessInfo.processInfo.environment["REFRESHKIT_LOTTIE_CHECK_PYTHON"]

    /// A second player and the format's schema (`make lottie-check`, where they are installed):
    /// the export validates against the Lottie community's `lottie.schema.json`, and ThorVG, the
    /// engine of the dotLottie players, draws the same frames within the same 35 dB.
    @Test(.enabled(if: checker != nil, "make lottie-check installs ThorVG and the Lottie schema"), arguments: builtIns)
    func anIndependentPlayerPlaysTheSameAndTheSchemaHolds(plugin given: String) async throws {
        let plugin = try await reference(given)
        let (name, light, cases) = try await exported(plugin)
        let height = Self.height(light)
        for theme in ["light", "dark"] {
            let file = "\(folder)/\(name)\(theme == "dark" ? "-dark" : "").json"
            let frames = theme == "dark" ? [cases[3]] : cases
            let (status, output) = try await runProgram(try #require(Self.checker),
                                                  [packageRoot.appendingPathComponent("scripts/lottie-check.py").path, file, "780", "\(2 * height)", folder]
                                                  + frames.map { "\($0.frame)" })
            #expect(status == 0, "\(output)")
            for moment in frames {
                let raw = try Data(contentsOf: URL(fileURLWithPath: "\(folder)/frame-\(moment.frame).rgba"))
                // Straight RGBA bytes, as the frames' ARGB words.
                let played = stride(from: 0, to: raw.count, by: 4).map { i -> UInt32 in
                    let (r, g, b, a) = (UInt32(raw[i]), UInt32(raw[i + 1]), UInt32(raw[i + 2]), UInt32(raw[i + 3]))
                    return a << 24 | r << 16 | g << 8 | b
                }
                let ratio = await Self.psnr(Self.compared(played, moment),
                                            try rendered(plugin, state: moment.state, time: moment.time, theme: theme, progress: moment.progress,
                                                         height: moment.progress == nil ? 120 : height), theme: theme)
                #expect(ratio >= 35, "ThorVG: \(plugin) \(theme) \(moment.state) at \(moment.time) s, progress \(moment.progress ?? 1): \(ratio) dB")
            }
        }
    }
}
