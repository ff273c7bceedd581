/// What the container holds: anything that can stand at a refresh edge (a host's proxy for a
/// plugin, or an in-process indicator). One of three indicator words: a plugin writes a
/// `RefreshIndicator` (the SDK), the container holds an `AnimatableRefresh`, the host draws a
/// `HostedIndicator` (RefreshHost).
///
/// The container reads ``refreshLength`` once when the edge is enabled and sets
/// ``refreshState`` whenever the edge's state changes. An indicator never changes the state
/// itself: the container decides, the indicator draws.
public protocol AnimatableRefresh: AnyObject {
    /// The pull distance, in points, that completes progress: the indicator's natural height
    /// for top and bottom edges, its width for leading and trailing edges. Finite and > 0.
    var refreshLength: Double { get }

    /// The state the indicator should show. Set by the ``RefreshContainer``.
    var refreshState: RefreshState { get set }

    /// What a screen reader should say when `state` begins at `edge`, in `locale` (a BCP 47 tag);
    /// nil or empty: nothing. By default `StateDescription`'s words.
    func stateDescription(_ state: RefreshState, edge: RefreshEdge, locale: String) -> String?
}

extension AnimatableRefresh {
    /// ``StateDescription``'s words.
    public func stateDescription(_ state: RefreshState, edge: RefreshEdge, locale: String) -> String? {
        StateDescription.text(for: state, edge: edge, locale: locale)
    }
}
