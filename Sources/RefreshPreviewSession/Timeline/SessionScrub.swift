import RefreshCore
import RefreshPluginSDK
import RefreshHost

extension Session {
    /// Starts the scrub (the first edge held at 0.5) or releases it.
    func toggleScrub() {
        if let s = scrub {
            scrub = nil
            driver.simulation.dragEnded(velocity: .zero)
            view.message = "scrub released at \(String(format: "%.2f", s.progress))"
        } else if let edge = layout.edges.first {
            scrub = (edge, 0.5)
            driver.simulation.dragBegan()
            view.message = "scrub: ↑ ↓ change the progress, P releases"
        }
    }

    /// Holds the scrubbed edge open at the scrubbed progress with a virtual finger, so the
    /// container's rules (eligible at 1, refresh on release) apply as for a real pull.
    func applyScrub() {
        guard let (edge, progress) = scrub, let status = driver.container.status(of: edge) else { return }
        // The preview's edges have no start offset. At 1.00 and past it, aim a hundredth of a point
        // beyond the trigger, so that the rubber band's rounding cannot leave the pull a hair short
        // of eligible while the panel shows 1.00.
        let target = status.triggerDistance * progress + (progress >= 1 ? 0.01 : 0)
        let band = driver.simulation.configuration.rubberBand
        let delta = band.raw(target, dimension: viewport[edge.axis]) - driver.simulation.pull(at: edge).rawDistance
        let sign: Double = edge.isAtEnd ? -1 : 1
        driver.simulation.dragMoved(by: edge.axis == .vertical ? Point(x: 0, y: sign * delta) : Point(x: sign * delta, y: 0))
    }
}
