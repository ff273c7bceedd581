import Testing
import RefreshContract

/// Numbers from outside (a parameter, a time, a coordinate) become an `Int` without trapping.
@Suite struct SaturatingConversionTests {
    @Test func aSaturatingConversionNeverTraps() {
        #expect(Int(saturating: .nan) == 0 && Int(saturating: .infinity) == .max && Int(saturating: -.infinity) == .min)
        #expect(Int(saturating: 1e300) == .max && Int(saturating: -1e300) == .min && Int(saturating: -2.9) == -2 && Int(saturating: 7.9) == 7)
    }
}
