import ArgumentParser
import Foundation
import RefreshSystem
import RefreshGoldens
import RefreshHost
import RefreshPluginSDK

/// `refresh-dump verify`: a scenario's checkpoint frames against golden PNGs.
struct VerifyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Compare a scenario's checkpoint frames with golden PNGs; --update rewrites them.",
        discussion: """
            Frames are taken at the scenario's "checkpoints" (or --at) and compared with GOLDEN/t<seconds>.png; \
            a frame that differs gets GOLDEN-failures/…actual.png and …diff.png.
            Every frame's states, progress, offset, events and pixels are compared with \
            GOLDEN/<scenario>.motion.json (its frames in <scenario>.motion-frames/); what differs gets a film \
            strip, GOLDEN-failures/<scenario>.motion-strip.png.
            Prints "N passed, N failed"; exits 1 when any failed.
            """
    )

    @Argument(help: "The scenario JSON file.")
    var scenario: String = ""
    @Option(help: "The folder of golden frames.")
    var golden: String = ""
    @Option(help: "Also write a page (index.html) with the summary and each failure's expected, actual and difference images, and verify-result.json.")
    var report: String?
    @Option(help: "Play the scenario this many times (2...5) and fail a checkpoint whose frames differ between runs: a plugin that is not deterministic.")
    var `repeat`: Int = 1
    @Option(help: "Also write the checkpoints as JUnit XML to this file, for a CI system to show.")
    var junit: String?
    @Option(parsing: .upToNextOption, help: "Add up the verify-result.json of these --report folders (shards); exit 1 if any failed.")
    var merge: [String] = []
    @Option(help: "Use this plugin at every edge instead of the scenario's.")
    var plugin: String?
    @OptionGroup var search: SearchPathOptions
    @OptionGroup var scenarioOptions: ScenarioOptions
    @Option(help: "Checkpoint times in seconds, comma-separated (default: the scenario's).")
    var at: String?
    @Option(help: "Largest channel difference (0-255) a pixel may have and still match.")
    var tolerance: Int = 3
    @Option(help: "Beyond --tolerance, how different a pixel's colour must be to count, 0...1 of black against white (YIQ, brightness weighs most).")
    var threshold: Double = 0
    @Option(name: .customLong("max-diff-pixels"), help: "How many pixels may differ and a frame still pass.")
    var maxDiffPixels: Int = 0
    @Option(name: .customLong("max-diff-ratio"), help: "What share of the pixels (0...1) may differ and a frame still pass.")
    var maxDiffRatio: Double = 0
    @Flag(name: .customLong("count-anti-aliasing"), help: "Count pixels that only moved along an edge (anti-aliasing); by default they do not fail a frame.")
    var countAntiAliasing = false
    @Flag(name: .customLong("no-motion"), help: "Check the checkpoint frames only, not the motion golden.")
    var noMotion = false
    @Option(name: .customLong("time-tolerance"), help: "How many frames an event (a state change, a refresh's end) or a frame may move in time and still match the motion golden.")
    var timeTolerance: Int = 0
    @Option(name: .customLong("motion-pixels"), help: "What a frame between checkpoints whose pixels changed meets: compare (the image comparator, with the stills' tolerance and knobs), exact (any change fails) or ignore (only states, progress, offsets and events).")
    var motionPixels: String = MotionComparison.PixelCheck.compare.rawValue
    @Option(help: "Where failing frames and diffs go (default: GOLDEN-failures).")
    var failures: String?
    @Option(help: "Which goldens this run writes: all, missing (the default), failed or never (the default when CI is set: a missing golden fails). REFRESHKIT_RECORD says the same.")
    var record: String?
    @Flag(help: "Rewrite every golden from this run (--record all).")
    var update = false
    @OptionGroup var sharding: ShardOptions

    func run() throws {
        // Below these no link is followed: the report, the goldens (--update) and their failures folder.
        for folder in [report, golden.isEmpty ? nil : golden, golden.isEmpty ? nil : golden + "-failures"].compactMap({ $0 }) { OutputRoots.add(folder) }
        if !merge.isEmpty { return try mergeResults() }
        guard !scenario.isEmpty, !golden.isEmpty else { throw ValidationError("give a scenario and --golden (or --merge folders)") }
        let player = try scenarioOptions.player(self.scenario, search: search, plugin: plugin)
        let scenario = player.scenario
        var checkpoints = scenario.checkpoints
        if let at {
            let end = Double(player.totalFrames) / scenario.fps
            checkpoints = try at.split(separator: ",").map { text in
                guard let t = Double(text.trimmingCharacters(in: .whitespaces)), t >= 0, t <= end else {
                    throw ValidationError("--at: '\(text)' is not a time in seconds within the scenario (0...\(end))")
                }
                return t
            }
        }
        guard !checkpoints.isEmpty else { throw ValidationError("scenario \(scenario.source): checkpoints: none to check (give --at, or a \"checkpoints\" list in the scenario)") }
        // A shard checks every COUNT-th checkpoint from its INDEX; verify --merge adds the shards up.
        let (shardIndex, shardCount) = try sharding.resolved()
        checkpoints = checkpoints.enumerated().filter { $0.offset % shardCount == shardIndex }.map(\.element)
        if shardCount > 1 { ShardOptions.acknowledge() }
        guard (0...255).contains(tolerance) else { throw ValidationError("--tolerance must be 0...255") }
        guard threshold.isFinite, (0...1).contains(threshold) else { throw ValidationError("--threshold must be 0...1") }
        guard maxDiffPixels >= 0 else { throw ValidationError("--max-diff-pixels must be 0 or more") }
        guard maxDiffRatio.isFinite, (0...1).contains(maxDiffRatio) else { throw ValidationError("--max-diff-ratio must be 0...1") }
        var verifier = ScenarioVerifier(goldenFolder: golden, failureFolder: failures ?? (golden as NSString).standardizingPath + "-failures",
                                        tolerance: tolerance, record: try recordMode())
        verifier.options = PerceptualComparison.Options(threshold: threshold, maxDiffPixels: maxDiffPixels, maxDiffRatio: maxDiffRatio,
                                                        countsAntiAliasing: countAntiAliasing)
        guard (1...5).contains(`repeat`) else { throw ValidationError("--repeat must be 1...5") }
        verifier.keepsPixels = `repeat` > 1
        guard (0...600).contains(timeTolerance) else { throw ValidationError("--time-tolerance must be 0...600 frames") }
        guard let pixelCheck = MotionComparison.PixelCheck(rawValue: motionPixels) else {
            throw ValidationError("--motion-pixels '\(motionPixels)': expected one of \(MotionComparison.PixelCheck.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        // The motion is the whole timeline's: the first shard checks it.
        verifier.motion = noMotion || shardIndex != 0 ? nil : MotionComparison.Options(frameTolerance: timeTolerance, pixels: pixelCheck)
        let makeSibling = player.siblingMaker()
        let verification = try verifier.verify(player, checkpoints: checkpoints)
        var checks = verification.checks, motion = verification.motion
        for run in 2..<(`repeat` + 1) {
            let again = try ScenarioVerifier.replay(try makeSibling(), at: checkpoints, motion: motion != nil)
            for index in checks.indices where !checks[index].pixels.isEmpty && again.pixels[checks[index].time] != checks[index].pixels {
                checks[index].pluginErrors.append("nondeterministic: the frame differs between run 1 and run \(run) (same scenario, plugin and time)")
            }
            if let first = motion?.actual.frames.map(\.hash), let frame = zip(first, again.hashes).enumerated().first(where: { $1.0 != $1.1 })?.offset {
                motion?.pluginErrors.append("nondeterministic: frame \(frame) (\(String(format: "%.3f s", Double(frame) / scenario.fps))) differs between run 1 and run \(run)")
            }
        }
        for check in checks {
            if case .recorded(let why) = check.outcome, check.pluginErrors.isEmpty {
                print("● \(check.name): \(why) in \(golden)")
                continue
            }
            print(check.passed ? "✓ \(check.name)" : "✗ \(check.name): \(check.detail)")
        }
        if let motion {
            if case .recorded(let why) = motion.outcome, motion.pluginErrors.isEmpty {
                print("● \(motion.name): \(why) (\(motion.actual.frames.count) frames) in \(golden)")
            } else {
                print(motion.passed ? "✓ \(motion.name): \(motion.detail)" : "✗ \(motion.name): \(motion.detail)")
            }
        }
        let total = checks.count + (motion == nil ? 0 : 1)
        let failed = checks.filter { !$0.passed }.count + (motion?.passed == false ? 1 : 0)
        let recorded = checks.filter { if case .recorded = $0.outcome { true } else { false } }.count
            + (motion.map { if case .recorded = $0.outcome { 1 } else { 0 } } ?? 0)
        // What the goldens were drawn with goes beside them; a failure says whether that has changed since.
        if recorded > 0 { try RenderingEnvironment.current.store(in: golden) }
        if checks.contains(where: { !$0.outcome.passed }) || motion?.outcome.passed == false, let stored = RenderingEnvironment.stored(in: golden) {
            let changes = RenderingEnvironment.current.changes(since: stored)
            print(changes.isEmpty ? "the goldens were recorded with this rendering environment (\(RenderingEnvironment.fileName)): the frames changed, not the renderer"
                                  : "the goldens were recorded with another rendering environment: " + changes.joined(separator: ", "))
        }
        // The goldens may pass on a scenario that never refreshes the plugin it plays: said, not failed.
        for line in player.triggersNeverReached { print("● \(line) (a drag's \"reach\": 1.3 pulls 1.3 times the trigger of whatever plugin plays it)") }
        print("\(total - failed) passed, \(failed) failed" + (recorded == 0 ? "" : ", \(recorded) recorded"))
        if let report {
            try makeDirectory(report)
            try VerifyReport.write([try VerifyReport(scenario: scenario.fileName, checks: checks, motion: motion, golden: golden, folder: report)], to: report)
            print("report: \(report)/index.html")
        }
        if let junit {
            let motionCase = motion.map { JUnitReport.Case(name: $0.name, time: nil, failure: $0.passed ? nil : $0.detail) }
            try JUnitReport.write([(scenario.fileName, checks.map {
                JUnitReport.Case(name: $0.name, time: $0.time, failure: $0.passed ? nil : $0.detail)
            } + (motionCase.map { [$0] } ?? []))], to: junit)
            print("JUnit: \(junit)")
        }
        if failed > 0 { throw ExitCode(1) }
    }

    /// `--record`, `--update` (all), else `REFRESHKIT_RECORD`, else never under CI and missing elsewhere.
    func recordMode() throws -> RecordMode {
        if let record {
            guard let mode = RecordMode(rawValue: record) else {
                throw ValidationError("--record '\(record)': expected one of \(RecordMode.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            guard !update || mode == .all else { throw ValidationError("--update is --record all; it cannot go with --record \(record)") }
            return mode
        }
        if update { return .all }
        do {
            return try RecordMode.fromEnvironment()
        } catch {
            throw ValidationError("\(error)")
        }
    }

    /// `verify --merge DIR…`: the shards' results as one count (and one page with --report); exit 1
    /// if any shard failed.
    func mergeResults() throws {
        var reports: [VerifyReport] = []
        for folder in merge {
            let path = "\(folder)/\(VerifyReport.resultFile)"
            guard FileManager.default.fileExists(atPath: path) else { throw ValidationError("--merge \(folder): no \(VerifyReport.resultFile) (run verify --report there)") }
            // A shard's result is a few hundred bytes a checkpoint: 64 MB is room for any real one.
            reports += try InputFileError.decode([VerifyReport].self, at: path, limit: 64 << 20, kind: "--merge",
                                         expected: "not a verify result (it has the fields of another file)", newestVersion: VerifyReport.version)
            // A result is a file someone may have sent: the page links only images it copied into its own folder.
            if let (field, link) = reports.lazy.compactMap(\.foreignLink).first {
                throw ValidationError("--merge \(path): \(field): \(InputFileError.quoted(link)) is not a file under images/")
            }
        }
        let passed = reports.map(\.passed).reduce(0, +), failed = reports.map(\.failed).reduce(0, +)
        if let report {
            try makeDirectory(report)
            for folder in merge { try FileTree.copy(from: "\(folder)/images", to: "\(report)/images") }
            try VerifyReport.write(reports, to: report)
        }
        if let junit {
            // One suite a scenario, its shards' checkpoints together, in time order.
            let scenarios = reports.map(\.scenario).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
            try JUnitReport.write(scenarios.map { scenario in
                (scenario, reports.filter { $0.scenario == scenario }.flatMap(\.checks).sorted { $0.time < $1.time }
                    .map { JUnitReport.Case(name: $0.name, time: $0.time, failure: $0.passed ? nil : $0.detail) }
                    + reports.filter { $0.scenario == scenario }.compactMap(\.motion).map { JUnitReport.Case(name: $0.name, time: nil, failure: $0.passed ? nil : $0.detail) })
            }, to: junit)
            print("JUnit: \(junit)")
        }
        print("\(passed) passed, \(failed) failed (\(merge.count) shards)")
        if failed > 0 { throw ExitCode(1) }
    }
}
