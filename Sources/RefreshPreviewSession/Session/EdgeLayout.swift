import RefreshPluginSDK
import RefreshHost

/// Which edges the preview's list has, and so which axis it scrolls on (E cycles through them).
package enum EdgeLayout: CaseIterable, Sendable {
    case topAndBottom, top, bottom, leading, leadingAndTrailing, trailing

    /// The enabled edges, the refresh edge first.
    package var edges: [RefreshEdge] {
        switch self {
        case .top: [.top]
        case .topAndBottom: [.top, .bottom]
        case .bottom: [.bottom]
        case .leading: [.leading]
        case .leadingAndTrailing: [.leading, .trailing]
        case .trailing: [.trailing]
        }
    }

    /// The axis the list scrolls on.
    package var axis: ScrollAxis { edges[0].axis }
}
