/// Steps a ``ScrollSimulation`` and a ``RefreshContainer`` together on one clock.
///
/// Each ``advance(by:)``: the container's hold extents go to the simulation, the simulation
/// steps, the container observes the result at the new time. The preview, the headless
/// renderer and the tests all drive a list this way, so they agree frame for frame.
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
        container.apply(to: &simulation)
        simulation.step(dt)
        time += dt
        container.observe(simulation.observation, at: time)
        container.apply(to: &simulation)
    }
}
