import ArgumentParser
import RefreshHost

/// Where plugins run: every command that runs plugin code has this option.
struct IsolationOptions: ParsableArguments {
    @Flag(name: .customLong("in-process"), help: "Run plugins inside this process, for a debugger. By default each runs in a plugin-host child: a crash or hang ends the child, not the command, and the frames are the same bytes.")
    var inProcess = false
    @Flag(name: .customLong("no-sandbox"), help: "Run each plugin-host child without its sandbox: the plugin may read and write any file, use the network and start programs. For a plugin that needs what the sandbox refuses, while you find out what.")
    var noSandbox = false
    @Option(name: .customLong("frame-limit"), help: "CPU seconds a plugin may take for one frame (or a state change) before its child is stopped as hung, 0.01...3600.")
    var frameLimit: Double = 2

    mutating func validate() throws {
        guard frameLimit.isFinite, (0.01...3600).contains(frameLimit) else { throw ValidationError("--frame-limit must be 0.01...3600 seconds") }
        if inProcess { PluginSandbox.sayUnconfined(because: "--in-process: plugins run inside this process") }
        if noSandbox { PluginSandbox.turnOff() }
    }

    /// Where the plugins run.
    var isolation: PluginIsolation { inProcess ? .inProcess : .childProcess(frameLimit: frameLimit) }
}
