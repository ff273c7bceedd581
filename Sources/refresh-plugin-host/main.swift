import Foundation
import RefreshSystem
import RefreshGraphics
import RefreshHost

// `refresh-plugin-host plugin-host LIBRARY` runs one plugin for a host (`PluginHostProcess`);
// `refresh-plugin-host probe-plugins LIBRARY…` says what each library is (`PluginProbe`). Started
// by RefreshKit's tools, not by people. A program of its own, linked with what a plugin needs and
// nothing else (a `run --jobs N` starts N of them). `refresh-plugin-host plugin-host -` is a spare:
// it waits for its first request to name the library (`SparePluginHosts`). `refresh-plugin-host zygote`
// forks such spares on request (`PluginHostZygote`).
// Ctrl-C and SIGTERM end this child as they would any program, whoever started it.
TemporaryPaths.unblockStopSignals()
let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case PluginHostProcess.subcommand where arguments.count == 2:
    exit(PluginHostServer.serve(path: arguments[1]))
case PluginHostZygote.subcommand where arguments.count == 1:
    PluginHostServer.warmUp()
    exit(PluginHostZygote.serveForks({ PluginHostServer.serve(path: PluginHostProcess.pathFollows) }, probe: PluginProbe.runProbeChild))
case PluginProbe.subcommand:
    PluginProbe.runProbeChild(Array(arguments.dropFirst()))
    exit(0)
default:
    FileHandle.standardError.write(Data("usage: refresh-plugin-host plugin-host LIBRARY | probe-plugins LIBRARY… (started by RefreshKit's tools, not by hand)\n".utf8))
    exit(2)
}
