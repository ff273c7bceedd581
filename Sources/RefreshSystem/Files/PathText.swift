/// Path arithmetic on text, for paths users type. Foundation's `NSString.deletingLastPathComponent`
/// traps (SIGILL) on Linux for a one-character path such as `x`, `x/` or `.`, and `--out x` is a
/// path anyone types: every folder-of-a-path in RefreshKit goes through here instead.
public enum PathText {
    /// The folder `path` is in, as `NSString.deletingLastPathComponent` gives it: `a/b` → `a`,
    /// `a/b/` → `a`, `/x` → `/`, `/` → `/`, and `""` for a name with no folder (`x`, `x/`, `.`).
    public static func folder(of path: String) -> String {
        var text = Substring(path)
        while text.count > 1, text.hasSuffix("/") { text = text.dropLast() }  // a trailing slash names the same thing
        guard let slash = text.lastIndex(of: "/") else { return "" }
        var folder = text[..<slash]
        while folder.hasSuffix("/") { folder = folder.dropLast() }  // a//b is in a
        return folder.isEmpty ? "/" : String(folder)
    }
}
