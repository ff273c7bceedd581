import Foundation
import Testing
import RefreshHost

let products = PluginSearchPath.buildProductsDirectory!
let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
let packageRoot = here.deletingLastPathComponent().deletingLastPathComponent()
let scenarioFolder = packageRoot.appendingPathComponent("Assets/Scenarios").path
let shippedScenarios = ((try? FileManager.default.contentsOfDirectory(atPath: scenarioFolder)) ?? []).filter { $0.hasSuffix(".json") }.sorted()

/// The built-ins; SpinnerC is checked against the Swift spinner's goldens (same picture).
let builtInIDs = ["dev.refreshkit.spinner", "dev.refreshkit.spinner-c", "dev.refreshkit.rainbow", "dev.refreshkit.path-drawing", "dev.refreshkit.label", "dev.refreshkit.lottie"]
func goldenID(_ id: String) -> String { id == "dev.refreshkit.spinner-c" ? "dev.refreshkit.spinner" : id }

func scratch(_ name: String) -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("refreshkit-dump-\(name)-\(getpid())").path
    try? FileManager.default.removeItem(atPath: path)
    try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

/// An empty user data folder: what a developer installed in theirs never reaches a test.
let testDataHome: String = scratch("data-home")

/// Runs the built `refresh-dump` with `arguments` (in `directory`, with `environment` added to
/// this process's, and `XDG_DATA_HOME` an empty folder unless `environment` names one); returns its
/// exit status and output.
func refreshDump(_ arguments: [String], in directory: String? = nil, environment: [String: String] = [:]) throws -> (status: Int32, output: String) {
    let merged = ProcessInfo.processInfo.environment.merging(["XDG_DATA_HOME": testDataHome]) { $1 }.merging(environment) { $1 }
    return try runProgram(products + "/refresh-dump", arguments, in: directory, environment: merged)
}

/// Runs `executable` with `arguments` (in `directory`, else the package's folder; with exactly
/// `environment` when given); its exit status and everything it printed, standard output and error
/// together. Never in this process's working directory: a test of a plugin that changes it for the
/// length of a call runs beside this one.
func runProgram(_ executable: String, _ arguments: [String], in directory: String? = nil, environment: [String: String]? = nil) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.currentDirectoryURL = URL(fileURLWithPath: directory ?? packageRoot.path)
    if let environment { process.environment = environment }
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (process.terminationStatus, output)
}
