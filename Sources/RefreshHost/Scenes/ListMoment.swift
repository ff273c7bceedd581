import RefreshCore
import RefreshPluginSDK

/// The list at one moment, all that drawing it needs: where it is scrolled and how far each edge
/// is open (the simulation), each enabled edge's status, the time, and what stands in place of
/// rows. A live list's moment is read from its driver; the timeline keeps one per step of a gesture
/// and draws any of them again, pixel for pixel.
package struct ListMoment: Sendable {
    /// The scroll position, content size and pulls.
    package var simulation: ScrollSimulation
    /// Each enabled edge's status, in the container's order.
    package var statuses: [(edge: RefreshEdge, status: RefreshContainer.EdgeStatus)]
    /// Simulated seconds.
    package var time: Double
    /// What the list shows in place of rows, if anything.
    package var placeholder: ListPlaceholder?
    /// The last thing a screen reader said by then, and when (its caption shows for a while).
    package var announcement: (text: String, time: Double)?

    /// The moment of a live list that last said `announcement`.
    package init(simulation: ScrollSimulation, container: RefreshContainer, time: Double, placeholder: ListPlaceholder?,
                 announcement: (text: String, time: Double)? = nil) {
        self.simulation = simulation
        statuses = container.enabledEdges.compactMap { edge in container.status(of: edge).map { (edge, $0) } }
        self.time = time
        self.placeholder = placeholder
        self.announcement = announcement
    }

    /// The status of `edge`, when it is enabled.
    package func status(of edge: RefreshEdge) -> RefreshContainer.EdgeStatus? {
        statuses.first { $0.edge == edge }?.status
    }
}
