import Foundation
import RefreshPluginSDK
import RefreshHost

/// What `refresh-dump validate` checks in a loaded plugin, one line a check (`✓ …`, `✗ …`, `⚠ …`):
/// the descriptor, the text, the refresh length, every parameter at its limits, every state, edge,
/// placement, theme and motion setting drawn twice on one surface (errors, Cairo state, bounds,
/// process changes, determinism), the state descriptions and, when ``measuresCost``, frame time
/// and memory. `validate` runs it in its child; RefreshTesting runs it in a test's own process.
package struct PluginChecks {
    /// 1: load, create and draw every state once; 2: every check.
    package var level = 2
    /// The median frame time allowed, in milliseconds of CPU.
    package var budgetMilliseconds = 0.5
    /// The peak resident memory allowed, in MB.
    package var memoryMegabytes = 512.0
    /// Fail, rather than warn, over the budget.
    package var enforceBudget = false
    /// Whether frame time and memory are measured: not in a test's process, which is a debug
    /// build shared with the tests (speed belongs to the benchmark and `validate`).
    package var measuresCost = true
    /// Whether the process's working directory, locale and signal handlers are checked: not in a
    /// test's process, where other tests change them at the same time.
    package var checksProcess = true
    /// Where each check's line goes.
    package var say: (String) -> Void
    /// Where each step's name goes before it runs, so a crash can be placed.
    package var step: (String) -> Void = { _ in }

    /// How many times the budget a median frame may take before it fails without `enforceBudget`.
    package static let farOverBudget = 10.0
    /// The longest a state's frames may wait without using CPU (a sleep, I/O, a lock), in
    /// milliseconds (three in four of them, or nine in ten where preemption cannot be told apart:
    /// ``FrameCost/Samples/waitsExcludePreemption``): an eighth of a 60 Hz frame. A render that waits holds the preview's frame
    /// however little CPU it uses.
    package static let longestWaitMilliseconds = 2.0

    /// Checks that say their lines to `say`.
    package init(say: @escaping (String) -> Void) { self.say = say }

    /// Runs the checks on `library` and `indicator` (made with its defaults); returns the stage the
    /// frames were drawn on, for more (validate's fuzzing).
    @discardableResult
    package func run(_ library: PluginLibrary, indicator: PluginIndicator) throws -> ValidationStage {
        let info = library.info
        say("✓ descriptor: \(info.indicator.id) “\(info.indicator.name)” \(info.indicator.version), ABI \(info.abiVersion), refresh length \(indicator.refreshLength)")
        let unprintable = library.unprintableFields
        say(unprintable.isEmpty ? "✓ text: name, version and summary printable"
                                : "✗ text: \(unprintable.joined(separator: ", ")) \(unprintable.count == 1 ? "holds" : "hold") bytes that are not UTF-8 or control characters (a terminal escape, a newline)")
        say(Defaults.refreshLengths.contains(indicator.refreshLength) ? "✓ refresh length \(indicator.refreshLength) pt is within 1...2000"
                                                                  : "✗ refresh length \(indicator.refreshLength) pt is outside 1...2000 (a host would pull the list that far)")
        say("✓ parameters: " + (info.parameters.isEmpty ? "none" : info.parameters.map { "\($0.name) (\($0.kindName))" }.joined(separator: ", ")))

        if level >= 2 {
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
                        guard Defaults.refreshLengths.contains(made.refreshLength) else { throw PluginError(file: info.path, reason: .invalidRefreshLength(made.refreshLength)) }
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
        }

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
        if level == 1 {
            // Each state once, at the top edge in the light theme.
            for state in states { cases.append(("\(state)", FrameSpec(state: state).frame(refreshLength: indicator.refreshLength))) }
        } else {
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
        }
        for (label, frame) in cases {
            step("render \(label)")
            indicator.refreshState = frame.state
            do {
                let first = try stage.render(indicator, frame)
                if !indicator.lastUntidiness.isEmpty { untidy.append("\(label): \(indicator.lastUntidiness.joined(separator: ", "))") }
                let second = try stage.render(indicator, frame)
                // Compared as bytes: an element-wise `!=` is most of the check's time in a debug build.
                let same = first.withUnsafeBytes { a in second.withUnsafeBytes { b in a.count == b.count && (a.count == 0 || memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0) } }
                if !same { nondeterministic.append(label) }
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
        say(renderErrors.isEmpty ? "✓ rendering: \(frames) frames in every state" + (level == 1 ? "" : ", edge, placement, theme and motion setting")
                                 : "✗ rendering: \(renderErrors.count) frames failed, first: \(renderErrors[0])")
        say(untidy.isEmpty ? "✓ Cairo state: every frame left the context as it was given"
                           : "✗ Cairo state: \(untidy.count) frames left the context changed, first: \(untidy[0])")
        say(outside.isEmpty ? "✓ bounds: nothing painted outside the frame"
                            : "✗ bounds: \(outside.count) frames painted outside the frame (over a host's list or panel), first: \(outside[0])")
        let changes = PluginSideEffects.changesSeen.sorted()
        if checksProcess { say(changes.isEmpty ? "✓ process: working directory, locale and signal handlers left alone"
                            : "✗ process: the plugin \(changes.joined(separator: ", ")) (the host put it back; a plugin must not)") }
        say(nondeterministic.isEmpty ? "✓ determinism: every frame rendered twice gave the same pixels"
                                     : "✗ determinism: \(nondeterministic.count) frames differ between two renders, first: \(nondeterministic[0])")

        if level >= 2 {
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

            try contrast(indicator)
            if measuresCost { try measureCost(indicator) }
        }
        return stage
    }

    /// Frame time over pulling and refreshing frames at 390×120 pt @2x (median and p99 of CPU time),
    /// and the process's peak memory.
    private func measureCost(_ indicator: PluginIndicator) throws {
        // Speed: median over pulling and refreshing frames at 390×120 pt @2x, clearing included.
        step("timing frames")
        let measured = try FrameCost.samples(indicator, scale: 2, count: 300)
        let samples = measured.seconds
        let median = samples[samples.count / 2] * 1000
        let within = median <= budgetMilliseconds
        // Far over (10×) fails whatever the build: no debug build is that much slower.
        let farOver = median > Self.farOverBudget * budgetMilliseconds
        let mark = within ? "✓" : (enforceBudget || farOver ? "✗" : "⚠")
        let note = within ? "" : farOver ? "; over \(Int(Self.farOverBudget))× the budget" : enforceBudget ? "" : Self.overBudgetNote
        say("\(mark) frame time: median \(Self.fixed(median)) ms of CPU, p99 \(Self.fixed(samples[samples.count * 99 / 100] * 1000)) ms (budget \(budgetMilliseconds) ms\(note))")
        say(Self.waitingLine(measured))
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        let peak = Double(usage.ru_maxrss) / 1024
        say(peak <= memoryMegabytes ? "✓ memory: peak \(Self.fixed(peak, 0)) MB resident (limit \(Self.fixed(memoryMegabytes, 0)) MB)"
                                    : "✗ memory: peak \(Self.fixed(peak, 0)) MB resident, over the limit of \(Self.fixed(memoryMegabytes, 0)) MB")
    }

    /// The waiting check's line, state by state (a plugin may wait only while refreshing: it passed when
    /// all frames were taken together). Where the waits leave out the time the threads waited for
    /// a CPU, a busy machine cannot put time in them, so a state fails when a quarter of its
    /// frames wait (85 % of them waiting passed the older rule); elsewhere preemption lands in some
    /// frames and must not fail a plugin, so only when nine in ten do.
    static func waitingLine(_ measured: FrameCost.Samples) -> String {
        let share = measured.waitsExcludePreemption ? (kept: 3, of: 4) : (kept: 1, of: 10)
        let quantiles = measured.waits.mapValues { $0[$0.count * share.kept / share.of] * 1000 }.sorted { $0.key < $1.key }
        let waiting = quantiles.filter { $0.value > Self.longestWaitMilliseconds }
        let limit = "\(Self.fixed(Self.longestWaitMilliseconds, 0)) ms"
        let frames = measured.waitsExcludePreemption ? "a quarter of the frames" : "9 frames in 10"
        return waiting.isEmpty
            ? "✓ waiting: in each state \(measured.waitsExcludePreemption ? "three quarters" : "a tenth") of the frames wait \(Self.fixed(quantiles.map(\.value).max() ?? 0)) ms or less without using CPU (limit \(limit))"
            : "✗ waiting: \(frames) " + waiting.map { "while \($0.key) wait \(Self.fixed($0.value)) ms" }.joined(separator: " and ")
                + " or more without using CPU (a sleep, I/O or a lock in render), over \(limit): the preview's frame waits for it"
    }

    /// The ink against the band in both themes (lint's contrast check, WCAG 1.4.11's 3:1): a
    /// warning here, where a plugin must work; `refresh-dump lint` fails it.
    private func contrast(_ indicator: PluginIndicator) throws {
        step("measuring contrast")
        let lowest = try PluginLint.inkContrasts(of: indicator).min { $0.ratio < $1.ratio }.map { (ratio: $0.ratio, at: "\($0.scheme), \($0.state)") }
        guard let lowest else { return say("✓ contrast: no state drew enough ink to judge") }
        let figure = String(format: "%.2f:1", lowest.ratio)
        say(lowest.ratio >= InkContrast.minimum ? "✓ contrast: the ink is \(figure) against the band at least (\(lowest.at))"
                                                : "⚠ contrast: the ink is \(figure) against the band (\(lowest.at)), under WCAG 1.4.11's 3:1; refresh-dump lint says more")
    }

    /// What a frame over the budget (not far over) is told when the budget is not enforced.
    private static var overBudgetNote: String {
        #if DEBUG
        "; debug builds are slower, check a release build"
        #else
        "; --enforce-budget fails it"
        #endif
    }

    private static func fixed(_ value: Double, _ decimals: Int = 3) -> String { String(format: "%.\(decimals)f", value) }
}
