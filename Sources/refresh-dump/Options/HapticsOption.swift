import ArgumentParser
import RefreshCore

extension HapticFeedback {
    /// The value a `--haptics` option names (`trace`, `handoff`), or an error saying the three it may be.
    static func option(_ text: String) throws -> HapticFeedback {
        guard let value = HapticFeedback(rawValue: text) else { throw ValidationError("--haptics must be off, threshold or thresholdAndStart, not '\(text)'") }
        return value
    }
}
