import ArgumentParser
import Foundation
import RefreshGraphics

extension ParsableCommand {
    /// Runs the command line with RefreshKit's exit codes: a command's own `ExitCode` stands
    /// (0 success, 1 a check failed, 3 no display), help exits 0, and anything else is bad input:
    /// its message on stderr and exit 2.
    public static func mainWithRefreshKitExitCodes() {
        var command: ParsableCommand
        do {
            command = try parseAsRoot()
        } catch {
            exitWithRefreshKitCode(for: error)
        }
        do {
            try command.run()
        } catch {
            exitWithRefreshKitCode(for: error, whileRunning: true)
        }
    }

    /// Ends the process for `error` as ``mainWithRefreshKitExitCodes()`` describes.
    /// An input refused `whileRunning` (a file's contents, not the command line's shape) gets its
    /// message alone: the usage text would only bury it.
    static func exitWithRefreshKitCode(for error: Error, whileRunning: Bool = false) -> Never {
        if let code = error as? ExitCode { Foundation.exit(code.rawValue) }
        if whileRunning, let refused = error as? ValidationError {
            FileHandle.standardError.write(Data("Error: \(refused.message)\n".utf8))
            Foundation.exit(2)
        }
        if exitCode(for: error) == .success { exit(withError: error) }
        let message = PlainErrorText.describe(error).map { "Error: \($0)" } ?? fullMessage(for: error)
        FileHandle.standardError.write(Data((message + "\n").utf8))
        Foundation.exit(2)
    }
}

extension AsyncParsableCommand {
    /// ``ParsableCommand/mainWithRefreshKitExitCodes()`` for commands whose `run` is async.
    public static func mainWithRefreshKitExitCodes() async {
        var command: ParsableCommand
        do {
            command = try parseAsRoot()
        } catch {
            exitWithRefreshKitCode(for: error)
        }
        do {
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            exitWithRefreshKitCode(for: error, whileRunning: true)
        }
    }
}
