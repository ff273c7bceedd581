import Foundation
import RefreshPluginSDK

/// Which frame of the animation each refresh state shows: pulling scrubs a range by progress,
/// eligible and refreshing play theirs on the state's clock, a result plays once and holds.
/// A pure function of state, progress and state time, so frames are deterministic.
package struct FramePlan: Equatable {
    /// How a time-driven range plays (Lottie's loop modes).
    package enum Playback: String, CaseIterable {
        /// Once, then the last frame stays.
        case hold
        /// From the first frame again after the last.
        case loop
        /// Forwards, then backwards, and again.
        case pingPong
    }

    package var pulling: FrameRange
    package var eligible: FrameRange
    package var refreshing: FrameRange
    /// What refreshing plays once before its loop (an export's `refreshingStart`); nil: none.
    package var refreshingStart: FrameRange? = nil
    package var success: FrameRange
    package var failure: FrameRange
    package var noMoreData: FrameRange
    package var eligiblePlayback: Playback
    package var refreshingPlayback: Playback
    /// How no more data plays on its state's clock; nil: its last frame, still (any file but an
    /// export that says how its motion plays).
    package var noMoreDataPlayback: Playback? = nil
    /// An export's pull past the trigger (`overpulling`) and how far it reaches in refresh lengths:
    /// eligible once its motion has played shows the frame of the progress; nil: eligible alone.
    package var overpulling: Overpull? = nil

    /// An export's `overpulling`: its frames, and the progress its last frame shows (its first shows 1).
    package struct Overpull: Equatable {
        package var range: FrameRange
        package var reach: Double
        package init(range: FrameRange, reach: Double) { (self.range, self.reach) = (range, reach) }
    }

    /// Animation frames per second of state time: the file's rate times the speed.
    package var framesPerSecond: Double

    package init(pulling: FrameRange, eligible: FrameRange, refreshing: FrameRange, refreshingStart: FrameRange? = nil, success: FrameRange,
                 failure: FrameRange, noMoreData: FrameRange, eligiblePlayback: Playback, refreshingPlayback: Playback,
                 noMoreDataPlayback: Playback? = nil, overpulling: Overpull? = nil, framesPerSecond: Double) {
        (self.pulling, self.eligible, self.refreshing, self.refreshingStart) = (pulling, eligible, refreshing, refreshingStart)
        (self.success, self.failure, self.noMoreData) = (success, failure, noMoreData)
        (self.eligiblePlayback, self.refreshingPlayback, self.noMoreDataPlayback) = (eligiblePlayback, refreshingPlayback, noMoreDataPlayback)
        self.overpulling = overpulling
        self.framesPerSecond = framesPerSecond
    }

    /// The frame number for `state`, or nil when nothing is drawn. With reduced motion nothing
    /// moves by itself: time-driven ranges show one still frame, results their last. `progress`
    /// past 1 while eligible, once eligible has played, picks the frame of ``overpulling``.
    package func frame(for state: RefreshState, progress: Double = 1, stateTime: Double, reduceMotion: Bool) -> Int? {
        switch state {
        case .pulling(let progress):
            let p = progress.isFinite ? min(max(progress, 0), 1) : 0
            return pulling.frame(at: Int((p * Double(pulling.count - 1)).rounded()))
        case .eligible:
            if let overpull = overpulling, eligiblePlayback == .hold, progress.isFinite, progress > 1,
               reduceMotion || stateTime * framesPerSecond + 1e-6 >= Double(eligible.count - 1) {
                let f = min(1, (progress - 1) / (overpull.reach - 1))
                return overpull.range.frame(at: Int((f * Double(overpull.range.count - 1)).rounded()))
            }
            return play(eligible, eligiblePlayback, stateTime, reduceMotion)
        case .secondaryEligible:
            return play(eligible, eligiblePlayback, stateTime, reduceMotion)
        case .refreshing:
            if let start = refreshingStart, !reduceMotion {
                let startTime = Double(start.count) / framesPerSecond
                if stateTime < startTime { return play(start, .hold, stateTime, reduceMotion) }
                return play(refreshing, refreshingPlayback, stateTime - startTime, reduceMotion)
            }
            return play(refreshing, refreshingPlayback, stateTime, reduceMotion)
        case .finished(.success):
            return play(success, .hold, stateTime, reduceMotion)
        case .finished(.failure):
            return play(failure, .hold, stateTime, reduceMotion)
        case .finished(.noMoreData):
            return play(noMoreData, .hold, stateTime, reduceMotion)
        case .noMoreData:
            return noMoreDataPlayback.map { play(noMoreData, $0, stateTime, reduceMotion) } ?? noMoreData.last
        case .none, .unknown, .secondaryOpen, .secondaryClosing:
            return nil
        @unknown default:  // a state a later SDK adds: as above until handled
            return nil
        }
    }

    private func play(_ range: FrameRange, _ playback: Playback, _ stateTime: Double, _ reduceMotion: Bool) -> Int {
        if reduceMotion { return playback == .hold ? range.last : range.first }
        // The small nudge keeps a time that lands exactly on a frame from rounding down past it.
        let elapsed = stateTime.isFinite ? max(0, stateTime * framesPerSecond + 1e-6) : 0
        let step = Int(min(elapsed, 1e9))
        let n = range.count
        switch playback {
        case .hold:
            return range.frame(at: step)
        case .loop:
            return range.frame(at: step % n)
        case .pingPong:
            guard n > 1 else { return range.first }
            let m = step % (2 * (n - 1))
            return range.frame(at: m < n ? m : 2 * (n - 1) - m)
        }
    }
}
