/// How far one edge is pulled open.
public struct EdgePull: Equatable, Sendable {
    /// The visible distance past the content (and its inset), in points: rubber-banded while
    /// dragging, the hold extent while refreshing. ≥ 0.
    public var distance: Double
    /// The distance a finger would travel to show ``distance`` through the rubber band, in points;
    /// the inverse of the core's rubber band (`RubberBand.banded(_:dimension:)`). ≥ 0.
    public var rawDistance: Double

    /// A pull of `distance` visible points, `rawDistance` of finger travel.
    public init(distance: Double, rawDistance: Double) {
        self.distance = distance
        self.rawDistance = rawDistance
    }

    /// Not pulled.
    public static let zero = EdgePull(distance: 0, rawDistance: 0)
}
