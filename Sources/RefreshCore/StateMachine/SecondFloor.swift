/// The second floor (二楼) of a refresh edge: pulling past a second, larger trigger distance and
/// releasing opens a panel as tall as the viewport instead of refreshing (SmartRefreshLayout's
/// TwoLevelHeader, EasyRefresh's secondary). Pushing the content back by the first trigger distance,
/// or ``RefreshContainer/closeSecondFloor(_:)``, closes it.
public struct SecondFloor: Equatable, Sendable {
    /// The pull distance, in points, past which a release opens the floor; larger than the edge's
    /// trigger distance, at most 100,000.
    public var triggerDistance: Double
    /// How far the edge stays open while the floor is open, in points. Nil: the whole viewport.
    /// At least the second trigger distance when set.
    public var openExtent: Double?
    /// Whether a release between the two trigger distances refreshes (true, as in
    /// SmartRefreshLayout); false: only the floor opens, and a shorter pull springs back.
    public var refreshesBelow: Bool

    /// A second floor at `triggerDistance`.
    public init(triggerDistance: Double, openExtent: Double? = nil, refreshesBelow: Bool = true) {
        self.triggerDistance = triggerDistance
        self.openExtent = openExtent
        self.refreshesBelow = refreshesBelow
    }
}
