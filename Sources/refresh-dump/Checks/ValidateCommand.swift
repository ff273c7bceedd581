import ArgumentParser
import Foundation
import RefreshSystem
import RefreshHost
import RefreshChecks
import RefreshPluginSDK

/// `refresh-dump validate`: checks a plugin in a child process, so a crash or a hang is reported
/// instead of taking the caller down.
struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check a plugin before shipping it: ABI, parameters, every state, determinism, speed, crashes.",
        discussion: """
            The plugin runs in a child process. Checks: the descriptor and ABI; its name, version and \
            summary printable; every parameter at its limits and choices; the refresh length within 1...2000 pt; \
            every state at several progress values, times, both themes, every edge and reduced motion, all on one \
            surface that keeps what earlier frames left: nothing painted outside the frame, the Cairo context left \
            as it was given (every save restored, operator and transformation put back, no error status); the same \
            frame twice gives the same bytes; the median frame time at 780×240 px, in CPU time, against the budget \
            (a warning unless --enforce-budget, a failure over 10× it); the child's peak memory against --memory-mb. \
            A crash names the signal and the step; a child that ends before its last check (an exit() in the plugin) \
            fails; a hang is stopped after --timeout seconds of the child's CPU time, so a busy machine does not \
            fail a healthy plugin. Exit 0 only when every check passes.

            Name the plugin as every command does, --plugin with an id, a name or a path (and --plugin-path \
            folders to search), or give its path alone: `refresh-dump validate --plugin-path .build/debug \
            --plugin "My Indicator"`, `refresh-dump validate .build/debug/libMyIndicator.so`.
            """
    )

    @Argument(help: "The plugin's shared library (or use --plugin).")
    var path: String?
    @Option(name: .long, help: "The plugin: an id (dev.refreshkit.spinner), a name (Spinner) or a path to a .so.")
    var plugin: String?
    @OptionGroup var search: SearchPathOptions
    @Option(help: "Seconds of CPU time the child may use (wall time may be ten times that).")
    var timeout: Double = 60
    @Option(name: .customLong("memory-mb"), help: "Peak memory (resident) the child may reach, in MB.")
    var memoryMegabytes: Double = 512
    @Option(name: .customLong("budget-ms"), help: "Frame-time budget, median, in milliseconds.")
    var budgetMilliseconds: Double = 0.5
    @Flag(name: .customLong("enforce-budget"), help: "Fail, rather than warn, when the median frame time is over budget.")
    var enforceBudget = false
    @Option(help: "How hard to check: 1 loads, creates and draws every state once; 2 (the default) runs every check above; 3 also fuzzes the plugin (random states and progress far outside 0...1, sizes and scales, a state change every frame, rapid state changes, hundreds of instances made and dropped) and draws a sample twice to compare.")
    var level = 2
    @Option(name: .customLong("read"), help: "A file or folder the plugin may read in its sandbox, as its manifest's permissions would let it (repeatable; a bundle's own permissions count too).")
    var readable: [String] = []
    @Flag(name: .customLong("no-sandbox"), help: "Check the plugin without its sandbox: it may read and write any file, use the network and start programs.")
    var noSandbox = false

    func run() throws {
        guard timeout > 0, timeout.isFinite, timeout <= 86_400 else { throw ValidationError("--timeout must be in 0...86400 seconds") }
        guard memoryMegabytes > 0, memoryMegabytes.isFinite, memoryMegabytes <= 1_048_576 else { throw ValidationError("--memory-mb must be > 0") }
        guard budgetMilliseconds > 0, budgetMilliseconds.isFinite else { throw ValidationError("--budget-ms must be > 0") }
        guard (1...3).contains(level) else { throw ValidationError("--level must be 1, 2 or 3") }
        if noSandbox { PluginSandbox.turnOff() }
        let path: String
        switch (self.path, plugin) {
        case (let given?, nil), (nil, let given?): path = try search.searchPath.resolve(given)
        case (nil, nil): throw ValidationError("name the plugin: --plugin <id|name|path>, or its path")
        case (_?, _?): throw ValidationError("name the plugin once: a path or --plugin, not both")
        }
        let child = Process()
        child.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        child.arguments = ["validate-child", path, "--budget-ms", "\(budgetMilliseconds)", "--memory-mb", "\(memoryMegabytes)", "--level", "\(level)"] + (enforceBudget ? ["--enforce-budget"] : [])
            + readable.flatMap { ["--read", $0] }
        // The Swift runtime's crash backtrace would bury the report; the signal and step are enough.
        child.environment = ProcessInfo.processInfo.environment.merging(["SWIFT_BACKTRACE": "enable=no"]) { _, new in new }
        let pipe = Pipe(), lifeline = Lifeline.pipe()
        child.standardOutput = pipe
        child.standardInput = lifeline  // killing validate ends the check child too
        // Its words on standard error (what its own watchdog says of a hang) go into the report.
        let errors = Pipe()
        child.standardError = errors
        defer { withExtendedLifetime(lifeline) {} }
        // Its end is signalled by Foundation's own reaper. Not `waitUntilExit` on a thread of its
        // own: off the main thread that spins its run loop (getpid and gettid without end), a
        // second core busy for the whole check (a quarter of validate's CPU).
        let finished = DispatchSemaphore(value: 0)
        child.terminationHandler = { _ in finished.signal() }
        let spawned: Void? = try TemporaryPaths.whileSpawning {
            try child.run()
            // The plugin runs in the check child: a stop signal from it is the plugin's doing, not a user's.
            TemporaryPaths.rememberPluginHost(child.processIdentifier)
        }
        guard spawned != nil else { throw ValidationError("the command is stopping") }
        defer { TemporaryPaths.forgetPluginHost(child.processIdentifier) }
        // Test hook: name the check child, so a test can kill validate and see the child end.
        if ProcessInfo.processInfo.environment["REFRESHKIT_ANNOUNCE_CHILD"] != nil {
            FileHandle.standardError.write(Data("check child \(child.processIdentifier)\n".utf8))
        }
        // Read as it comes: a child whose lines fill the pipe must not block on it (it would look hung).
        // What the plugin prints is capped as a plugin host's is (PluginOutput): the report's
        // lines are a few kilobytes, and a plugin printing without end costs no memory here.
        let drain = PipeDrain(pipe, limit: 4 << 20), errorDrain = PipeDrain(errors, limit: PluginOutput.limit)
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
        let output = String(decoding: drain.wait(), as: UTF8.self)
        let said = String(decoding: errorDrain.wait(), as: UTF8.self)
        FileHandle.standardError.write(Data(said.utf8))  // as before: a plugin's own prints stay visible
        if errorDrain.dropped > 0 {
            FileHandle.standardError.write(Data("\n(\(errorDrain.dropped) more bytes the check child printed are not shown)\n".utf8))
        }
        // The child's last word on why it stopped (its watchdog's "did not return after 30.0 s of CPU time").
        let lastWord = said.split(separator: "\n").last { $0.hasPrefix("Error: ") }.map { ": " + $0.dropFirst("Error: ".count) } ?? ""
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
            // Stopped at twice the limit (the child's own check reports a peak between the two): say both.
            print("  ✗ used over \(fixed(memoryMegabytes * 2, 0)) MB of memory, twice --memory-mb \(fixed(memoryMegabytes, 0)), during: \(lastStep); stopped")
            failures += 1
        } else if let sent = TemporaryPaths.signalSent(by: child.processIdentifier) {
            print("  ✗ sent validate \(String(cString: strsignal(sent))) (signal \(sent)) during: \(lastStep); a plugin must not signal the process that hosts it")
            failures += 1
        } else if child.terminationReason == .uncaughtSignal {
            let signal = child.terminationStatus
            let name = strsignal(signal).map { String(cString: $0) } ?? "signal \(signal)"
            print("  ✗ crashed with signal \(signal) (\(name)) during: \(lastStep)")
            failures += 1
        } else if child.terminationStatus != 0 && failures == 0 {
            print("  ✗ the check process ended with status \(child.terminationStatus) during: \(lastStep)\(lastWord)")
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


/// A child process's CPU time and resident memory, from `/proc/<pid>/stat`.
struct ChildUsage {
    var cpuSeconds: Double
    var residentMegabytes: Double

    init?(pid: Int32) {
        // A child that has ended has no /proc entry; its last sample stands.
        guard let text = CappedFile.kernelText("/proc/\(pid)/stat"),
              let close = text.lastIndex(of: ")") else { return nil }
        // Fields after the command name: state is field 3; utime 14, stime 15, rss 24.
        let fields = text[text.index(after: close)...].split(separator: " ")
        guard fields.count > 22, let user = Double(fields[11]), let system = Double(fields[12]), let pages = Double(fields[21]) else { return nil }
        let ticks = Double(sysconf(Int32(_SC_CLK_TCK)))
        cpuSeconds = (user + system) / ticks
        residentMegabytes = pages * Double(sysconf(Int32(_SC_PAGESIZE))) / 1_048_576
    }
}
