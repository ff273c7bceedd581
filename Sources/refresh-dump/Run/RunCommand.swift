import ArgumentParser
import Foundation
import RefreshSystem
import RefreshAnimationFiles
import RefreshHost
import RefreshPluginSDK

/// `refresh-dump run`: plays a scenario and writes every frame, a contact sheet and an animation.
struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Play a gesture scenario and write its frames, a contact sheet and, with --format, animations (MP4, GIF, APNG, WebP).",
        discussion: "Example: refresh-dump run Assets/Scenarios/pull-to-refresh.json --out out/pull"
    )

    @Argument(help: "The scenario JSON file.")
    var scenario: String
    @Option(help: "Use this plugin at every edge instead of the scenario's (id, name or path).")
    var plugin: String?
    @OptionGroup var search: SearchPathOptions
    @OptionGroup var scenarioOptions: ScenarioOptions
    @Option(help: "Output folder (default: out/<scenario name>, then -<plugin>, -<theme>, -<locale> when given, so runs that differ never collide).")
    var out: String?
    @Option(help: "edge: a 120-point band at the scenario's edge; full: the whole viewport (default: the scenario's choice).")
    var window: String?
    @Option(help: "Pixels per point.")
    var scale: Double = 2
    @Flag(name: .customLong("no-frames"), help: "Write only the contact sheet (and the animations --format asks for).")
    var noFrames = false
    @OptionGroup var animation: AnimationOptions
    @OptionGroup var sharding: ShardOptions
    @Flag(help: "Also write a lossless animated WebP (the same as --format webp).")
    var webp = false
    @Flag(name: .customLong("no-animation"), help: .hidden)
    var noAnimation = false
    @Option(help: "light or dark, instead of the scenario's theme.")
    var theme: String?
    @Option(help: "A BCP 47 locale (ar, he, fa, ur lay out right to left), instead of the scenario's.")
    var locale: String?
    @Option(name: .customLong("param"), help: "A parameter value name=value for every edge's plugin (repeatable; JSON when it parses as JSON, else text).")
    var params: [String] = []
    @Option(name: .customLong("params"), help: "A parameter file, as the preview's Save writes it: each edge's plugin takes the values the file holds for it; --param entries override them.")
    var paramsFile: String?
    @Flag(help: "Empty the output folder of what earlier runs wrote there first (by default their files that this run does not write are kept, and named).")
    var clean = false
    @Option(help: "Frames drawn at once (each by plugin-host children of its own) and threads that encode them (default: one per core); one job keeps one core busy. The files are the same for any number.")
    var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

    func run() throws {
        do {
            try play()
        } catch let code as ExitCode {
            throw code
        } catch {
            throw RunFolder.namingFinalPaths(error)
        }
    }

    /// Plays the scenario into the staging folder and puts it in place.
    private func play() throws {
        guard jobs >= 1, jobs <= 64 else { throw ValidationError("--jobs must be 1...64") }
        // Begun now, they are ready by the first frame: fontconfig's configuration (the contact
        // sheet's labels, text in frames) and, for plugins in children, the zygote that forks them.
        Fonts.pinInBackground()
        if !scenarioOptions.isolation.inProcess { _ = PluginHostZygote.shared() }
        var overrides = try PluginOptions.parse(params)
        let file = try paramsFile.map(ParametersFileOption.init(path:))
        if let file, let plugin {
            // One plugin at every edge: the file must hold its values.
            let info = try ParametersFileOption.info(of: plugin, in: search.searchPath, isolation: scenarioOptions.isolation.isolation)
            overrides = (try file.values(for: info, except: overrides, required: true) ?? [:]).merging(overrides) { $1 }
        }
        let scheme = try theme.map { name -> IndicatorEnvironment.ColorScheme in
            guard let scheme = IndicatorEnvironment.ColorScheme(rawValue: name) else { throw ValidationError("--theme must be light or dark, not '\(name)'") }
            return scheme
        }
        // Plugins in children draw `jobs` frames at once; a plugin in this process is single-threaded.
        if let locale, !Scenario.isLocaleTag(locale) {
            throw ValidationError("--locale: '\(PluginError.printable(String(locale.prefix(40))))' is not a BCP 47 tag such as en, zh-Hans or ar")
        }
        let lanes = scenarioOptions.isolation.inProcess ? 1 : jobs
        defer { SparePluginHosts.shared.endAll() }
        let player = try scenarioOptions.player(self.scenario, search: search, plugin: plugin, parameters: overrides, spares: lanes) { scenario in
            if let scheme { scenario.environment.colorScheme = scheme }
            if let locale {
                scenario.environment.locale = locale
                scenario.environment.layoutDirection = TextDirection(locale: locale)
            }
            if let file, plugin == nil { try file.apply(to: &scenario, except: overrides, search: search.searchPath, allowsPluginPaths: scenarioOptions.allowPluginPaths,
                                                              isolation: scenarioOptions.isolation.isolation) }
            for edge in scenario.edges.keys { scenario.edges[edge]!.parameters.merge(overrides) { $1 } }
        }
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
        let folder = out ?? defaultFolder(scenario)
        // A shard writes every COUNT-th frame from its INDEX; shard 0 also the contact sheet and
        // the animations (which need every frame). Every shard plays the whole scenario.
        let (shardIndex, shardCount) = try sharding.resolved()
        let leads = shardIndex == 0
        let staged = try RunFolder(folder)
        var committed = false
        defer { if !committed { staged.abandon() } }
        if !noFrames { try makeDirectory(staged.staging + "/frames") }
        let writer = FrameWriter(folder: staged.staging + "/frames", jobs: jobs)
        let total = player.totalFrames
        let progress = ProgressLine("frame", total: total)
        let every = max(1, total / 24)
        var sheet = ContactSheet(count: every == 1 ? total : total / every + 1, scheme: scenario.environment.colorScheme)
        let animationFormats = try animation.formats(adding: webp ? ["webp"] : [])
        var animations: [any AnimationEncoder] = []
        let animationPath = { (format: AnimationFormat) in "\(staged.staging)/\(scenario.fileName).\(format.fileExtension)" }
        var pluginErrors = Set<String>()
        var written: [Int] = []
        var stopped: (frame: Int, time: Double, edge: RefreshEdge, error: PluginError)?
        let frameDuration = player.frameDuration
        // With more than one job each animation is encoded on a thread of its own, overlapping the
        // rendering; a frame handed to an encoder is then never drawn over again.
        let pipelined = jobs > 1 && !animationFormats.isEmpty
        let pool = PlayerPool(first: player, count: lanes, wanted: { leads || (($0 - 1) % shardCount == shardIndex && !noFrames) }) { [noFrames] player in
            try player.render(window: rect, scale: scale, reusing: noFrames || pipelined ? nil : writer.recycledImage())
        }
        defer { pool.finish() }
        let seconds = try measure {
            while let frame = try pool.next() {
                if let (edge, error) = frame.stopped {
                    // A plugin's child crashed or hung: what came before stays; this frame shows only its card.
                    stopped = (frame.index, frame.time, edge, error)
                    break
                }
                frame.errors.forEach { pluginErrors.insert($0.description) }
                if leads, frame.index % every == 0 || frame.index == 1 {
                    try sheet.add(frame.image, label: "#\(frame.index) \(fixed(frame.time, 2))s \(frame.states)")
                }
                if leads, animations.isEmpty {
                    // A scene is drawn on the list's background: every frame is opaque.
                    animations = try animationFormats.map { format -> any AnimationEncoder in
                        let encoder = try format.encoder(path: animationPath(format), width: frame.image.width, height: frame.image.height, frameRate: 1 / frameDuration, opaque: true)
                        return pipelined ? PipelinedEncoder(encoder) : encoder
                    }
                }
                for encoder in animations { try encoder.add(frame.image, duration: frameDuration) }
                if !noFrames && (frame.index - 1) % shardCount == shardIndex {
                    try writer.write(frame.image, pixels: nil, index: frame.index)
                    written.append(frame.index)
                }
                progress.update(frame.index)
            }
            pool.finish()
            try writer.finish()
        }
        progress.finish()
        for encoder in animations { try encoder.finish() }
        if leads { try sheet.finish().writePNG(to: "\(staged.staging)/contact-sheet.png") }
        if shardCount > 1 {
            // The shard's result: which frames it wrote, and the events (the same in every shard).
            let result = RunShardResult(shard: shardIndex, count: shardCount, frames: written, events: player.events.map { .init(frame: $0.frame, event: "\($0.event)") })
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            try OutputFile.write(encoder.encode(result), to: "\(staged.staging)/run-shard-\(shardIndex)-of-\(shardCount).json")
            ShardOptions.acknowledge()
        }
        let reproducer = "\(folder)/reproducer.json"
        if let stopped { try OutputFile.write(player.reproducer(through: stopped.frame).fileData(), to: "\(staged.staging)/reproducer.json") }
        let kept = try staged.commit(clean: clean)
        committed = true
        if let stopped {
            let message = [
                "error: \(stopped.error.description)",
                "  plugin \(player.plugins[stopped.edge]?.info.indicator.id ?? "?") at the \(stopped.edge.rawValue) edge, at frame \(stopped.frame) (t=\(fixed(stopped.time, 3)) s) of \(scenario.name)",
                "  \(written.count) frames before it written in \(folder)\(noFrames ? " (--no-frames)" : "")",
                "  to replay it in this process, under a debugger: refresh-dump run --in-process --allow-plugin-paths \(reproducer)",
            ]
            FileHandle.standardError.write(Data((message.joined(separator: "\n") + "\n").utf8))
            throw ExitCode(2)
        }
        for error in pluginErrors.sorted() { FileHandle.standardError.write(Data("warning: \(error)\n".utf8)) }
        print("\(scenario.name): \(player.frameIndex) frames in \(fixed(seconds, 2)) s (\(fixed(Double(player.frameIndex) / seconds, 0)) frames/s)")
        print("  frames:        \(noFrames ? "(not written)" : "\(folder)/frames/")")
        if shardCount > 1 { print("  shard:         \(shardIndex)/\(shardCount): \(written.count) frames written\(leads ? ", with the contact sheet and animations" : "")") }
        print("  contact sheet: \(leads ? "\(folder)/contact-sheet.png" : "(shard 0 writes it)")")
        print("  animation:     \(animationFormats.isEmpty ? "(not written; --format mp4,gif,apng,webp writes them)" : animationFormats.map { "\(folder)/\(scenario.fileName).\($0.fileExtension)" }.joined(separator: ", "))")
        if !kept.isEmpty { print("  kept:          \(kept.joined(separator: ", ")) (an earlier run's; --clean removes them)") }
        for (frame, event) in player.events { print("  frame \(frame): \(event)") }
        for line in player.triggersNeverReached { print("  trigger:       \(line) (a drag's \"reach\": 1.3 pulls 1.3 times the trigger of whatever plugin plays it)") }
    }

    /// `out/<name>`, then what makes this run differ from the scenario as written.
    func defaultFolder(_ scenario: Scenario) -> String {
        var parts = [scenario.fileName]
        if let plugin { parts.append(Scenario.safeFileName(plugin)) }
        if let theme { parts.append(theme) }
        if let locale { parts.append(Scenario.safeFileName(locale)) }
        if !params.isEmpty || paramsFile != nil {
            // FNV-1a of the parameters: the same for the same options on every run and machine.
            let hash = (params + [paramsFile.map { "@" + $0 } ?? ""]).joined(separator: "&").utf8.reduce(UInt64(0xcbf2_9ce4_8422_2325)) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
            parts.append("params-" + String(hash % 1_000_000_007, radix: 36))
        }
        return "out/" + parts.joined(separator: "-")
    }
}

/// What one shard of `run --shard` wrote: its frames, and the events (the same in every shard).
struct RunShardResult: Encodable {
    /// One event and the frame it came in.
    struct Event: Encodable {
        var frame: Int
        var event: String
    }
    /// The file's version (``FileVersion``): 1.
    var version = 1
    var shard: Int
    var count: Int
    var frames: [Int]
    var events: [Event]
}
