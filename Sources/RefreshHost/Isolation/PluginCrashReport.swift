import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Names the plugin when one crashes the process: while a plugin call runs, its label (`plugin
/// <file>`) is the current one, and a fatal signal prints `refreshkit: crashed inside plugin <file>
/// (signal 11)` on standard error before the process ends with that signal, as it would have.
package enum PluginCrashReport {
    nonisolated(unsafe) private static var current: UnsafePointer<CChar>?
    nonisolated(unsafe) private static var installed = false
    static let signals: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT]

    /// Installs the handler (the tools call it at start, before any plugin is loaded).
    package static func install() {
        guard !installed else { return }
        installed = true
        for signal in signals {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = handler
            action.sa_flags = Int32(bitPattern: UInt32(SA_RESETHAND)) | Int32(SA_NODEFER)
            sigaction(signal, &action, nil)
        }
    }

    /// Puts the signals' default actions back: a child whose parent reports its crash (with the step
    /// and the frame) should not say it a second time.
    package static func uninstall() {
        guard installed else { return }
        installed = false
        for signal in signals { Glibc.signal(signal, SIG_DFL) }
    }

    /// A label for crash reports about `file`, kept for the process's life.
    static func label(_ file: String) -> UnsafePointer<CChar> {
        UnsafePointer(strdup("refreshkit: crashed inside plugin \(PluginError.printable(file))")!)
    }

    /// Runs `body` with `label` as the current plugin call.
    static func during<T>(_ label: UnsafePointer<CChar>?, _ body: () throws -> T) rethrows -> T {
        let previous = current
        current = label
        defer { current = previous }
        return try body()
    }

    /// Only async-signal-safe calls: write, then the default action for the signal again.
    private static let handler: @convention(c) (Int32) -> Void = { signal in
        if let label = PluginCrashReport.current {
            _ = write(2, label, strlen(label))
            // " (signal NN)\n", the number written by hand: no formatting in a signal handler.
            var text: (CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar) =
                (32, 40, 115, 105, 103, 110, 97, 108, 32, 48 + CChar(signal / 10 % 10), 48 + CChar(signal % 10), 41, 10)
            withUnsafeBytes(of: &text) { _ = write(2, $0.baseAddress, $0.count) }
        }
        raise(signal)
    }
}
