/// The version of this SDK, semantic: a minor release only adds (and deprecates), so a plugin that
/// built against an earlier 1.x release builds against this one; only a major release may remove
/// or change what a plugin calls. CHANGELOG.md at the repository's root lists each release; the
/// plugin author's guide says what each kind of release may change.
public enum SDKVersion {
    /// This SDK's version, e.g. `1.0.0`.
    public static let current = "1.0.0"
    /// What a plugin built with it reports through `refresh_plugin_descriptor.sdk_version`, and
    /// `refresh-dump list` shows: `RefreshPluginSDK 1.0.0`.
    public static let descriptorText = "RefreshPluginSDK \(current)"
    /// The plugin ABI this SDK speaks (`REFRESH_PLUGIN_ABI_VERSION`), for a version line.
    public static var abiVersion: UInt32 { PluginExport.abiVersion }
}
