import CRefreshPlugin
import Foundation

/// The lines a plugin wrote through `refresh_host.log`, the last 100 kept; the `refresh_host`
/// handed to the plugin points at it (its context) for as long as the library is loaded.
final class PluginLog: @unchecked Sendable {
    private let lock = NSLock()
    private var kept: [String] = []
    private var total = 0

    /// The kept lines, oldest first, each prefixed with its level when it is not `info`.
    var lines: [String] { lock.withLock { kept } }
    /// How many lines were ever written (kept or not), and the kept ones: lines after the first
    /// `count` of all written are the last `total - count` of ``lines``.
    var written: (total: Int, lines: [String]) { lock.withLock { (total, kept) } }

    func append(level: UInt32, _ message: String) {
        let prefix = switch refresh_log_level(rawValue: level) {
        case REFRESH_LOG_DEBUG: "debug: "
        case REFRESH_LOG_WARNING: "warning: "
        case REFRESH_LOG_ERROR: "error: "
        default: ""
        }
        // One printable line: no terminal escapes from a plugin reach a terminal or the panel.
        let line = prefix + PluginError.printable(String(message.prefix(500)))
        lock.withLock {
            kept.append(line)
            total += 1
            if kept.count > 100 { kept.removeFirst(kept.count - 100) }
        }
    }

    /// The C function in `refresh_host.log`.
    static let callback: @convention(c) (UnsafeMutableRawPointer?, UInt32, UnsafePointer<CChar>?) -> Void = { context, level, message in
        guard let context, let message else { return }
        let log = Unmanaged<PluginLog>.fromOpaque(context).takeUnretainedValue()
        log.append(level: level, String(cString: message))
    }
}
