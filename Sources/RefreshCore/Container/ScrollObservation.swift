/// One moment of a scroll view, as a ``RefreshContainer`` observes it.
///
/// ``ScrollSimulation/observation`` makes one; a host with a real scroll view fills one in itself.
public struct ScrollObservation: Equatable, Sendable {
    /// Whether a finger or wheel gesture holds the content. Its end is the "release".
    public var isTracking: Bool
    /// An identifier of the current (or last) gesture; a new gesture has a new value.
    public var gesture: Int
    /// How far each edge is pulled open.
    public var pulls: PerEdge<EdgePull>
    /// How far the content's end is beyond the viewport's end, per axis, in points (≤ 0 when in view).
    public var distanceToEnd: Point
    /// The content offset's velocity, in points per second; positive moves towards the end.
    public var velocity: Point
    /// The viewport's size in points; a second floor with no open extent opens to it. Zero when
    /// the host does not say (the floor then opens to its trigger distance).
    public var viewport: Size
    /// Whether the gesture that held the content ended without a release: code moved the list from
    /// under the finger (``ScrollSimulation/scroll(to:along:)``). A container then takes the end
    /// of tracking as a cancel: a header held past its trigger does not refresh. False unless the
    /// host says so (a lifted finger is a release).
    public var abandonsGesture = false

    /// An observation with these values.
    public init(isTracking: Bool, gesture: Int, pulls: PerEdge<EdgePull>, distanceToEnd: Point, velocity: Point, viewport: Size = Size(width: 0, height: 0)) {
        self.isTracking = isTracking
        self.gesture = gesture
        self.pulls = pulls
        self.distanceToEnd = distanceToEnd
        self.velocity = velocity
        self.viewport = viewport
    }
}

extension ScrollObservation {
    /// This observation with a host's numbers clamped where they enter a container: non-finite
    /// pulls count as 0 and pulls beyond `maximumPull` as that, non-finite velocities as 0, an
    /// unknown (NaN) distance to the end as far away.
    func sanitized(maximumPull: Double) -> ScrollObservation {
        func clamp(_ value: Double) -> Double { value.isFinite ? min(max(value, 0), maximumPull) : 0 }
        func finite(_ value: Double) -> Double { value.isFinite ? value : 0 }
        var clean = self
        for edge in RefreshEdge.allCases {
            let pull = pulls[edge]
            clean.pulls[edge] = EdgePull(distance: clamp(pull.distance), rawDistance: clamp(pull.rawDistance))
        }
        clean.velocity = Point(x: finite(velocity.x), y: finite(velocity.y))
        clean.distanceToEnd = Point(x: distanceToEnd.x.isNaN ? .infinity : distanceToEnd.x, y: distanceToEnd.y.isNaN ? .infinity : distanceToEnd.y)
        return clean
    }
}
