import ArgumentParser
import RefreshHost

/// `refresh-dump probe-plugins`: the child side of plugin discovery (see `PluginProbe`); not for
/// people.
struct ProbeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: PluginProbe.subcommand, shouldDisplay: false)

    @Argument var paths: [String] = []

    func run() {
        PluginProbe.runProbeChild(paths)
    }
}
