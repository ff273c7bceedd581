import Foundation

/// A number as people read it in the tools' words and files: at most a few decimals, trailing
/// zeros dropped, in the C locale whatever the user's (`0.5`, `35`, `1.25`).
package enum DecimalText {
    /// `value` with at most `decimals` decimals, trailing zeros dropped.
    package static func short(_ value: Double, _ decimals: Int = 2) -> String {
        var text = String(format: "%.\(decimals)f", locale: Locale(identifier: "en_US_POSIX"), value)
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text
    }
}
