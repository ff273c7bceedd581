import ArgumentParser
import RefreshSystem
import RefreshCommandLine
import RefreshGraphics
import RefreshHost
import Foundation

/// `refresh-dump`: the headless side of RefreshKit.
@main
struct RefreshDump: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "refresh-dump",
        abstract: "Drive refresh indicators without a screen.",
        discussion: """
            Exit codes: 0 success, 1 a check failed, 2 bad input (arguments, files, plugins).
            """,
        subcommands: [ListCommand.self, GalleryCommand.self, PackCommand.self, InstallCommand.self, RenderCommand.self, ReportCommand.self, HandoffCommand.self, ExportCommand.self, SweepCommand.self, RunCommand.self, VerifyCommand.self, ValidateCommand.self, LintCommand.self, BenchCommand.self, TraceCommand.self, FuzzCommand.self,
                      ValidateChildCommand.self]
    )

    /// Runs the command, mapping failures onto the documented exit codes: a command's own
    /// `ExitCode` stands, help exits 0, anything else is bad input (2) with its message on stderr.
    static func main() {
        // Ctrl-C, SIGTERM and SIGHUP take the files under temporary names with them; first, before any thread starts.
        TemporaryPaths.removeOnStopSignals()
        // A plugin call that never returns ends the command (exit 2) instead of hanging it.
        let environment = ProcessInfo.processInfo.environment
        let cpu = environment["REFRESHKIT_PLUGIN_CPU_LIMIT"].flatMap(Double.init).flatMap { $0 > 0 && $0.isFinite ? $0 : nil } ?? 30
        PluginWatchdog.enable(cpuSeconds: cpu, wallSeconds: max(cpu, 600)) { message in
            FileHandle.standardError.write(Data("Error: \(message)\n".utf8))
            Foundation.exit(2)
        }
        // A plugin that crashes the process is named on the way out.
        PluginCrashReport.install()
        // Plugin-host children are forked by a warm zygote, not started from scratch.
        PluginHostZygote.isEnabled = true
        // What the plugin libraries are is kept between commands (PluginProbeCache).
        PluginProbeCache.isEnabled = true
        mainWithRefreshKitExitCodes()
    }
}
