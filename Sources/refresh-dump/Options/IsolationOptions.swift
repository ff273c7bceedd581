import ArgumentParser
import RefreshHost

/// Where plugins run: every command that runs plugin code has this option.
struct IsolationOptions: ParsableArguments {
    @Flag(name: .customLong("in-process"), help: "Run plugins inside this process, for a debugger. By default each runs in a plugin-host child: a crash or hang ends the child, not the command, and the frames are the same bytes.")
    var inProcess = false
    @Option(name: .customLong("frame-limit"), help: "CPU seconds a plugin may take for one frame (or a state change) before its child is stopped as hung, 0.01...3600.")
    var frameLimit: Double = 2

    mutating func validate() throws {
        guard frameLimit.isFinite, (0.01...3600).contains(frameLimit) else { throw ValidationError("--frame-limit must be 0.01...3600 seconds") }
    }

    /// Where the plugins run.
    var isolation: PluginIsolation { inProcess ? .inProcess : .childProcess(frameLimit: frameLimit) }
}
