import ArgumentParser
import Foundation
import RefreshHost
import RefreshChecks

/// `refresh-dump fuzz`: hostile inputs through every stage, in child processes so that a crash or
/// a hang is counted rather than ending the run.
struct FuzzCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fuzz",
        abstract: "Feed generated hostile inputs through every stage and count crashes, hangs and non-finite outputs.",
        discussion: """
            Stages: svg (parse → flatten → measure → trim → fit → render), scenario (reader → player → frames), \
            params (every plugin's create and frames), lottie (the plugin's checks → rlottie). Inputs are \
            reproducible: input N of a seed is always the same (`--first N --inputs 1` runs it alone).
            Batches run in child processes with a deadline; a batch that crashes or hangs is run again input \
            by input to count them. Exits 1 when anything was not clean.
            """
    )

    @Option(help: "Stages, comma-separated: svg, scenario, params, lottie (default: all).")
    var stage: String = Fuzzer.Stage.allCases.map(\.rawValue).joined(separator: ",")
    @Option(help: "Inputs per stage.")
    var inputs: Int = 1000
    @Option(help: "The first input's index.")
    var first: Int = 0
    @Option(help: "The seed.")
    var seed: UInt64 = 2026
    @Option(help: "Seconds a child may take for its batch before it counts as hung; a hung batch is run again input by input, each with the same deadline.")
    var deadline: Double = 120
    @OptionGroup var search: SearchPathOptions
    @Flag(help: .hidden) var worker = false
    /// A worker's scratch folder goes inside its parent's, which the parent removes however the worker ended.
    @Option(help: .hidden) var scratchIn: String?

    func run() throws {
        let stages = try stage.split(separator: ",").map { name -> Fuzzer.Stage in
            guard let stage = Fuzzer.Stage(rawValue: String(name)) else { throw ValidationError("--stage: '\(name)' is not one of svg, scenario, params, lottie") }
            return stage
        }
        guard inputs >= 1, inputs <= 100_000_000, first >= 0, first <= 1 << 40 else { throw ValidationError("--inputs must be 1...100000000 and --first ≥ 0") }
        guard deadline >= 1, deadline <= 86_400 else { throw ValidationError("--deadline must be 1...86400 seconds") }
        let folder = try ScratchFolder("fuzz", in: scratchIn), scratch = folder.path
        defer { folder.remove() }
        if worker {
            Lifeline.exitWhenClosed(0)
            // Test hooks: crash or hang at one input, so tests can check that the parent counts them.
            let environment = ProcessInfo.processInfo.environment
            for (name, action) in [("REFRESHKIT_FUZZ_CRASH_AT", { UnsafeMutablePointer<Int>(bitPattern: 8)!.pointee = 1 }), ("REFRESHKIT_FUZZ_HANG_AT", { while true { pause() } })] {
                if let at = environment[name].flatMap(Int.init), (first..<(first + inputs)).contains(at) { action() }
            }
            let report = Fuzzer.run(stages[0], seed: seed, first: first, count: inputs, plugins: search.searchPath, scratch: scratch)
            FileHandle.standardOutput.write(try JSONEncoder().encode(report) + Data("\n".utf8))
            return
        }
        var clean = true
        for stage in stages {
            let started = Date()
            let report = try runInChildren(stage, scratch: scratch)
            print("\(report) in \(String(format: "%.1f", Date().timeIntervalSince(started))) s")
            for problem in report.problems { print("  \(problem)") }
            clean = clean && report.isClean
        }
        if !clean { throw ExitCode(1) }
    }

    /// Inputs per child process: large for cheap stages, small where one input loads rlottie.
    func batchSize(_ stage: Fuzzer.Stage) -> Int {
        switch stage {
        case .svg: 25_000
        case .scenario: 200
        case .params: 300
        case .lottie: 50
        }
    }

    func runInChildren(_ stage: Fuzzer.Stage, scratch: String) throws -> Fuzzer.Report {
        let size = batchSize(stage)
        let batches = stride(from: first, to: first + inputs, by: size).map { ($0, min(size, first + inputs - $0)) }
        let total = Locked(Fuzzer.Report(stage: stage))
        // Two children at a time: one per core.
        DispatchQueue.concurrentPerform(iterations: min(2, batches.count)) { lane in
            for (start, count) in batches.enumerated().filter({ $0.offset % 2 == lane }).map(\.element) {
                let report = runBatch(stage, start: start, count: count, scratch: scratch)
                total.update { $0.merge(report) }
            }
        }
        return total.value
    }

    /// One child for `count` inputs; when it dies or hangs, each input again alone.
    func runBatch(_ stage: Fuzzer.Stage, start: Int, count: Int, scratch: String) -> Fuzzer.Report {
        switch child(stage, start: start, count: count, scratch: scratch) {
        case .finished(let report):
            return report
        case .crashed, .hung:
            guard count > 1 else { break }
            var report = Fuzzer.Report(stage: stage)
            for index in start..<(start + count) { report.merge(runBatch(stage, start: index, count: 1, scratch: scratch)) }
            return report
        }
        var report = Fuzzer.Report(stage: stage)
        report.inputs = 1
        switch child(stage, start: start, count: 1, scratch: scratch) {
        case .crashed(let signal): report.problem(\.crashes, start, "signal \(signal) (run alone: refresh-dump fuzz --stage \(stage.rawValue) --seed \(seed) --first \(start) --inputs 1)")
        case .hung: report.problem(\.hangs, start, "no answer within \(deadline) s (--first \(start) --inputs 1)")
        case .finished(let again): return again
        }
        return report
    }

    enum ChildOutcome {
        case finished(Fuzzer.Report)
        case crashed(Int32)
        case hung
    }

    func child(_ stage: Fuzzer.Stage, start: Int, count: Int, scratch: String) -> ChildOutcome {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        process.arguments = ["fuzz", "--worker", "--stage", stage.rawValue, "--seed", String(seed), "--first", String(start),
                             "--inputs", String(count), "--scratch-in", scratch] + search.pluginPath.flatMap { ["--plugin-path", $0] }
        let output = Pipe(), lifeline = Lifeline.pipe()
        process.standardOutput = output
        process.standardInput = lifeline  // killing fuzz ends its workers too
        process.standardError = FileHandle.nullDevice
        defer { withExtendedLifetime(lifeline) {} }
        let done = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in done.signal() }
        // try?: a worker that cannot start is counted as crashed, with the other workers' results kept.
        guard (try? process.run()) != nil else { return .crashed(-1) }
        let drain = PipeDrain(output)
        if done.wait(timeout: .now() + deadline) == .timedOut {
            kill(process.processIdentifier, SIGKILL)
            done.wait()
            _ = drain.wait()
            return .hung
        }
        let data = drain.wait()
        if process.terminationReason == .uncaughtSignal { return .crashed(process.terminationStatus) }
        guard let line = String(decoding: data, as: UTF8.self).split(separator: "\n").last,
              // try?: a worker without a readable last line is counted as crashed, with its exit status.
              let report = try? JSONDecoder().decode(Fuzzer.Report.self, from: Data(line.utf8)) else { return .crashed(process.terminationStatus) }
        return .finished(report)
    }
}
