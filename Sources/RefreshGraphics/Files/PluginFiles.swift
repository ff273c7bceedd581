import RefreshSystem

// What a plugin reads its own files with. They live in RefreshSystem beside the tools' writers;
// graphics names these three, and only these, for whoever draws.

/// Reads a file, refusing one over a size limit or one that is not a regular file: a plugin's
/// SVG, Lottie or images (`RefreshSystem.CappedFile`).
public typealias CappedFile = RefreshSystem.CappedFile

/// The folder of a path, as text, without Foundation's traps on one-character paths
/// (`RefreshSystem.PathText`).
public typealias PathText = RefreshSystem.PathText

/// Foundation's file errors in a user's words (`RefreshSystem.PlainErrorText`).
public typealias PlainErrorText = RefreshSystem.PlainErrorText
