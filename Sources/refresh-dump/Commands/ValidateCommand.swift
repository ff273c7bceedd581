import ArgumentParser
import Foundation
import RefreshHost
import RefreshPluginSDK

/// `refresh-dump validate`: checks a plugin in a child process, so a crash or a hang is reported
/// instead of taking the caller down.
struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check a plugin before shipping it: ABI, parameters, every state, determinism, speed, crashes.",
        discussion: """
            The plugin runs in a child process. Checks: the descriptor and ABI; its name, version and
            summary printable; every parameter at its limits and choices; the refresh length within
            1...2000 pt; every state at several progress values, times, both themes, every edge and reduced
            motion, all on one surface that keeps what earlier frames left: nothing painted outside the
            frame, the Cairo context left as it was given (every save restored, operator and transformation
            put back, no error status); the same frame twice gives the same bytes; the median frame time at
            780×240 px, in CPU time, against the budget (a warning unless --enforce-budget, a failure
            over 10× it); the child's peak memory
            against --memory-mb. A crash names the signal and the step; a child that ends before its last
            check (an exit() in the plugin) fails; a hang is stopped after --timeout seconds of the
            child's CPU time, so a busy machine does not fail a healthy plugin.
            Exit 0 only when every check passes.
            """
    )

    @Argument(help: "The plugin's shared library.")
    var path: String
    @Option(help: "Seconds of CPU time the child may use (wall time may be ten times that).")
    var timeout: Double = 60
    @Option(name: .customLong("memory-mb"), help: "Peak memory (resident) the child may reach, in MB.")
    var memoryMegabytes: Double = 512
    @Option(name: .customLong("budget-ms"), help: "Frame-time budget, median, in milliseconds.")
    var budgetMilliseconds: Double = 0.5
    @Flag(name: .customLong("enforce-budget"), help: "Fail, rather than warn, when the median frame time is over budget.")
    var enforceBudget = false

    func run() throws {
        guard timeout > 0, timeout.isFinite, timeout <= 86_400 else { throw ValidationError("--timeout must be in 0...86400 seconds") }
        guard memoryMegabytes > 0, memoryMegabytes.isFinite, memoryMegabytes <= 1_048_576 else { throw ValidationError("--memory-mb must be > 0") }
        guard budgetMilliseconds > 0, budgetMilliseconds.isFinite else { throw ValidationError("--budget-ms must be > 0") }
        let child = Process()
        child.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        child.arguments = ["validate-child", path, "--budget-ms", "\(budgetMilliseconds)", "--memory-mb", "\(memoryMegabytes)"] + (enforceBudget ? ["--enforce-budget"] : [])
        // The Swift runtime's crash backtrace would bury the report; the signal and step are enough.
        child.environment = ProcessInfo.processInfo.environment.merging(["SWIFT_BACKTRACE": "enable=no"]) { _, new in new }
        let pipe = Pipe(), lifeline = Lifeline.pipe()
        child.standardOutput = pipe
        child.standardInput = lifeline  // killing validate ends the check child too
        child.standardError = FileHandle.standardError
        defer { withExtendedLifetime(lifeline) {} }
        try child.run()
        // Test hook: name the check child, so a test can kill validate and see the child end.
        if ProcessInfo.processInfo.environment["REFRESHKIT_ANNOUNCE_CHILD"] != nil {
            FileHandle.standardError.write(Data("check child \(child.processIdentifier)\n".utf8))
        }
        let finished = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            child.waitUntilExit()
            finished.signal()
        }
        // The limit is the child's CPU time (and, far beyond it, wall time): polled every 0.1 s.
        var timedOut = false, overMemory = false
        let started = Date()
        while finished.wait(timeout: .now() + 0.1) == .timedOut {
            let usage = ChildUsage(pid: child.processIdentifier)
            timedOut = (usage?.cpuSeconds ?? 0) > timeout || Date().timeIntervalSince(started) > timeout * 10
            overMemory = (usage?.residentMegabytes ?? 0) > memoryMegabytes * 2  // runaway: the child's own check reports the peak
            if timedOut || overMemory {
                kill(child.processIdentifier, SIGKILL)
                finished.wait()
                break
            }
        }
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        var failures = 0, lastStep = "loading", done = false
        print("validate \(PluginError.printable(path))")
        for line in output.split(separator: "\n") {
            if line.hasPrefix("STEP ") {
                lastStep = String(line.dropFirst(5))
            } else if line == ValidateChildCommand.doneMarker {
                done = true
            } else {
                print("  " + line)
                if line.hasPrefix("✗") { failures += 1 }
            }
        }
        if timedOut {
            print("  ✗ timed out after \(fixed(timeout, 0)) s of CPU time during: \(lastStep)")
            failures += 1
        } else if overMemory {
            print("  ✗ used over \(fixed(memoryMegabytes * 2, 0)) MB of memory during: \(lastStep); stopped")
            failures += 1
        } else if child.terminationReason == .uncaughtSignal {
            let signal = child.terminationStatus
            let name = strsignal(signal).map { String(cString: $0) } ?? "signal \(signal)"
            print("  ✗ crashed with signal \(signal) (\(name)) during: \(lastStep)")
            failures += 1
        } else if child.terminationStatus != 0 && failures == 0 {
            print("  ✗ the check process ended with status \(child.terminationStatus)")
            failures += 1
        } else if !done && failures == 0 {
            // The plugin ended the process itself (exit() in render): a host would be gone too.
            print("  ✗ the check process ended early (status \(child.terminationStatus)) during: \(lastStep); a plugin must never end its host")
            failures += 1
        }
        print(failures == 0 ? "PASS" : "FAIL: \(failures) check(s) failed")
        if failures > 0 { throw ExitCode(1) }
    }
}

/// The child side of `validate`: loads the plugin in this process and prints one line per check.
/// `STEP` lines name what is about to run, so the parent can say where a crash happened.
struct ValidateChildCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "validate-child", shouldDisplay: false)

    @Argument var path: String
    @Option(name: .customLong("budget-ms")) var budgetMilliseconds: Double = 0.5
    @Option(name: .customLong("memory-mb")) var memoryMegabytes: Double = 512
    @Flag(name: .customLong("enforce-budget")) var enforceBudget = false

    /// The last line of a child that ran every check.
    static let doneMarker = "DONE"
    /// The refresh lengths a host can use, in points.
    static let sensibleLengths = Defaults.refreshLengths
    /// How many times the budget a median frame may take before it fails without --enforce-budget.
    static let farOverBudget = 10.0

    /// Writes a line unbuffered, so the parent has it even if the next step crashes.
    func say(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    func step(_ what: String) { say("STEP " + what) }

    func run() throws {
        Lifeline.exitWhenClosed(0)
        step("loading the library and creating an instance")
        let library: PluginLibrary
        let indicator: PluginIndicator
        do {
            library = try PluginLibrary(path: path)
            indicator = try library.makeIndicator()
        } catch {
            say("✗ load: \(error)")
            throw ExitCode(1)
        }
        let info = library.info
        say("✓ descriptor: \(info.indicator.id) “\(info.indicator.name)” \(info.indicator.version), ABI \(info.abiVersion), refresh length \(indicator.refreshLength)")
        let unprintable = library.unprintableFields
        say(unprintable.isEmpty ? "✓ text: name, version and summary printable"
                                : "✗ text: \(unprintable.joined(separator: ", ")) \(unprintable.count == 1 ? "holds" : "hold") bytes that are not UTF-8 or control characters (a terminal escape, a newline)")
        say(Self.sensibleLengths.contains(indicator.refreshLength) ? "✓ refresh length \(indicator.refreshLength) pt is within 1...2000"
                                                                  : "✗ refresh length \(indicator.refreshLength) pt is outside 1...2000 (a host would pull the list that far)")
        say("✓ parameters: " + (info.parameters.isEmpty ? "none" : info.parameters.map { "\($0.name) (\($0.kindName))" }.joined(separator: ", ")))

        // Every parameter at its limits and every choice: create must work and the length stay finite.
        var variants = 0, rejected = 0
        for spec in info.parameters {
            let values: [ParameterValue] = switch spec.kind {
            case .number(_, let range): [.number(range.lowerBound), .number(range.upperBound)]
            case .bool(let b): [.bool(!b)]
            case .choice(_, let options): options.map { .string($0) }
            case .color: [.color(.black), .color(Color(red: 1, green: 1, blue: 1, alpha: 0.5))]
            case .string: [.string(""), .string("Ünïcödé テスト اختبار")]
            }
            for value in values {
                step("create with \(spec.name) = \(value.json)")
                do {
                    let made = try library.makeIndicator(ParameterValues(specs: info.parameters, overrides: [spec.name: value]))
                    guard Self.sensibleLengths.contains(made.refreshLength) else { throw PluginError(file: path, reason: .invalidRefreshLength(made.refreshLength)) }
                    variants += 1
                } catch let error as PluginError {
                    // Free text may be rejected for what it says (a path that is not path data), with a reason.
                    if case .string = spec.kind, case .createFailed(let reason) = error.reason, !reason.isEmpty {
                        rejected += 1
                    } else {
                        say("✗ parameter \(spec.name) = \(value.json): \(error)")
                    }
                }
            }
        }
        say("✓ parameter limits and choices: \(variants) instances created, refresh length within 1...2000 in all"
            + (rejected > 0 ? "; \(rejected) free-text values rejected with a reason" : ""))

        // Every state, at several progress values and times, both themes, every edge, reduced motion.
        let states: [RefreshState] = [.none, .pulling(progress: 0), .pulling(progress: 0.3), .pulling(progress: 0.7), .pulling(progress: 1), .eligible,
                                      .refreshing, .finished(.success), .finished(.failure), .finished(.noMoreData), .noMoreData,
                                      .secondaryEligible, .secondaryOpen, .secondaryClosing]
        var frames = 0, nondeterministic: [String] = [], renderErrors: [String] = [], untidy: [String] = [], outside: [String] = []
        // One surface for every frame, as in a host: a margin of sentinel colour around the frame
        // shows paint outside it; the state each frame leaves is checked after it.
        let stage = try ValidationStage()
        // Every state, edge, theme and motion setting at three times; then every placement (the
        // frame's size follows the pull when stretched, and a host's draw rectangle is given).
        var cases: [(label: String, frame: IndicatorFrame)] = []
        for edge in RefreshEdge.allCases {
            for scheme in IndicatorEnvironment.ColorScheme.allCases {
                for reduceMotion in [false, true] {
                    for state in states {
                        for time in [0.0, 0.4, 1.7] {
                            var spec = FrameSpec(state: state)
                            spec.edge = edge
                            spec.size = edge.axis == .vertical ? Defaults.bandSize : Size(width: Defaults.bandSize.height, height: Defaults.bandSize.width)
                            spec.time = time
                            spec.stateTime = time
                            spec.environment = IndicatorEnvironment(colorScheme: scheme, reduceMotion: reduceMotion, locale: time > 1 ? "ar" : "en")
                            cases.append(("\(edge) \(scheme) \(state) t=\(time)\(reduceMotion ? " reduce-motion" : "")", spec.frame(refreshLength: indicator.refreshLength)))
                        }
                    }
                }
            }
        }
        for placement in IndicatorPlacement.allCases {
            for state in states {
                var spec = FrameSpec(state: state)
                spec.size = placement == .stretch ? Size(width: Defaults.bandSize.width, height: 24) : Defaults.bandSize
                var frame = spec.frame(refreshLength: indicator.refreshLength)
                frame.placement = placement
                frame.drawRect = placement == .push ? nil : Rect(x: 0, y: 0, width: spec.size.width, height: spec.size.height)
                frame.secondaryProgress = state.isSecondFloor ? 1.2 : 0
                cases.append(("\(placement) \(state)", frame))
            }
        }
        for (label, frame) in cases {
            step("render \(label)")
            indicator.refreshState = frame.state
            do {
                let first = try stage.render(indicator, frame)
                if !indicator.lastUntidiness.isEmpty { untidy.append("\(label): \(indicator.lastUntidiness.joined(separator: ", "))") }
                let second = try stage.render(indicator, frame)
                if first != second { nondeterministic.append(label) }
                if !stage.marginIsIntact(second) {
                    outside.append(label)
                    stage.repaintMargin()
                }
                frames += 1
            } catch {
                renderErrors.append("\(label): \(error)")
                if !indicator.lastUntidiness.isEmpty { untidy.append("\(label): \(indicator.lastUntidiness.joined(separator: ", "))") }
            }
        }
        say(renderErrors.isEmpty ? "✓ rendering: \(frames) frames in every state, edge, placement, theme and motion setting"
                                 : "✗ rendering: \(renderErrors.count) frames failed, first: \(renderErrors[0])")
        say(untidy.isEmpty ? "✓ Cairo state: every frame left the context as it was given"
                           : "✗ Cairo state: \(untidy.count) frames left the context changed, first: \(untidy[0])")
        say(outside.isEmpty ? "✓ bounds: nothing painted outside the frame"
                            : "✗ bounds: \(outside.count) frames painted outside the frame (over a host's list or panel), first: \(outside[0])")
        let changes = PluginSideEffects.changesSeen.sorted()
        say(changes.isEmpty ? "✓ process: working directory, locale and signal handlers left alone"
                            : "✗ process: the plugin \(changes.joined(separator: ", ")) (the host put it back; a plugin must not)")
        say(nondeterministic.isEmpty ? "✓ determinism: every frame rendered twice gave the same pixels"
                                     : "✗ determinism: \(nondeterministic.count) frames differ between two renders, first: \(nondeterministic[0])")

        // Words for screen readers: every state a user hears, at a refresh and a load edge, in each shipped locale.
        step("describing every state")
        var own = 0, missing: [String] = []
        for locale in StateDescription.locales {
            for edge in [RefreshEdge.top, .bottom] {
                for state in states where state != .none {
                    if indicator.pluginDescription(state, edge: edge, locale: locale) != nil { own += 1 }
                    let words = indicator.stateDescription(state, edge: edge, locale: locale) ?? ""
                    if words.isEmpty || words.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
                        missing.append("\(state) at \(edge) in \(locale)")
                    }
                }
            }
        }
        let total = StateDescription.locales.count * 2 * (states.count - 1)
        say(missing.isEmpty ? "✓ descriptions: every state has words in \(StateDescription.locales.joined(separator: ", ")) (\(own) of \(total) the plugin's own, the rest the SDK's)"
                            : "✗ descriptions: \(missing.count) states have no words (or control characters), first: \(missing[0])")

        // Speed: median over pulling and refreshing frames at 390×120 pt @2x, clearing included.
        step("timing frames")
        let surface = try ImageSurface(size: Defaults.bandSize, scale: 2)
        let canvas = Canvas(surface: surface)
        var samples: [Double] = []
        for i in 0..<300 {
            let t = Double(i) / 120
            let state: RefreshState = i % 2 == 0 ? .pulling(progress: Double(i % 100) / 100) : .refreshing
            let frame = FrameSpec(state: state).frame(refreshLength: indicator.refreshLength)
            var timed = frame
            timed.time = t
            timed.stateTime = t
            indicator.refreshState = state
            samples.append(try measureCPU {
                canvas.clear(FrameRenderer.background(for: .light))
                try indicator.draw(in: canvas, frame: timed)
            })
        }
        samples.sort()
        let median = samples[samples.count / 2] * 1000
        let within = median <= budgetMilliseconds
        // Far over (10×) fails whatever the build: no debug build is that much slower.
        let farOver = median > Self.farOverBudget * budgetMilliseconds
        let mark = within ? "✓" : (enforceBudget || farOver ? "✗" : "⚠")
        let note = within ? "" : farOver ? "; over \(Int(Self.farOverBudget))× the budget" : enforceBudget ? "" : "; debug builds are slower, check a release build"
        say("\(mark) frame time: median \(fixed(median)) ms of CPU, p99 \(fixed(samples[samples.count * 99 / 100] * 1000)) ms (budget \(budgetMilliseconds) ms\(note))")
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        let peak = Double(usage.ru_maxrss) / 1024
        say(peak <= memoryMegabytes ? "✓ memory: peak \(fixed(peak, 0)) MB resident (limit \(fixed(memoryMegabytes, 0)) MB)"
                                    : "✗ memory: peak \(fixed(peak, 0)) MB resident, over the limit of \(fixed(memoryMegabytes, 0)) MB")
        say(Self.doneMarker)
    }
}

/// Where `validate` renders: one surface for every frame, the frame in the middle of a margin of
/// a sentinel colour, the frame's area cleared to the theme's background before each frame.
final class ValidationStage {
    static let margin = 8.0
    static let sentinel = Color(red: 1, green: 0, blue: 1)
    private var surface: ImageSurface
    private var canvas: Canvas
    private var size = Size(width: 0, height: 0)
    private var sentinelWord: UInt32 = 0

    init() throws {
        surface = try ImageSurface(size: Size(width: 16, height: 16), scale: 2)
        canvas = Canvas(surface: surface)
    }

    /// Renders `frame` (a new surface when the size changes) and returns the surface's pixels.
    func render(_ indicator: PluginIndicator, _ frame: IndicatorFrame) throws -> [UInt32] {
        if frame.size != size || surface.scale != frame.scale {
            size = frame.size
            surface = try ImageSurface(size: Size(width: size.width + 2 * Self.margin, height: size.height + 2 * Self.margin), scale: frame.scale)
            canvas = Canvas(surface: surface)
            repaintMargin()
        }
        let rect = Rect(x: Self.margin, y: Self.margin, width: size.width, height: size.height)
        canvas.withSavedState {
            canvas.addRect(rect)
            canvas.clip()
            canvas.paint(.color(FrameRenderer.background(for: frame.environment.colorScheme)))
        }
        try canvas.withSavedState {
            canvas.translate(x: Self.margin, y: Self.margin)
            canvas.addRect(Rect(x: 0, y: 0, width: size.width, height: size.height))
            canvas.clip()
            try indicator.draw(in: canvas, frame: frame)
        }
        return surface.pixelWords()
    }

    /// Whether every margin pixel of `pixels` (what ``render(_:_:)`` returned) still has the
    /// sentinel colour.
    func marginIsIntact(_ pixels: [UInt32]) -> Bool {
        let m = Int(Self.margin * surface.scale)
        let width = surface.width, height = surface.height
        for y in 0..<height {
            for x in 0..<width where x < m || y < m || x >= width - m || y >= height - m {
                if pixels[y * width + x] != sentinelWord { return false }
            }
        }
        return true
    }

    /// Paints the whole surface with the sentinel colour (the frame's area is cleared per frame).
    func repaintMargin() {
        canvas.clear(Self.sentinel)
        sentinelWord = surface.pixelWords().first ?? 0
    }
}

/// A child process's CPU time and resident memory, from `/proc/<pid>/stat`.
struct ChildUsage {
    var cpuSeconds: Double
    var residentMegabytes: Double

    init?(pid: Int32) {
        // try?: a child that has ended has no /proc entry; its last sample stands.
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = text.lastIndex(of: ")") else { return nil }
        // Fields after the command name: state is field 3; utime 14, stime 15, rss 24.
        let fields = text[text.index(after: close)...].split(separator: " ")
        guard fields.count > 22, let user = Double(fields[11]), let system = Double(fields[12]), let pages = Double(fields[21]) else { return nil }
        let ticks = Double(sysconf(Int32(_SC_CLK_TCK)))
        cpuSeconds = (user + system) / ticks
        residentMegabytes = pages * Double(sysconf(Int32(_SC_PAGESIZE))) / 1_048_576
    }
}
