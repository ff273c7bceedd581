/// UIScrollView's rubber band: how far content moves for a drag past an edge.
///
/// `b = (1 − 1/(x·c/d + 1))·d`: x is the drag distance past the edge, d the viewport extent
/// on that axis and c the coefficient (0.55 in UIKit). The slope at the edge is c and b never
/// reaches d. With d = 960: x = 100 gives 52.02.
public struct RubberBand: Equatable, Sendable {
    /// The coefficient c; 0.55 matches UIKit. Finite and > 0.
    public var coefficient: Double

    /// A rubber band with coefficient `c`.
    public init(coefficient: Double = 0.55) {
        self.coefficient = coefficient
    }

    /// The distance the content moves, in points, for a drag of `distance` points past the edge
    /// of a viewport `dimension` points long. Negative or non-finite distances give 0; an infinite
    /// drag gives `dimension`.
    public func banded(_ distance: Double, dimension: Double) -> Double {
        guard distance > 0, dimension > 0 else { return 0 }
        guard distance.isFinite else { return dimension }
        return (1 - 1 / (distance * coefficient / dimension + 1)) * dimension
    }

    /// The inverse of ``banded(_:dimension:)``: the drag distance that moves the content `banded`
    /// points. Clamped to a large finite value as `banded` approaches `dimension`.
    public func raw(_ banded: Double, dimension: Double) -> Double {
        guard banded > 0, dimension > 0 else { return 0 }
        let limit = 1e9
        guard banded < dimension else { return limit }
        return min(limit, banded * dimension / (coefficient * (dimension - banded)))
    }
}
