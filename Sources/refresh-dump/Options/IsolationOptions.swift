import ArgumentParser
import RefreshHost

/// Where plugins run: every command that runs plugin code has this option.
struct IsolationOptions: ParsableArguments {
    @Flag(name: .customLong("in-process"), help: "Run plugins inside this process, for a debugger. By default each runs in a plugin-host child: a crash or hang ends the child, not the command, and the frames are the same bytes.")
    var inProcess = false

    /// Where the plugins run.
    var isolation: PluginIsolation { inProcess ? .inProcess : .childProcess }
}
