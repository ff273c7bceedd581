/// Why a plugin could not be used; always names the file.
public struct PluginError: Error, Equatable, CustomStringConvertible {
    /// Bytes of the buffer the host hands a plugin for its error text (`error`, `error_size` in
    /// refresh_plugin.h): room for a sentence or two; longer text is cut by the plugin.
    static let textCapacity = 512

    /// What went wrong.
    public enum Reason: Equatable, Sendable {
        case noSuchFile
        case unsafeFile(String)
        case notASharedObject(String)
        case wrongArchitecture(String)
        case missingEntrySymbol
        case declined(String)
        case structTooSmall(size: Int, needed: Int)
        case abiTooOld(plugin: UInt32, oldest: UInt32)
        case abiTooNew(plugin: UInt32, newest: UInt32)
        case invalidDescriptor(String)
        case invalidParameters(String)
        case createFailed(String)
        case invalidRefreshLength(Double)
        case renderFailed(String)
        case notFound(String)
        /// More than one library in the search path answers to the name or id.
        case ambiguous([String])
        /// What the child process that tried to load it said (see `PluginProbe`).
        case reported(String)
        /// A bundle's `plugin.json` is unreadable or wrong (the field named).
        case invalidManifest(InputFileError)
        /// A bundle's library is not the file its manifest describes.
        case libraryDoesNotMatchManifest(String)
    }

    /// The plugin file (or the id that was looked for).
    public var file: String
    /// Why.
    public var reason: Reason

    /// A plugin error for `file`.
    public init(file: String, reason: Reason) {
        self.file = file
        self.reason = reason
    }

    /// One line: `plugin <file>: <reason>`, printable (see ``printable(_:)``).
    public var description: String {
        // A name given as a reference (not found) may be anything; a path is never this long.
        "plugin \(Self.printable(Self.shortened(file, to: 300))): \(reasonDescription)"
    }

    /// `text` cut to `limit` characters, "…" marking the cut: what a message quotes of a value,
    /// so a 10 MB string never floods an error line.
    package static func shortened(_ text: String, to limit: Int = 80) -> String {
        text.count > limit ? text.prefix(limit) + "…" : text
    }

    /// `text` with every control character (an ANSI escape, a newline) replaced by `�`, so nothing a
    /// plugin wrote can steer a terminal or break a line of output.
    public static func printable(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { $0.properties.generalCategory == .control ? "\u{FFFD}" : $0 }))
    }

    /// What went wrong, without the file; printable.
    public var reasonDescription: String { Self.printable(rawReasonDescription) }

    private var rawReasonDescription: String {
        switch reason {
        case .noSuchFile: "no such file"
        case .unsafeFile(let why): "refused: \(why) (a plugin is native code; loading one is trusting it)"
        case .notASharedObject(let detail): "not a shared object (\(detail))"
        case .wrongArchitecture(let detail): "built for another architecture (\(detail))"
        case .missingEntrySymbol: "missing entry symbol '\(PluginLibrary.entrySymbol)'; export it with @_cdecl or REFRESH_PLUGIN_EXPORT"
        case .declined(let why): why.isEmpty ? "the entry returned a NULL descriptor" : "the plugin declined to load: \(why)"
        case .structTooSmall(let size, let needed): "descriptor struct too small: \(size) bytes, the host needs at least \(needed)"
        case .abiTooOld(let plugin, let oldest): "built for plugin ABI \(plugin), older than the oldest this host loads (\(oldest))"
        case .abiTooNew(let plugin, let newest): "built for plugin ABI \(plugin), newer than this host's (\(newest)); update the host"
        case .invalidDescriptor(let why): "invalid descriptor: \(why)"
        case .invalidParameters(let why): why
        case .createFailed(let why): "create failed: \(why.isEmpty ? "(no reason given)" : why)"
        case .invalidRefreshLength(let length): "refresh length is \(length); it must be a finite number > 0"
        case .renderFailed(let why): "render failed: \(why.isEmpty ? "(no reason given)" : why)"
        case .notFound(let searched): "not found in \(searched)"
        case .reported(let why): why
        case .invalidManifest(let error): "invalid manifest: \(error.detail)"
        case .libraryDoesNotMatchManifest(let why): "the library does not match its bundle's manifest: \(why); reinstall the bundle"
        case .ambiguous(let files): "\(files.count) plugins answer to it: \(files.joined(separator: ", ")); pass the path of the one you mean"
        }
    }
}
