import RefreshHost

/// The rule for a file a page links that came from a file someone may have sent (a report shard, a
/// verify result): a relative path inside one of our own folders, each part a plain file name, so
/// no `javascript:` or outside address, no `..`, no hidden file can reach a page.
enum OwnFile {
    /// Whether `path` is `folder/…` with every part after it non-empty, not hidden and already safe
    /// as a file name (``Scenario/safeFileName(_:)``).
    static func isInside(_ folder: String, _ path: String) -> Bool {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        return parts.count >= 2 && parts[0] == folder && parts.dropFirst().allSatisfy { part in
            !part.isEmpty && !part.hasPrefix(".") && Scenario.safeFileName(String(part)) == part
        }
    }
}
