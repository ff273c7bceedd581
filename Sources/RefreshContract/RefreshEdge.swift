/// An axis of a scrolling list.
public enum ScrollAxis: String, Sendable, CaseIterable, Hashable {
    /// Up and down: the top and bottom edges.
    case vertical
    /// Along the reading direction: the leading and trailing edges.
    case horizontal
}

/// One edge of a scrolling list where an indicator can sit.
///
/// `top` and `leading` are at the start of the content (pull to refresh), `bottom` and
/// `trailing` at its end (load more). Leading and trailing are logical: with a right-to-left
/// layout the leading edge is drawn on the right, which is the renderer's concern, not the core's.
public enum RefreshEdge: String, Sendable, CaseIterable, Hashable, Comparable {
    case top, bottom, leading, trailing

    /// The axis this edge lies across.
    public var axis: ScrollAxis {
        switch self {
        case .top, .bottom: .vertical
        case .leading, .trailing: .horizontal
        }
    }

    /// Whether the edge is at the end of the content (bottom, trailing) rather than its start.
    public var isAtEnd: Bool { self == .bottom || self == .trailing }

    /// The edge across the same axis at the other end: top ↔ bottom, leading ↔ trailing.
    public var opposite: RefreshEdge {
        switch self {
        case .top: .bottom
        case .bottom: .top
        case .leading: .trailing
        case .trailing: .leading
        }
    }

    /// Edges sort in declaration order: top, bottom, leading, trailing.
    public static func < (lhs: RefreshEdge, rhs: RefreshEdge) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// One value for each of the four edges.
public struct PerEdge<Value> {
    /// The value for the top edge.
    public var top: Value
    /// The value for the bottom edge.
    public var bottom: Value
    /// The value for the leading edge.
    public var leading: Value
    /// The value for the trailing edge.
    public var trailing: Value

    /// Four values, one per edge.
    public init(top: Value, bottom: Value, leading: Value, trailing: Value) {
        self.top = top
        self.bottom = bottom
        self.leading = leading
        self.trailing = trailing
    }

    /// The same value for every edge.
    public init(repeating value: Value) {
        self.init(top: value, bottom: value, leading: value, trailing: value)
    }

    /// The value for `edge`.
    public subscript(edge: RefreshEdge) -> Value {
        get {
            switch edge {
            case .top: top
            case .bottom: bottom
            case .leading: leading
            case .trailing: trailing
            }
        }
        set {
            switch edge {
            case .top: top = newValue
            case .bottom: bottom = newValue
            case .leading: leading = newValue
            case .trailing: trailing = newValue
            }
        }
    }
}

extension PerEdge: Equatable where Value: Equatable {}
extension PerEdge: Sendable where Value: Sendable {}
