import ArgumentParser
import Foundation
import RefreshHost
import RefreshPluginSDK

/// `refresh-dump run`: plays a scenario and writes every frame, a contact sheet and an animation.
struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Play a gesture scenario and write its frames, a contact sheet and an animated WebP.",
        discussion: "Example: refresh-dump run Assets/Scenarios/pull-to-refresh.json --out out/pull"
    )

    @Argument(help: "The scenario JSON file.")
    var scenario: String
    @Option(help: "Use this plugin at every edge instead of the scenario's (id, name or path).")
    var plugin: String?
    @OptionGroup var search: SearchPathOptions
    @OptionGroup var scenarioOptions: ScenarioOptions
    @Option(help: "Output folder (default: out/<scenario name>).")
    var out: String?
    @Option(help: "edge: a 120-point band at the scenario's edge; full: the whole viewport (default: the scenario's choice).")
    var window: String?
    @Option(help: "Pixels per point.")
    var scale: Double = 2
    @Flag(name: .customLong("no-frames"), help: "Write only the contact sheet and the animation.")
    var noFrames = false
    @Flag(name: .customLong("no-animation"), help: "Skip the animated WebP (encoding it takes about as long as the PNGs).")
    var noAnimation = false

    func run() throws {
        let player = try scenarioOptions.player(self.scenario, search: search, plugin: plugin)
        let scenario = player.scenario
        let windowChoice = try window.map { text -> Scenario.Window in
            guard let w = Scenario.Window(rawValue: text) else { throw ValidationError("--window must be edge or full, not '\(text)'") }
            return w
        }
        let rect = player.windowRect(windowChoice)
        do {
            try FrameSpec.checkPixels(size: rect.size, scale: scale)
        } catch {
            throw ValidationError("--\(error.field): \(error.reason)")
        }
        let folder = out ?? "out/\(scenario.fileName)"
        try makeDirectory(folder + "/frames")
        let total = player.totalFrames
        let progress = ProgressLine("frame", total: total)
        let every = max(1, total / 24)
        var sheet = ContactSheet(count: every == 1 ? total : total / every + 1, scheme: scenario.environment.colorScheme)
        var animation: AnimatedWebP?
        var pluginErrors = Set<String>()
        let seconds = try measure {
            while try player.advance() {
                let (image, errors) = try player.render(window: rect, scale: scale)
                errors.forEach { pluginErrors.insert($0.description) }
                let pixels = image.straightPixels()  // once, for both encoders
                if !noFrames {
                    try ImageSurface.write(ImageSurface.pngData(straightPixels: pixels, width: image.width, height: image.height),
                                           to: "\(folder)/frames/\(String(format: "%04d", player.frameIndex)).png")
                }
                if animation == nil && !noAnimation { animation = try AnimatedWebP(width: image.width, height: image.height) }
                try animation?.add(straightPixels: pixels, duration: player.frameDuration)
                if player.frameIndex % every == 0 || player.frameIndex == 1 {
                    let state = scenario.edges.keys.sorted().map { "\(player.driver.container.state(of: $0))" }.joined(separator: " ")
                    try sheet.add(image, label: "#\(player.frameIndex) \(fixed(player.time, 2))s \(state)")
                }
                progress.update(player.frameIndex)
            }
        }
        progress.finish()
        try animation?.write(to: "\(folder)/\(scenario.fileName).webp")
        try sheet.finish().writePNG(to: "\(folder)/contact-sheet.png")
        for error in pluginErrors.sorted() { FileHandle.standardError.write(Data("warning: \(error)\n".utf8)) }
        print("\(scenario.name): \(player.frameIndex) frames in \(fixed(seconds, 2)) s (\(fixed(Double(player.frameIndex) / seconds, 0)) frames/s)")
        print("  frames:        \(noFrames ? "(not written)" : "\(folder)/frames/")")
        print("  contact sheet: \(folder)/contact-sheet.png")
        print("  animation:     \(noAnimation ? "(not written)" : "\(folder)/\(scenario.fileName).webp")")
        for (frame, event) in player.events { print("  frame \(frame): \(event)") }
    }
}
