/// A point or a vector in points (1/scale of a pixel).
public struct Point: Equatable, Sendable, Hashable {
    /// Horizontal coordinate, growing to the right (towards the trailing end of a horizontal list).
    public var x: Double
    /// Vertical coordinate, growing downwards.
    public var y: Double

    /// A point at (`x`, `y`).
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The origin, (0, 0).
    public static let zero = Point(x: 0, y: 0)

    /// The component along `axis`.
    public subscript(axis: ScrollAxis) -> Double {
        get { axis == .vertical ? y : x }
        set { if axis == .vertical { y = newValue } else { x = newValue } }
    }
}

/// A size in points.
public struct Size: Equatable, Sendable, Hashable {
    /// Horizontal extent.
    public var width: Double
    /// Vertical extent.
    public var height: Double

    /// A size of `width` × `height`.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// The extent along `axis`.
    public subscript(axis: ScrollAxis) -> Double {
        get { axis == .vertical ? height : width }
        set { if axis == .vertical { height = newValue } else { width = newValue } }
    }
}
