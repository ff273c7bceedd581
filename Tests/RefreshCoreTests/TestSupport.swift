@testable import RefreshCore

/// An indicator that records every state the container gives it.
final class RecordingIndicator: AnimatableRefresh {
    let refreshLength: Double
    private(set) var states: [RefreshState] = []
    var refreshState: RefreshState = .unknown {
        didSet { states.append(refreshState) }
    }

    init(refreshLength: Double = 60) {
        self.refreshLength = refreshLength
    }

    /// The kinds it went through, consecutive repeats folded.
    var kinds: [RefreshState.Kind] {
        states.map(\.kind).reduce(into: []) { kinds, kind in
            if kinds.last != kind { kinds.append(kind) }
        }
    }
}

extension EdgeConfiguration {
    /// A random but valid configuration for `edge`, as the randomised sequence tests use.
    static func random(for edge: RefreshEdge, using g: inout SeededRandom) -> EdgeConfiguration {
        EdgeConfiguration(
            triggerDistance: Double.random(in: 40...120, using: &g),
            startOffset: Double.random(in: 0...30, using: &g),
            holdExtent: Double.random(in: 0...100, using: &g),
            triggerPolicy: Bool.random(using: &g) ? .onRelease : .onReach,
            preloadDistance: edge.isAtEnd && Bool.random(using: &g) ? Double.random(in: 0...400, using: &g) : nil,
            resultHoldTime: Double.random(in: 0...0.5, using: &g)
        )
    }
}

/// A phone-sized vertical list: 390×844 viewport, 2000 pt of content.
func makeSimulation(content: Double = 2000, axes: Set<ScrollAxis> = [.vertical]) -> ScrollSimulation {
    try! ScrollSimulation(.init(
        viewportSize: Size(width: 390, height: 844),
        contentSize: Size(width: axes.contains(.horizontal) ? content : 390, height: axes.contains(.vertical) ? content : 844),
        scrollableAxes: axes
    ))
}

extension RefreshDriver {
    static let frame = 1.0 / 120

    /// A driver over `makeSimulation()` with `indicator` on each of `edges`.
    static func make(
        content: Double = 2000,
        edges: [RefreshEdge: (RecordingIndicator, EdgeConfiguration)],
        actions: [RefreshEdge: RefreshAction] = [:]
    ) throws -> RefreshDriver {
        let container = RefreshContainer()
        for (edge, (indicator, configuration)) in edges {
            try container.enable(edge, indicator: indicator, configuration: configuration, action: actions[edge])
        }
        return RefreshDriver(simulation: makeSimulation(content: content), container: container)
    }

    func run(seconds: Double) {
        for _ in 0..<Int((seconds / Self.frame).rounded()) { advance(by: Self.frame) }
    }

    /// Presses, moves the finger by `translation` evenly over `seconds`, and keeps it down.
    func drag(by translation: Point, over seconds: Double = 0.25) {
        simulation.dragBegan()
        let frames = Int((seconds / Self.frame).rounded())
        for _ in 0..<frames {
            simulation.dragMoved(by: Point(x: translation.x / Double(frames), y: translation.y / Double(frames)))
            advance(by: Self.frame)
        }
    }

    /// Lifts the finger without velocity and lets one frame pass.
    func release() {
        simulation.dragEnded(velocity: .zero)
        advance(by: Self.frame)
    }
}
