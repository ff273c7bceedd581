import ArgumentParser
import Foundation
import RefreshSystem
import RefreshGraphics
import RefreshHost
#if canImport(Glibc)
import Glibc
#endif

extension BenchCommand {
    /// Starts measured per way of starting a plugin-host child.
    static let startRounds = 15

    /// What starting a plugin-host child for the plugin at `path` costs in CPU, from nothing to an
    /// instance made: the child's own time (the kernel's count in nanoseconds, read once it waits
    /// for its next request) and, for a child forked by the zygote, the zygote's share. Spawned and
    /// forked, beside the anchor: a C program that loads the same plugin and nothing else; and the
    /// part of a forked child's start spent entering its sandbox. Medians.
    func pluginHostStart(path: String, name: String) throws -> [Result] {
        var sandboxes: [Double] = []
        func started(zygote: Bool) throws -> Double {
            PluginHostZygote.isEnabled = zygote
            defer { PluginHostZygote.isEnabled = true }
            let host = try PluginHostProcess(path: path, spares: SparePluginHosts())
            _ = try host.makeIndicator(parametersJSON: "{}")
            guard let own = Self.runNanoseconds(host.processIdentifier) else { throw ValidationError("cannot read the plugin host's CPU time") }
            if zygote && host.zygoteNanoseconds == nil { throw ValidationError("the plugin-host zygote did not start") }
            if zygote, let sandbox = host.sandboxSeconds { sandboxes.append(sandbox) }
            return Double(own + (host.zygoteNanoseconds ?? 0)) / 1e9
        }
        func median(_ measure: () throws -> Double) rethrows -> Double {
            var samples: [Double] = []
            for _ in 0..<Self.startRounds { samples.append(try measure()) }
            return samples.sorted()[samples.count / 2]
        }
        _ = try started(zygote: true)  // the zygote's own start, once per command, is not a child's
        let forked = try median { try started(zygote: true) }
        let spawned = try median { try started(zygote: false) }
        var results = [
            Result(name: "\(name): host start, spawned (CPU)", value: spawned * 1000, unit: "ms", budget: "exec and the dynamic loader"),
            Result(name: "\(name): host start, forked by the zygote (CPU)", value: forked * 1000, unit: "ms", budget: "≤ 3 ms"),
        ]
        if sandboxes.isEmpty {
            results.append(.notMeasured("\(name): host start, its sandbox", "plugins run unconfined (--no-sandbox, or a kernel without it)"))
        } else {
            let sandbox = sandboxes.sorted()[sandboxes.count / 2]
            results.append(Result(name: "\(name): host start, of it the sandbox (CPU)", value: sandbox * 1000, unit: "ms", budget: "≤ 1 ms"))
        }
        if let anchor = PluginSearchPath.buildProductsDirectory.map({ $0 + "/refresh-bench-anchor" }),
           FileManager.default.isExecutableFile(atPath: anchor) {
            let c = try median { try Self.anchorStart(anchor, library: path) }
            results.append(Result(name: "\(name): anchor: a C host loading it (CPU)", value: c * 1000, unit: "ms", budget: "anchor, same run"))
            results.append(Result(name: "\(name): host start, forked ÷ anchor", value: forked / c, unit: "×", budget: ""))
        } else {
            results.append(.notMeasured("refresh-bench-anchor", "not beside this program (build the package)"))
        }
        return results
    }

    /// The CPU time (nanoseconds) the process `pid` has used, from /proc/PID/schedstat: exact,
    /// where /proc/PID/stat counts in ticks of 10 ms.
    static func runNanoseconds(_ pid: pid_t) -> UInt64? {
        CappedFile.kernelText("/proc/\(pid)/schedstat")?.split(separator: " ").first.flatMap { UInt64($0) }
    }

    /// Starts the C anchor on `library`, waits for its "ready" and returns the CPU it used, then ends it.
    private static func anchorStart(_ anchor: String, library: String) throws -> Double {
        var input: [Int32] = [0, 0], output: [Int32] = [0, 0]
        guard pipe(&input) == 0 else { throw ValidationError("no pipe for \(anchor)") }
        guard pipe(&output) == 0 else {
            input.forEach { close($0) }
            throw ValidationError("no pipe for \(anchor)")
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, input[0], 0)
        posix_spawn_file_actions_adddup2(&actions, output[1], 1)
        for end in input + output { posix_spawn_file_actions_addclose(&actions, end) }
        let words: [String] = [anchor, library]
        let argv = words.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let status = TemporaryPaths.withChildSignalAttributes { posix_spawn(&pid, anchor, &actions, $0, argv, environ) }
        close(input[0])
        close(output[1])
        defer {
            close(input[1])
            close(output[0])
            if status == 0 { while waitpid(pid, nil, 0) < 0 && errno == EINTR {} }
        }
        guard status == 0 else { throw ValidationError("could not start \(anchor): \(String(cString: strerror(status)))") }
        var said = [UInt8](repeating: 0, count: 16)
        guard read(output[0], &said, said.count) > 0, let cpu = runNanoseconds(pid) else {
            throw ValidationError("\(anchor) could not load \(library)")
        }
        return Double(cpu) / 1e9
    }
}
