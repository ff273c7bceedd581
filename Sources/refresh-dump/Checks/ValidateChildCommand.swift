import ArgumentParser
import Foundation
import RefreshHost
import RefreshChecks
import RefreshPluginSDK

/// The child side of `validate`: loads the plugin in this process and prints one line per check.
/// `STEP` lines name what is about to run, so the parent can say where a crash happened.
struct ValidateChildCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "validate-child", shouldDisplay: false)

    @Argument var path: String
    @Option(name: .customLong("budget-ms")) var budgetMilliseconds: Double = 0.5
    @Option(name: .customLong("memory-mb")) var memoryMegabytes: Double = 512
    @Flag(name: .customLong("enforce-budget")) var enforceBudget = false
    @Option var level = 2
    @Option(name: .customLong("read")) var readable: [String] = []

    /// The last line of a child that ran every check.
    static let doneMarker = "DONE"

    /// Writes a line unbuffered, so the parent has it even if the next step crashes.
    func say(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    func step(_ what: String) { say("STEP " + what) }

    /// A failed check for each kind of thing the plugin tried that its sandbox refused.
    func sayRefused() {
        for phrase in PluginSandbox.refused(PluginSandbox.takeRefused()) { say("✗ the plugin \(phrase)") }
    }

    func run() throws {
        // Confined as a plugin host is, before the library is loaded and before any thread starts.
        if PluginSandbox.isEnabled, let missing = PluginSandbox.enter(libraries: [path], readable: readable + PluginPermissions.declaredReadable(byBundleOf: path)) { say("⚠ the plugin runs without \(missing): this kernel lacks it") }
        Lifeline.exitWhenClosed(0)
        PluginCrashReport.uninstall()  // validate names a crash, with the step
        step("loading the library and creating an instance")
        let library: PluginLibrary
        let indicator: PluginIndicator
        do {
            library = try PluginLibrary(path: path)
            indicator = try library.makeIndicator()
        } catch {
            sayRefused()
            say("✗ load: \(error)")
            throw ExitCode(1)
        }
        defer { sayRefused() }
        var checks = PluginChecks(say: say)
        checks.step = step
        (checks.level, checks.budgetMilliseconds, checks.memoryMegabytes, checks.enforceBudget) = (level, budgetMilliseconds, memoryMegabytes, enforceBudget)
        let stage = try checks.run(library, indicator: indicator)
        if level >= 3 { try fuzz(library, stage: stage) }
        say(Self.doneMarker)
    }
}
