import Foundation
import Testing
import RefreshHost
import TestSupport

/// The built tools and plugins the commands are run with (see ``toolsFolder``).
let products = toolsFolder
/// This test target's folder (its goldens are below it).
let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
let scenarioFolder = packageRoot.appendingPathComponent("Assets/Scenarios").path
let shippedScenarios = ((try? FileManager.default.contentsOfDirectory(atPath: scenarioFolder)) ?? []).filter { $0.hasSuffix(".json") }.sorted()

/// The built-ins; SpinnerC is checked against the Swift spinner's goldens (the same picture, but see goldenID).
let builtInIDs = ["dev.refreshkit.spinner", "dev.refreshkit.spinner-c", "dev.refreshkit.rainbow", "dev.refreshkit.path-drawing", "dev.refreshkit.label", "dev.refreshkit.lottie"]
/// At the end of the data the Swift spinner says so in words and the C one keeps its dash, so a
/// scenario that reaches it has goldens of the C spinner's own.
func goldenID(_ id: String, scenario: String = "") -> String {
    id == "dev.refreshkit.spinner-c" && scenario != "load-more-to-end" ? "dev.refreshkit.spinner" : id
}

func scratch(_ name: String) -> String { scratchDirectory("dump-\(name)") }

/// An empty user data folder: what a developer installed in theirs never reaches a test.
let testDataHome: String = scratch("data-home")

/// The run's own cache folder: what the probe found in the developer's libraries is not the tests'.
let testCacheHome: String = scratch("cache-home")

/// Runs the built `refresh-dump` with `arguments` (in `directory`, with `environment` added to
/// this process's, `XDG_DATA_HOME` an empty folder, `XDG_CACHE_HOME` the run's own and
/// `REFRESHKIT_RECORD` never unless `environment` names them); returns its
/// exit status and output.
func refreshDump(_ arguments: [String], in directory: String? = nil, environment: [String: String] = [:]) async throws -> (status: Int32, output: String) {
    try await runProgram(products + "/refresh-dump", arguments, in: directory, environment: refreshDumpEnvironment(environment))
}

/// ``refreshDump(_:in:environment:)``, and the most memory the command held at once (kilobytes).
func measuredRefreshDump(_ arguments: [String]) async throws -> (status: Int32, output: String, peakKilobytes: Int) {
    try await measuredProgram(products + "/refresh-dump", arguments, environment: refreshDumpEnvironment([:]))
}

/// ``refreshDump(_:in:environment:)`` where a test cannot wait asynchronously (a static's value).
func refreshDumpWaiting(_ arguments: [String]) throws -> (status: Int32, output: String) {
    try runProgram(products + "/refresh-dump", arguments, environment: refreshDumpEnvironment([:]))
}

/// This process's environment with `environment` added, `XDG_DATA_HOME` an empty folder, the
/// run's own cache, and goldens never recorded unless a test asks (the same outcome with CI set or not).
private func refreshDumpEnvironment(_ environment: [String: String]) -> [String: String] {
    ProcessInfo.processInfo.environment.merging(["XDG_DATA_HOME": testDataHome, "XDG_CACHE_HOME": testCacheHome, "REFRESHKIT_RECORD": "never"]) { $1 }
        .merging(environment) { $1 }
}
