import CProcessControl
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// What a plugin call may change for the whole process and the host puts back after every call:
/// the working directory, the C locale (a German LC_NUMERIC made the panel print "1,00") and the
/// dispositions of the signals a host relies on. Each restoration is reported once, naming what
/// the plugin changed.
package enum PluginSideEffects {
    private struct Snapshot: @unchecked Sendable {
        var directory: Int32
        var directoryIdentity: (dev_t, ino_t)
        var locale: String
        var signals: [Int32: sigaction]
    }

    /// The signals whose handlers a plugin must not replace.
    static let watchedSignals: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGINT, SIGTERM, SIGPIPE, SIGCHLD, SIGUSR1, SIGUSR2]

    nonisolated(unsafe) private static var snapshot: Snapshot?
    private static let lock = NSLock()

    /// Remembers the process state as it is now (the first plugin call does it by itself).
    package static func takeSnapshot() {
        lock.withLock {
            if let old = snapshot { close(old.directory) }
            snapshot = current()
        }
    }

    private static func current() -> Snapshot {
        var status = stat()
        stat(".", &status)
        var signals: [Int32: sigaction] = [:]
        for signal in watchedSignals {
            var action = sigaction()
            sigaction(signal, nil, &action)
            signals[signal] = action
        }
        // Only to go back to (fchdir): named, not opened for reading, which a sandbox may refuse.
        return Snapshot(directory: refreshkit_open_folder_path("."), directoryIdentity: (status.st_dev, status.st_ino),
                        locale: String(cString: setlocale(LC_ALL, nil)), signals: signals)
    }

    /// Puts back what a plugin call changed; returns a sentence for each thing put back.
    @discardableResult
    package static func restore() -> [String] {
        lock.withLock {
            guard let saved = snapshot else {
                snapshot = current()
                return []
            }
            var restored: [String] = []
            var status = stat()
            if stat(".", &status) != 0 || status.st_dev != saved.directoryIdentity.0 || status.st_ino != saved.directoryIdentity.1 {
                if saved.directory >= 0 && fchdir(saved.directory) == 0 { restored.append("changed the working directory") }
            }
            if let locale = setlocale(LC_ALL, nil), String(cString: locale) != saved.locale {
                setlocale(LC_ALL, saved.locale)
                restored.append("changed the C locale")
            }
            for (signal, action) in saved.signals {
                var now = sigaction()
                sigaction(signal, nil, &now)
                if !same(now, action) {
                    var original = action
                    sigaction(signal, &original, nil)
                    restored.append("replaced the handler of signal \(signal)")
                }
            }
            return restored
        }
    }

    private static func same(_ a: sigaction, _ b: sigaction) -> Bool {
        let handlers = withUnsafeBytes(of: a.__sigaction_handler) { x in withUnsafeBytes(of: b.__sigaction_handler) { y in x.elementsEqual(y) } }
        let restorer: Int32 = 0x0400_0000  // SA_RESTORER: glibc adds it when it installs a handler
        return handlers && (a.sa_flags & ~restorer) == (b.sa_flags & ~restorer)
    }

    /// Where reports go; standard error by default. Each distinct report is made once.
    nonisolated(unsafe) package static var onReport: (String) -> Void = { line in
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
    nonisolated(unsafe) private static var reported: Set<String> = []
    nonisolated(unsafe) private static var seen: Set<String> = []

    /// Everything put back so far, as "what the plugin did" sentences (for `validate`).
    package static var changesSeen: Set<String> { lock.withLock { seen } }

    /// Reports once per plugin call kind (`render`, not each frame's) and what it changed.
    static func report(_ restored: [String], during what: String) {
        let call = what.components(separatedBy: " (").first ?? what
        let line = "refreshkit: \(PluginError.printable(call)) \(restored.joined(separator: ", ")); put back"
        let first = lock.withLock {
            seen.formUnion(restored)
            return reported.insert(line).inserted
        }
        if first { onReport(line) }
    }
}
