/// How an edge's indicator and the content move as the edge opens (SmartRefreshLayout's spinner
/// styles, EasyRefresh's positions). The container does not use it; hosts draw by it and tell the
/// indicator through its frame.
public enum IndicatorPlacement: String, Sendable, CaseIterable, Hashable {
    /// The content moves; the indicator rides in the gap, touching the content (MJRefresh, UIKit).
    case push
    /// The content moves; the indicator stays fixed at the viewport's edge, under the content, and
    /// is uncovered as the gap grows (SmartRefreshLayout's FixedBehind, EasyRefresh's behind).
    case behind
    /// The content does not move; the indicator slides in over it by the pull distance (Android's
    /// SwipeRefreshLayout, SmartRefreshLayout's FixedFront).
    case above
    /// The content moves; the indicator fills the gap and is told its full size (SmartRefreshLayout's Scale and MatchLayout).
    case stretch
}
