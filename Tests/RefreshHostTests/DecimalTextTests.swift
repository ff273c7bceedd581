import Foundation
import RefreshHost
import Testing
import TestSupport

/// DecimalText.fixed is C's `%.Nf` without Foundation's formatter: the same text as
/// `String(format:locale:)` in `en_US_POSIX` for every value the tools print, ties included.
@Suite(.leavesNoPluginHost) struct DecimalTextTests {
    @Test func fixedIsFoundationsText() {
        var values: [Double] = [0, -0.0, 0.5, 1.5, 2.5, 0.125, 0.375, -0.125, 1e-9, -1e-9, 123456.789, 1e15, -3.14159, .infinity, -.infinity, .nan]
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<2_000 {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            values.append((Double(seed >> 11) / Double(1 << 53) - 0.5) * 2_000)
            values.append(Double(Int(seed >> 40) % 4_000) / 8 - 250)  // eighths: exact binary ties
        }
        for value in values {
            for decimals in [0, 1, 2, 3, 4, 6] {
                let expected = String(format: "%.\(decimals)f", locale: Locale(identifier: "en_US_POSIX"), value)
                #expect(DecimalText.fixed(value, decimals) == expected, "\(value) with \(decimals) decimals")
            }
        }
        #expect(DecimalText.short(1.250) == "1.25" && DecimalText.short(35) == "35" && DecimalText.short(0.5, 3) == "0.5")
    }
}
