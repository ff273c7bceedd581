import RefreshPluginSDK

/// What the inspector remembers between events: the colour picker open, the control being
/// dragged, and where the pointer is (a wheel event carries no position).
package struct InspectorState: Equatable, Sendable {
    /// The colour parameter whose picker is open.
    package var picker: String?
    /// The control a drag started on.
    package var dragging: InspectorLayout.Target?
    /// The pointer's last place, in window points.
    package var hover: Point?
}
