import Testing
@testable import RefreshCore

@Suite struct RubberBandTests {
    @Test(arguments: [(5.0, 2.74), (100, 52.02), (400, 178.98), (960, 340.65)])
    func matchesUIKitSamplesForA960PointViewport(distance: Double, expected: Double) {
        let banded = RubberBand().banded(distance, dimension: 960)
        #expect(abs(banded - expected) < 0.005, "band(\(distance)) = \(banded)")
    }

    @Test func rawInvertsBanded() {
        let band = RubberBand()
        for x in stride(from: 0.0, through: 5000, by: 37.5) {
            let b = band.banded(x, dimension: 844)
            #expect(abs(band.raw(b, dimension: 844) - x) < 1e-6 * max(1, x))
        }
    }

    @Test func neverReachesTheViewportExtent() {
        let band = RubberBand()
        #expect(band.banded(1e12, dimension: 844) < 844)
        #expect(band.banded(.infinity, dimension: 844) == 844)
        #expect(band.banded(.nan, dimension: 844) == 0)
        #expect(band.banded(-10, dimension: 844) == 0)
        #expect(band.raw(844, dimension: 844).isFinite)
    }
}
