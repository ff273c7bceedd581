/// Turns scroll observations into refresh progress and states, for up to four edges at once.
///
/// The container observes a scroll position (``observe(_:at:)``); it never owns the scroll view.
/// It tells the scroll view what to keep open through ``holdExtent(for:)`` (or
/// ``apply(to:)`` for a ``ScrollSimulation``), and drives one ``AnimatableRefresh`` per enabled
/// edge, setting its state. The rules are the table in `EdgeStateMachine.swift`.
///
/// ``begin(_:)``, ``end(_:result:)``, ``setNoMoreData(_:)`` and ``reset(_:)`` are idempotent and
/// may be called in any order, at any time, also from inside an edge's action or an event handler.
/// The container is not thread-safe: use it from the thread that drives it.
public final class RefreshContainer {
    /// An edge configuration (or an indicator's length) that cannot work; names the edge and field.
    public struct ConfigurationError: Error, Equatable, CustomStringConvertible {
        /// The edge being enabled.
        public var edge: RefreshEdge
        /// The field at fault, e.g. `triggerDistance`.
        public var field: String
        /// The value given (after defaults were filled in).
        public var value: Double
        /// What the field needs.
        public var expected: String

        /// A readable message, e.g. `top edge: triggerDistance is 0.0, expected a finite value > 0`.
        public var description: String {
            "\(edge) edge: \(field) is \(value), expected a finite value \(expected)"
        }
    }

    /// One edge at one moment: what an indicator and a HUD need.
    public struct EdgeStatus: Equatable, Sendable {
        /// The state the indicator shows.
        public var state: RefreshState
        /// Pull progress: 0 at the start offset, 1 at the trigger distance; not clamped (> 1 when
        /// pulled further, < 0 before the start offset).
        public var progress: Double
        /// How far the edge is open.
        public var pull: EdgePull
        /// When the current state's kind began, in the observation clock's seconds.
        public var stateStartTime: Double
        /// The trigger distance in use, in points.
        public var triggerDistance: Double
        /// The hold extent in use, in points.
        public var holdExtent: Double
    }

    private final class Slot {
        let indicator: any AnimatableRefresh
        let configuration: ResolvedEdgeConfiguration
        var action: RefreshAction?
        var machine = EdgeStateMachine()
        var pull = EdgePull.zero
        var state = RefreshState.unknown
        var stateStartTime = 0.0
        var finishedAt = 0.0

        init(indicator: any AnimatableRefresh, configuration: ResolvedEdgeConfiguration, action: RefreshAction?) {
            self.indicator = indicator
            self.configuration = configuration
            self.action = action
        }

        var progress: Double { configuration.progress(at: pull.distance) }
    }

    /// The speed, in points per second towards the end, that counts as scrolling towards a load-more
    /// edge. Not 0: a finger held still reads a few ulps of velocity either way, and that must not
    /// load a page.
    static let forwardSpeed = 1.0

    /// Whether two edges may refresh at once (EasyRefresh's `simultaneously`). Off by default:
    /// while one edge refreshes no other starts, so refresh and load-more never race.
    public var allowsSimultaneousRefresh: Bool
    /// Called for every ``RefreshEvent``, in order.
    public var onEvent: ((RefreshEvent) -> Void)?

    private var slots = PerEdge<Slot?>(repeating: nil)
    private var time = 0.0
    private var last: ScrollObservation?
    /// The gesture in which an edge last started a refresh by gesture or automatically.
    private var triggeringGesture: Int?

    /// A container with no edges enabled.
    public init(allowsSimultaneousRefresh: Bool = false) {
        self.allowsSimultaneousRefresh = allowsSimultaneousRefresh
    }

    // MARK: Edges

    /// Puts `indicator` at `edge`, replacing what was there (a running refresh there is dropped:
    /// its completion will be ignored). `action` runs when the edge begins refreshing.
    /// Throws when the indicator's length or the configuration is not usable; the edge is then unchanged.
    public func enable(
        _ edge: RefreshEdge,
        indicator: any AnimatableRefresh,
        configuration: EdgeConfiguration = EdgeConfiguration(),
        action: RefreshAction? = nil
    ) throws(ConfigurationError) {
        let resolved = try ResolvedEdgeConfiguration(configuration, edge: edge, refreshLength: indicator.refreshLength)
        let slot = Slot(indicator: indicator, configuration: resolved, action: action)
        slot.stateStartTime = time
        slots[edge] = slot
        if let last { update(edge, slot, with: last, wasTracking: last.isTracking, lastGesture: last.gesture) }
        indicator.refreshState = slot.state
    }

    /// Replaces what `edge` does when it begins refreshing (a ``PagingStore`` attaches this way).
    /// Does nothing when the edge is not enabled.
    public func setAction(_ action: RefreshAction?, for edge: RefreshEdge) {
        slots[edge]?.action = action
    }

    /// Removes the indicator at `edge`; a running refresh there is dropped.
    public func disable(_ edge: RefreshEdge) {
        slots[edge] = nil
    }

    /// The enabled edges, in ``RefreshEdge`` order.
    public var enabledEdges: [RefreshEdge] { RefreshEdge.allCases.filter { slots[$0] != nil } }

    /// The state, progress and distances of `edge`, or nil when it is not enabled.
    public func status(of edge: RefreshEdge) -> EdgeStatus? {
        guard let slot = slots[edge] else { return nil }
        return EdgeStatus(
            state: slot.state, progress: slot.progress, pull: slot.pull, stateStartTime: slot.stateStartTime,
            triggerDistance: slot.configuration.triggerDistance, holdExtent: slot.configuration.holdExtent
        )
    }

    /// The state shown at `edge`; ``RefreshState/unknown`` when it is not enabled.
    public func state(of edge: RefreshEdge) -> RefreshState {
        slots[edge]?.state ?? .unknown
    }

    /// What the scroll view should keep open past the content at `edge`, in points: the hold
    /// extent while refreshing and while the result is shown, else 0.
    public func holdExtent(for edge: RefreshEdge) -> Double {
        guard let slot = slots[edge], slot.machine.holdsOpen else { return 0 }
        return slot.configuration.holdExtent
    }

    /// Sets every edge's hold extent on `simulation`.
    public func apply(to simulation: inout ScrollSimulation) {
        for edge in RefreshEdge.allCases { simulation.setHoldExtent(holdExtent(for: edge), at: edge) }
    }

    // MARK: Observing

    /// Takes one moment of the scroll view at `time` seconds (any monotonic clock; the frames'
    /// `stateTime` and the result hold are measured on it).
    public func observe(_ observation: ScrollObservation, at time: Double) {
        if time.isFinite { self.time = max(self.time, time) }
        let wasTracking = last?.isTracking ?? false
        let lastGesture = last?.gesture ?? observation.gesture
        last = observation
        for edge in RefreshEdge.allCases {
            guard let slot = slots[edge] else { continue }
            update(edge, slot, with: observation, wasTracking: wasTracking, lastGesture: lastGesture)
        }
    }

    private func update(_ edge: RefreshEdge, _ slot: Slot, with observation: ScrollObservation, wasTracking: Bool, lastGesture: Int) {
        let pull = observation.pulls[edge]
        slot.pull = EdgePull(distance: pull.distance.isFinite ? pull.distance : 0, rawDistance: pull.rawDistance.isFinite ? pull.rawDistance : 0)
        if wasTracking && (!observation.isTracking || observation.gesture != lastGesture) {
            send(.released, to: edge, gesture: lastGesture)
        }
        send(.pulled(progress: slot.progress, tracking: observation.isTracking), to: edge, gesture: observation.gesture)
        if let preload = slot.configuration.preloadDistance,
           observation.distanceToEnd[edge.axis] <= preload, observation.velocity[edge.axis] >= Self.forwardSpeed {
            send(.reachedPreload, to: edge, gesture: observation.gesture)
        }
        if case .finished(_, let retracting) = slot.machine.phase {
            if !retracting && time - slot.finishedAt >= slot.configuration.resultHoldTime {
                send(.holdElapsed, to: edge, gesture: observation.gesture)
            }
            if case .finished(_, retracting: true) = slot.machine.phase, slot.pull.distance <= EdgeStateMachine.closedDistance {
                send(.retracted, to: edge, gesture: observation.gesture)
            }
        }
        refreshShownState(slot)
    }

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
    /// A ``RefreshResult/noMoreData`` result leaves the edge in ``RefreshState/noMoreData``.
    public func end(_ edge: RefreshEdge, result: RefreshResult) {
        send(.end(result, generation: nil), to: edge, gesture: nil)
    }

    /// Marks `edge` as having no more data (ending a running refresh with that result). It stays so
    /// through later ends and pulls, until ``reset(_:)``.
    public func setNoMoreData(_ edge: RefreshEdge) {
        send(.setNoMoreData, to: edge, gesture: nil)
    }

    /// Returns `edge` to idle with data to load: clears no-more-data and drops a running refresh
    /// (its completion will be ignored).
    public func reset(_ edge: RefreshEdge) {
        send(.reset, to: edge, gesture: nil)
    }

    func complete(_ edge: RefreshEdge, generation: Int, result: RefreshResult) {
        send(.end(result, generation: generation), to: edge, gesture: nil)
    }

    // MARK: Internals

    /// Whether `edge` may start a refresh for an input of `gesture` (nil: programmatic).
    private func mayStart(_ edge: RefreshEdge, gesture: Int?) -> Bool {
        if let gesture, gesture == triggeringGesture { return false }
        if allowsSimultaneousRefresh { return true }
        return !RefreshEdge.allCases.contains { $0 != edge && slots[$0]?.machine.phase == .refreshing }
    }

    private func send(_ input: EdgeStateMachine.Input, to edge: RefreshEdge, gesture: Int?) {
        guard let slot = slots[edge] else { return }
        let effects = slot.machine.handle(input, policy: slot.configuration.triggerPolicy, mayStart: mayStart(edge, gesture: gesture))
        guard !effects.isEmpty || input == .reset || input == .setNoMoreData || input == .retracted else { return }
        refreshShownState(slot)
        for effect in effects {
            switch effect {
            case .becameEligible:
                onEvent?(.becameEligible(edge))
            case .stoppedBeingEligible:
                onEvent?(.stoppedBeingEligible(edge))
            case .began(let trigger, let generation):
                if let gesture, trigger != .programmatic { triggeringGesture = gesture }
                onEvent?(.beganRefreshing(edge, trigger))
                slot.action?(trigger, RefreshCompletion(container: self, edge: edge, generation: generation))
            case .finished(let result):
                slot.finishedAt = time
                onEvent?(.finished(edge, result))
            }
        }
    }

    private func refreshShownState(_ slot: Slot) {
        let shown = last == nil && slot.machine.phase == .idle && !slot.machine.hasNoMoreData
            ? RefreshState.unknown
            : slot.machine.shownState(distance: slot.pull.distance, progress: slot.progress)
        guard shown != slot.state else { return }
        if shown.kind != slot.state.kind { slot.stateStartTime = time }
        slot.state = shown
        slot.indicator.refreshState = shown
    }
}
