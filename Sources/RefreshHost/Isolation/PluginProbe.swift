import Foundation
import RefreshPluginSDK
#if canImport(Glibc)
import Glibc
#endif

/// Finds out what plugin libraries are without loading them into this process: a child (forked by
/// the tool's ``PluginHostZygote``, else `refresh-plugin-host probe-plugins`, beside this
/// executable) loads them one after another and reports each. A library whose constructor crashes, aborts or never returns costs only that
/// child: it is reported with the reason, and a new child goes on with the libraries after it.
/// Without the helper (a program that ships without `refresh-plugin-host`) the libraries are loaded here.
package enum PluginProbe {
    /// The word that tells `refresh-plugin-host` to load and report.
    package static let subcommand = "probe-plugins"
    /// Seconds of CPU time one library may take to load before it is reported as hung (10, or
    /// `REFRESHKIT_PROBE_TIMEOUT`, or ``timeoutOverride`` in a task that sets it); one that uses no
    /// CPU for ``PluginHostProcess/blockedSlack`` (blocked) is hung too.
    static var timeout: Double {
        timeoutOverride ?? ProcessInfo.processInfo.environment["REFRESHKIT_PROBE_TIMEOUT"].flatMap(Double.init).flatMap { $0 > 0 && $0 <= 600 ? $0 : nil } ?? 10
    }

    /// A shorter ``timeout`` for the task that sets it (a test of a hanging library), seen by no other.
    @TaskLocal package static var timeoutOverride: Double?

    /// Each of `paths` with what ``probe(_:)`` found for it.
    package static func probed(_ paths: [String]) -> [(path: String, result: Result<PluginInfo, PluginError>)] {
        Array(zip(paths, probe(paths))).map { (path: $0.0, result: $0.1) }
    }

    /// `refresh-plugin-host` beside this executable, when it is there: the program every plugin
    /// child runs.
    static var helper: String? {
        guard let folder = PluginSearchPath.buildProductsDirectory else { return nil }
        let path = folder + "/refresh-plugin-host"
        return FileManager.default.isExecutableFile(atPath: path) ? path : nil
    }

    /// What each library in `paths` is, in order: its metadata (parameters not included: load the
    /// one you use), or why it cannot be used. What a library's constructors tried that the sandbox
    /// refused is named on standard error (``PluginSandbox/tellRefused(_:plugin:)``), from the cache too.
    /// Libraries the ``PluginProbeCache`` knows as they are now are not loaded again.
    package static func probe(_ paths: [String]) -> [Result<PluginInfo, PluginError>] {
        guard !paths.isEmpty else { return [] }
        var cache = PluginProbeCache(file: PluginProbeCache.location(), tools: helper)
        var results: [Result<PluginInfo, PluginError>?] = paths.map { path in
            guard let record = cache?.record(for: path) else { return nil }
            if let refused = record.refused { _ = PluginSandbox.tellRefused(refused, plugin: path) }
            return .success(record.info(path: path))
        }
        let missing = results.indices.filter { results[$0] == nil }
        guard !missing.isEmpty else { return results.map { $0! } }
        for (index, (result, refused)) in zip(missing, loaded(missing.map { paths[$0] })) {
            results[index] = result
            if !refused.isEmpty { _ = PluginSandbox.tellRefused(refused, plugin: paths[index]) }
            if case .success(let info) = result { cache?.keep(Record(info, refused: refused), for: paths[index]) }
        }
        cache?.save()
        return results.map { $0! }
    }

    /// ``probe(_:)`` without the cache: every library in `paths` loaded in a child; for each, what its
    /// constructors tried that the sandbox refused.
    private static func loaded(_ paths: [String]) -> [(result: Result<PluginInfo, PluginError>, refused: [String])] {
        guard let helper else {
            return paths.map { path in (Result { () throws(PluginError) in try PluginLibrary(path: path).info }, []) }
        }
        var results: [Result<PluginInfo, PluginError>?] = Array(repeating: nil, count: paths.count)
        var refused: [[String]] = paths.map { _ in [] }
        var next = 0
        while next < paths.count {
            let child = runChild(helper, Array(paths[next...]))
            let (reports, began, ending) = (child.reports, child.began, child.ending)
            for (offset, result) in reports { results[next + offset] = result }
            for (offset, calls) in child.refused { refused[next + offset] = calls }
            // The child stopped in the library it had begun: that one is the culprit.
            if let began, results[next + began] == nil {
                results[next + began] = .failure(PluginError(file: paths[next + began], reason: .reported(ending)))
                next += began + 1
            } else {
                // Ended on its own: anything unreported was never reached (it should not happen).
                for i in next..<paths.count where results[i] == nil {
                    results[i] = .failure(PluginError(file: paths[i], reason: .reported("the probe ended before reaching it (\(ending))")))
                }
                next = paths.count
            }
        }
        return zip(results, refused).map { ($0!, $1) }
    }

    /// What one child reported: a result per library it finished, the index it began last, how it
    /// ended in words, and what each library tried that its sandbox refused (by index).
    private typealias ChildReport = (reports: [(Int, Result<PluginInfo, PluginError>)], began: Int?, ending: String, refused: [Int: [String]])

    /// Runs one child over `paths`; returns what it reported, the index it began last, and how it
    /// ended, in words.
    private static func runChild(_ helper: String, _ paths: [String]) -> ChildReport {
        if let zygote = PluginHostZygote.shared(), let forked = runForkedChild(zygote, paths) { return forked }
        let child = Process()
        child.executableURL = URL(fileURLWithPath: helper)
        child.arguments = [subcommand] + paths
        child.environment = ProcessInfo.processInfo.environment.merging(["SWIFT_BACKTRACE": "enable=no"]) { _, new in new }
        let output = Pipe(), lifeline = Lifeline.pipe()
        child.standardOutput = output
        child.standardInput = lifeline
        child.standardError = FileHandle.nullDevice
        defer { withExtendedLifetime(lifeline) {} }
        do { try child.run() } catch {
            return ([], 0, "the probe could not start: \(PlainErrorText.words(error))", [:])
        }
        // Read as it comes, so a hang is noticed per library, not per child.
        let received = Received()
        let reader = output.fileHandleForReading
        reader.readabilityHandler = { handle in received.add(handle.availableData) }
        var hung: String?
        let limit = timeout
        // A library is hung when the child has spent `limit` s of CPU since its last line (a load
        // that spins), or used no CPU for the slack (one that blocks): never because the machine is busy.
        var watch = HangWatch(pid: child.processIdentifier, cpuLimit: limit, blockedLimit: PluginHostProcess.blockedSlack)
        var bytes = 0
        while child.isRunning {
            usleep(5_000)
            if received.count != bytes {
                bytes = received.count
                watch.restart()
            }
            if hung == nil { hung = watch.overrun() }
            if hung != nil { kill(child.processIdentifier, SIGKILL) }
        }
        child.waitUntilExit()
        reader.readabilityHandler = nil
        let rest = reader.readDataToEndOfFile()
        received.add(rest)
        let signal = child.terminationReason == .uncaughtSignal ? child.terminationStatus : 0
        return report(received.text, paths, ending(hung: hung, signal: signal, status: child.terminationStatus))
    }

    /// ``runChild(_:_:)`` with the child forked by `zygote` (no exec, no dynamic loading: a few
    /// milliseconds, where a new `refresh-plugin-host` costs some 20 ms of CPU); nil when the
    /// zygote cannot fork one.
    private static func runForkedChild(_ zygote: PluginHostZygote, _ paths: [String]) -> ChildReport? {
        // Sockets, not pipes: made close-on-exec at once, so no program another thread starts meanwhile holds an end.
        var output: [Int32] = [0, 0], lifeline: [Int32] = [0, 0]
        let kind = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
        guard socketpair(AF_UNIX, kind, 0, &output) == 0 else { return nil }
        guard socketpair(AF_UNIX, kind, 0, &lifeline) == 0 else {
            output.forEach { close($0) }
            return nil
        }
        let forked = zygote.fork(.probe(paths), descriptors: [output[1], lifeline[0]])
        close(output[1])
        close(lifeline[0])
        defer {
            close(output[0])
            close(lifeline[1])
        }
        guard case .success(let child) = forked else { return nil }
        // Read as it comes, so a hang is noticed per library, not per child; the report's end is the child's.
        var received = Data(), hung: String?
        var watch = HangWatch(pid: child.pid, cpuLimit: timeout, blockedLimit: PluginHostProcess.blockedSlack)
        var buffer = [UInt8](repeating: 0, count: 1 << 14)
        var status: Int32 = 0, reaped = false, reading = true
        // Until the child has ended (its report may end sooner, or be held open by a library's own child).
        while !reaped {
            reaped = waitpid(child.pid, &status, WNOHANG) == child.pid
            if reading {
                var entry = pollfd(fd: output[0], events: Int16(POLLIN), revents: 0)
                while poll(&entry, 1, reaped ? 0 : 5) > 0 {
                    let n = buffer.withUnsafeMutableBytes { read(output[0], $0.baseAddress, $0.count) }
                    if n <= 0 {
                        reading = n < 0 && errno == EINTR  // else the report has ended
                        break
                    }
                    received.append(contentsOf: buffer[0..<n])
                    watch.restart()
                }
            } else if !reaped {
                usleep(2_000)
            }
            if !reaped, hung == nil, let overrun = watch.overrun() {
                hung = overrun
                kill(child.pid, SIGKILL)
            }
        }
        return report(String(decoding: received, as: UTF8.self), paths, ending(hung: hung, signal: status & 0x7F, status: (status >> 8) & 0xFF))
    }

    /// How a probe child ended, in words: hung (how long, as the watch says), killed by `signal`
    /// (0: none), or exited with `status`.
    private static func ending(hung: String?, signal: Int32, status: Int32) -> String {
        if let hung { return "did not finish loading within \(hung) (its constructors or entry function never return)" }
        if signal != 0 {
            return "crashed while loading with signal \(signal) (\(strsignal(signal).map { String(cString: $0) } ?? "?")): its constructors or entry function"
        }
        return "ended the process while loading (status \(status))"
    }

    /// What a child's report `all` says of each of `paths`, with the child's `ending`.
    private static func report(_ all: String, _ paths: [String], _ ending: String) -> ChildReport {
        var reports: [(Int, Result<PluginInfo, PluginError>)] = []
        var began: Int?
        var refused: [Int: [String]] = [:]
        for line in all.split(separator: "\n") {
            let fields = line.split(separator: "\t", maxSplits: 2, omittingEmptySubsequences: false).map(String.init)
            guard fields.count >= 2, let index = Int(fields[1]), paths.indices.contains(index) else { continue }
            switch fields[0] {
            case "BEGIN": began = index
            case "OK" where fields.count == 3:
                // try?: a record that does not decode leaves the library without a report, and the BEGIN line makes it count as a failed probe.
                if let record = try? JSONDecoder().decode(Record.self, from: Data(fields[2].utf8)) {
                    reports.append((index, .success(record.info(path: paths[index]))))
                }
            case "ERR" where fields.count == 3:
                reports.append((index, .failure(PluginError(file: paths[index], reason: .reported(fields[2])))))
            case "REFUSED" where fields.count == 3:
                // try?: a list that does not decode names nothing; the library was refused all the same.
                if let calls = try? JSONDecoder().decode([String].self, from: Data(fields[2].utf8)) { refused[index] = calls }
            default: break
            }
        }
        return (reports, began, ending, refused)
    }

    /// The child's output as it arrives.
    private final class Received: @unchecked Sendable {
        private let lock = NSLock()
        private var data = Data()

        func add(_ more: Data) {
            lock.withLock { data.append(more) }
        }

        var text: String { lock.withLock { String(decoding: data, as: UTF8.self) } }
        var count: Int { lock.withLock { data.count } }
    }

    /// What the child reports of a library that loaded.
    struct Record: Codable, Equatable {
        var id: String, name: String, version: String, summary: String, abi: UInt32
        var sdk: String?
        /// What its constructors tried that the sandbox refused (``PluginSandbox/takeRefused()``'s
        /// words): kept in the cache, so a later probe names it as the first did.
        var refused: [String]?
        /// The languages it draws words in (``PluginInfo/drawnLocales``); nil for none, and in
        /// records written before the cache kept them.
        var locales: [String]?

        init(_ info: PluginInfo, refused: [String] = []) {
            (id, name, version, summary, abi, sdk) = (info.indicator.id, info.indicator.name, info.indicator.version, info.indicator.summary, info.abiVersion, info.sdkVersion)
            self.refused = refused.isEmpty ? nil : refused
            locales = info.drawnLocales.isEmpty ? nil : info.drawnLocales
        }

        /// Whether it could be a library's own: an id of reverse-DNS characters, and printable words
        /// of at most 4,096 characters, as loading checks them (a record read back from the cache
        /// is checked again: the file is anyone's who can write the user's cache).
        var isPlausible: Bool {
            PluginManifest.isPlainID(id) && !name.isEmpty && ([name, version, summary] + (sdk.map { [$0] } ?? []) + (refused ?? [])).allSatisfy(PluginManifest.isPlainText)
                && PluginInfo.localesProblem(locales ?? []) == nil
        }

        func info(path: String) -> PluginInfo {
            var info = PluginInfo(indicator: IndicatorInfo(id: id, name: name, version: version, summary: summary), parameters: [], abiVersion: abi, path: path)
            info.sdkVersion = sdk
            info.drawnLocales = locales ?? []
            return info
        }
    }

    /// The child's side: loads each library in turn and writes one line per library (`BEGIN`
    /// first, so the parent knows which one a crash happened in).
    package static func runProbeChild(_ paths: [String]) {
        // Confined as a plugin host is: the libraries' constructors run here too.
        if PluginSandbox.isEnabled { _ = PluginSandbox.enter(libraries: paths, readable: []) }
        Lifeline.exitWhenClosed(0)
        func say(_ line: String) { FileHandle.standardOutput.write(Data((line + "\n").utf8)) }
        for (index, path) in paths.enumerated() {
            say("BEGIN\t\(index)")
            do {
                let record = Record(try PluginLibrary(path: path).info)
                // try?: a record of strings and an integer always encodes.
                let json = (try? JSONEncoder().encode(record)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
                say("OK\t\(index)\t\(json)")
            } catch {
                say("ERR\t\(index)\t\(error.reasonDescription.replacingOccurrences(of: "\n", with: " "))")
            }
            // What its constructors tried that the sandbox refused, as JSON (a path may hold a tab).
            let refused = PluginSandbox.takeRefused()
            // try?: a list of strings always encodes.
            if !refused.isEmpty, let json = try? JSONEncoder().encode(refused) { say("REFUSED\t\(index)\t\(String(decoding: json, as: UTF8.self))") }
        }
    }
}
