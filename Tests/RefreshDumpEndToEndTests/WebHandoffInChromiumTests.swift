import Foundation
import RefreshGraphics
import RefreshPluginSDK
import Testing
import TestSupport

/// The web handoff, end to end in a real browser: `refresh-dump handoff` writes `web-lottie.js` and
/// `web-demo.html` beside the Spinner's export; headless Chromium (Debian's) opens the page with
/// lottie-web 5.7.4 (the wagtail-lottie wheel's, fetched into the build folder by `make test`), real
/// mouse events drag the list (WebHandoff/drive-chromium.py, over the DevTools protocol), and at a pull
/// of half the trigger, past the trigger, refreshing and the result, the page's pixels where the export
/// shows are `refresh-dump render`'s at the same state and time within 35 dB.
@Suite(.leavesNoPluginHost) struct WebHandoffInChromiumTests {
    let folder = scratchDirectory("web-handoff-\(UUID().uuidString.prefix(8))")
    let tool = "\(toolsFolder)/refresh-dump"
    /// The demo's viewport in CSS pixels and its device pixels each.
    static let viewportHeight = 844.0, scale = 2

    /// lottie-web 5.7.4's player: `REFRESHKIT_LOTTIE_WEB`'s folder (`make test` fills it), else fetched into the scratch folder.
    func lottieWeb() async throws -> String {
        let player = ProcessInfo.processInfo.environment["REFRESHKIT_LOTTIE_WEB"] ?? "\(folder)/lottie-web"
        let (status, output) = try await runProgram("\(packageRoot.path)/scripts/fetch-lottie-web.sh", [player])
        try #require(status == 0, "fetching lottie-web: \(output)")
        return "\(player)/lottie-player.js"
    }

    /// The raw drag, in CSS pixels, that the module's rubber band (UIScrollView's) turns into a pull of `banded`.
    static func drag(toPull banded: Double, coefficient: Double) -> Double {
        (viewportHeight / coefficient) * (1 / (1 - banded / viewportHeight) - 1)
    }

    /// A number the module's constants say: `name: 60,` in web-lottie.js.
    static func constant(_ name: String, in module: String) throws -> Double {
        let match = try #require(module.firstMatch(of: try Regex("\\n  \(name): ([0-9.]+),")), "web-lottie.js has no \(name)")
        return try #require(Double(String(match.output[1].substring ?? "")))
    }

    /// The plugin's frame for `state` at `time` (at `progress` past the trigger where given), as render draws it on
    /// a clear background at `size` points: straight ARGB at 2×.
    func rendered(_ plugin: String, _ state: String, time: Double = 0, progress: Double? = nil, size: Size = Size(width: 390, height: 120),
                  locale: String = "en") async throws -> Frame {
        let path = "\(folder)/render-\(plugin)-\(state.replacingOccurrences(of: ":", with: "-"))-\(time)-\(progress ?? 0)-\(locale).png"
        let (status, output) = try await runProgram(tool, ["render", "--plugin", plugin, "--state", state, "--time", "\(time)", "--state-time", "\(time)",
                                                     "--transparent", "--out", path, "--size", "\(Int(size.width))x\(Int(size.height))", "--locale", locale]
                                                    + (progress.map { ["--frame-progress", "\($0)"] } ?? []))
        try #require(status == 0, "\(output)")
        let image = try ImageSurface.readPNG(at: path)
        return Frame(pixels: image.straightPixels(), width: image.width, height: image.height)
    }

    /// A frame render drew: its straight ARGB pixels and its size in pixels.
    struct Frame {
        var pixels: [UInt32]
        var width: Int, height: Int
    }

    /// PSNR, in dB, of the page's top rows where the export shows at `pull` (its bottom on the
    /// content's top edge, centred across the 390-pt page: a wider one's sides cropped) against
    /// `band` laid over the page's white; infinite when they are equal.
    static func psnr(page: ImageSurface, band frame: Frame, pull: Double) -> Double {
        let width = 390 * scale, bandRows = frame.height, band = frame.pixels
        // The module centres the export on a whole CSS pixel: a wider one starts left of the page.
        let left = Int((Double(frame.width / scale) / 2).rounded()) * scale - width / 2
        let edge = Int(pull.rounded()) * scale  // the module lands the edge on a whole CSS pixel
        let pixels = page.straightPixels()
        var squares = 0.0, count = 0
        for y in max(0, edge - bandRows)..<min(edge, page.height) {
            let row = y - (edge - bandRows)
            for x in 0..<width {
                let shown = pixels[y * page.width + x], drawn = band[row * frame.width + x + left]
                let alpha = Int(drawn >> 24)
                for shift: UInt32 in [16, 8, 0] {
                    let expected = (Int((drawn >> shift) & 0xFF) * alpha + 255 * (255 - alpha) + 127) / 255
                    let d = Double(Int((shown >> shift) & 0xFF) - expected)
                    squares += d * d
                }
                count += 3
            }
        }
        guard squares > 0 else { return .infinity }
        return 10 * log10(255 * 255 / (squares / Double(count)))
    }

    /// Spinner; StoreHouse, whose refreshing draws a first pass once before its loop: the page plays
    /// `refreshingStart`, then loops `refreshing`; the Lottie plugin, whose export is its own
    /// animation under a time remap, which lottie-web plays; and Taurus, a scene that fills the gap:
    /// exported 430 pt wide (cropped to the 390-pt page) and, pulled past the trigger, as tall as the over-pull;
    /// Label handed off in English and Simplified Chinese, on a page whose browser asks for zh-CN: it plays
    /// the Chinese export, its words as render draws them in zh-Hans.
    @Test(arguments: ["Spinner", "StoreHouse", "Lottie", "Taurus", "Label"])
    func thePagePlaysWhatRenderDrawsUnderRealInput(plugin: String) async throws {
        let site = "\(folder)/site-\(plugin)"
        let locale = plugin == "Label" ? "zh-Hans" : "en"
        let (status, output) = try await runProgram(tool, ["handoff", "--plugin", plugin, "--out", site, "--locale", locale == "en" ? "en" : "en,\(locale)"])
        try #require(status == 0, "\(output)")
        let player = try await lottieWeb()
        try FileManager.default.copyItem(atPath: player, toPath: "\(site)/lottie-player.js")
        try "import \"./lottie-player.js\";\nexport default window.lottie;\n".write(toFile: "\(site)/lottie-web.js", atomically: true, encoding: .utf8)

        let module = try String(contentsOfFile: "\(site)/web-lottie.js", encoding: .utf8)
        let trigger = try Self.constant("trigger", in: module), coefficient = try Self.constant("rubberBand", in: module)
        let resultHold = try Self.constant("resultHoldMs", in: module)
        let export = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: "\(site)/\(plugin)\(locale == "en" ? "" : "-" + locale).json"))) as? [String: Any]
        let fps = try #require(export?["fr"] as? Double)
        let markers = Dictionary(uniqueKeysWithValues: try #require(export?["markers"] as? [[String: Any]]).compactMap { marker in
            (marker["cm"] as? String).map { ($0, (start: marker["tm"] as? Double ?? 0, frames: marker["dr"] as? Double ?? 0)) }
        })
        let pulling = try #require(markers["pulling"]), refreshing = try #require(markers["refreshing"]), success = try #require(markers["success"])
        let eligibleMarker = try #require(markers["eligible"]), overpulling = markers["overpulling"]
        let reach = try Self.constant("overpullReach", in: module)
        let exportSize = Size(width: try #require(export?["w"] as? Double), height: try #require(export?["h"] as? Double))
        let band = Size(width: exportSize.width, height: 120)
        #expect((overpulling != nil) == (reach > 1), "the module's reach is the export's over-pull: \(reach)")
        if plugin == "Taurus" { #expect(overpulling != nil && exportSize == Size(width: 430, height: 300), "a scene's over-pull fills the top: \(exportSize)") }
        let startFrames = markers["refreshingStart"]?.frames ?? 0
        #expect((startFrames > 0) == (plugin == "StoreHouse"), "a start of refreshing where the plugin draws one: \(markers.keys.sorted())")

        // Half the trigger, then 1.3 times it; refreshing once the list rests at the trigger, the result
        // halfway through its hold after the demo's 1.5-s load.
        let shots = "\(folder)/shots"
        let (driven, said) = try await runProgram("/usr/bin/python3", [
            "\(packageRoot.path)/Tests/RefreshDumpEndToEndTests/WebHandoff/drive-chromium.py", site, shots, "/usr/bin/chromium",
            "\(Self.drag(toPull: trigger / 2, coefficient: coefficient))", "\(Self.drag(toPull: trigger * 1.3, coefficient: coefficient))",
            "\(trigger)", "1500", "\(resultHold / 2)",
        ] + (locale == "en" ? [] : ["zh-CN,zh"]))
        try #require(driven == 0, "drive-chromium.py: \(said)")
        let moments = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: "\(shots)/moments.json"))) as? [String: Any])
        if locale != "en" { #expect(moments["languages"] as? [String] == ["zh-CN", "zh"], "the page's languages: \(moments["languages"] ?? "none")") }
        func state(_ name: String) throws -> (moment: String?, pull: Double, frame: Double) {
            let values = try #require(moments[name] as? [String: Any], "no \(name) in moments.json")
            return (values["moment"] as? String, try #require(values["pull"] as? Double), try #require(values["frame"] as? Double))
        }

        // What the module showed at each moment, as it reports it, is the table's marker; and the pixels are render's.
        let pulled = try state("pulling"), eligible = try state("eligible"), turning = try state("refreshing"), result = try state("result")
        #expect(pulled.moment == nil && abs(pulled.pull - trigger / 2) < 1, "pulled to half the trigger, scrubbing: \(pulled)")
        // Past the trigger, once eligible has played (one frame for these), the pull scrubs the over-pull where the export has one.
        #expect(eligible.moment == (overpulling != nil ? "overpulling" : "eligible") && eligible.pull > trigger, "\(eligible)")
        #expect(turning.moment == "refreshing" && turning.pull == trigger, "\(turning)")
        #expect(result.moment == "success" && result.pull == trigger, "\(result)")
        let progress = (pulled.frame - pulling.start) / (pulling.frames - 1)
        #expect(abs(progress - pulled.pull / trigger) <= 0.5 / (pulling.frames - 1), "the scrub's frame is the pull's")
        let turned = (startFrames + turning.frame - refreshing.start) / fps, shown = (result.frame - success.start) / fps
        #expect(turned >= startFrames / fps && turned < (startFrames + refreshing.frames) / fps && shown >= 0 && shown < success.frames / fps, "frames inside their markers")

        // The over-pull's frame shown: eligible's last frame's time, the progress its frame is drawn at.
        let eligibleEnd = (eligibleMarker.frames - 1) / fps
        let overpulled = overpulling.map { 1 + (reach - 1) * (eligible.frame - $0.start) / ($0.frames - 1) }
        if let overpulled {
            #expect(abs(overpulled - eligible.pull / trigger) <= 0.5 * (reach - 1) / (overpulling!.frames - 1) + 1e-9, "the over-pull's frame is the pull's: \(overpulled)")
        }
        // Without an over-pull, the frame of eligible's motion the page shows (the Lottie plugin's loops:
        // which one the screenshot caught depends on when it was taken, so render draws that one).
        let shownEligible = (eligible.frame - eligibleMarker.start) / fps
        #expect(overpulled != nil || (shownEligible >= 0 && shownEligible < max(1, eligibleMarker.frames) / fps), "eligible's frame inside its marker: \(eligible)")
        let comparisons: [(String, Frame, Double)] = [
            ("pulling", try await rendered(plugin, "pulling:\(progress)", size: band, locale: locale), pulled.pull),
            ("eligible", try await rendered(plugin, "eligible", time: overpulled == nil ? shownEligible : eligibleEnd, progress: overpulled,
                                            size: overpulled == nil ? band : exportSize, locale: locale), eligible.pull),
            ("refreshing", try await rendered(plugin, "refreshing", time: turned, size: band, locale: locale), turning.pull),
            ("result", try await rendered(plugin, "finished:success", time: shown, size: band, locale: locale), result.pull),
        ]
        var ratios: [String] = []
        for (name, band, pull) in comparisons {
            let page = try ImageSurface.readPNG(at: "\(shots)/\(name).png")
            #expect(page.width == 390 * Self.scale && page.height == Int(Self.viewportHeight) * Self.scale, "\(name): the page at 2 device pixels a point")
            let ratio = Self.psnr(page: page, band: band, pull: pull)
            ratios.append("\(name) \(String(format: "%.1f", ratio)) dB")
            #expect(ratio >= 35, "\(name): the page against render is \(ratio) dB (\(shots)/\(name).png)")
        }
        print("Web handoff of \(plugin) in Chromium, against render: \(ratios.joined(separator: ", "))")
    }
}
