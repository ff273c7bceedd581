/// When a pull past the trigger distance starts a refresh.
public enum RefreshTriggerPolicy: String, Sendable, CaseIterable, Hashable {
    /// When the finger lifts while the edge is `RefreshState.eligible` (UIKit, Material, MJRefresh's header).
    case onRelease
    /// As soon as the pull reaches the trigger distance, finger still down (Cupertino, MRefresh).
    case onReach
}

/// Which haptics an edge asks for (see ``RefreshEvent/haptic(_:_:)``). Off by default, as in
/// EasyRefresh: a host opts in.
public enum HapticFeedback: String, Sendable, CaseIterable, Hashable {
    /// None.
    case off
    /// One selection tick when a gesture first pulls past the trigger distance; pulling back and
    /// forth across it in the same gesture does not tick again.
    case threshold
    /// The tick, and an impact when the gesture starts a refresh.
    case thresholdAndStart
}

/// How one edge of a ``RefreshContainer`` behaves. Distances are in points along the edge's axis.
public struct EdgeConfiguration: Equatable, Sendable {
    /// The pull distance at which the edge triggers (progress reaches 1). Nil: the indicator's
    /// ``AnimatableRefresh/refreshLength``. At least 1 pt past ``startOffset``, at most 100,000.
    public var triggerDistance: Double?
    /// The pull distance where progress begins (MRefresh's `animationStart`); below it progress is 0. 0...100,000.
    public var startOffset: Double
    /// What stays open past the content while refreshing and while the result is shown.
    /// Nil: the indicator's ``AnimatableRefresh/refreshLength``. May differ from the trigger
    /// distance (Cupertino: trigger 100, hold 60). 0...100,000.
    public var holdExtent: Double?
    /// Trigger on release (default) or on reach.
    public var triggerPolicy: RefreshTriggerPolicy
    /// For a load-more edge (bottom or trailing): trigger automatically, at most once per gesture,
    /// when the user's own motion (a finger, or a fling still slowing down) brings the content's end
    /// within this many points of the viewport's end. Nil: only pulls trigger. 0...100,000.
    public var preloadDistance: Double?
    /// Seconds a `RefreshState.finished` result is shown, edge held open, before it retracts. 0...100,000.
    public var resultHoldTime: Double
    /// Whether a programmatic ``RefreshContainer/begin(_:)`` scrolls the edge into view when the
    /// list is scrolled away from it (MJRefresh, IQPullToRefresh and EasyRefresh do). On by default.
    public var revealsProgrammaticRefresh: Bool
    /// The haptics the edge asks for through ``RefreshContainer/onEvent``. Off by default.
    public var haptics: HapticFeedback
    /// How the indicator and the content move as the edge opens; hosts draw by it. Push by default.
    public var placement: IndicatorPlacement
    /// A second floor past a second trigger distance; refresh edges (top, leading) with the
    /// on-release policy only. Nil: none.
    public var secondFloor: SecondFloor?

    /// Seconds a result shows when nobody says: long enough to read a tick or a cross, short
    /// enough not to keep the list waiting (EasyRefresh's `processedDuration` is 1 s). The tools,
    /// scenarios and goldens use it too.
    public static let defaultResultHoldTime = 0.6

    /// A configuration; the defaults follow the indicator's own length, trigger on release, no
    /// automatic triggering, and show the result for ``defaultResultHoldTime``.
    public init(
        triggerDistance: Double? = nil,
        startOffset: Double = 0,
        holdExtent: Double? = nil,
        triggerPolicy: RefreshTriggerPolicy = .onRelease,
        preloadDistance: Double? = nil,
        resultHoldTime: Double = defaultResultHoldTime,
        revealsProgrammaticRefresh: Bool = true,
        haptics: HapticFeedback = .off,
        placement: IndicatorPlacement = .push,
        secondFloor: SecondFloor? = nil
    ) {
        self.triggerDistance = triggerDistance
        self.startOffset = startOffset
        self.holdExtent = holdExtent
        self.triggerPolicy = triggerPolicy
        self.preloadDistance = preloadDistance
        self.resultHoldTime = resultHoldTime
        self.revealsProgrammaticRefresh = revealsProgrammaticRefresh
        self.haptics = haptics
        self.placement = placement
        self.secondFloor = secondFloor
    }
}

/// An ``EdgeConfiguration`` with the indicator's length filled in and every value checked.
struct ResolvedEdgeConfiguration: Equatable, Sendable {
    var triggerDistance: Double
    var startOffset: Double
    var holdExtent: Double
    var triggerPolicy: RefreshTriggerPolicy
    var preloadDistance: Double?
    var resultHoldTime: Double
    var revealsProgrammaticRefresh: Bool
    var haptics: HapticFeedback
    var placement: IndicatorPlacement
    var secondFloor: SecondFloor?

    /// The largest distance (points) or hold time (seconds) a configuration may name: far beyond any
    /// screen, small enough that progress and offsets stay finite.
    static let maximum = 100_000.0
    /// The least finger travel, in points, between the start offset and the trigger distance;
    /// closer, progress would jump from 0 to 1 (or overflow) within a sub-pixel.
    static let minimumTravel = 1.0

    init(_ configuration: EdgeConfiguration, edge: RefreshEdge, refreshLength: Double) throws(RefreshContainer.ConfigurationError) {
        func check(_ field: String, _ value: Double, _ expected: String, _ ok: Bool) throws(RefreshContainer.ConfigurationError) {
            guard value.isFinite, ok else { throw RefreshContainer.ConfigurationError(edge: edge, field: field, value: value, expected: expected) }
        }
        let maximum = Self.maximum
        try check("refreshLength", refreshLength, "> 0 and ≤ \(Int(maximum))", refreshLength > 0 && refreshLength <= maximum)
        triggerDistance = configuration.triggerDistance ?? refreshLength
        startOffset = configuration.startOffset
        holdExtent = configuration.holdExtent ?? refreshLength
        triggerPolicy = configuration.triggerPolicy
        preloadDistance = configuration.preloadDistance
        resultHoldTime = configuration.resultHoldTime
        haptics = configuration.haptics
        revealsProgrammaticRefresh = configuration.revealsProgrammaticRefresh
        placement = configuration.placement
        secondFloor = configuration.secondFloor
        try check("startOffset", startOffset, "≥ 0 and ≤ \(Int(maximum))", startOffset >= 0 && startOffset <= maximum)
        try check("triggerDistance", triggerDistance, "≥ startOffset + \(Int(Self.minimumTravel)) (\(startOffset + Self.minimumTravel)) and ≤ \(Int(maximum))",
                  triggerDistance >= startOffset + Self.minimumTravel && triggerDistance <= maximum)
        try check("holdExtent", holdExtent, "≥ 0 and ≤ \(Int(maximum))", holdExtent >= 0 && holdExtent <= maximum)
        try check("resultHoldTime", resultHoldTime, "≥ 0 and ≤ \(Int(maximum))", resultHoldTime >= 0 && resultHoldTime <= maximum)
        if let preload = preloadDistance {
            try check("preloadDistance", preload, "≥ 0 and ≤ \(Int(maximum))", preload >= 0 && preload <= maximum)
            try check("preloadDistance", preload, "unset on a \(edge) edge (only bottom and trailing edges load more)", edge.isAtEnd)
        }
        if let floor = secondFloor {
            let first = triggerDistance
            try check("secondFloor.triggerDistance", floor.triggerDistance, "> triggerDistance (\(first)) and ≤ \(Int(maximum))",
                      floor.triggerDistance > first && floor.triggerDistance <= maximum)
            if let open = floor.openExtent {
                try check("secondFloor.openExtent", open, "≥ secondFloor.triggerDistance (\(floor.triggerDistance)) and ≤ \(Int(maximum))",
                          open >= floor.triggerDistance && open <= maximum)
            }
            try check("secondFloor", floor.triggerDistance, "unset on a \(edge) edge (only top and leading edges have a second floor)", !edge.isAtEnd)
            try check("secondFloor", floor.triggerDistance, "unset with the onReach trigger policy (a pull would refresh before reaching the second floor)",
                      triggerPolicy == .onRelease)
        }
    }

    /// Second-floor progress for a visible pull distance: 0 at the first trigger distance, 1 at the
    /// second; 0 without a second floor; not clamped.
    func secondaryProgress(at distance: Double) -> Double {
        guard let floor = secondFloor else { return 0 }
        return (distance - triggerDistance) / (floor.triggerDistance - triggerDistance)
    }

    /// How far the edge stays open while its floor is open: the open extent, else the viewport's
    /// extent along the edge's axis (at least the second trigger distance).
    func floorExtent(viewport: Double) -> Double {
        guard let floor = secondFloor else { return 0 }
        return floor.openExtent ?? max(viewport, floor.triggerDistance)
    }

    /// Progress for a visible pull distance: 0 at the start offset, 1 at the trigger distance; not clamped.
    func progress(at distance: Double) -> Double {
        (distance - startOffset) / (triggerDistance - startOffset)
    }
}
