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
            The plugin runs in a child process. Checks: the descriptor and ABI; every parameter at its
            limits and choices; every state at several progress values, times, both themes, every edge and
            reduced motion; the same frame twice gives the same bytes; the refresh length is finite; the
            median frame time at 780×240 px against the budget (a warning unless --enforce-budget).
            A crash names the signal and the step; a hang is stopped after --timeout seconds.
            Exit 0 only when every check passes.
            """
    )

    @Argument(help: "The plugin's shared library.")
    var path: String
    @Option(help: "Seconds the child may take.")
    var timeout: Double = 60
    @Option(name: .customLong("budget-ms"), help: "Frame-time budget, median, in milliseconds.")
    var budgetMilliseconds: Double = 0.5
    @Flag(name: .customLong("enforce-budget"), help: "Fail, rather than warn, when the median frame time is over budget.")
    var enforceBudget = false

    func run() throws {
        guard timeout > 0, timeout.isFinite else { throw ValidationError("--timeout must be > 0") }
        let child = Process()
        child.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        child.arguments = ["validate-child", path, "--budget-ms", "\(budgetMilliseconds)"] + (enforceBudget ? ["--enforce-budget"] : [])
        // The Swift runtime's crash backtrace would bury the report; the signal and step are enough.
        child.environment = ProcessInfo.processInfo.environment.merging(["SWIFT_BACKTRACE": "enable=no"]) { _, new in new }
        let pipe = Pipe()
        child.standardOutput = pipe
        child.standardError = FileHandle.standardError
        try child.run()
        let finished = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            child.waitUntilExit()
            finished.signal()
        }
        var timedOut = false
        if finished.wait(timeout: .now() + timeout) == .timedOut {
            timedOut = true
            kill(child.processIdentifier, SIGKILL)
            finished.wait()
        }
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        var failures = 0, lastStep = "loading"
        print("validate \(path)")
        for line in output.split(separator: "\n") {
            if line.hasPrefix("STEP ") {
                lastStep = String(line.dropFirst(5))
            } else {
                print("  " + line)
                if line.hasPrefix("✗") { failures += 1 }
            }
        }
        if timedOut {
            print("  ✗ timed out after \(fixed(timeout, 0)) s during: \(lastStep)")
            failures += 1
        } else if child.terminationReason == .uncaughtSignal {
            let signal = child.terminationStatus
            let name = strsignal(signal).map { String(cString: $0) } ?? "signal \(signal)"
            print("  ✗ crashed with signal \(signal) (\(name)) during: \(lastStep)")
            failures += 1
        } else if child.terminationStatus != 0 && failures == 0 {
            print("  ✗ the check process ended with status \(child.terminationStatus)")
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
    @Flag(name: .customLong("enforce-budget")) var enforceBudget = false

    /// Writes a line unbuffered, so the parent has it even if the next step crashes.
    func say(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    func step(_ what: String) { say("STEP " + what) }

    func run() throws {
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
                    guard made.refreshLength.isFinite else { throw PluginError(file: path, reason: .invalidRefreshLength(made.refreshLength)) }
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
        say("✓ parameter limits and choices: \(variants) instances created, refresh length finite in all"
            + (rejected > 0 ? "; \(rejected) free-text values rejected with a reason" : ""))

        // Every state, at several progress values and times, both themes, every edge, reduced motion.
        let states: [RefreshState] = [.none, .pulling(progress: 0), .pulling(progress: 0.3), .pulling(progress: 0.7), .pulling(progress: 1), .eligible,
                                      .refreshing, .finished(.success), .finished(.failure), .finished(.noMoreData), .noMoreData]
        var frames = 0, nondeterministic: [String] = [], renderErrors: [String] = []
        for edge in RefreshEdge.allCases {
            for scheme in IndicatorEnvironment.ColorScheme.allCases {
                for reduceMotion in [false, true] {
                    for state in states {
                        for time in [0.0, 0.4, 1.7] {
                            var spec = FrameSpec(state: state)
                            spec.edge = edge
                            spec.size = edge.axis == .vertical ? Size(width: 390, height: 120) : Size(width: 120, height: 390)
                            spec.time = time
                            spec.stateTime = time
                            spec.environment = IndicatorEnvironment(colorScheme: scheme, reduceMotion: reduceMotion, locale: time > 1 ? "ar" : "en")
                            let frame = spec.frame(refreshLength: indicator.refreshLength)
                            let label = "\(edge) \(scheme) \(state) t=\(time)\(reduceMotion ? " reduce-motion" : "")"
                            step("render \(label)")
                            indicator.refreshState = frame.state
                            do {
                                let first = try FrameRenderer.render(indicator, frame: frame).pixelWords()
                                let second = try FrameRenderer.render(indicator, frame: frame).pixelWords()
                                if first != second { nondeterministic.append(label) }
                                frames += 1
                            } catch {
                                renderErrors.append("\(label): \(error)")
                            }
                        }
                    }
                }
            }
        }
        say(renderErrors.isEmpty ? "✓ rendering: \(frames) frames in every state, edge, theme and motion setting"
                                 : "✗ rendering: \(renderErrors.count) frames failed, first: \(renderErrors[0])")
        say(nondeterministic.isEmpty ? "✓ determinism: every frame rendered twice gave the same pixels"
                                     : "✗ determinism: \(nondeterministic.count) frames differ between two renders, first: \(nondeterministic[0])")

        // Speed: median over pulling and refreshing frames at 390×120 pt @2x, clearing included.
        step("timing frames")
        let surface = try ImageSurface(size: Size(width: 390, height: 120), scale: 2)
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
            samples.append(try measure {
                canvas.clear(FrameRenderer.background(for: .light))
                try indicator.render(timed, into: canvas)
            })
        }
        samples.sort()
        let median = samples[samples.count / 2] * 1000
        let within = median <= budgetMilliseconds
        let mark = within ? "✓" : (enforceBudget ? "✗" : "⚠")
        say("\(mark) frame time: median \(fixed(median)) ms, p99 \(fixed(samples[samples.count * 99 / 100] * 1000)) ms (budget \(budgetMilliseconds) ms\(within || enforceBudget ? "" : "; debug builds are slower, check a release build"))")
    }
}
