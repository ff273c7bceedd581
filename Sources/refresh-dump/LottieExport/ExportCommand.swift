import ArgumentParser
import CProcessControl
import Foundation
import RefreshSystem
import RefreshLottieExport
import RefreshHost
import RefreshPluginSDK

/// `refresh-dump export`: the plugin as tuned, as Lottie animations an app's own Lottie player
/// plays (light, dark, and a dotLottie holding both), with the markers RefreshKit's Lottie plugin reads.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write the tuned indicator as Lottie animations (light and dark JSON, and a .lottie holding both).",
        discussion: """
        Markers: pulling (progress 0 to 1), eligible (its motion until it settles or repeats), refreshingStart (what refreshing draws once before its loop, where it does), refreshing (one loop), \
        success, failure, noMoreData (its motion, as eligible's), overpulling (the pull past the trigger, where it changes the drawing); another \
        edge than top adds @edge to each name. Each frame is what render --transparent draws for that state and time, \
        recorded as the plugin draws it and written as Lottie shape layers (paths, fills, strokes, gradients, clips as masks, \
        text as outlined glyphs). A frame Lottie cannot say is an image instead, and the output lists each one and why; \
        --raster makes every frame an image. --format frames writes PNG frames instead (or as well, lottie,frames): \
        each marker's frames at 1x, 2x and 3x, light and dark, named for iOS and as Android resources with an animation-list a marker.
        Example: refresh-dump export --plugin "Water Drop" --params params-1.json --out export
        """
    )

    @OptionGroup var plugin: PluginOptions
    @Option(help: "top, bottom, leading or trailing.")
    var edge: String = "top"
    @Option(help: "Frame size in points, WIDTHxHEIGHT (render's default).")
    var size: String = "\(Int(Defaults.bandSize.width))x\(Int(Defaults.bandSize.height))"
    @Option(help: "Pixels per point in the frames' images.")
    var scale: Double = 2
    @Option(name: .customLong("pull-frames"), help: "Frames across the pull, progress 0 to 1.")
    var pullFrames: Int = 60
    @Option(name: .customLong("overpull-frames"), help: "Frames across the over-pull, the trigger to 2.5 times it (SmartRefreshLayout's largest drag); 0: no overpulling marker.")
    var overpullFrames: Int = LottieExport.Options().overpullFrames
    @Option(name: .customLong("loop-seconds"), help: "The refreshing loop's length in seconds (0.05...12), instead of the shortest seamless one up to 12 s.")
    var loopSeconds: Double?
    @Flag(help: "Every distinct frame an image, not shapes.")
    var raster = false
    @Option(help: "lottie (light, dark and .lottie), frames (PNG frames at 1x, 2x and 3x for iOS and Android), or both: lottie,frames.")
    var format: String = "lottie"
    @Option(help: "Locales to export, comma-separated BCP 47 tags (en, zh-Hans, ar; ar, he, fa, ur lay out right to left): the first's files are NAME.json, NAME-dark.json and NAME.lottie, each other's NAME-LOCALE…. Default: every language the plugin says it draws words in, else en.")
    var locale: String?
    @Option(help: "Output folder.")
    var out: String = "out/export"

    func run() throws {
        OutputRoots.add(out)
        // A frame of 4 MB or more (a large --size or --scale) is given back when freed: glibc's
        // heap would otherwise keep each one, and memory would grow with the frames drawn.
        _ = refreshkit_return_large_frees(4 << 20)
        var options = LottieExport.Options()
        guard let edge = RefreshEdge(rawValue: edge) else { throw ValidationError("--edge must be top, bottom, leading or trailing, not '\(edge)'") }
        guard (2...600).contains(pullFrames) else { throw ValidationError("--pull-frames must be 2...600") }
        guard scale.isFinite, (0.5...4).contains(scale) else { throw ValidationError("--scale must be 0.5...4") }
        options.edge = edge
        options.size = try FrameSpec.parseSize(size)
        try FrameSpec.checkPixels(size: options.size, scale: scale)
        options.scale = scale
        options.pullFrames = pullFrames
        guard overpullFrames == 0 || (2...600).contains(overpullFrames) else { throw ValidationError("--overpull-frames must be 0 or 2...600") }
        if overpullFrames == 0 { options.overpullReach = 1 } else { options.overpullFrames = overpullFrames }
        if let loopSeconds {
            guard loopSeconds.isFinite, (0.05...12).contains(loopSeconds) else { throw ValidationError("--loop-seconds must be 0.05...12") }
            options.loopSeconds = loopSeconds
        }
        options.vector = !raster
        let formats = Set(format.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
        guard !formats.isEmpty, formats.isSubset(of: ["lottie", "frames"]) else { throw ValidationError("--format must be lottie, frames or lottie,frames, not '\(format)'") }
        // Frames alone need no shapes: the plan of frames is the same either way.
        if !formats.contains("lottie") { options.vector = false }
        let (indicator, described) = try plugin.makeDescribedIndicator(plugin.isolation.isolation)
        let locales = try LocaleList.tags(locale, drawn: described.drawnLocales)
        options.placement = described.placement
        let info = indicator.info
        try OutputFile.makeFolder(out)
        // A second plugin-host child exports the dark theme beside the light one, on the other core.
        let dark = plugin.isolation.isolation == .inProcess ? nil : try plugin.makeIndicator(plugin.isolation.isolation)
        for (index, tag) in locales.enumerated() {
            options.locale = tag
            let base = LottieExport.fileName(info.name, locale: tag, primary: index == 0)
            let exports = try LottieExport.bothThemes(indicator, dark: dark, info: info, options: options)
            let frameFolder = "\(out)/\(base)-frames"
            var frameFiles = 0
            for (theme, export) in exports where formats.contains("frames") {
                frameFiles += try FrameSets.write(export, of: indicator, theme: theme, name: info.name, fps: options.framesPerSecond, to: frameFolder)
            }
            let archive = formats.contains("lottie") ? try LottieExport.writeFiles(exports, named: base, in: out) : nil
            for (theme, export) in exports where archive != nil {
                say(export, path: "\(out)/\(LottieExport.fileName(info.name, theme: theme, locale: tag, primary: index == 0)).json", options: options)
            }
            let words = locales.count > 1 ? ", \(tag)" : ""
            if let archive {
                print("\(out)/\(base).lottie: light and dark\(words), \(archive.count / 1024) KB")
            }
            if formats.contains("frames") {
                print("\(frameFolder): \(frameFiles) files: each marker's frames at 1x, 2x and 3x, light and dark\(words), for iOS (ios/, MJRefreshGifHeader) and Android (android/res/, an animation-list a marker)")
            }
        }
        try (indicator as? RemoteIndicator)?.close()
        try (dark as? RemoteIndicator)?.close()
    }

    /// Prints what `export`, written to `path`, holds: its markers, its loop, its form and size,
    /// the motions it carries, and what it could not say in shapes.
    private func say(_ export: LottieExport, path: String, options: LottieExport.Options) {
        let chosen = loopSeconds.map { "the \(String(format: "%g", $0)) s chosen" } ?? "no seamless one up to \(Int(options.longestLoop)) s; the least visible seam up to \(Int(LottieExport.quickLoop)) s"
        let loop = export.seam.map { "a loop of \(export.loop.frames) frames (\(chosen)) that \($0.words); --loop-seconds S chooses its length" }
            ?? "a seamless loop of \(export.loop.frames) frames\(export.declaredPeriod.map { $0.held ? " (\($0.words))" : "" } ?? "")"
        let declared = export.declaredPeriod.flatMap { $0.held ? nil : "; \($0.words)" } ?? ""
        let form = raster ? "\(export.imageCount) frame images"
            : export.ownAnimation != nil ? "the plugin's own animation, its layers timed and placed as the plugin plays them, \(export.imageCount) images"
            : "\(export.shapeLayerCount) shape layers, \(export.imageCount) images"
        print("\(path): \(export.markers.map { "\($0.name) \($0.frames)" }.joined(separator: ", ")) frames; refreshing \(loop)\(declared); \(form), \(export.json.count / 1024) KB")
        // Eligible's and no more data's motion, where they have one.
        let motions = [LottieMarker.eligible, .noMoreData].map { $0.name(on: options.edge) }
        for marker in export.markers where motions.contains(marker.name) && marker.frames > 1 {
            let plays = export.loopingMarkers.contains(marker.name) ? "loops" : export.unsettled.contains(marker.name) ? "still moves after \(Int(options.longestMotion)) s: exported that long, once" : "plays once, then holds its last frame"
            print("  \(marker.name): its motion, \(marker.frames) frames, \(plays)")
        }
        if let overpull = export.overpull, let marker = export.markers.last {
            let tall = overpull.height > options.size.height ? ", in a composition \(Int(overpull.height)) pt tall (the band at its bottom)" : ""
            print("  \(marker.name): the pull past the trigger to \(String(format: "%g", overpull.reach)) times it, \(marker.frames) frames\(tall)")
        } else if let reason = export.noOverpull {
            print("  no over-pull marker: \(reason)")
        }
        if let refusal = export.ownAnimationRefusal {
            print("  not its own animation but what it draws: \(refusal)")
        }
        for fallback in export.fallbacks {
            print("  \(fallback.marker) frame \(fallback.frame) is an image: \(fallback.reason)")
        }
    }
}
