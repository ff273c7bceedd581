import Foundation

/// The package's folder (where Package.swift is).
public let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// Runs `executable` with `arguments` (in `directory`, else the package's folder; with exactly
/// `environment` when given, else this process's); its exit status and everything it printed,
/// standard output and error together. Never in this process's working directory: a test of a
/// plugin that changes it for the length of a call may run beside the caller.
public func runProgram(_ executable: String, _ arguments: [String], in directory: String? = nil, environment: [String: String]? = nil) throws -> (status: Int32, output: String) {
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
