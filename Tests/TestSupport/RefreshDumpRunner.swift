import Foundation

/// An empty user data folder: what a developer installed in theirs never reaches a test.
public let testDataHome: String = scratchDirectory("dump-data-home")

/// The run's own cache folder: what the probe found in the developer's libraries is not the tests'.
public let testCacheHome: String = scratchDirectory("dump-cache-home")

/// Runs the built `refresh-dump` with `arguments` (in `directory`, with `environment` added to
/// this process's, `XDG_DATA_HOME` an empty folder, `XDG_CACHE_HOME` the run's own and
/// `REFRESHKIT_RECORD` never unless `environment` names them); returns its
/// exit status and output.
public func refreshDump(_ arguments: [String], in directory: String? = nil, environment: [String: String] = [:]) async throws -> (status: Int32, output: String) {
    try await runProgram(toolsFolder + "/refresh-dump", arguments, in: directory, environment: refreshDumpEnvironment(environment))
}

/// ``refreshDump(_:in:environment:)``, and the most memory the command held at once (kilobytes).
public func measuredRefreshDump(_ arguments: [String]) async throws -> (status: Int32, output: String, peakKilobytes: Int) {
    try await measuredProgram(toolsFolder + "/refresh-dump", arguments, environment: refreshDumpEnvironment([:]))
}

/// ``refreshDump(_:in:environment:)`` where a test cannot wait asynchronously (a static's value).
public func refreshDumpWaiting(_ arguments: [String]) throws -> (status: Int32, output: String) {
    try runProgram(toolsFolder + "/refresh-dump", arguments, environment: refreshDumpEnvironment([:]))
}

/// This process's environment with `environment` added, `XDG_DATA_HOME` an empty folder, the
/// run's own cache, and goldens never recorded unless a test asks (the same outcome with CI set or not).
private func refreshDumpEnvironment(_ environment: [String: String]) -> [String: String] {
    ProcessInfo.processInfo.environment.merging(["XDG_DATA_HOME": testDataHome, "XDG_CACHE_HOME": testCacheHome, "REFRESHKIT_RECORD": "never"]) { $1 }
        .merging(environment) { $1 }
}
