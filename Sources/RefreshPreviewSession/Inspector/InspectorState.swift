import RefreshPluginSDK
import RefreshHost

/// What the inspector remembers between events: the colour picker open, the control being
/// dragged, and where the pointer is (a wheel event carries no position).
package struct InspectorState: Sendable {
    /// The colour parameter whose picker is open.
    package var picker: String?
    /// The control a drag started on.
    package var dragging: InspectorLayout.Target?
    /// The pointer's last place, in window points.
    package var hover: Point?
    /// The text parameter being typed into, and its text so far (Enter sets it, Esc leaves it).
    package var editing: (name: String, text: String)?
}
