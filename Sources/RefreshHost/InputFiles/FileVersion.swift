/// The one rule for the version every file RefreshKit writes carries (`"version": 1` in a
/// scenario or a results shard; `"format"` in a plugin manifest or a motion track, which had it
/// first): a file without one is version 1, and a newer one than this tool reads is refused by name,
/// before any field it may have added is looked at.
package enum FileVersion {
    /// Why a file of `version` (nil: none given) cannot be read by a tool that reads up to
    /// `newest`; nil when it can.
    package static func problem(_ version: Double?, newest: Int) -> String? {
        guard let version else { return nil }
        guard version.isFinite, version == version.rounded(), version >= 1, version <= 1e9 else {
            return "\(version) is not a version (1, 2, …)"
        }
        guard version <= Double(newest) else {
            return "made by a newer RefreshKit: version \(Int(version)); this one reads up to version \(newest)"
        }
        return nil
    }
}
