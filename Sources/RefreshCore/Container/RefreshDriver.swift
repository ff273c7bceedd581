/// Steps a ``ScrollSimulation`` and a ``RefreshContainer`` together on one clock.
///
/// Each ``advance(by:)``: what the container holds open and asks to reveal goes to the simulation,
/// the simulation steps, the container observes the result at the new time. This is the one place
/// the state machine meets the physics. The preview, the headless renderer and the tests all drive
/// a list this way, so they agree frame for frame.
public final class RefreshDriver {
    /// The simulated scroll view; give it input between steps.
    public var simulation: ScrollSimulation
    /// The refresh container observing it.
    public let container: RefreshContainer
    /// Seconds since the driver started.
    public private(set) var time: Double = 0

    /// A driver for `simulation` and `container`; the container observes the starting position.
    public init(simulation: ScrollSimulation, container: RefreshContainer) {
        self.simulation = simulation
        self.container = container
        container.observe(simulation.observation, at: 0)
    }

    /// Advances the clock by `dt` seconds (non-finite or non-positive steps are ignored).
    public func advance(by dt: Double) {
        guard dt.isFinite, dt > 0 else { return }
        applyContainer()
        simulation.step(dt)
        time += dt
        container.observe(simulation.observation, at: time)
        applyContainer()
    }

    /// Hold extents first (they set the bounds), then reveals (they aim within them): the edges that
    /// do not ask to be revealed, then those that do, in the order they asked, each hold before its
    /// reveal, so that the first end shown keeps the view while it refreshes.
    private func applyContainer() {
        let reveals = container.takePendingReveals()
        for edge in RefreshEdge.allCases where !reveals.contains(edge) { hold(edge) }
        for edge in reveals {
            hold(edge)
            simulation.reveal(edge)
        }
    }

    private func hold(_ edge: RefreshEdge) {
        simulation.setHoldExtent(container.holdExtent(for: edge), at: edge, keepsTheView: container.keepsTheView(edge))
    }
}
