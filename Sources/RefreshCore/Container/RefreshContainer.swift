/// Turns scroll observations into refresh progress and states, for up to four edges at once.
///
/// The container observes a scroll position (``observe(_:at:)``); it never owns the scroll view.
/// It tells the scroll view what to keep open through ``holdExtent(for:)`` and which edge to
/// bring into view through ``EdgeStatus/needsReveal`` (a ``RefreshDriver`` does both for a
/// ``ScrollSimulation``), and drives one ``AnimatableRefresh`` per enabled edge, setting its state.
/// Every rule, guards included, is in `EdgeStateMachine.swift`: the container turns what it
/// observes into inputs and guard arguments and performs the effects.
///
/// ``begin(_:)``, ``end(_:result:)``, ``setNoMoreData(_:)`` and ``reset(_:)`` are idempotent and
/// may be called in any order, at any time, also from inside an edge's action or an event handler.
/// The container is not thread-safe: use it from the thread that drives it.
public final class RefreshContainer {
    /// The largest pull distance an observation may report, in points; larger (or non-finite)
    /// values from a host are clamped, so progress stays finite.
    public static let maximumPull = 1e7

    /// Whether two edges may refresh at once (EasyRefresh's `simultaneously`). Off by default:
    /// while one edge refreshes no other starts, so refresh and load-more never race.
    public var allowsSimultaneousRefresh: Bool
    /// Called for every ``RefreshEvent``, in order.
    public var onEvent: ((RefreshEvent) -> Void)?
    /// The BCP 47 locale of ``RefreshEvent/announce(_:_:)``'s words. English by default.
    public var locale = "en"

    private var slots = PerEdge<EdgeSlot?>(repeating: nil)
    private var time = 0.0
    private var last: ScrollObservation?
    /// The viewport's size from the last observation; an open second floor with no open extent fills it.
    private var viewport = Size(width: 0, height: 0)
    /// The container's own gesture count: a new touch, or a new host gesture id, adds one. Host ids
    /// may repeat or alternate; this never does.
    private var gesture = 0
    /// Reveal requests so far: their order.
    private var revealsAsked = 0
    /// The gesture in which an edge last started a refresh by gesture or automatically.
    private var triggeringGesture: Int?
    /// The velocity of the user's own motion: while tracking, the content's; after the release, the
    /// fling's as long as it only slows down; 0 per axis once anything else (a spring, a hold
    /// change) has moved the content since. Automatic load-more follows only this.
    private var userVelocity = Point.zero
    /// The last generation each edge used, kept across `enable` and `disable` so that a completion
    /// from a replaced edge can never end the new edge's refresh.
    private var lastGenerations = PerEdge(repeating: 0)
    /// The action each edge had when it was last replaced or disabled: an edge enabled again with
    /// no action of its own takes it (a store stays attached across `disable` and `enable`).
    private var lastActions = PerEdge<RefreshAction?>(repeating: nil)

    /// A container with no edges enabled.
    public init(allowsSimultaneousRefresh: Bool = false) {
        self.allowsSimultaneousRefresh = allowsSimultaneousRefresh
    }

    // MARK: Edges

    /// Puts `indicator` at `edge`, replacing what was there (a running refresh there is dropped:
    /// its completion will be ignored; ``replace(_:indicator:configuration:)`` swaps an indicator
    /// and keeps what the edge does). `action` runs when the edge begins refreshing; nil keeps the
    /// action the edge had, also when it was disabled since, so that swapping an indicator never
    /// detaches an attached ``PagingStore`` (``setAction(_:for:)`` with nil removes it). No refresh
    /// begins inside this call, even with the edge pulled past its trigger.
    /// Throws when the indicator's length or the configuration is not usable; the edge is then unchanged.
    public func enable(
        _ edge: RefreshEdge,
        indicator: any AnimatableRefresh,
        configuration: EdgeConfiguration = EdgeConfiguration(),
        action: RefreshAction? = nil
    ) throws(ConfigurationError) {
        try install(edge, indicator: indicator, configuration: configuration, action: action, carryingOn: false)
    }

    /// ``enable(_:indicator:configuration:action:)`` and ``replace(_:indicator:configuration:)``:
    /// a new slot at `edge`, carrying on what the old one was doing when `carryingOn`, its
    /// indicator told its state once.
    private func install(_ edge: RefreshEdge, indicator: any AnimatableRefresh, configuration: EdgeConfiguration,
                         action: RefreshAction?, carryingOn: Bool) throws(ConfigurationError) {
        let resolved = try ResolvedEdgeConfiguration(configuration, edge: edge, refreshLength: indicator.refreshLength)
        let old = carryingOn ? slots[edge] : nil
        retire(edge)  // keeps the old slot's generation and action
        var machine = EdgeStateMachine(
            loadsMore: edge.isAtEnd, hasFloor: resolved.secondFloor != nil,
            refreshesBelowFloor: resolved.secondFloor?.refreshesBelow ?? true, generation: lastGenerations[edge]
        )
        if let old { machine = machine.carryingOn(old.machine) }
        let slot = EdgeSlot(indicator: indicator, configuration: resolved, action: action ?? lastActions[edge], machine: machine)
        if let old { slot.carryOn(from: old) } else { slot.stateStartTime = time }
        slots[edge] = slot
        // Show the pull at once, but start nothing here: the app may set the action (a store
        // attaches) before the next observation, which may then start a refresh.
        if let last { slot.pull = last.pulls[edge] }
        refreshShownState(slot)
        indicator.refreshState = slot.state
        (slot.announcedKind, slot.announcedStart) = (slot.state.kind, slot.stateStartTime)  // a new edge's state is not news
    }

    /// Replaces what `edge` does when it begins refreshing (a ``PagingStore`` attaches this way).
    /// Does nothing when the edge is not enabled.
    public func setAction(_ action: RefreshAction?, for edge: RefreshEdge) {
        slots[edge]?.action = action
    }

    /// Puts `indicator` at `edge` and carries on what the edge was doing (a plugin switch, a hot
    /// reload): a running refresh (its completion ends it on the new indicator), a result being
    /// shown, no more data, hidden, the action (an attached ``PagingStore`` stays attached) and the
    /// time the state began. A second floor's phase carries on only when `configuration` has one.
    /// Where `edge` is not enabled, this is ``enable(_:indicator:configuration:action:)`` with no action.
    /// Throws when the indicator's length or the configuration is not usable; the edge is then unchanged.
    public func replace(_ edge: RefreshEdge, indicator: any AnimatableRefresh, configuration: EdgeConfiguration = EdgeConfiguration()) throws(ConfigurationError) {
        try install(edge, indicator: indicator, configuration: configuration, action: nil, carryingOn: true)
    }

    /// Removes the indicator at `edge`; a running refresh there is dropped (its completion will be
    /// ignored), and the removed indicator is told `RefreshState.none`, so that one still on screen
    /// stops. The edge's action is kept for a later ``enable(_:indicator:configuration:action:)``.
    public func disable(_ edge: RefreshEdge) {
        guard let old = slots[edge] else { return }
        retire(edge)
        slots[edge] = nil
        old.indicator.refreshState = .none
    }

    /// Hides `edge` (MJRefresh's `footer.hidden`, for a list with no rows) or shows it again. A
    /// hidden edge shows `RefreshState.none`, keeps nothing open and starts no refresh; a refresh
    /// running there is dropped. Its no-more-data flag is kept. Does nothing when the edge is not enabled.
    public func setHidden(_ hidden: Bool, _ edge: RefreshEdge) {
        send(.setHidden(hidden), to: edge, gesture: nil)
    }

    /// Whether `edge` is hidden; false when it is not enabled.
    public func isHidden(_ edge: RefreshEdge) -> Bool {
        slots[edge]?.machine.isHidden ?? false
    }

    private func retire(_ edge: RefreshEdge) {
        guard let old = slots[edge] else { return }
        lastGenerations[edge] = max(lastGenerations[edge], old.machine.generation)
        lastActions[edge] = old.action
    }

    /// The enabled edges, in `RefreshEdge` order.
    public var enabledEdges: [RefreshEdge] { RefreshEdge.allCases.filter { slots[$0] != nil } }

    /// The state, progress and distances of `edge`, or nil when it is not enabled.
    public func status(of edge: RefreshEdge) -> EdgeStatus? {
        guard let slot = slots[edge] else { return nil }
        return EdgeStatus(
            state: slot.state, progress: slot.progress, pull: slot.pull, stateStartTime: slot.stateStartTime,
            triggerDistance: slot.configuration.triggerDistance, holdExtent: slot.configuration.holdExtent,
            needsReveal: slot.needsReveal, keepsTheView: slot.machine.keepsTheView, isHidden: slot.machine.isHidden, secondaryProgress: slot.secondaryProgress,
            placement: slot.configuration.placement, secondFloor: slot.configuration.secondFloor
        )
    }

    /// The state shown at `edge`; `RefreshState.unknown` when it is not enabled.
    public func state(of edge: RefreshEdge) -> RefreshState {
        slots[edge]?.state ?? .unknown
    }

    /// What the scroll view should keep open past the content at `edge`, in points: the hold
    /// extent while refreshing and while the result is shown, the floor's open extent while a
    /// second floor is open, else 0.
    public func holdExtent(for edge: RefreshEdge) -> Double {
        guard let slot = slots[edge], slot.machine.holdsOpen else { return 0 }
        if slot.machine.phase == .floorOpen { return slot.configuration.floorExtent(viewport: viewport[edge.axis]) }
        return slot.configuration.holdExtent
    }

    /// Whether `edge`'s second floor is open or closing; nil when it is shut or the edge has none.
    /// (While it is, the pull's raw distance stands for no finger position: a HUD says the phase.)
    public func secondFloorPhase(of edge: RefreshEdge) -> SecondFloorPhase? {
        switch slots[edge]?.machine.phase {
        case .floorOpen?: .open
        case .floorClosing?: .closing
        default: nil
        }
    }

    /// The edges that should be brought into view (``EdgeStatus/needsReveal``), in the order they
    /// asked: a scroll view reveals them in this order, and does not take the list from an end that
    /// ``EdgeStatus/keepsTheView`` while it is in view (unless both ends fit).
    ///
    /// Reading it clears nothing: a request stays until its edge stops holding open. A host that
    /// reveals what it lists each frame calls ``takePendingReveals()`` instead, which hands each
    /// request over once (read every frame, this list would pull the list back to the edge each
    /// time the user scrolls away).
    public var pendingReveals: [RefreshEdge] {
        RefreshEdge.allCases.filter { slots[$0]?.needsReveal == true }.sorted { slots[$0]!.revealOrder < slots[$1]!.revealOrder }
    }

    /// Whether `edge`'s hold keeps the view (``EdgeStatus/keepsTheView``); false when it is not enabled.
    public func keepsTheView(_ edge: RefreshEdge) -> Bool {
        slots[edge]?.machine.keepsTheView ?? false
    }

    /// ``pendingReveals``, clearing the requests: the host acts on each once, and an edge is listed
    /// again only when a new reveal is asked for it. What ``RefreshDriver`` calls each frame.
    public func takePendingReveals() -> [RefreshEdge] {
        let asked = pendingReveals
        for edge in asked { slots[edge]?.needsReveal = false }
        return asked
    }

    /// Asks for `slot`'s edge to be revealed (or not), remembering when.
    private func askReveal(_ slot: EdgeSlot, _ reveal: Bool) {
        revealsAsked += 1
        slot.needsReveal = reveal
        slot.revealOrder = revealsAsked
    }

    // MARK: Observing

    /// Takes one moment of the scroll view at `time` seconds (any monotonic clock; the frames'
    /// `stateTime` and the result hold are measured on it).
    /// Numbers from the host are clamped where they enter: non-finite pulls count as 0, pulls
    /// beyond ``maximumPull`` as that.
    public func observe(_ observation: ScrollObservation, at time: Double) {
        if time.isFinite { self.time = max(self.time, time) }
        let observation = observation.sanitized(maximumPull: Self.maximumPull)
        let wasTracking = last?.isTracking ?? false
        let gestureChanged = last.map { $0.gesture != observation.gesture } ?? false
        let trackingEnded = Guards.endOfTracking(wasTracking: wasTracking, isTracking: observation.isTracking, gestureChanged: gestureChanged,
                                                 abandoned: observation.abandonsGesture)
        let endedGesture = gesture
        if (observation.isTracking && !wasTracking) || gestureChanged {
            gesture += 1
            userVelocity = observation.isTracking ? .zero : observation.velocity  // a fling without a drag
        } else if observation.isTracking {
            userVelocity = observation.velocity
        } else {
            userVelocity = Point(
                x: Guards.flingContinues(userVelocity.x, observation.velocity.x),
                y: Guards.flingContinues(userVelocity.y, observation.velocity.y)
            )
        }
        last = observation
        if observation.viewport.width.isFinite, observation.viewport.height.isFinite {
            viewport = Size(width: min(max(observation.viewport.width, 0), Self.maximumPull), height: min(max(observation.viewport.height, 0), Self.maximumPull))
        }
        for edge in RefreshEdge.allCases {
            guard let slot = slots[edge] else { continue }
            update(edge, slot, with: observation, trackingEnded: trackingEnded.map { ($0, endedGesture) })
        }
    }

    private typealias Guards = EdgeStateMachine.Guards

    private func update(_ edge: RefreshEdge, _ slot: EdgeSlot, with observation: ScrollObservation, trackingEnded: (Input, gesture: Int)?) {
        slot.pull = observation.pulls[edge]
        if let (input, endedGesture) = trackingEnded {
            if input == .released, slot.machine.phase == .floorOpen, Guards.pushedFloorClosed(
                distance: slot.pull.distance, openExtent: slot.configuration.floorExtent(viewport: viewport[edge.axis]),
                triggerDistance: slot.configuration.triggerDistance
            ) {
                send(.closeFloorRequested, to: edge, gesture: endedGesture)
            } else {
                send(input, to: edge, gesture: endedGesture)
            }
        }
        send(.pulled(progress: slot.progress, tracking: observation.isTracking), to: edge, gesture: gesture)
        if slot.configuration.secondFloor != nil {
            send(.floorPulled(progress: slot.secondaryProgress, tracking: observation.isTracking), to: edge, gesture: gesture)
        }
        let axis = edge.axis
        let opposite = edge.opposite
        if Guards.reachedPreload(
            distanceToEnd: observation.distanceToEnd[axis], preload: slot.configuration.preloadDistance,
            velocity: observation.velocity[axis], isTracking: observation.isTracking,
            userVelocity: userVelocity[axis], oppositeEdgeOpen: !Guards.retracted(distance: observation.pulls[opposite].distance)
        ) {
            send(.reachedPreload, to: edge, gesture: gesture)
        }
        if case .finished(_, let retracting) = slot.machine.phase {
            if !retracting && Guards.holdElapsed(finishedAt: slot.finishedAt, now: time, holdTime: slot.configuration.resultHoldTime) {
                send(.holdElapsed, to: edge, gesture: gesture)
            }
            if case .finished(_, retracting: true) = slot.machine.phase, Guards.retracted(distance: slot.pull.distance) {
                send(.retracted, to: edge, gesture: gesture)
            }
        }
        if slot.machine.phase == .floorClosing, Guards.retracted(distance: slot.pull.distance) {
            send(.retracted, to: edge, gesture: gesture)
        }
        refreshShownState(slot)
        announceIfBegun(edge, slot)
    }

    private typealias Input = EdgeStateMachine.Input

    // MARK: Commands

    /// Starts a refresh at `edge` as if the user had pulled it (trigger ``RefreshTrigger/programmatic``).
    /// Returns whether it started: not when the edge is disabled, already refreshing, has no more
    /// data, or another edge is refreshing (unless ``allowsSimultaneousRefresh``).
    @discardableResult
    public func begin(_ edge: RefreshEdge) -> Bool {
        guard let slot = slots[edge] else { return false }
        let generation = slot.machine.generation
        send(.beginRequested, to: edge, gesture: nil)
        return slot.machine.generation != generation
    }

    /// Ends the refresh running at `edge` with `result`; does nothing when none runs.
    /// A `RefreshResult.noMoreData` result leaves a load edge (bottom, trailing) in
    /// `RefreshState.noMoreData`; at a refresh edge (top, leading) it counts as success.
    public func end(_ edge: RefreshEdge, result: RefreshResult) {
        send(.end(result, generation: nil), to: edge, gesture: nil)
    }

    /// Marks load edge `edge` as having no more data (ending a running refresh with that result). It
    /// stays so through later ends and pulls, until ``reset(_:)``. Ignored at a refresh edge (top,
    /// leading): pull-to-refresh always has more to load.
    public func setNoMoreData(_ edge: RefreshEdge) {
        send(.setNoMoreData, to: edge, gesture: nil)
    }

    /// Returns `edge` to idle with data to load: clears no-more-data and drops a running refresh
    /// (its completion will be ignored).
    public func reset(_ edge: RefreshEdge) {
        send(.reset, to: edge, gesture: nil)
    }

    /// Opens `edge`'s second floor as if the user had pulled past it (trigger
    /// ``RefreshTrigger/programmatic``), asking the scroll view to reveal it. Returns whether it
    /// opened: not when the edge has no second floor, is refreshing, or another edge is busy.
    @discardableResult
    public func openSecondFloor(_ edge: RefreshEdge) -> Bool {
        guard let slot = slots[edge], slot.machine.phase != .floorOpen else { return false }
        send(.openFloorRequested, to: edge, gesture: nil)
        return slot.machine.phase == .floorOpen
    }

    /// Closes `edge`'s open second floor (the edge then retracts); does nothing when it is not open.
    public func closeSecondFloor(_ edge: RefreshEdge) {
        send(.closeFloorRequested, to: edge, gesture: nil)
    }

    func complete(_ edge: RefreshEdge, generation: Int, result: RefreshResult) {
        send(.end(result, generation: generation), to: edge, gesture: nil)
    }

    // MARK: Internals

    /// The guard ``EdgeStateMachine/Guards/mayStart(otherEdgeRefreshing:allowsSimultaneousRefresh:gestureAlreadyTriggered:otherEdgeFloorBusy:opensFloor:)``
    /// for `edge` and `input` of `gesture` (nil: programmatic), from the other edges' phases.
    private func mayStart(_ edge: RefreshEdge, for input: Input, gesture: Int?) -> Bool {
        let others = RefreshEdge.allCases.filter { $0 != edge }.compactMap { slots[$0]?.machine }
        let otherRefreshing = others.contains { $0.phase == .refreshing }
        let otherFloor = others.contains { $0.isBusy && $0.phase != .refreshing }
        let opensFloor: Bool = switch input {
        case .floorPulled, .openFloorRequested: true
        case .released: slots[edge]?.machine.phase == .floorEligible
        default: false
        }
        return Guards.mayStart(
            otherEdgeRefreshing: otherRefreshing,
            allowsSimultaneousRefresh: allowsSimultaneousRefresh,
            gestureAlreadyTriggered: gesture != nil && gesture == triggeringGesture,
            otherEdgeFloorBusy: otherFloor,
            opensFloor: opensFloor
        )
    }

    private func send(_ input: Input, to edge: RefreshEdge, gesture: Int?) {
        guard let slot = slots[edge] else { return }
        let before = slot.machine
        let effects = slot.machine.handle(input, policy: slot.configuration.triggerPolicy, mayStart: mayStart(edge, for: input, gesture: gesture))
        if !slot.machine.holdsOpen { slot.needsReveal = false }
        guard !effects.isEmpty || slot.machine != before else { return }
        refreshShownState(slot)
        for effect in effects {
            switch effect {
            case .becameEligible:
                onEvent?(.becameEligible(edge))
                if Guards.ticks(haptics: slot.configuration.haptics, gesture: gesture, lastTicked: slot.tickedGesture) {
                    slot.tickedGesture = gesture
                    onEvent?(.haptic(edge, .selection))
                }
            case .stoppedBeingEligible:
                onEvent?(.stoppedBeingEligible(edge))
            case .began(let trigger, let generation):
                if let gesture, trigger != .programmatic { triggeringGesture = gesture }
                askReveal(slot, Guards.reveals(trigger, revealsProgrammaticRefresh: slot.configuration.revealsProgrammaticRefresh))
                onEvent?(.beganRefreshing(edge, trigger))
                if trigger == .userGesture && slot.configuration.haptics == .thresholdAndStart { onEvent?(.haptic(edge, .impact)) }
                slot.action?(trigger, RefreshCompletion(container: self, edge: edge, generation: generation))
            case .finished(let result):
                slot.finishedAt = time
                onEvent?(.finished(edge, result))
            case .becameFloorEligible:
                onEvent?(.becameSecondaryEligible(edge))
                if Guards.ticks(haptics: slot.configuration.haptics, gesture: gesture, lastTicked: slot.floorTickedGesture) {
                    slot.floorTickedGesture = gesture
                    onEvent?(.haptic(edge, .selection))
                }
            case .stoppedBeingFloorEligible:
                onEvent?(.stoppedBeingSecondaryEligible(edge))
            case .openedFloor(let trigger):
                if let gesture, trigger != .programmatic { triggeringGesture = gesture }
                askReveal(slot, trigger == .programmatic)
                onEvent?(.openedSecondFloor(edge, trigger))
                if trigger == .userGesture && slot.configuration.haptics == .thresholdAndStart { onEvent?(.haptic(edge, .impact)) }
            case .closingFloor:
                onEvent?(.closingSecondFloor(edge))
            }
        }
        announceIfBegun(edge, slot)
    }

    /// The state whose beginning was last announced at each edge's slot, so that an input which
    /// changes the shown state twice announces the state it settles in once.
    private func announceIfBegun(_ edge: RefreshEdge, _ slot: EdgeSlot) {
        guard slot.announcedStart != slot.stateStartTime || slot.announcedKind != slot.state.kind else { return }
        let kind = slot.state.kind
        slot.announcedKind = kind
        slot.announcedStart = slot.stateStartTime
        // Pulling is worth saying only under a finger: a list's bounce is not a pull.
        if kind == .pulling && !(last?.isTracking ?? false) { return }
        guard let text = slot.indicator.stateDescription(slot.state, edge: edge, locale: locale), !text.isEmpty else { return }
        onEvent?(.announce(edge, text))
    }

    private func refreshShownState(_ slot: EdgeSlot) {
        let shown = last == nil && slot.machine.phase == .idle && !slot.machine.hasNoMoreData
            ? RefreshState.unknown
            : slot.machine.shownState(distance: slot.pull.distance, progress: slot.progress)
        guard shown != slot.state else { return }
        if shown.kind != slot.state.kind { slot.stateStartTime = time }
        slot.state = shown
        slot.indicator.refreshState = shown
    }
}
