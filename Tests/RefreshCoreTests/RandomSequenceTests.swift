import Foundation
import Testing
@testable import RefreshCore

/// Thousands of random gestures and commands: never an illegal transition, never a non-finite
/// number, never more than one trigger per gesture; also with a host that sends its own
/// observations (gesture ids that change or repeat while tracking, absurd numbers) and edges
/// replaced, removed or hidden while they refresh. `REFRESHKIT_SEQUENCES=N` sets the count.
@Suite struct RandomSequenceTests {
    /// An indicator that stamps each state it is given with how many resets had happened.
    final class StampingIndicator: AnimatableRefresh {
        let refreshLength = 60.0
        var resets: () -> Int = { 0 }
        var log: [(state: RefreshState, resets: Int)] = []
        var refreshState: RefreshState = .unknown {
            didSet { log.append((refreshState, resets())) }
        }
    }

    typealias Kind = RefreshState.Kind

    /// Kind changes that need no reset in between.
    static let legal: [Kind: Set<Kind>] = [
        .unknown: [.none, .pulling, .refreshing, .noMoreData, .finished],
        .none: [.pulling, .eligible, .refreshing, .noMoreData, .secondaryEligible, .secondaryOpen],
        .pulling: [.none, .eligible, .refreshing, .noMoreData, .secondaryEligible, .secondaryOpen],
        .eligible: [.none, .pulling, .refreshing, .noMoreData, .secondaryEligible, .secondaryOpen],
        .refreshing: [.finished],
        .finished: [.none, .noMoreData, .refreshing, .secondaryOpen],
        .noMoreData: [],
        .secondaryEligible: [.none, .pulling, .eligible, .secondaryOpen],
        .secondaryOpen: [.secondaryClosing],
        .secondaryClosing: [.none],
    ]
    /// Kind changes that only a reset may cause.
    static let afterReset: [Kind: Set<Kind>] = [
        .refreshing: [.none, .pulling],
        .finished: [.none, .pulling],
        .noMoreData: [.none, .pulling],
        .secondaryOpen: [.none, .pulling],
        .secondaryClosing: [.none, .pulling],
    ]

    static let sequences = ProcessInfo.processInfo.environment["REFRESHKIT_SEQUENCES"].flatMap(Int.init) ?? 2000

    @Test func randomSequencesKeepEveryRule() throws {
        var generator = SeededRandom(seed: 0x5EED_2026)
        var transitions = 0
        var reached: Set<Kind> = []
        var bothEndsChecked = 0
        for sequence in 0..<Self.sequences {
            transitions += try runSequence(&generator, index: sequence, reached: &reached, bothEndsChecked: &bothEndsChecked)
        }
        #expect(bothEndsChecked >= Self.sequences / 200, "the two-ends rule was checked \(bothEndsChecked) times")
        #expect(transitions > Self.sequences * 5, "the sequences exercised too few transitions: \(transitions)")
        #expect(reached == Set(Kind.allCases), "states never reached: \(Set(Kind.allCases).subtracting(reached))")
    }

    private func runSequence(_ g: inout SeededRandom, index: Int, reached: inout Set<Kind>, bothEndsChecked: inout Int) throws -> Int {
        var resets = 0
        let indicators = PerEdge(top: StampingIndicator(), bottom: StampingIndicator(), leading: StampingIndicator(), trailing: StampingIndicator())
        let content = [200.0, 900, 2000][Int.random(in: 0..<3, using: &g)]
        let container = RefreshContainer(allowsSimultaneousRefresh: Int.random(in: 0..<5, using: &g) == 0)
        var completions: [RefreshCompletion] = []
        var configurations: [RefreshEdge: EdgeConfiguration] = [:]
        let action: RefreshAction = { _, done in completions.append(done) }
        for edge in [RefreshEdge.top, .bottom] {
            indicators[edge].resets = { resets }
            configurations[edge] = EdgeConfiguration.random(for: edge, using: &g)
            if edge == .top, configurations[edge]!.triggerPolicy == .onRelease, Int.random(in: 0..<3, using: &g) == 0 {
                let trigger = configurations[edge]!.triggerDistance!
                configurations[edge]!.secondFloor = SecondFloor(
                    triggerDistance: trigger + Double.random(in: 10...150, using: &g),
                    openExtent: Bool.random(using: &g) ? nil : trigger + Double.random(in: 160...600, using: &g),
                    refreshesBelow: Bool.random(using: &g))
            }
            try container.enable(edge, indicator: indicators[edge], configuration: configurations[edge]!, action: action)
        }
        /// Keyed by the simulation's gesture and the number of host bursts before it: after a burst
        /// the container sees the simulation's gesture id come back, which is a new gesture to it.
        var triggersPerGesture: [[Int]: Int] = [:]
        var bursts = 0
        var hostTriggers = 0
        var hostEvents: [String] = []
        /// A release's trigger belongs to the touch that was released, also when the release came
        /// with a new gesture (a fling started mid-drag).
        var lastTrackingGesture = 0
        var hostDriven = false
        let driver = RefreshDriver(simulation: makeSimulation(content: content, axes: Bool.random(using: &g) ? [.vertical] : [.vertical, .horizontal]), container: container)
        container.onEvent = { event in
            if case .beganRefreshing(_, let trigger) = event, trigger != .programmatic {
                if hostDriven { hostTriggers += 1; hostEvents.append("\(event)") } else {
                    let touch = trigger == .userGesture && !driver.simulation.isTracking ? lastTrackingGesture : driver.simulation.gesture
                    triggersPerGesture[[touch, bursts], default: 0] += 1
                }
            }
        }
        func frames(_ count: Int) {
            for _ in 0..<count {
                if driver.simulation.isTracking { lastTrackingGesture = driver.simulation.gesture }
                driver.advance(by: 1.0 / 60)
                let sim = driver.simulation
                // Plain checks: an #expect per frame would dominate the run time.
                if !(sim.offset.x.isFinite && sim.offset.y.isFinite && sim.velocity.y.isFinite) {
                    Issue.record("sequence \(index): non-finite offset \(sim.offset) or velocity \(sim.velocity)")
                }
                let floorOpen = container.enabledEdges.contains { [.secondaryOpen, .secondaryClosing].contains(container.state(of: $0).kind) }
                if floorOpen && container.enabledEdges.contains(where: { container.state(of: $0) == .refreshing }) {
                    Issue.record("sequence \(index): a refresh and a second floor at once")
                }
                for edge in container.enabledEdges {
                    let status = container.status(of: edge)!
                    if !(status.progress.isFinite && status.pull.distance.isFinite && status.pull.rawDistance.isFinite) {
                        Issue.record("sequence \(index), \(edge): non-finite status \(status)")
                    }
                }
            }
        }
        let weird: [Double] = [.nan, .infinity, -.infinity, 1e300]
        let edges: [RefreshEdge] = [.top, .bottom]
        for _ in 0..<Int.random(in: 5...25, using: &g) {
            switch Int.random(in: 0..<14, using: &g) {
            case 0, 1, 2:
                driver.simulation.dragBegan()
                let diagonal = Bool.random(using: &g)
                for _ in 0..<Int.random(in: 1...12, using: &g) {
                    let dy = Int.random(in: 0..<40, using: &g) == 0 ? weird.randomElement(using: &g)! : Double.random(in: -80...80, using: &g)
                    driver.simulation.dragMoved(by: Point(x: diagonal ? Double.random(in: -60...60, using: &g) : 0, y: dy))
                    frames(1)
                }
                let velocity = Bool.random(using: &g) ? nil : Point(x: 0, y: Double.random(in: -3000...3000, using: &g))
                driver.simulation.dragEnded(velocity: velocity)
                frames(Int.random(in: 1...30, using: &g))
            case 3:
                driver.simulation.fling(velocity: Point(x: 0, y: Double.random(in: -5000...5000, using: &g)))
                frames(Int.random(in: 1...60, using: &g))
            case 4:
                driver.simulation.wheel(by: Point(x: 0, y: Double.random(in: -120...120, using: &g)))
                frames(Int.random(in: 1...20, using: &g))
            case 5 where Int.random(in: 0..<3, using: &g) == 0:
                // Both ends from code, in one frame or a frame apart: on a list too long to show both,
                // the first end shown keeps the view while it refreshes.
                let first = edges.randomElement(using: &g)!
                let otherWasBusy = [.refreshing, .finished].contains(container.state(of: first.opposite).kind)
                let began = container.begin(first)
                frames(Int.random(in: 0...1, using: &g))
                container.begin(first.opposite)
                frames(90)
                if began, !otherWasBusy, container.allowsSimultaneousRefresh, content == 2000, !driver.simulation.isTracking,
                   container.state(of: first) == .refreshing, container.holdExtent(for: first) > 0 {
                    bothEndsChecked += 1
                    if !ContainerSeamTests.isRevealed(first, in: driver) { Issue.record("sequence \(index): \(first) began first, but the list left it (offset \(driver.simulation.offset.y))") }
                }
            case 5:
                container.begin(edges.randomElement(using: &g)!)
            case 6:
                container.end(edges.randomElement(using: &g)!, result: RefreshResult.allCases.randomElement(using: &g)!)
            case 7:
                if let done = completions.randomElement(using: &g) { done(RefreshResult.allCases.randomElement(using: &g)!) }
            case 8:
                if Bool.random(using: &g) {
                    container.setNoMoreData(edges.randomElement(using: &g)!)
                } else {
                    resets += 1
                    container.reset(edges.randomElement(using: &g)!)
                }
            case 9:  // the host observes by itself: ids that change or come back while tracking, odd numbers
                hostDriven = true
                var runId: Int?
                var runTriggers = 0
                var wasTracking = false
                let touches = Int.random(in: 2...14, using: &g)
                for k in 0..<touches {
                    let id = runId == nil || Int.random(in: 0..<3, using: &g) == 0 ? [7, 8, 9].randomElement(using: &g)! : runId!
                    let tracking = k < touches - 1 && Int.random(in: 0..<6, using: &g) != 0
                    func number(_ range: ClosedRange<Double>) -> Double {
                        Int.random(in: 0..<8, using: &g) == 0 ? ([.nan, .infinity, -.infinity, 1e308, -5] as [Double]).randomElement(using: &g)! : Double.random(in: range, using: &g)
                    }
                    var pulls = PerEdge(repeating: EdgePull.zero)
                    pulls.top = EdgePull(distance: number(0...200), rawDistance: number(0...400))
                    pulls.bottom = EdgePull(distance: number(0...200), rawDistance: number(0...400))
                    let observation = ScrollObservation(isTracking: tracking, gesture: id, pulls: pulls,
                                                        distanceToEnd: Point(x: 0, y: number(-100...900)), velocity: Point(x: 0, y: number(-3000...3000)))
                    hostTriggers = 0
                    container.observe(observation, at: driver.time + Double(k) / 60)
                    // A new touch (tracking starts) or a new id is a new gesture.
                    let sameGesture = id == runId && !(tracking && !wasTracking)
                    runTriggers = sameGesture ? runTriggers + hostTriggers : hostTriggers
                    if runTriggers > 1 { Issue.record("sequence \(index): host gesture \(id) triggered \(runTriggers) times (tracking \(wasTracking) → \(tracking)): \(hostEvents.suffix(3))") }
                    runId = id
                    wasTracking = tracking
                }
                hostDriven = false
                bursts += 1
                frames(Int.random(in: 1...30, using: &g))
            case 10:  // a plugin switch, hot reload or removal, maybe while refreshing
                let edge = edges.randomElement(using: &g)!
                resets += 1
                if Bool.random(using: &g) { container.disable(edge) }
                try container.enable(edge, indicator: indicators[edge], configuration: configurations[edge]!, action: action)
            case 11:
                resets += 1
                container.setHidden(Bool.random(using: &g), edges.randomElement(using: &g)!)
            case 12:
                if Bool.random(using: &g) { container.openSecondFloor(.top) } else { container.closeSecondFloor(.top) }
                frames(Int.random(in: 1...60, using: &g))
            default:
                frames(Int.random(in: 1...90, using: &g))
            }
        }
        frames(240)
        if container.state(of: .top).kind == .secondaryClosing { Issue.record("sequence \(index): the second floor is stuck closing") }

        #expect(triggersPerGesture.values.allSatisfy { $0 <= 1 }, "sequence \(index): \(triggersPerGesture)")
        var transitions = 0
        for edge in edges {
            let log = indicators[edge].log
            reached.formUnion(log.map(\.state.kind))
            for (before, after) in zip(log, log.dropFirst()) where before.state.kind != after.state.kind {
                transitions += 1
                let from = before.state.kind, to = after.state.kind
                let ok = Self.legal[from, default: []].contains(to)
                    || (after.resets > before.resets && Self.afterReset[from, default: []].contains(to))
                if !ok { Issue.record("sequence \(index), \(edge): illegal \(before.state) → \(after.state)") }
            }
        }
        return transitions
    }
}
