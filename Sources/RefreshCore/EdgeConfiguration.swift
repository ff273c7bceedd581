/// When a pull past the trigger distance starts a refresh.
public enum RefreshTriggerPolicy: String, Sendable, CaseIterable, Hashable {
    /// When the finger lifts while the edge is ``RefreshState/eligible`` (UIKit, Material, MJRefresh's header).
    case onRelease
    /// As soon as the pull reaches the trigger distance, finger still down (Cupertino, MRefresh).
    case onReach
}

/// How one edge of a ``RefreshContainer`` behaves. Distances are in points along the edge's axis.
public struct EdgeConfiguration: Equatable, Sendable {
    /// The pull distance at which the edge triggers (progress reaches 1). Nil: the indicator's
    /// ``AnimatableRefresh/refreshLength``. Must be greater than ``startOffset``.
    public var triggerDistance: Double?
    /// The pull distance where progress begins (MRefresh's `animationStart`); below it progress is 0. ≥ 0.
    public var startOffset: Double
    /// What stays open past the content while refreshing and while the result is shown.
    /// Nil: the indicator's ``AnimatableRefresh/refreshLength``. May differ from the trigger
    /// distance (Cupertino: trigger 100, hold 60). ≥ 0.
    public var holdExtent: Double?
    /// Trigger on release (default) or on reach.
    public var triggerPolicy: RefreshTriggerPolicy
    /// For a load-more edge (bottom or trailing): trigger automatically, at most once per gesture,
    /// when scrolling towards the end brings the content's end within this many points of the
    /// viewport's end. Nil: only pulls trigger. ≥ 0.
    public var preloadDistance: Double?
    /// Seconds a ``RefreshState/finished(_:)`` result is shown, edge held open, before it retracts. ≥ 0.
    public var resultHoldTime: Double

    /// A configuration; the defaults follow the indicator's own length, trigger on release, no
    /// automatic triggering, and show the result for one second (EasyRefresh's `processedDuration`).
    public init(
        triggerDistance: Double? = nil,
        startOffset: Double = 0,
        holdExtent: Double? = nil,
        triggerPolicy: RefreshTriggerPolicy = .onRelease,
        preloadDistance: Double? = nil,
        resultHoldTime: Double = 1
    ) {
        self.triggerDistance = triggerDistance
        self.startOffset = startOffset
        self.holdExtent = holdExtent
        self.triggerPolicy = triggerPolicy
        self.preloadDistance = preloadDistance
        self.resultHoldTime = resultHoldTime
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

    init(_ configuration: EdgeConfiguration, edge: RefreshEdge, refreshLength: Double) throws(RefreshContainer.ConfigurationError) {
        func check(_ field: String, _ value: Double, _ expected: String, _ ok: Bool) throws(RefreshContainer.ConfigurationError) {
            guard value.isFinite, ok else { throw RefreshContainer.ConfigurationError(edge: edge, field: field, value: value, expected: expected) }
        }
        try check("refreshLength", refreshLength, "> 0", refreshLength > 0)
        triggerDistance = configuration.triggerDistance ?? refreshLength
        startOffset = configuration.startOffset
        holdExtent = configuration.holdExtent ?? refreshLength
        triggerPolicy = configuration.triggerPolicy
        preloadDistance = configuration.preloadDistance
        resultHoldTime = configuration.resultHoldTime
        try check("startOffset", startOffset, "≥ 0", startOffset >= 0)
        try check("triggerDistance", triggerDistance, "> startOffset (\(startOffset))", triggerDistance > startOffset)
        try check("holdExtent", holdExtent, "≥ 0", holdExtent >= 0)
        try check("resultHoldTime", resultHoldTime, "≥ 0", resultHoldTime >= 0)
        if let preload = preloadDistance {
            try check("preloadDistance", preload, "≥ 0", preload >= 0)
            try check("preloadDistance", preload, "unset on a \(edge) edge (only bottom and trailing edges load more)", edge.isAtEnd)
        }
    }

    /// Progress for a visible pull distance: 0 at the start offset, 1 at the trigger distance; not clamped.
    func progress(at distance: Double) -> Double {
        (distance - startOffset) / (triggerDistance - startOffset)
    }
}
