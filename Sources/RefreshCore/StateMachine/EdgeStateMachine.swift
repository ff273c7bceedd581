/// The refresh rules of one edge, in one place: the transition table and, below it, the guards
/// the ``RefreshContainer`` evaluates to feed it.
///
/// The container turns observations and calls into inputs, computes the guards with the functions
/// in ``EdgeStateMachine/Guards``, feeds them here and performs the effects; nothing else decides a
/// transition. The table has 32 rows (RefreshCoreTests/EdgeStateMachineTests checks each, and the
/// rows that must not transition):
///
/// | phase                 | input                          | guard                                 | next phase              | effects |
/// |-----------------------|--------------------------------|---------------------------------------|-------------------------|---------|
/// | idle                  | pulled(p ≥ 1, tracking)        | onRelease, can start                   | eligible                | becameEligible |
/// | idle                  | pulled(p ≥ 1, tracking)        | onReach, can start                     | refreshing              | began(userGesture) |
/// | idle                  | reachedPreload                 | can start                              | refreshing              | began(automatic) |
/// | idle, eligible, finished | beginRequested              | can start                              | refreshing              | began(programmatic) |
/// | eligible              | pulled(p < 1, tracking)        |                                        | idle                    | stoppedBeingEligible |
/// | eligible              | pulled(tracking)               | cannot start                           | idle                    | stoppedBeingEligible |
/// | eligible              | released                       | can start                              | refreshing              | began(userGesture) |
/// | eligible              | released                       | cannot start                           | idle                    | stoppedBeingEligible |
/// | eligible              | cancelled, setNoMoreData, reset, setHidden(true) |                      | idle                    | stoppedBeingEligible |
/// | refreshing            | end(r) of this generation      | load edge, or r ≠ noMoreData           | finished(r)             | finished(r); r = noMoreData sets no-more-data |
/// | refreshing            | end(noMoreData) of this generation | refresh edge                       | finished(success)       | finished(success) |
/// | refreshing            | end(r) of an older generation  |                                        | refreshing              | — (a superseded refresh's answer) |
/// | refreshing            | setNoMoreData                  | load edge                              | finished(noMoreData)    | finished(noMoreData), sets no-more-data |
/// | refreshing, finished  | setHidden(true)                |                                        | idle                    | — (a running refresh's completion is ignored) |
/// | finished(r)           | holdElapsed                    | more data                              | finished(r), retracting | — |
/// | finished(r)           | holdElapsed                    | no more data                           | idle                    | — (stays open as the end marker) |
/// | finished(r), retracting | retracted                    |                                        | idle                    | — |
/// | any                   | setNoMoreData                  | load edge                              | (as above, else same)   | sets no-more-data |
/// | any                   | setHidden(h)                   |                                        | (as above, else same)   | hidden = h |
/// | any                   | reset                          |                                        | idle                    | clears no-more-data; the running refresh's completion is ignored |
/// | idle, eligible        | floorPulled(q ≥ 1, tracking)   | has a floor, can start                 | floorEligible           | (stoppedBeingEligible), becameFloorEligible |
/// | floorEligible         | floorPulled(q < 1, tracking)   | q ≥ 0, refreshes below, can start      | eligible                | stoppedBeingFloorEligible, becameEligible |
/// | floorEligible         | floorPulled(q < 1, tracking)   | otherwise                              | idle                    | stoppedBeingFloorEligible |
/// | floorEligible         | released                       | can start                              | floorOpen               | openedFloor(userGesture) |
/// | floorEligible         | released                       | cannot start                           | idle                    | stoppedBeingFloorEligible |
/// | floorEligible         | cancelled, reset, setHidden(true) |                                     | idle                    | stoppedBeingFloorEligible |
/// | idle, eligible, finished | openFloorRequested          | has a floor, can start                 | floorOpen               | (stoppedBeingEligible), openedFloor(programmatic) |
/// | floorOpen             | closeFloorRequested            |                                        | floorClosing            | closingFloor |
/// | floorClosing          | retracted                      |                                        | idle                    | — |
/// | floorOpen, floorClosing | reset, setHidden(true)       |                                        | idle                    | closingFloor (when open) |
/// | idle                  | pulled(p ≥ 1, tracking)        | has a floor that does not refresh below | idle                   | — (only the floor opens) |
/// | any                   | anything else                  |                                        | same                    | — |
///
/// "Can start" is ``Guards/mayStart(otherEdgeRefreshing:allowsSimultaneousRefresh:gestureAlreadyTriggered:)``
/// (the container's guard) and neither no-more-data nor hidden. A refresh edge (top, leading) never
/// has no more data: that belongs to load edges (bottom, trailing).
/// An edge is held open while refreshing, while its result shows, and while it has no more data
/// (the "No more data" footer stays at the end of the list, as MJRefresh's does), unless hidden.
/// "q" is second-floor progress (0 at the trigger distance, 1 at the floor's). A second floor is
/// busy like a refresh: while one is open or closing no edge starts a refresh, and while an edge
/// refreshes no floor opens (the container's guard). The container turns a release that pushed an
/// open floor back by the first trigger distance into closeFloorRequested.
/// A programmatic refresh asks for its edge to be revealed (``Guards/reveals(_:revealsProgrammaticRefresh:)``);
/// on a list too long to show both ends, the end that is refreshing in view (or on its way there)
/// keeps the view and the other refreshes where it is (``ScrollSimulation/reveal(_:)``, the
/// requests handed over in the order they were made): the rule needs the list's geometry, which
/// only the scroll view has. ContainerSeamTests and the random sequences check it.
/// Shown state: a hidden edge shows `none`; idle shows `noMoreData` when the flag is set, else
/// `pulling(p)` while the edge is open by more than ``closedDistance``, else `none`; the floor
/// phases show `secondaryEligible`, `secondaryOpen` and `secondaryClosing`; the other phases show
/// themselves.
struct EdgeStateMachine: Equatable, Sendable {
    enum Phase: Equatable, Sendable {
        case idle
        case eligible
        case refreshing
        case finished(RefreshResult, retracting: Bool)
        case floorEligible
        case floorOpen
        case floorClosing
    }

    enum Input: Equatable, Sendable {
        /// An observation: progress (unclamped) and whether a finger holds the content.
        case pulled(progress: Double, tracking: Bool)
        /// The finger lifted.
        case released
        /// The gesture was taken over without a release (the host's gesture id changed while tracking).
        case cancelled
        /// A load-more edge came within its preload distance while the user moved towards it.
        case reachedPreload
        /// Code asked for a refresh.
        case beginRequested
        /// A refresh ended; `generation` nil ends whichever refresh is running.
        case end(RefreshResult, generation: Int?)
        case setNoMoreData
        case setHidden(Bool)
        case reset
        /// The result has been shown for the hold time.
        case holdElapsed
        /// The edge has closed after the result hold (or a floor has closed).
        case retracted
        /// An observation of second-floor progress (unclamped); sent after `pulled` by edges with a floor.
        case floorPulled(progress: Double, tracking: Bool)
        /// Code asked to open the second floor.
        case openFloorRequested
        /// Code asked to close the second floor, or a release pushed it back.
        case closeFloorRequested
    }

    enum Effect: Equatable, Sendable {
        case becameEligible
        case stoppedBeingEligible
        case began(RefreshTrigger, generation: Int)
        case finished(RefreshResult)
        case becameFloorEligible
        case stoppedBeingFloorEligible
        case openedFloor(RefreshTrigger)
        case closingFloor
    }

    /// Whether this is a load edge (bottom, trailing): only those can have no more data.
    let loadsMore: Bool
    /// Whether the edge has a second floor, and whether a release short of it still refreshes.
    let hasFloor: Bool
    let refreshesBelowFloor: Bool
    private(set) var phase: Phase = .idle
    private(set) var hasNoMoreData = false
    private(set) var isHidden = false
    /// Counts refreshes; a completion carries the generation it belongs to. The container starts a
    /// replacing edge's machine where the old one stopped, so a generation never repeats at an edge.
    private(set) var generation = 0

    init(loadsMore: Bool = true, hasFloor: Bool = false, refreshesBelowFloor: Bool = true, phase: Phase = .idle,
         hasNoMoreData: Bool = false, isHidden: Bool = false, generation: Int = 0) {
        self.loadsMore = loadsMore
        self.hasFloor = hasFloor && !loadsMore
        self.refreshesBelowFloor = refreshesBelowFloor
        self.phase = phase
        self.hasNoMoreData = hasNoMoreData && loadsMore
        self.isHidden = isHidden
        self.generation = generation
    }

    /// This machine (made for a replacing edge's configuration) carrying on what `old` was doing:
    /// its phase (a second floor's only when this one has a floor), no more data, hidden, and its
    /// generation, so that the running refresh's completion ends it here.
    func carryingOn(_ old: EdgeStateMachine) -> EdgeStateMachine {
        let floorPhase = [Phase.floorEligible, .floorOpen, .floorClosing].contains(old.phase)
        return EdgeStateMachine(loadsMore: loadsMore, hasFloor: hasFloor, refreshesBelowFloor: refreshesBelowFloor,
                                phase: floorPhase && !hasFloor ? .idle : old.phase, hasNoMoreData: old.hasNoMoreData,
                                isHidden: old.isHidden, generation: max(generation, old.generation))
    }

    /// Applies `input`. `mayStart` is the container's guard for the refresh this input would start.
    mutating func handle(_ input: Input, policy: RefreshTriggerPolicy, mayStart: Bool) -> [Effect] {
        let canStart = mayStart && !hasNoMoreData && !isHidden
        switch (phase, input) {
        case (.idle, .pulled(let progress, tracking: true)) where progress >= 1 && canStart && (!hasFloor || refreshesBelowFloor):
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
        case (.eligible, .cancelled):
            phase = .idle
            return [.stoppedBeingEligible]

        case (.idle, .floorPulled(let progress, tracking: true)) where progress >= 1 && hasFloor && canStart,
             (.eligible, .floorPulled(let progress, tracking: true)) where progress >= 1 && hasFloor && canStart:
            let left: [Effect] = phase == .eligible ? [.stoppedBeingEligible] : []
            phase = .floorEligible
            return left + [.becameFloorEligible]
        case (.floorEligible, .floorPulled(let progress, tracking: true)) where progress < 1:
            if progress >= 0 && refreshesBelowFloor && canStart && policy == .onRelease {
                phase = .eligible
                return [.stoppedBeingFloorEligible, .becameEligible]
            }
            phase = .idle
            return [.stoppedBeingFloorEligible]
        case (.floorEligible, .released):
            if canStart {
                phase = .floorOpen
                return [.openedFloor(.userGesture)]
            }
            phase = .idle
            return [.stoppedBeingFloorEligible]
        case (.floorEligible, .cancelled):
            phase = .idle
            return [.stoppedBeingFloorEligible]
        case (.idle, .openFloorRequested) where hasFloor && canStart,
             (.eligible, .openFloorRequested) where hasFloor && canStart,
             (.finished, .openFloorRequested) where hasFloor && canStart:
            let left: [Effect] = phase == .eligible ? [.stoppedBeingEligible] : []
            phase = .floorOpen
            return left + [.openedFloor(.programmatic)]
        case (.floorOpen, .closeFloorRequested):
            phase = .floorClosing
            return [.closingFloor]
        case (.floorClosing, .retracted):
            phase = .idle
            return []

        case (.refreshing, .end(let result, let owner)) where owner == nil || owner == generation:
            return finish(result == .noMoreData && !loadsMore ? .success : result)
        case (.refreshing, .setNoMoreData) where loadsMore:
            return finish(.noMoreData)

        case (.finished(let result, retracting: false), .holdElapsed):
            phase = hasNoMoreData ? .idle : .finished(result, retracting: true)
            return []
        case (.finished(_, retracting: true), .retracted):
            phase = .idle
            return []

        case (let current, .setNoMoreData) where loadsMore:
            hasNoMoreData = true
            return leave(current)
        case (let current, .setHidden(let hidden)):
            isHidden = hidden
            guard hidden else { return [] }
            if current == .refreshing { generation += 1 }
            return leave(current)
        case (let current, .reset):
            hasNoMoreData = false
            generation += 1
            phase = .idle
            switch current {
            case .eligible: return [.stoppedBeingEligible]
            case .floorEligible: return [.stoppedBeingFloorEligible]
            case .floorOpen: return [.closingFloor]
            default: return []
            }

        default:
            return []
        }
    }

    /// Whether the edge is held open: refreshing, showing its result, or marking the end of the data.
    var holdsOpen: Bool {
        if isHidden { return false }
        switch phase {
        case .refreshing, .finished(_, retracting: false), .floorOpen: return true
        case .idle: return hasNoMoreData
        case .eligible, .finished(_, retracting: true), .floorEligible, .floorClosing: return false
        }
    }

    /// An edge open by no more than this many points counts as closed: it shows `none`, and a
    /// retracting edge has retracted. Without it the last sub-pixel of a spring back would show
    /// `pulling` after a result.
    static let closedDistance = 0.5

    /// The state an indicator shows for this phase and an open distance and progress.
    func shownState(distance: Double, progress: Double) -> RefreshState {
        if isHidden { return .none }
        switch phase {
        case .idle where hasNoMoreData: return .noMoreData
        case .idle: return distance > Self.closedDistance ? .pulling(progress: min(max(progress, 0), 1)) : .none
        case .eligible: return .eligible
        case .refreshing: return .refreshing
        case .finished(let result, _): return .finished(result)
        case .floorEligible: return .secondaryEligible
        case .floorOpen: return .secondaryOpen
        case .floorClosing: return .secondaryClosing
        }
    }

    /// Whether the edge keeps other edges from starting: refreshing, or a second floor open or closing.
    /// Whether its hold is a refresh running (or a floor open): the first end shown keeps the view.
    /// A result or the end of the data held open gives way to a refresh revealed at the other end.
    var keepsTheView: Bool {
        guard !isHidden else { return false }
        return phase == .refreshing || phase == .floorOpen
    }

    var isBusy: Bool {
        switch phase {
        case .refreshing, .floorOpen, .floorClosing: true
        default: false
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

    /// After no-more-data or hiding: an eligible edge goes idle; a hidden one drops its refresh or result.
    private mutating func leave(_ current: Phase) -> [Effect] {
        switch current {
        case .eligible:
            phase = .idle
            return [.stoppedBeingEligible]
        case .floorEligible:
            phase = .idle
            return [.stoppedBeingFloorEligible]
        case .refreshing, .finished, .floorClosing:
            if isHidden { phase = .idle }
            return []
        case .floorOpen:
            guard isHidden else { return [] }
            phase = .idle
            return [.closingFloor]
        case .idle:
            return []
        }
    }
}

extension EdgeStateMachine {
    /// The guards: the conditions the container evaluates from observations and calls before it
    /// feeds an input to the table above.
    enum Guards {
        /// The speed, in points per second towards the end, that counts as moving towards a
        /// load-more edge. Not 0: a finger held still reads a few ulps of velocity either way.
        static let forwardSpeed = 1.0

        /// Whether an edge may start a refresh (or open its second floor, `opensFloor`): not while
        /// another edge refreshes (unless simultaneous refresh is allowed), a gesture or automatic
        /// trigger at most once per gesture (`gestureAlreadyTriggered`; false for programmatic
        /// begins), and a second floor never beside anything else, whatever simultaneous refresh
        /// says: nothing starts while another edge's floor is open or closing, and no floor opens
        /// while another edge refreshes.
        static func mayStart(otherEdgeRefreshing: Bool, allowsSimultaneousRefresh: Bool, gestureAlreadyTriggered: Bool,
                             otherEdgeFloorBusy: Bool = false, opensFloor: Bool = false) -> Bool {
            !otherEdgeFloorBusy && !(opensFloor && otherEdgeRefreshing)
                && !gestureAlreadyTriggered && (allowsSimultaneousRefresh || !otherEdgeRefreshing)
        }

        /// Whether a threshold (or a floor's threshold) plays its haptic tick: when the edge asks for
        /// haptics and this gesture has not ticked yet, so a finger wobbling across the trigger
        /// distance ticks once. Programmatic changes (no gesture) never tick.
        static func ticks(haptics: HapticFeedback, gesture: Int?, lastTicked: Int?) -> Bool {
            haptics != .off && gesture != nil && gesture != lastTicked
        }

        /// What the end of tracking means: a lifted finger is a release; a new gesture id while the
        /// finger stays down abandons the old gesture without triggering it (the host began another),
        /// and so does an end the host says was no release (`abandoned`: code moved the list away).
        static func endOfTracking(wasTracking: Bool, isTracking: Bool, gestureChanged: Bool, abandoned: Bool = false) -> Input? {
            guard wasTracking else { return nil }
            if !isTracking { return abandoned ? .cancelled : .released }
            return gestureChanged ? .cancelled : nil
        }

        /// Whether a load-more edge has reached its preload distance *because the user moves the
        /// content towards it*: within `preload` of the end, moving towards the end, and either a
        /// finger (or wheel) holds the content or the user's fling still carries it
        /// (`userVelocity`, see ``flingContinues(_:_:)``), with the opposite edge closed. A spring
        /// back from the opposite edge or a header's retraction never loads more; on content shorter
        /// than the viewport they did.
        static func reachedPreload(
            distanceToEnd: Double, preload: Double?, velocity: Double,
            isTracking: Bool, userVelocity: Double, oppositeEdgeOpen: Bool
        ) -> Bool {
            guard let preload, distanceToEnd <= preload, velocity >= forwardSpeed, !oppositeEdgeOpen else { return false }
            return isTracking || userVelocity >= forwardSpeed
        }

        /// The user's fling velocity after one more free-motion observation of `velocity`: a fling
        /// keeps its direction and only slows down, so motion that turns or speeds up (a spring, a
        /// bounce, a hold that changed) is not the user's, and ends it (0) until the next gesture.
        static func flingContinues(_ fling: Double, _ velocity: Double) -> Double {
            fling * velocity > 0 && abs(velocity) <= abs(fling) ? velocity : 0
        }

        /// Whether a result has been shown for its hold time.
        static func holdElapsed(finishedAt: Double, now: Double, holdTime: Double) -> Bool {
            now - finishedAt >= holdTime
        }

        /// Whether a release left an open second floor pushed back by at least the first trigger
        /// distance from its open extent, which closes it (a smaller push springs back open).
        static func pushedFloorClosed(distance: Double, openExtent: Double, triggerDistance: Double) -> Bool {
            distance <= openExtent - triggerDistance
        }

        /// Whether a retracting edge has closed.
        static func retracted(distance: Double) -> Bool {
            distance <= closedDistance
        }

        /// Whether the container should ask the scroll view to bring the edge into view when this
        /// refresh begins: a programmatic refresh is scrolled to unless the edge's configuration
        /// says not to (and the scroll view declines while the other end keeps the view). A gesture's edge is under the finger already (the scroll view holds it at
        /// its extent when the content rests there; a finger that then scrolls away is obeyed), and
        /// an automatic load-more would yank the list.
        static func reveals(_ trigger: RefreshTrigger, revealsProgrammaticRefresh: Bool) -> Bool {
            trigger == .programmatic && revealsProgrammaticRefresh
        }
    }
}
