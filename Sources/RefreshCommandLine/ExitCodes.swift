import ArgumentParser
import Foundation

extension ParsableCommand {
    /// Runs the command line with RefreshKit's exit codes: a command's own `ExitCode` stands
    /// (0 success, 1 a check failed, 3 no display), help exits 0, and anything else is bad input:
    /// its message on stderr and exit 2.
    public static func mainWithRefreshKitExitCodes() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            exitWithRefreshKitCode(for: error)
        }
    }

    /// Ends the process for `error` as ``mainWithRefreshKitExitCodes()`` describes.
    static func exitWithRefreshKitCode(for error: Error) -> Never {
        if let code = error as? ExitCode { Foundation.exit(code.rawValue) }
        if exitCode(for: error) == .success { exit(withError: error) }
        let message = PlainErrorText.describe(error).map { "Error: \($0)" } ?? fullMessage(for: error)
        FileHandle.standardError.write(Data((message + "\n").utf8))
        Foundation.exit(2)
    }
}

extension AsyncParsableCommand {
    /// ``ParsableCommand/mainWithRefreshKitExitCodes()`` for commands whose `run` is async.
    public static func mainWithRefreshKitExitCodes() async {
        do {
            var command = try parseAsRoot()
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            exitWithRefreshKitCode(for: error)
        }
    }
}
