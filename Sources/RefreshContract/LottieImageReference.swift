/// Where a Lottie file's image asset may be read from: its `u` + `p` joined as rlottie and every
/// player join them, beside or below the animation's folder only (librsvg's rule): no absolute
/// path, no `..`, no URL, no backslash. The Lottie plugin refuses a file naming any other, and a
/// plugin's sandbox makes only these readable with the file.
package enum LottieImageReference {
    /// Whether `reference` (an asset's `u` + `p`) stays beside or below the animation's folder.
    package static func staysInFolder(_ reference: String) -> Bool {
        !reference.hasPrefix("/") && !reference.contains("://") && !reference.contains("\\")
            && !reference.split(separator: "/", omittingEmptySubsequences: false).contains("..")
    }
}
