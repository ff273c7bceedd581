import Testing
import RefreshPluginSDK
import RefreshLottieSource
@testable import Lottie

@Suite struct FramePlanTests {
    /// 10 frames per second of state time; ranges chosen so every frame number says where it came from.
    func plan(eligible: FramePlan.Playback = .loop, refreshing: FramePlan.Playback = .loop) -> FramePlan {
        FramePlan(pulling: FrameRange(first: 0, last: 10), eligible: FrameRange(first: 20, last: 23),
                  refreshing: FrameRange(first: 30, last: 33), success: FrameRange(first: 40, last: 44),
                  failure: FrameRange(first: 50, last: 54), noMoreData: FrameRange(first: 60, last: 64),
                  eligiblePlayback: eligible, refreshingPlayback: refreshing, framesPerSecond: 10)
    }

    func frames(_ plan: FramePlan, _ state: RefreshState, times: [Double], reduceMotion: Bool = false) -> [Int?] {
        times.map { plan.frame(for: state, stateTime: $0, reduceMotion: reduceMotion) }
    }

    @Test func pullingScrubsByProgressFromFirstToLastFrame() {
        let p = plan()
        #expect([0, 0.04, 0.05, 0.5, 0.96, 1].map { p.frame(for: .pulling(progress: $0), stateTime: 0, reduceMotion: false) } == [0, 0, 1, 5, 10, 10])
        #expect(p.frame(for: .pulling(progress: 3), stateTime: 0, reduceMotion: false) == 10, "over-pull stays on the last frame")
        #expect(p.frame(for: .pulling(progress: -1), stateTime: 0, reduceMotion: false) == 0)
        #expect(p.frame(for: .pulling(progress: .nan), stateTime: 0, reduceMotion: false) == 0)
        #expect(p.frame(for: .pulling(progress: 0.5), stateTime: 0, reduceMotion: true) == 5, "the pull still scrubs with reduced motion")
    }

    @Test func refreshingLoopsOnTheStateClock() {
        #expect(frames(plan(), .refreshing, times: [0, 0.1, 0.2, 0.3, 0.4, 0.5, 10.0]) == [30, 31, 32, 33, 30, 31, 30])
        #expect(frames(plan(refreshing: .pingPong), .refreshing, times: [0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7]) == [30, 31, 32, 33, 32, 31, 30, 31])
    }

    /// An export's start of refreshing plays once on the state's clock, then the loop from its first frame; reduced motion shows the loop's still.
    @Test func refreshingsStartPlaysOnceThenTheLoop() {
        var p = plan()
        p.refreshingStart = FrameRange(first: 25, last: 27)
        #expect(frames(p, .refreshing, times: [0, 0.1, 0.2, 0.3, 0.4, 0.6, 0.7]) == [25, 26, 27, 30, 31, 33, 30])
        #expect(frames(p, .refreshing, times: [0, 1], reduceMotion: true) == [30, 30])
    }

    @Test func eligibleHoldsOrLoops() {
        #expect(frames(plan(eligible: .hold), .eligible, times: [0, 0.2, 0.3, 5]) == [20, 22, 23, 23])
        #expect(frames(plan(eligible: .loop), .eligible, times: [0, 0.3, 0.4]) == [20, 23, 20])
    }

    /// An export's over-pull: once eligible has played (held on its last frame), a progress past 1
    /// picks the frame of `overpulling`, 1 its first and the reach its last; before, and for a
    /// looping eligible or a file without the marker, eligible plays as ever.
    @Test func theOverpullScrubsOnceEligibleHasPlayed() {
        var p = plan(eligible: .hold)
        p.overpulling = FramePlan.Overpull(range: FrameRange(first: 70, last: 76), reach: 2.5)
        let overpulled = [1, 1.5, 2, 2.5, 9].map { p.frame(for: .eligible, progress: $0, stateTime: 0.3, reduceMotion: false) }
        #expect(overpulled == [23, 72, 74, 76, 76], "progress 1 is eligible's last frame, which is the over-pull's first")
        #expect(p.frame(for: .eligible, progress: 2, stateTime: 0.1, reduceMotion: false) == 21, "eligible's motion plays first")
        #expect(p.frame(for: .eligible, progress: 2, stateTime: 0, reduceMotion: true) == 74, "reduced motion: eligible is already still")
        #expect(p.frame(for: .eligible, progress: .nan, stateTime: 1, reduceMotion: false) == 23)
        var looping = p
        looping.eligiblePlayback = .loop
        #expect(looping.frame(for: .eligible, progress: 2, stateTime: 0.3, reduceMotion: false) == 23)
        #expect(plan(eligible: .hold).frame(for: .eligible, progress: 2, stateTime: 1, reduceMotion: false) == 23)
    }

    @Test func resultsPlayOnceAndStay() {
        #expect(frames(plan(), .finished(.success), times: [0, 0.2, 0.4, 9]) == [40, 42, 44, 44])
        #expect(frames(plan(), .finished(.failure), times: [0, 0.1]) == [50, 51])
        #expect(frames(plan(), .finished(.noMoreData), times: [0, 0.1]) == [60, 61])
        #expect(frames(plan(), .noMoreData, times: [0, 0.1]) == [64, 64], "the end-of-list marker rests on the last frame")
    }

    @Test func reducedMotionShowsStillFrames() {
        #expect(frames(plan(), .refreshing, times: [0, 0.25, 3], reduceMotion: true) == [30, 30, 30])
        #expect(frames(plan(eligible: .hold), .eligible, times: [0, 1], reduceMotion: true) == [23, 23])
        #expect(frames(plan(), .finished(.success), times: [0], reduceMotion: true) == [44], "a result shows its end at once")
    }

    @Test func speedAndOddClocks() {
        var fast = plan()
        fast.framesPerSecond = 20
        #expect(frames(fast, .refreshing, times: [0.05, 0.1]) == [31, 32])
        #expect(frames(plan(), .refreshing, times: [-1, .nan, .infinity]) == [30, 30, 30])
        #expect(frames(plan(), .none, times: [0]) == [nil])
        #expect(frames(plan(), .unknown, times: [0]) == [nil])
    }
}
