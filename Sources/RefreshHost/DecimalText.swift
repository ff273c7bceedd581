import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A number as people read it in the tools' words and files: at most a few decimals, trailing
/// zeros dropped, in the C locale whatever the user's (`0.5`, `35`, `1.25`).
package enum DecimalText {
    /// `value` with at most `decimals` decimals, trailing zeros dropped.
    package static func short(_ value: Double, _ decimals: Int = 2) -> String {
        var text = fixed(value, decimals)
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text
    }

    /// `value` with exactly `decimals` decimals (0…17) in the C locale: C's `%.Nf`, the same text
    /// as `String(format:locale:)` with `en_US_POSIX`, without Foundation's number formatter (which
    /// cost the preview's panel about 3 % of its frame).
    package static func fixed(_ value: Double, _ decimals: Int) -> String {
        // Foundation's words for these, not C's (`nan`, `inf`).
        if value.isNaN { return "NaN" }
        if value.isInfinite { return value < 0 ? "-INF" : "INF" }
        let previous = uselocale(cLocale)
        defer { uselocale(previous) }
        var buffer = [CChar](repeating: 0, count: 64)
        let count = withVaList([value]) { vsnprintf(&buffer, buffer.count, "%.\(min(max(decimals, 0), 17))f", $0) }
        guard count >= 0, count < buffer.count else { return String(format: "%.\(decimals)f", locale: Locale(identifier: "en_US_POSIX"), value) }
        return String(decoding: buffer[0..<Int(count)].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The C locale, made once: `uselocale` makes it this thread's for a call.
    private nonisolated(unsafe) static let cLocale: locale_t? = newlocale(1 << LC_NUMERIC, "C", nil)  // LC_NUMERIC_MASK, a macro Swift cannot import
}
