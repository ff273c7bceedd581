import ArgumentParser
import Foundation
import RefreshSystem
import RefreshGraphics
import RefreshHost

extension BenchCommand {
    /// What one `refresh-dump run` in a child cost.
    struct RunCost {
        /// Seconds of wall time, process start included.
        var wall: Double
        /// Seconds of CPU time, its plugin-host children included.
        var cpu: Double
        /// Peak resident memory of the run itself, in MB.
        var peakMB: Double
        /// Frames written.
        var frames: Double
        var framesPerSecond: Double { frames / wall }
        var cpuPerFrame: Double { cpu / frames }
    }

    /// `refresh-dump run` of `scenario` in a child, PNGs (and the animations of `formats`, a
    /// comma-separated list), with `jobs`, its plugins in plugin-host children or (`inProcess`) in
    /// itself, into `folder` emptied first, untimed: a run over an earlier output also removes that
    /// output when it is done (20–50 ms of the disk's time for a 2.9-s clip here), which is not the run's.
    func runChild(_ scenario: String, jobs: Int, folder: String, inProcess: Bool, formats: String? = nil) throws -> RunCost {
        // try?: a folder that is not there is already empty; one that cannot go fails the run below.
        try? FileManager.default.removeItem(atPath: folder)
        let started = ContinuousClock.now
        var pid: pid_t = 0
        let arguments = ["refresh-dump", "run", scenario, "--out", folder, "--jobs", String(jobs)] + search.pluginPath.flatMap { ["--plugin-path", $0] }
            + (inProcess ? ["--in-process"] : []) + (formats.map { ["--format", $0] } ?? [])
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        defer { posix_spawn_file_actions_destroy(&actions) }
        guard TemporaryPaths.withChildSignalAttributes({ posix_spawn(&pid, executable, &actions, $0, argv, environ) }) == 0 else { throw ValidationError("could not start \(executable)") }
        var status: Int32 = 0
        var usage = rusage()
        wait4(pid, &status, 0, &usage)
        guard status == 0 else { throw ValidationError("refresh-dump run \(scenario) --jobs \(jobs)\(inProcess ? " --in-process" : "")\(formats.map { " --format \($0)" } ?? "") failed (status \(status))") }
        let elapsed = ContinuousClock.now - started
        let wall = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        // The run's own usage holds its children's too: it waits for every plugin-host child it starts.
        let cpu = Self.cpuSeconds(usage)
        let frames = try FileManager.default.contentsOfDirectory(atPath: folder + "/frames").count
        return RunCost(wall: wall, cpu: cpu, peakMB: Double(usage.ru_maxrss) / 1024, frames: Double(frames))
    }

    /// How many times each `run` is timed; the median counts. Five, not three: on a shared machine
    /// a run now and then takes a third longer, and three medians moved the ratios by ±0.05.
    static let runRepeats = 5

    /// `run`'s throughput in-process and isolated, on one job and on two, in one run (the four
    /// taken in turn, ``runRepeats`` times, medians), and for every shipped scenario as it is the
    /// isolated / in-process ratio on two jobs and two jobs over one, isolated (the three taken in turn).
    func runThroughput() throws -> [Result] {
        guard let pull = Assets.path("Scenarios/pull-to-refresh.json"), let folder = Assets.path("Scenarios") else {
            throw ValidationError("Assets/Scenarios/pull-to-refresh.json is missing")
        }
        let scratch = try ScratchFolder("bench"), out = scratch.path
        defer { scratch.remove() }
        let kinds: [(jobs: Int, inProcess: Bool)] = [(1, true), (2, true), (1, false), (2, false)]
        var costs = [[RunCost]](repeating: [], count: kinds.count)
        for _ in 0..<Self.runRepeats {
            for (index, kind) in kinds.enumerated() {
                costs[index].append(try runChild(pull, jobs: kind.jobs, folder: "\(out)/\(index)", inProcess: kind.inProcess))
            }
        }
        func median(_ index: Int, _ value: (RunCost) -> Double) -> Double { costs[index].map(value).sorted()[costs[index].count / 2] }
        var ratios: [Double] = []
        var perScenario: [Result] = []
        let scenarios = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".json") }.sorted()
        for file in scenarios {
            var pairs: [Double] = [], scaling: [Double] = []
            for _ in 0..<Self.runRepeats {
                let here = try runChild("\(folder)/\(file)", jobs: 2, folder: "\(out)/here", inProcess: true)
                let there = try runChild("\(folder)/\(file)", jobs: 2, folder: "\(out)/there", inProcess: false)
                let alone = try runChild("\(folder)/\(file)", jobs: 1, folder: "\(out)/alone", inProcess: false)
                pairs.append(there.framesPerSecond / here.framesPerSecond)
                scaling.append(there.framesPerSecond / alone.framesPerSecond)
            }
            let name = (file as NSString).deletingPathExtension
            let ratio = pairs.sorted()[pairs.count / 2]
            ratios.append(ratio)
            perScenario.append(Result(name: "run \(name): isolated / in-process, 2 jobs", value: ratio, unit: "×", budget: "≥ 0.95"))
            perScenario.append(Result(name: "run \(name): 2 jobs / 1 job, isolated", value: scaling.sorted()[scaling.count / 2], unit: "×", budget: "≥ 1.6 as shipped"))
        }
        ratios.sort()
        var results: [Result] = []
        for (index, kind) in kinds.enumerated() {
            let name = "run PNGs, \(kind.jobs) job\(kind.jobs == 1 ? "" : "s"), \(kind.inProcess ? "in-process" : "isolated")"
            results.append(Result(name: name + " (wall)", value: median(index) { $0.framesPerSecond }, unit: "frames/s",
                                  budget: kind.jobs == 2 && !kind.inProcess ? "≥ 600 frames/s on two quiet cores" : "(process start included)"))
            results.append(Result(name: name + " (CPU per frame)", value: median(index) { $0.cpuPerFrame } * 1000, unit: "ms", budget: "children included"))
        }
        return results + [
            Result(name: "run isolated / in-process, 1 job", value: median(2) { $0.framesPerSecond } / median(0) { $0.framesPerSecond }, unit: "×", budget: "anchor: in-process, same run"),
            Result(name: "run isolated / in-process, 2 jobs", value: median(3) { $0.framesPerSecond } / median(1) { $0.framesPerSecond }, unit: "×", budget: "≥ 0.85"),
            Result(name: "run CPU per frame, isolated − in-process, 2 jobs", value: (median(3) { $0.cpuPerFrame } - median(1) { $0.cpuPerFrame }) * 1000,
                   unit: "ms", budget: "the boundary's cost"),
            Result(name: "run 2 jobs / 1 job, isolated", value: median(3) { $0.framesPerSecond } / median(2) { $0.framesPerSecond }, unit: "×", budget: "(process start included)"),
            Result(name: "run isolated / in-process, 2 jobs, \(ratios.count) shipped scenarios (lowest)", value: ratios.first ?? 0, unit: "×", budget: "≥ 0.85"),
            Result(name: "run isolated / in-process, 2 jobs, \(ratios.count) shipped scenarios (median)", value: ratios.isEmpty ? 0 : ratios[ratios.count / 2], unit: "×", budget: "≥ 0.85"),
            Result(name: "run peak memory, 2 jobs, isolated", value: median(3) { $0.peakMB }, unit: "MB", budget: "the run itself"),
        ] + perScenario + (try jobScaling(pull, in: out)) + (try pipelining(pull, in: out))
    }

    /// `run --format gif,mp4 --jobs 2` against each format alone (isolated, the shipped
    /// pull-to-refresh; the three taken in turn, three times, medians): each animation is encoded on
    /// a thread of its own beside the frames, so two take little more wall time than the slower one.
    private func pipelining(_ pull: String, in folder: String) throws -> [Result] {
        let kinds = ["gif", "mp4", "gif,mp4"]
        var walls = [[Double]](repeating: [], count: kinds.count)
        for _ in 0..<3 {
            for (index, formats) in kinds.enumerated() {
                walls[index].append(try runChild(pull, jobs: 2, folder: "\(folder)/pipelined-\(index)", inProcess: false, formats: formats).wall)
            }
        }
        let medians = walls.map { $0.sorted()[1] }
        return [
            Result(name: "run --format gif, 2 jobs (wall)", value: medians[0], unit: "s", budget: "PNGs and the GIF"),
            Result(name: "run --format mp4, 2 jobs (wall)", value: medians[1], unit: "s", budget: "PNGs and the MP4"),
            Result(name: "run --format gif,mp4, 2 jobs (wall)", value: medians[2], unit: "s", budget: "PNGs and both"),
            Result(name: "run gif,mp4 ÷ the slower alone, 2 jobs", value: medians[2] / max(medians[0], medians[1]), unit: "×", budget: "little more than 1"),
        ]
    }

    /// How many times the shipped pull-to-refresh plays in the scenario that times the jobs.
    static let scalingRounds = 8

    /// `run --jobs 2` against `--jobs 1` (isolated) on the shipped pull-to-refresh played
    /// ``scalingRounds`` times in one scenario: long enough that the process's start (about 0.07 s,
    /// a quarter of the 2.9-second clip's run on two jobs) does not hide the frames' rate. The two
    /// taken in turn, three times, medians; the cores the two jobs kept busy are their CPU time over
    /// their wall time.
    private func jobScaling(_ pull: String, in folder: String) throws -> [Result] {
        var scenario = try Scenario.load(path: pull)
        scenario.name = "pull-to-refresh-x\(Self.scalingRounds)"
        scenario.steps = Array(repeating: scenario.steps, count: Self.scalingRounds).flatMap { $0 }
        scenario.checkpoints = []
        let long = "\(folder)/pull-to-refresh-x\(Self.scalingRounds).json"
        try OutputFile.write(scenario.fileData(), to: long)
        var one: [RunCost] = [], two: [RunCost] = []
        for _ in 0..<3 {
            one.append(try runChild(long, jobs: 1, folder: "\(folder)/scaling-1", inProcess: false))
            two.append(try runChild(long, jobs: 2, folder: "\(folder)/scaling-2", inProcess: false))
        }
        func median(_ costs: [RunCost], _ value: (RunCost) -> Double) -> Double { costs.map(value).sorted()[costs.count / 2] }
        let name = "pull-to-refresh ×\(Self.scalingRounds), \(Int(one[0].frames)) frames"
        return [
            Result(name: "run 1 job, isolated, \(name)", value: median(one) { $0.framesPerSecond }, unit: "frames/s", budget: "one core: \(String(format: "%.2f", median(one) { $0.cpu / $0.wall })) busy"),
            Result(name: "run 2 jobs, isolated, \(name)", value: median(two) { $0.framesPerSecond }, unit: "frames/s", budget: "cores busy: \(String(format: "%.2f", median(two) { $0.cpu / $0.wall }))"),
            Result(name: "run 2 jobs / 1 job, isolated, \(name)", value: median(two) { $0.framesPerSecond } / median(one) { $0.framesPerSecond }, unit: "×",
                   budget: "≥ 1.6 on two quiet cores"),
        ]
    }
}
