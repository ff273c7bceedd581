import Foundation
import Testing
import TestSupport
@testable import RefreshHandoff

/// The timing curve the handoff gives libraries that take only a curve: the curve's own values,
/// and the fit that finds a known curve again.
@Suite(.leavesNoPluginHost) struct CubicBezierTests {
    /// `cubic-bezier(0, 0, 1, 1)` is the straight line; every curve starts at 0 and ends at 1.
    @Test func theLinearCurveIsTheIdentity() {
        let linear = CubicBezier(x1: 0, y1: 0, x2: 1, y2: 1)
        for x in stride(from: 0.0, through: 1, by: 0.125) { #expect(abs(linear.value(at: x) - x) < 1e-5) }
        let ease = CubicBezier(x1: 0.25, y1: 0.1, x2: 0.25, y2: 1)
        #expect(abs(ease.value(at: 0)) < 1e-5 && abs(ease.value(at: 1) - 1) < 1e-5)
        #expect(ease.description == "0.25, 0.1, 0.25, 1")
    }

    /// Fitting CSS's `ease-out` (0, 0, 0.58, 1), a curve on the fit's grid, gives a curve that
    /// stays within 1 % of it everywhere; the fit is the same every time.
    @Test func theFitFindsAKnownCurveAgain() {
        let easeOut = CubicBezier(x1: 0, y1: 0, x2: 0.58, y2: 1)
        let fitted = CubicBezier.fit { easeOut.value(at: $0) }
        for x in stride(from: 0.0, through: 1, by: 0.05) { #expect(abs(fitted.value(at: x) - easeOut.value(at: x)) < 0.01, "\(fitted) at \(x)") }
        #expect(CubicBezier.fit { easeOut.value(at: $0) } == fitted)
    }

    /// A critically damped spring (what the handoff fits for libraries without springs) comes out
    /// as an ease-out: fast at first, within 3 % of the spring at every sample.
    @Test func aSpringBecomesAnEaseOut() {
        // x(t) = 1 − (1 + ωt) e^(−ωt), time scaled so the spring is 99.9 % there at 1.
        let spring: (Double) -> Double = { t in let w = 9.23 * t; return 1 - (1 + w) * exp(-w) }
        let fitted = CubicBezier.fit(spring)
        for x in stride(from: 0.05, through: 0.95, by: 0.05) { #expect(abs(fitted.value(at: x) - spring(x)) < 0.03, "\(fitted) at \(x)") }
        #expect(fitted.value(at: 0.25) > 0.5)
    }
}
