/// A file or folder that could not be written, made or claimed, and why: what ``OutputFile``,
/// ``PendingFile`` and ``TemporaryPaths`` throw. It reads as "PATH: reason".
public struct OutputError: Error, Equatable, CustomStringConvertible {
    /// The file or folder, as it was named.
    public var path: String
    /// What went wrong, in a user's words ("cannot be created: permission denied").
    public var reason: String

    /// An error naming `path` and saying `reason`.
    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    /// "PATH: reason".
    public var description: String { "\(path): \(reason)" }

    /// The same error, spelled as the case lists it: `throw .output(path:reason:)`.
    public static func output(path: String, reason: String) -> OutputError { OutputError(path: path, reason: reason) }
}
