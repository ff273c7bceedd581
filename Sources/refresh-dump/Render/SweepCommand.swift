import ArgumentParser
import Foundation
import RefreshSystem
import RefreshAnimationFiles
import RefreshHost
import RefreshPluginSDK

/// `refresh-dump sweep`: one indicator across progress or time, as numbered PNGs and a contact sheet.
struct SweepCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sweep",
        abstract: "Render an indicator across a progress range (pulling) or a time range (any state).",
        discussion: """
            --progress FROM:TO:COUNT sweeps pulling progress; --times FROM:TO:COUNT sweeps time in the --state.
            Example: refresh-dump sweep --plugin Spinner --progress 0:1:11 --out out/sweep
            """
    )

    @OptionGroup var plugin: PluginOptions
    @OptionGroup var frame: FrameOptions
    @Option(help: "Progress sweep FROM:TO:COUNT, e.g. 0:1:11 (state pulling).")
    var progress: String?
    @Option(help: "Time sweep FROM:TO:COUNT in seconds, e.g. 0:1.2:12 (state from --state).")
    var times: String?
    @Option(help: "Output folder.")
    var out: String = "out/sweep"
    @OptionGroup var animation: AnimationOptions
    @OptionGroup var sharding: ShardOptions
    @Option(help: "Frames a second in the animations (each value one frame).")
    var fps: Double = 30

    static func range(_ text: String, name: String) throws -> [Double] {
        let parts = text.split(separator: ":").map { Double($0) }
        // Times are what plugins receive (0...1e6 s); progress is a fraction, a little past 0...1 at most.
        let bounds: ClosedRange<Double> = name == "times" ? 0...IndicatorFrame.maximumTime : -10...10
        guard parts.count == 3, let from = parts[0], let to = parts[1], let count = parts[2], bounds.contains(from), bounds.contains(to),
              count >= 1, count <= 1000, count == count.rounded() else {
            throw ValidationError("--\(name) must be FROM:TO:COUNT with FROM and TO in \(bounds.lowerBound)...\(bounds.upperBound) and 1...1000 values, not '\(text)'")
        }
        let n = Int(count)
        return (0..<n).map { n == 1 ? from : from + (to - from) * Double($0) / Double(n - 1) }
    }

    func run() throws {
        OutputRoots.add(out)
        guard (progress == nil) != (times == nil) else { throw ValidationError("give exactly one of --progress or --times") }
        let indicator = try plugin.makeIndicator(plugin.isolation.isolation)
        var base = try frame.spec()
        try makeDirectory(out)
        let values = try progress.map { try Self.range($0, name: "progress") } ?? Self.range(times!, name: "times")
        guard fps.isFinite, (1...240).contains(fps) else { throw ValidationError("--fps must be 1...240") }
        let formats = try animation.formats()
        var animations: [any AnimationEncoder] = []
        let every = ContactSheet.stride(for: values.count)
        var sheet = ContactSheet(count: (values.count + every - 1) / every, scheme: base.environment.colorScheme)
        // A shard writes every COUNT-th frame from its INDEX; shard 0 also the contact sheet and animations.
        let (shardIndex, shardCount) = try sharding.resolved()
        let leads = shardIndex == 0
        var written = 0
        for (i, value) in values.enumerated() {
            let mine = i % shardCount == shardIndex
            guard mine || leads else { continue }
            if progress != nil {
                base.state = .pulling(progress: min(max(value, 0), 1))
                base.progress = value
            } else {
                base.time = value
                base.stateTime = value
            }
            let f = base.frame(refreshLength: indicator.refreshLength)
            indicator.refreshState = f.state
            let image: ImageSurface
            do {
                image = try FrameRenderer.render(indicator, frame: f)
            } catch {
                // The frames before it stay; the message says where the sweep stopped.
                let at = progress != nil ? "progress \(fixed(value, 3))" : "t=\(fixed(value, 3)) s"
                throw StoppedError(description: "\(PlainErrorText.words(error))\n  stopped at frame \(i) of \(values.count) (\(at)); \(written) frames before it are in \(out)/")
            }
            if mine {
                try image.writePNG(to: "\(out)/\(String(format: "%04d", i)).png")
                written += 1
            }
            guard leads else { continue }
            if animations.isEmpty {
                // Frames are drawn on the theme's background: opaque.
                animations = try formats.map { try $0.encoder(path: "\(out)/sweep.\($0.fileExtension)", width: image.width, height: image.height, frameRate: fps, opaque: true) }
            }
            for encoder in animations { try encoder.add(image, duration: 1 / fps) }
            if i % every == 0 { try sheet.add(image, label: progress != nil ? "pulling \(fixed(value, 2))" : "\(f.state) t=\(fixed(value, 2))s") }
        }
        if shardCount > 1 { ShardOptions.acknowledge() }
        if leads {
            try sheet.finish().writePNG(to: "\(out)/contact-sheet.png")
            for encoder in animations { try encoder.finish() }
            print("\(indicator.info.name): \(written) of \(values.count) frames in \(out)/, contact sheet \(out)/contact-sheet.png"
                  + formats.map { ", \(out)/sweep.\($0.fileExtension)" }.joined())
        } else {
            print("\(indicator.info.name): shard \(shardIndex)/\(shardCount), \(written) of \(values.count) frames in \(out)/ (shard 0 writes the contact sheet)")
        }
        // The frames are written; a fault in the plugin's destroy is still the plugin's, named.
        try (indicator as? RemoteIndicator)?.close()
    }
}
