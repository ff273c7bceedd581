import CRefreshPlugin
import Foundation

/// What the host offers this plugin (`refresh_host` in `refresh_plugin.h`): a log the host shows
/// (the preview prints a plugin's lines in its panel) and the plugin's own folder of files. Set
/// when the host creates an instance; an older host offers neither (``resourceDirectory`` nil,
/// ``log(_:level:)`` does nothing).
public enum PluginHost {
    /// How serious a log line is.
    public enum Level: UInt32, Sendable {
        /// Detail for the plugin's author.
        case debug
        /// Something worth knowing.
        case info
        /// Something went wrong, and the plugin carries on.
        case warning
        /// Something failed.
        case error
    }

    private struct Offer: @unchecked Sendable {
        var log: (@convention(c) (UnsafeMutableRawPointer?, UInt32, UnsafePointer<CChar>?) -> Void)?
        var context: UnsafeMutableRawPointer?
        var resourceDirectory: String?
        var hostABI: UInt32 = 0
    }

    /// The last offer; a host may make instances from several threads at once, so every read
    /// and write of it holds ``offerLock`` (unguarded, two creations at once freed its string twice).
    nonisolated(unsafe) private static var _offer = Offer()
    private static let offerLock = NSLock()
    private static var offer: Offer {
        get { offerLock.withLock { _offer } }
        set { offerLock.withLock { _offer = newValue } }
    }

    /// The plugin's own folder (its bundle's `resources/`, or the folder of its library), as the
    /// host said; nil with a host that does not say.
    public static var resourceDirectory: String? { offer.resourceDirectory }

    /// The path of the plugin's own file `name`: in ``resourceDirectory`` when it is there (an
    /// installed bundle), else `fallback` (a development build's copy), else nil.
    public static func resource(_ name: String, fallback: String? = nil) -> String? {
        if let folder = resourceDirectory {
            let path = (folder as NSString).appendingPathComponent(name)
            if FileManager.default.fileExists(atPath: path) { return path }
        }
        return fallback.flatMap { FileManager.default.fileExists(atPath: $0) ? $0 : nil }
    }

    /// The host's plugin ABI version; 0 with a host older than host services.
    public static var hostABIVersion: UInt32 { offer.hostABI }

    /// Writes one line into the host's log. Call it only while the host is calling the plugin
    /// (from `init(parameters:)`, `render`, a state change), as the header says.
    public static func log(_ message: String, level: Level = .info) {
        let offer = offer
        guard let log = offer.log else { return }
        let line = message.replacingOccurrences(of: "\n", with: " ")
        line.withCString { log(offer.context, level.rawValue, $0) }
    }

    /// Takes the host's offer, read up to the size the host declared.
    static func adopt(_ host: UnsafePointer<refresh_host>?) {
        guard let host else { return }
        let size = ABIStruct.declaredSize(at: host)
        let h = ABIStruct.read(refresh_host.self, at: host, declaredSize: size)
        offer = Offer(log: h.log, context: h.context, resourceDirectory: h.resource_dir.map { String(cString: $0) }, hostABI: h.abi_version)
    }
}
