/// The refresh rules of one edge, in one place.
///
/// The ``RefreshContainer`` turns observations and calls into inputs, computes the guards, feeds
/// them here and performs the effects; nothing else decides a transition. The whole table
/// (RefreshCoreTests/EdgeStateMachineTests checks it row by row):
///
/// | phase                 | input                          | guard                                 | next phase              | effects |
/// |-----------------------|--------------------------------|---------------------------------------|-------------------------|---------|
/// | idle                  | pulled(p ≥ 1, tracking)        | onRelease, may start, more data        | eligible                | becameEligible |
/// | idle                  | pulled(p ≥ 1, tracking)        | onReach, may start, more data          | refreshing              | began(userGesture) |
/// | idle                  | reachedPreload                 | may start, more data                   | refreshing              | began(automatic) |
/// | idle, eligible, finished | beginRequested              | may start, more data                   | refreshing              | began(programmatic) |
/// | eligible              | pulled(p < 1, tracking)        |                                        | idle                    | stoppedBeingEligible |
/// | eligible              | pulled(tracking)               | may not start                          | idle                    | stoppedBeingEligible |
/// | eligible              | released                       | may start                              | refreshing              | began(userGesture) |
/// | eligible              | released                       | may not start                          | idle                    | stoppedBeingEligible |
/// | eligible              | setNoMoreData, reset           |                                        | idle                    | stoppedBeingEligible |
/// | refreshing            | end(r) of this generation      |                                        | finished(r)             | finished(r); r = noMoreData sets no-more-data |
/// | refreshing            | end(r) of an older generation  |                                        | refreshing              | — (a superseded refresh's answer) |
/// | refreshing            | setNoMoreData                  |                                        | finished(noMoreData)    | finished(noMoreData), sets no-more-data |
/// | finished(r)           | holdElapsed                    | more data                              | finished(r), retracting | — |
/// | finished(r)           | holdElapsed                    | no more data                           | idle                    | — (stays open as the end marker) |
/// | finished(r), retracting | retracted                    |                                        | idle                    | — |
/// | any                   | setNoMoreData                  |                                        | (as above, else same)   | sets no-more-data |
/// | any                   | reset                          |                                        | idle                    | clears no-more-data; the running refresh's completion is ignored |
/// | any                   | anything else                  |                                        | same                    | — |
///
/// "May start" is the container's rule: no other edge is refreshing (unless simultaneous refresh
/// is allowed) and, for a gesture or automatic trigger, no edge has started one in this gesture.
/// An edge is held open while refreshing, while its result shows, and while it has no more data
/// (the "No more data" footer stays at the end of the list, as MJRefresh's does).
/// Shown state: idle shows `noMoreData` when the flag is set, else `pulling(p)` while the edge is
/// open by more than half a point, else `none`; the other phases show themselves.
struct EdgeStateMachine: Equatable, Sendable {
    enum Phase: Equatable, Sendable {
        case idle
        case eligible
        case refreshing
        case finished(RefreshResult, retracting: Bool)
    }

    enum Input: Equatable, Sendable {
        /// An observation: progress (unclamped) and whether a finger holds the content.
        case pulled(progress: Double, tracking: Bool)
        /// The finger lifted.
        case released
        /// A load-more edge came within its preload distance while scrolling towards it.
        case reachedPreload
        /// Code asked for a refresh.
        case beginRequested
        /// A refresh ended; `generation` nil ends whichever refresh is running.
        case end(RefreshResult, generation: Int?)
        case setNoMoreData
        case reset
        /// The result has been shown for the hold time.
        case holdElapsed
        /// The edge has closed after the result hold.
        case retracted
    }

    enum Effect: Equatable, Sendable {
        case becameEligible
        case stoppedBeingEligible
        case began(RefreshTrigger, generation: Int)
        case finished(RefreshResult)
    }

    private(set) var phase: Phase = .idle
    private(set) var hasNoMoreData = false
    /// Counts refreshes; a completion carries the generation it belongs to.
    private(set) var generation = 0

    init(phase: Phase = .idle, hasNoMoreData: Bool = false, generation: Int = 0) {
        self.phase = phase
        self.hasNoMoreData = hasNoMoreData
        self.generation = generation
    }

    /// Applies `input`. `mayStart` is the container's guard for the refresh this input would start.
    mutating func handle(_ input: Input, policy: RefreshTriggerPolicy, mayStart: Bool) -> [Effect] {
        let canStart = mayStart && !hasNoMoreData
        switch (phase, input) {
        case (.idle, .pulled(let progress, tracking: true)) where progress >= 1 && canStart:
            if policy == .onRelease {
                phase = .eligible
                return [.becameEligible]
            }
            return start(.userGesture)
        case (.idle, .reachedPreload) where canStart:
            return start(.automatic)
        case (.idle, .beginRequested) where canStart,
             (.eligible, .beginRequested) where canStart,
             (.finished, .beginRequested) where canStart:
            return start(.programmatic)

        case (.eligible, .pulled(let progress, tracking: true)) where progress < 1 || !canStart:
            phase = .idle
            return [.stoppedBeingEligible]
        case (.eligible, .released):
            if canStart { return start(.userGesture) }
            phase = .idle
            return [.stoppedBeingEligible]
        case (.eligible, .setNoMoreData):
            hasNoMoreData = true
            phase = .idle
            return [.stoppedBeingEligible]

        case (.refreshing, .end(let result, let owner)) where owner == nil || owner == generation:
            return finish(result)
        case (.refreshing, .setNoMoreData):
            return finish(.noMoreData)

        case (.finished(let result, retracting: false), .holdElapsed):
            phase = hasNoMoreData ? .idle : .finished(result, retracting: true)
            return []
        case (.finished(_, retracting: true), .retracted):
            phase = .idle
            return []

        case (_, .setNoMoreData):
            hasNoMoreData = true
            return []
        case (let current, .reset):
            hasNoMoreData = false
            generation += 1
            phase = .idle
            return current == .eligible ? [.stoppedBeingEligible] : []

        default:
            return []
        }
    }

    /// Whether the edge is held open: refreshing, showing its result, or marking the end of the data.
    var holdsOpen: Bool {
        switch phase {
        case .refreshing, .finished(_, retracting: false): true
        case .idle: hasNoMoreData
        case .eligible, .finished(_, retracting: true): false
        }
    }

    /// An edge open by no more than this many points counts as closed: it shows `none`, and a
    /// retracting edge has retracted. Without it the last sub-pixel of a spring back would show
    /// `pulling` after a result.
    static let closedDistance = 0.5

    /// The state an indicator shows for this phase and an open distance and progress.
    func shownState(distance: Double, progress: Double) -> RefreshState {
        switch phase {
        case .idle where hasNoMoreData: .noMoreData
        case .idle: distance > Self.closedDistance ? .pulling(progress: min(max(progress, 0), 1)) : .none
        case .eligible: .eligible
        case .refreshing: .refreshing
        case .finished(let result, _): .finished(result)
        }
    }

    private mutating func start(_ trigger: RefreshTrigger) -> [Effect] {
        generation += 1
        phase = .refreshing
        return [.began(trigger, generation: generation)]
    }

    private mutating func finish(_ result: RefreshResult) -> [Effect] {
        if result == .noMoreData { hasNoMoreData = true }
        phase = .finished(result, retracting: false)
        return [.finished(result)]
    }
}
