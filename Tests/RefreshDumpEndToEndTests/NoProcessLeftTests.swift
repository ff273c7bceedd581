import Foundation
import Testing
import TestSupport

/// Killing a command leaves no process of ours behind: its children hold a lifeline to it and end
/// when it hangs up, even in the middle of a plugin's endless loop.
@Suite(.leavesNoPluginHost) struct NoProcessLeftTests {
    /// The state letter and the wait status (`exit_code`, field 52) of process `pid`, or nil once
    /// it is gone.
    static func status(of pid: Int32) -> (state: Character, cpuTicks: Int, exitCode: Int)? {
        // try?: a process that is gone has no /proc entry, which is the answer.
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = text.lastIndex(of: ")") else { return nil }
        let fields = text[text.index(close, offsetBy: 2)...].split(separator: " ")
        // After the name: field 3 is the state, 14 and 15 the CPU time in ticks, 52 the exit code.
        return (fields[0].first ?? "?", (Int(fields[11]) ?? 0) + (Int(fields[12]) ?? 0),
                Int(fields[49].trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1)
    }

    @Test func killingValidateEndsItsCheckChildInTheMiddleOfAnEndlessRender() async throws {
        // The CPU limit only guarantees that the test ends if the lifeline failed; then the child
        // ends by SIGXCPU, not by exit status 1, and the test fails.
        let validate = Process()
        validate.executableURL = URL(fileURLWithPath: "/bin/sh")
        validate.arguments = ["-c", "ulimit -t 120; exec \"$0\" \"$@\"", products + "/refresh-dump",
                              "validate", fixturePlugin("FixturePluginRenderHangs"), "--timeout", "3600"]
        validate.environment = ProcessInfo.processInfo.environment.merging(["REFRESHKIT_ANNOUNCE_CHILD": "1"]) { $1 }
        let errors = Pipe()
        validate.standardError = errors
        validate.standardOutput = FileHandle.nullDevice
        try validate.run()
        // validate names its check child on standard error as soon as it has started it.
        var text = ""
        while !text.contains("\n") {
            let chunk = errors.fileHandleForReading.availableData
            guard !chunk.isEmpty else { break }
            text += String(decoding: chunk, as: UTF8.self)
        }
        let line = try #require(text.split(separator: "\n").first { $0.hasPrefix("check child ") }, "validate said: \(text)")
        let child = try #require(Int32(line.dropFirst("check child ".count)))
        // In the endless render once it has used a second of CPU: loading and creating take a
        // small part of that, and it writes nothing more (a write to validate's closed pipe would end
        // it by SIGPIPE, lifeline or not).
        while let now = Self.status(of: child), now.state != "Z", now.cpuTicks < 100 { usleep(10_000) }
        #expect(Self.status(of: child)?.state != "Z", "the check child runs")

        kill(validate.processIdentifier, SIGKILL)
        validate.waitUntilExit()
        #expect(validate.terminationReason == .uncaughtSignal)
        Self.expectEndedByItsLifeline(child, "the check child")
    }

    /// Waits until `pid` is gone (reaped by whoever adopted it) or a zombie, and expects its wait
    /// status to be its lifeline's `exit(1)` when it can still be read.
    static func expectEndedByItsLifeline(_ pid: Int32, _ who: String) {
        var ended = status(of: pid)
        while let now = ended, now.state != "Z" {
            usleep(10_000)
            ended = status(of: pid)
        }
        if let ended {
            #expect(ended.exitCode == 1 << 8, "\(who) ended with wait status \(ended.exitCode), not by its lifeline's exit(1)")
        }
    }

    /// The processes whose parent is `pid`.
    static func children(of pid: Int32) -> [Int32] {
        // try?: an unreadable /proc lists nothing, and the test then fails on what it expected to find.
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap(Int32.init).filter { candidate in
            // try?: a process that ended while the list was read is not a child any more.
            guard let text = try? String(contentsOfFile: "/proc/\(candidate)/stat", encoding: .utf8), let close = text.lastIndex(of: ")") else { return false }
            let fields = text[text.index(close, offsetBy: 2)...].split(separator: " ")
            return fields.count > 1 && Int32(fields[1]) == pid
        }
    }

    @Test func killingRunEndsItsPluginHostChildInTheMiddleOfAnEndlessRender() async throws {
        // As above, the CPU limit only ends the test if the lifeline failed (then by a signal).
        let run = Process()
        run.executableURL = URL(fileURLWithPath: "/bin/sh")
        run.arguments = ["-c", "ulimit -t 120; exec \"$0\" \"$@\"", products + "/refresh-dump", "run",
                         packageRoot.appendingPathComponent("Assets/Scenarios/pull-to-refresh.json").path,
                         "--plugin", fixturePlugin("FixturePluginRenderHangs"), "--frame-limit", "3600", "--out", scratch("no-process-left-run")]
        run.standardOutput = FileHandle.nullDevice
        run.standardError = FileHandle.nullDevice
        try run.run()
        // The plugin-host child, once it is in the endless render (a second of CPU).
        var child: Int32?
        while run.isRunning, child == nil {
            child = Self.children(of: run.processIdentifier).first { Self.status(of: $0).map { $0.cpuTicks >= 100 } ?? false }
            if child == nil { usleep(10_000) }
        }
        let host = try #require(child, "run ended before its plugin-host child was seen rendering")
        // The zygote that forked it: run's child too, waiting for its next request; the child's
        // command line names what it became.
        // try?: a process that ended while it was read has no command line.
        func commandLine(_ pid: Int32) -> String { (try? String(contentsOfFile: "/proc/\(pid)/cmdline", encoding: .utf8)) ?? "" }
        let zygotes = Self.children(of: run.processIdentifier).filter { commandLine($0).hasSuffix("\0zygote\0") }
        let zygote = try #require(zygotes.first, "run's plugin-host child was not forked by a zygote")
        #expect(commandLine(host).hasSuffix("\0plugin\0"), "the forked child's command line: \(commandLine(host).debugDescription)")
        kill(run.processIdentifier, SIGKILL)
        run.waitUntilExit()
        Self.expectEndedByItsLifeline(host, "the plugin-host child")
        // The zygote reads its socket's end and leaves (exit 0).
        var ended = Self.status(of: zygote)
        while let now = ended, now.state != "Z" {
            usleep(10_000)
            ended = Self.status(of: zygote)
        }
        if let ended { #expect(ended.exitCode == 0, "the zygote ended with wait status \(ended.exitCode)") }
    }

    /// A library whose constructor crashes leaves nothing in the temporary folder: the private copy
    /// a plugin-host child loads is in memory no folder holds (a copy in `refreshkit-plugin-XXXXXX`
    /// stayed behind on every attempt, megabytes each for a Swift plugin).
    @Test func aLibraryThatCrashesWhileLoadingLeavesNoCopyBehind() async throws {
        let temporary = scratch("tmpdir-crash-on-load")
        for (fixture, path) in [("FixturePluginConstructorCrashes", fixturePlugin("FixturePluginConstructorCrashes")), ("RefreshSpinner", "\(products)/libRefreshSpinner.so")] {
            let (status, output) = try await refreshDump(["render", "--plugin", path, "--out", "\(temporary)-\(fixture).png"],
                                                   environment: ["TMPDIR": temporary])
            #expect(fixture == "RefreshSpinner" ? status == 0 : output.contains("crashed with signal 11"), "\(fixture): \(output)")
        }
        let left = try FileManager.default.contentsOfDirectory(atPath: temporary)
        #expect(left.isEmpty, "\(left)")
    }
}
