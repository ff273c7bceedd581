import Testing
@testable import RefreshContract

/// The markers an export names its moments by: their order in the file is what older players
/// and handoffs rely on, and another edge than the top names its own.
@Suite struct LottieMarkerTests {
    @Test func theMarkersKeepTheirOrderAndOverpullingComesLast() {
        #expect(LottieMarker.allCases.map(\.rawValue) == ["pulling", "eligible", "refreshingStart", "refreshing", "success", "failure", "noMoreData", "overpulling"])
    }

    @Test func anotherEdgeNamesItsOwn() {
        #expect(LottieMarker.pulling.name(on: .top) == "pulling")
        #expect(LottieMarker.refreshing.name(on: .bottom) == "refreshing@bottom")
        #expect(LottieMarker.noMoreData.name(on: .trailing) == "noMoreData@trailing")
    }
}
