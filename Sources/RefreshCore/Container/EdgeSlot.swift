/// What a ``RefreshContainer`` keeps for one enabled edge: its indicator, configuration, action,
/// state machine, and the shown state with the times and gestures the rules need.
final class EdgeSlot {
    let indicator: any AnimatableRefresh
    let configuration: ResolvedEdgeConfiguration
    var action: RefreshAction?
    var machine: EdgeStateMachine
    var needsReveal = false
    /// When it asked to be revealed (the container's count): requests are handed over in that order.
    var revealOrder = 0
    var pull = EdgePull.zero
    var state = RefreshState.unknown
    var stateStartTime = 0.0
    var finishedAt = 0.0
    /// The gesture that last played the threshold tick: a wobble across the trigger distance
    /// within one gesture ticks once.
    var tickedGesture: Int?
    /// The same for the second floor's tick.
    var floorTickedGesture: Int?
    /// The kind and start time of the state last announced.
    var announcedKind = RefreshState.Kind.unknown
    var announcedStart = 0.0

    init(indicator: any AnimatableRefresh, configuration: ResolvedEdgeConfiguration, action: RefreshAction?, machine: EdgeStateMachine) {
        self.indicator = indicator
        self.configuration = configuration
        self.action = action
        self.machine = machine
    }

    var progress: Double { configuration.progress(at: pull.distance) }
    var secondaryProgress: Double { configuration.secondaryProgress(at: pull.distance) }

    /// Takes on what `old`, the slot this one replaces, was showing: the reveal it asked for, when
    /// its result began, the gestures that ticked, and the shown state with when it began.
    func carryOn(from old: EdgeSlot) {
        (needsReveal, revealOrder, finishedAt) = (old.needsReveal, old.revealOrder, old.finishedAt)
        (tickedGesture, floorTickedGesture) = (old.tickedGesture, old.floorTickedGesture)
        (state, stateStartTime) = (old.state, old.stateStartTime)
    }
}
