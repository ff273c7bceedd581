import CPangoCairo
import Foundation

/// Pins the fonts text is drawn with to the ones `Assets/Fonts/fonts.conf` names, so frames do not
/// depend on what else a machine has installed.
///
/// Fontconfig reads `FONTCONFIG_FILE` once, when first used; ``pin()`` sets it before that. Every
/// text call of this module pins first, and hosts call it at start-up, before plugins draw.
public enum Fonts {
    /// What ``pin()`` found.
    public enum Status: Equatable, Sendable {
        /// Fontconfig uses the project's configuration at this path.
        case pinned(String)
        /// `Assets/Fonts/fonts.conf` was not found: the system's fonts are used.
        case missingConfiguration
        /// Fontconfig had been started with another configuration before; text may differ between machines.
        case alreadyInitialised(String)
    }

    /// Pins the fonts (once per process) and says how that went.
    @discardableResult
    public static func pin() -> Status { status }

    /// ``pin()`` on a thread of its own: fontconfig reads its configuration (some 7 ms) while the
    /// caller goes on, and the first text drawn waits only for what is left. The variable is set
    /// here, on the caller's thread, so no other thread sets the environment while this one reads it.
    public static func pinInBackground() {
        guard let path = configuration else { return }
        point(at: path)
        Thread.detachNewThread { pin() }
    }

    /// The project's fontconfig file, when it is found.
    private static let configuration = Assets.path("Fonts/fonts.conf")

    /// Sets `FONTCONFIG_FILE` to `path` unless it is already (then another thread reading the
    /// environment meanwhile is safe). A relative `XDG_CACHE_HOME` goes: the XDG spec calls it
    /// invalid, and fontconfig (our fonts.conf keeps its cache under it) would write into whatever
    /// folder the command runs in.
    private static func point(at path: String) {
        if getenv("FONTCONFIG_FILE").map({ String(cString: $0) }) != path { setenv("FONTCONFIG_FILE", path, 1) }
        if let cache = getenv("XDG_CACHE_HOME"), cache.pointee != UInt8(ascii: "/") { unsetenv("XDG_CACHE_HOME") }
    }

    private static let status: Status = {
        guard let path = configuration else { return .missingConfiguration }
        point(at: path)
        // Starts fontconfig now, with the file above, and checks it took.
        guard let config = FcConfigGetCurrent(), let files = FcConfigGetConfigFiles(config) else { return .alreadyInitialised(path) }
        defer { FcStrListDone(files) }
        while let file = FcStrListNext(files) {
            if String(cString: file) == path { return .pinned(path) }
        }
        return .alreadyInitialised(path)
    }()
}
