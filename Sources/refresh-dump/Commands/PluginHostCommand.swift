import ArgumentParser
import Foundation
import RefreshHost

/// `refresh-dump plugin-host LIBRARY`: the child that runs one plugin for the preview (see
/// `PluginHostProcess`); not for people.
struct PluginHostCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: PluginHostProcess.subcommand, shouldDisplay: false)

    @Argument var path: String

    func run() throws {
        let status = PluginHostServer.serve(path: path)
        if status != 0 { throw ExitCode(status) }
    }
}
