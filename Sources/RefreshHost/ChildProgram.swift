import Foundation

/// Another program run to its end: what the tools start (tar for bundle archives, the tool itself
/// for validate and lint while packing).
package enum ChildProgram {
    /// Runs `executable` with `arguments` and waits for it; its exit status and everything it
    /// printed (standard output and error together).
    package static func run(_ executable: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }
}
