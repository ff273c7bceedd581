import ArgumentParser
import RefreshHost

/// A `--locale` list as `export` and `report` take it: comma-separated BCP 47 tags, each checked
/// for its form (ASCII letters, digits, `-` and `_`, at most 35), none twice, at most 16.
enum LocaleList {
    /// The tags of `text`; throws naming the first that is not a tag.
    static func tags(_ text: String) throws -> [String] {
        let tags = try text.split(separator: ",").map { name in
            let tag = String(name).trimmingCharacters(in: .whitespaces)
            guard Scenario.isLocaleTag(tag) else { throw ValidationError("--locale: '\(tag)' is not a BCP 47 tag such as en, zh-Hans or ar") }
            return tag
        }
        guard !tags.isEmpty, tags.count <= 16, Set(tags).count == tags.count else { throw ValidationError("--locale: 1 to 16 different tags, not '\(text)'") }
        return tags
    }

    /// The tags `--locale` gives, else every language the plugin draws words in, else English: what
    /// `export` and `handoff` write a file for.
    static func tags(_ text: String?, drawn: [String]) throws -> [String] {
        try text.map(tags) ?? (drawn.isEmpty ? ["en"] : drawn)
    }
}
