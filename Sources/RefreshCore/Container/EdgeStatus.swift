extension RefreshContainer {
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
        /// Whether the scroll view should bring this edge into view, to its hold extent: set when a
        /// refresh begins programmatically with ``EdgeConfiguration/revealsProgrammaticRefresh`` (a
        /// gesture's edge is already under the finger); cleared when the edge stops holding open.
        public var needsReveal: Bool
        /// Whether the edge's hold is a refresh running there (or its second floor open), which keeps
        /// the view: on a list too long to show both ends, the other end is not revealed while this
        /// one is in view (the first end shown keeps it). A hold that only shows a result or the end
        /// of the data gives way to a refresh revealed at the other end. Requests to reveal are
        /// handed over in the order they were made (``RefreshContainer/pendingReveals``).
        public var keepsTheView: Bool
        /// Whether the edge is hidden (``RefreshContainer/setHidden(_:_:)``).
        public var isHidden: Bool
        /// Second-floor progress: 0 at the trigger distance, 1 at the floor's trigger distance; not
        /// clamped; 0 when the edge has no second floor.
        public var secondaryProgress: Double
        /// How the host should place the indicator (the edge's ``EdgeConfiguration/placement``).
        public var placement: IndicatorPlacement
        /// The edge's second floor, as configured; nil when it has none.
        public var secondFloor: SecondFloor?
    }
}
