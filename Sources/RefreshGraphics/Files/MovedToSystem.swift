import RefreshSystem

// The tools' plumbing graphics once declared, and so every plugin saw through the SDK. It moved to
// RefreshSystem; the old names stay, deprecated, so that a plugin which used one still builds.
// A file of ours that imports both modules names RefreshSystem first: of two names for one type,
// Swift keeps the first import's (the build's warning check says where one is not).

/// Deprecated: the tools' temporary files and stop signals are no plugin's business.
@available(*, deprecated, message: "the tools' plumbing, not for drawing; it moved to RefreshSystem")
public typealias TemporaryPaths = RefreshSystem.TemporaryPaths

/// Deprecated: a plugin writes no files.
@available(*, deprecated, message: "the tools' plumbing, not for drawing; it moved to RefreshSystem")
public typealias PendingFile = RefreshSystem.PendingFile

/// Deprecated: a plugin writes no files.
@available(*, deprecated, message: "the tools' plumbing, not for drawing; it moved to RefreshSystem")
public typealias OutputFile = RefreshSystem.OutputFile

/// Deprecated: a plugin writes no files.
@available(*, deprecated, message: "the tools' plumbing, not for drawing; it moved to RefreshSystem")
public typealias OutputRoots = RefreshSystem.OutputRoots

/// Deprecated: the tools' digests of bundles and fonts.
@available(*, deprecated, message: "the tools' plumbing, not for drawing; it moved to RefreshSystem")
public typealias SHA256 = RefreshSystem.SHA256
