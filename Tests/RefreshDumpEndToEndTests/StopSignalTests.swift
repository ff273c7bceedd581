import Foundation
import Testing
import TestSupport

/// A command stopped by SIGTERM (what Ctrl-C's SIGINT, a CI's cancel and `timeout` send) in the
/// middle of its work takes its files under temporary names with it — a run's staging folder,
/// each encoder's file — and ends by that signal as before. At its twentieth frame the fixture
/// plugin has a process of its own send it (a user's signal comes from outside the tool), so the
/// moment is the same every time (unsandboxed: its sandbox refuses a process of its own). The same
/// signal sent by the plugin host itself is refused by its sandbox and named; unsandboxed, it is
/// the plugin's fault: the command names the plugin and goes on as for a crash.
@Suite(.leavesNoPluginHost) struct StopSignalTests {
    static let plugin = fixturePlugin("FixturePluginStopsItsHost")
    static let commands: [(name: String, arguments: [String])] = [
        ("run", ["run", "\(scenarioFolder)/pull-to-refresh.json", "--plugin", plugin, "--format", "gif,mp4,apng,webp", "--out", "OUT/run"]),
        ("report", ["report", "--plugin", plugin, "--scenario", "pull-to-refresh", "--out", "OUT/report"]),
        ("sweep", ["sweep", "--plugin", plugin, "--progress", "0:1:40", "--format", "gif,mp4", "--out", "OUT/sweep"]),
        ("validate", ["validate", plugin, "--level", "2"]),
        ("lint", ["lint", "--plugin", plugin, "--scenario", "pull-to-refresh"]),
        // pack runs validate, whose check child draws: the fixture stops pack itself, its grandparent.
        ("pack", ["pack", plugin, "--out", "OUT/pack", "--archive", "--author", "Tests", "--license", "MIT"]),
    ]

    /// The processes whose environment holds `mark` (every process a command starts inherits it).
    func processes(marked mark: String) -> [String] {
        // try?: a process that ended while the folder was read, or one not ours to read, is not left.
        let pids = ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).filter { $0.allSatisfy(\.isNumber) }
        return pids.compactMap { pid in
            guard let environment = FileManager.default.contents(atPath: "/proc/\(pid)/environ"),
                  environment.split(separator: 0).contains(where: { $0.elementsEqual(mark.utf8) }) else { return nil }
            let command = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline").map { String(decoding: $0, as: UTF8.self) } ?? ""
            return "\(pid) \(command.replacingOccurrences(of: "\0", with: " "))"
        }
    }

    /// Stopped in the middle, a command leaves no file under a temporary name and no process: it
    /// ends (and waits for) its plugin hosts and the programs it started before it ends.
    @Test(arguments: commands.map(\.name))
    func aStoppedCommandLeavesNoTemporaryFileNorProcess(command: String) async throws {
        let arguments = try #require(Self.commands.first { $0.name == command }).arguments
        let folder = scratch("stopped-\(command)")
        let id = UUID().uuidString, mark = "REFRESHKIT_TEST_MARK=\(id)"
        let (status, text) = try await refreshDump(arguments.map { $0.replacingOccurrences(of: "OUT", with: folder) },
                                             environment: ["REFRESHKIT_FIXTURE_STOP_HOST": command == "pack" ? "user:pack" : "user", "REFRESHKIT_TEST_MARK": id,
                                                           "REFRESHKIT_NO_SANDBOX": "1"])
        #expect(status == SIGTERM, "\(command) ended with \(status), not by the signal: \(text)")
        #expect(processes(marked: mark).isEmpty, "\(command) left \(processes(marked: mark))")
        let left = try FileManager.default.subpathsOfDirectory(atPath: folder)
        // A pending file is .refreshkit-XXXXXX (a run's marker, .refreshkit-run, is not one), a staging folder NAME.partial-XXXXXX.
        let temporary = left.filter { $0.range(of: #"\.refreshkit-[A-Za-z0-9]{6}$|\.partial-"#, options: .regularExpression) != nil }
        #expect(temporary.isEmpty, "\(command) left \(temporary)")
        if command == "run" { #expect(!left.contains("run"), "a stopped run put its folder in place: \(left)") }
    }

    /// A plugin that signals the process hosting it is refused by its sandbox and named, and the
    /// command does its work; unsandboxed, it is named for it and the command ends as for a crash
    /// (it ended with 143 and not a word).
    @Test(arguments: ["run", "report", "validate"], [true, false])
    func aPluginThatSignalsItsHostIsNamed(command: String, sandboxed: Bool) async throws {
        let folder = scratch("signalled-\(command)-\(sandboxed)")
        let arguments = command == "validate" ? ["validate", Self.plugin, "--level", "2"]
            : try #require(Self.commands.first { $0.name == command }).arguments.map { $0.replacingOccurrences(of: "OUT", with: folder) }
        let (status, text) = try await refreshDump(arguments + (sandboxed ? [] : ["--no-sandbox"]), environment: ["REFRESHKIT_FIXTURE_STOP_HOST": "plugin"])
        if sandboxed {
            #expect(text.contains("tried to signal another process: refused by its sandbox"), "\(command): \(text.suffix(400))")
            #expect(!text.contains("Terminated"), "\(command): \(text.suffix(400))")
            if command != "validate" { #expect(status == 0, "\(command) ended with \(status): \(text.suffix(400))") }
        } else {
            #expect(status == 1 || status == 2, "\(command) ended with \(status): \(text.suffix(400))")
            #expect(text.contains("sent the process hosting it Terminated") || text.contains("sent validate Terminated"), "\(command): \(text.suffix(400))")
        }
    }
}
