import Testing
import RefreshPluginSDK
@testable import Lottie

/// rlottie renders whole frames: a frame rendered once at a size is served again from memory, and
/// the memory is bounded (the throughput issue's Lottie cache).
@Suite struct FrameCacheTests {
    @Test func aFrameRenderedOnceIsServedAgainAtTheSameSize() throws {
        let animation = try LottieAnimation(file: "Lottie/refresh.json", parameter: "file")
        let first = try #require(animation.image(frame: 10, width: 88, height: 88))
        #expect(animation.image(frame: 10, width: 88, height: 88) === first, "rendered again")
        #expect(animation.image(frame: 11, width: 88, height: 88) !== first)
        let larger = try #require(animation.image(frame: 10, width: 176, height: 176))
        #expect(larger !== first && larger.width == 176, "a new size is rendered anew")
    }

    @Test func theCacheKeepsWithinItsBudgetDroppingTheLeastRecentlyUsed() throws {
        let animation = try LottieAnimation(file: "Lottie/refresh.json", parameter: "file")
        let side = 1024, frameBytes = side * side * 4  // 4 MB a frame: 8 fit in 32 MB
        let kept = LottieAnimation.cacheBudget / frameBytes
        let oldest = try #require(animation.image(frame: 0, width: side, height: side))
        var newest = oldest
        for frame in 1...(kept + 4) { newest = try #require(animation.image(frame: frame, width: side, height: side)) }
        #expect(animation.image(frame: kept + 4, width: side, height: side) === newest, "the newest is kept")
        #expect(animation.image(frame: 0, width: side, height: side) !== oldest, "the oldest was dropped")
    }
}
