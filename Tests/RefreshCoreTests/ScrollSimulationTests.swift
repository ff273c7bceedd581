import Foundation
import Testing
@testable import RefreshCore

@Suite struct ScrollSimulationTests {
    /// Steps at 120 Hz until nothing moves; returns the elapsed time (bounded at 20 s).
    @discardableResult
    func settle(_ simulation: inout ScrollSimulation, onStep: (ScrollSimulation) -> Void = { _ in }) -> Double {
        var elapsed = 0.0
        while !simulation.isResting && elapsed < 20 {
            simulation.step(1.0 / 120)
            elapsed += 1.0 / 120
            onStep(simulation)
        }
        return elapsed
    }

    /// A jump along one axis mid-drag ends the gesture as a lift without a fling: the other axis, pulled
    /// past its edge, springs back and the list comes to rest (it stayed at -75 until the next touch).
    @Test func aJumpMidDragLetsTheOtherAxisGo() {
        var simulation = makeSimulation(axes: [.vertical, .horizontal])
        simulation.dragBegan()
        simulation.dragMoved(by: Point(x: 0, y: 150))
        #expect(simulation.offset.y < -50, "pulled past the top")
        simulation.scroll(to: 0, along: .horizontal)
        for _ in 0..<240 { simulation.step(1.0 / 60) }
        #expect(simulation.isResting && abs(simulation.offset.y) < 0.5 && simulation.offset.x == 0, "\(simulation.offset)")
    }

    /// A jump while the finger holds the header past its trigger abandons the pull: no refresh starts
    /// (one began at offset 300, off screen); and a jump during a revealed refresh stays where it went.
    @Test func aJumpIsNeverAReleaseAndARevealGivesWayToIt() throws {
        var refreshes = 0
        let driver = try RefreshDriver.make(edges: [.top: (RecordingIndicator(), EdgeConfiguration())], actions: [.top: { _, _ in refreshes += 1 }])
        driver.drag(by: Point(x: 0, y: 300))
        #expect(driver.container.status(of: .top)?.state == .eligible)
        driver.simulation.scroll(to: 300, along: .vertical)
        driver.run(seconds: 1)
        #expect(refreshes == 0 && driver.container.status(of: .top)?.state != .refreshing, "\(String(describing: driver.container.status(of: .top)?.state))")
        #expect(abs(driver.simulation.offset.y - 300) < 0.5)

        #expect(driver.container.begin(.top))
        driver.run(seconds: 1)
        #expect(driver.simulation.offset.y < 0, "revealed: \(driver.simulation.offset.y)")
        driver.simulation.scroll(to: 500, along: .vertical)
        driver.run(seconds: 1)
        #expect(abs(driver.simulation.offset.y - 500) < 0.5, "not pulled back: \(driver.simulation.offset.y)")
        #expect(driver.container.status(of: .top)?.state == .refreshing, "the refresh goes on where the user cannot see it")
    }

    @Test func dragPastTheTopIsRubberBanded() {
        var simulation = try! ScrollSimulation(.init(viewportSize: Size(width: 390, height: 960), contentSize: Size(width: 390, height: 3000)))
        simulation.dragBegan()
        simulation.dragMoved(by: Point(x: 0, y: 60))
        simulation.dragMoved(by: Point(x: 0, y: 40))
        #expect(abs(simulation.offset.y + 52.02) < 0.005)
        #expect(abs(simulation.pull(at: .top).distance - 52.02) < 0.005)
        #expect(abs(simulation.pull(at: .top).rawDistance - 100) < 1e-6)
        #expect(simulation.pull(at: .bottom) == .zero)
    }

    @Test(arguments: [DecelerationRate.normal, .fast], [1500.0, -2400])
    func flingRestsAtTheAnalyticRestingPoint(rate: DecelerationRate, velocity: Double) {
        var simulation = try! ScrollSimulation(.init(
            viewportSize: Size(width: 390, height: 844), contentSize: Size(width: 390, height: 100_000), decelerationRate: rate))
        simulation.dragBegan()
        simulation.dragMoved(by: Point(x: 0, y: -50_000))  // far from both edges
        simulation.dragEnded(velocity: .zero)
        let start = simulation.offset.y
        simulation.fling(velocity: Point(x: 0, y: -velocity))  // content moves up: offset velocity +velocity
        settle(&simulation)
        let expected = rate.restingOffset(from: start, velocity: velocity)
        #expect(abs(simulation.offset.y - expected) < 0.5, "rested at \(simulation.offset.y), expected \(expected)")
    }

    @Test(arguments: [0.0, -300])  // released at rest, and moving away from the edge
    func springBackSettlesWithoutOvershootWhenCriticallyDamped(fingerVelocity: Double) {
        var simulation = makeSimulation()
        simulation.dragBegan()
        simulation.dragMoved(by: Point(x: 0, y: 400))
        simulation.dragEnded(velocity: Point(x: 0, y: fingerVelocity))
        var deepest = simulation.offset.y
        let elapsed = settle(&simulation) { state in
            #expect(state.offset.y <= 0, "overshot the edge to \(state.offset.y)")
            deepest = min(deepest, state.offset.y)
        }
        #expect(simulation.offset.y == 0)
        #expect(elapsed < 1.5, "took \(elapsed) s to settle")
        #expect(deepest <= -100)
    }

    @Test func flingIntoTheBottomBouncesAndReturnsToTheEnd() {
        var simulation = makeSimulation(content: 1200)
        simulation.fling(velocity: Point(x: 0, y: -3000))
        var deepest = 0.0
        settle(&simulation) { deepest = max(deepest, $0.pull(at: .bottom).distance) }
        #expect(deepest > 10, "no bounce")
        #expect(simulation.offset.y == 1200 - 844)
    }

    @Test func shortContentPullsFromBothEnds() {
        var simulation = makeSimulation(content: 300)
        simulation.dragBegan()
        simulation.dragMoved(by: Point(x: 0, y: 100))
        #expect(simulation.pull(at: .top).distance > 40)
        simulation.dragMoved(by: Point(x: 0, y: -200))
        #expect(simulation.pull(at: .top).distance == 0)
        #expect(simulation.pull(at: .bottom).distance > 40)
        simulation.dragEnded(velocity: .zero)
        settle(&simulation)
        #expect(simulation.offset == .zero)
    }

    @Test func holdExtentRevealsAnEdgeTheContentRestsAt() {
        var simulation = makeSimulation()
        simulation.setHoldExtent(60, at: .top, keepsTheView: false)
        settle(&simulation)
        #expect(simulation.offset.y == -60)
        #expect(simulation.pull(at: .top).distance == 60)
        simulation.setHoldExtent(0, at: .top, keepsTheView: false)
        settle(&simulation)
        #expect(simulation.offset.y == 0)
    }

    @Test func changingBoundsWhileDraggingKeepsTheContentStill() {
        var simulation = makeSimulation()
        simulation.dragBegan()
        simulation.dragMoved(by: Point(x: 0, y: 200))
        let before = simulation.offset.y
        simulation.setHoldExtent(60, at: .top, keepsTheView: false)
        #expect(simulation.offset.y == before)
        simulation.dragMoved(by: Point(x: 0, y: 1))
        #expect(simulation.offset.y < before && simulation.offset.y > before - 1)
    }

    @Test func aWheelGestureIsTrackedThenReleased() {
        var simulation = makeSimulation()
        simulation.wheel(by: Point(x: 0, y: 80))
        let gesture = simulation.gesture
        #expect(simulation.isTracking)
        #expect(simulation.pull(at: .top).distance > 0)
        simulation.step(0.05)
        simulation.wheel(by: Point(x: 0, y: 20))
        #expect(simulation.gesture == gesture)
        settle(&simulation)
        #expect(!simulation.isTracking)
        #expect(simulation.offset.y == 0)
    }

    @Test func nonFiniteInputIsIgnored() {
        var simulation = makeSimulation()
        simulation.dragBegan()
        simulation.dragMoved(by: Point(x: 0, y: 50))
        let offset = simulation.offset
        for bad in [Double.nan, .infinity, -.infinity] {
            simulation.dragMoved(by: Point(x: 0, y: bad))
            simulation.wheel(by: Point(x: bad, y: 0))
            simulation.step(bad)
            simulation.setHoldExtent(bad, at: .top, keepsTheView: false)
        }
        simulation.step(-1)
        #expect(simulation.offset == offset)
        simulation.dragEnded(velocity: Point(x: .nan, y: .infinity))
        settle(&simulation)
        #expect(simulation.offset == .zero)
        #expect(simulation.velocity == .zero)
    }

    @Test(arguments: [
        (Size(width: 390, height: 0), "viewportSize.height"),
        (Size(width: -1, height: 844), "viewportSize.width"),
        (Size(width: 390, height: .nan), "viewportSize.height"),
        (Size(width: .infinity, height: 844), "viewportSize.width"),
    ])
    func unusableViewportsAreRejected(viewport: Size, field: String) {
        #expect(throws: ScrollSimulation.ConfigurationError.self) {
            try ScrollSimulation(.init(viewportSize: viewport, contentSize: Size(width: 10, height: 10)))
        }
        do {
            _ = try ScrollSimulation(.init(viewportSize: viewport, contentSize: Size(width: 10, height: 10)))
        } catch {
            #expect(error.field == field)
            #expect(error.description.contains(field))
        }
    }

    @Test func badPhysicsParametersAreRejected() {
        let size = Size(width: 390, height: 844)
        #expect(throws: ScrollSimulation.ConfigurationError.self) {
            try ScrollSimulation(.init(viewportSize: size, contentSize: size, decelerationRate: DecelerationRate(rawValue: 1)))
        }
        #expect(throws: ScrollSimulation.ConfigurationError.self) {
            try ScrollSimulation(.init(viewportSize: size, contentSize: size, spring: Spring(mass: 0)))
        }
        var simulation = makeSimulation()
        #expect(throws: ScrollSimulation.ConfigurationError.self) { try simulation.setContentSize(Size(width: 1, height: -5)) }
        #expect(simulation.configuration.contentSize.height == 2000)
    }

    @Test func sameInputsGiveTheSameOffsetsBitForBit() {
        func trace() -> [UInt64] {
            var simulation = makeSimulation()
            var bits: [UInt64] = []
            simulation.dragBegan()
            for i in 0..<40 {
                simulation.dragMoved(by: Point(x: 0, y: Double(i % 7) * 3.3))
                simulation.step(1.0 / 120)
                bits.append(simulation.offset.y.bitPattern)
            }
            simulation.dragEnded()
            for _ in 0..<300 {
                simulation.step(1.0 / 120)
                bits.append(simulation.offset.y.bitPattern)
            }
            return bits
        }
        #expect(trace() == trace())
    }

    @Test func releaseVelocityIsTrackedFromTheDrag() {
        var simulation = makeSimulation(content: 10_000)
        simulation.dragBegan()
        simulation.dragMoved(by: Point(x: 0, y: -3000))  // well inside the content
        for _ in 0..<12 {
            simulation.dragMoved(by: Point(x: 0, y: -10))  // 10 pt per 1/120 s: 1200 pt/s
            simulation.step(1.0 / 120)
        }
        #expect(abs(simulation.velocity.y - 1200) < 1)
        simulation.dragEnded()
        #expect(simulation.isDecelerating)
    }
}
