import Foundation
import Testing
@testable import RefreshCore

/// Random sequences through every seam at once: a `PagingStore` attached to a container, the app's
/// own calls (refresh, loadMore, retry, the MJRefresh footer reset, programmatic begins from any
/// offset, an edge replaced or removed while it refreshes) between vertical and diagonal gestures,
/// and answers that arrive late and out of order.
///
/// `make test` runs a seeded subset; `REFRESHKIT_SEQUENCES=100000 swift test -c release --filter
/// SequenceTests` (or `make soak`) runs the full count.
@Suite @MainActor struct StoreSequenceTests {
    static let sequences = ProcessInfo.processInfo.environment["REFRESHKIT_SEQUENCES"].flatMap(Int.init) ?? 300
    static let frame = 1.0 / 60
    static let rowHeight = 64.0

    @Test func storeAndContainerKeepEveryPromise() async throws {
        var totals = Totals()
        // REFRESHKIT_SEQUENCE=N replays sequence N alone, with a trace of its steps and events.
        let only = ProcessInfo.processInfo.environment["REFRESHKIT_SEQUENCE"].flatMap(Int.init)
        for index in only.map({ [$0] }) ?? Array(0..<Self.sequences) {
            var sequence = try Run(seed: 0x5702_2026 &+ UInt64(index), index: index, traces: only != nil)
            try await sequence.run(&totals)
        }
        if only != nil { return }
        // The sequences must exercise what they claim to: requests answered late, refreshes from
        // every trigger, edges replaced while refreshing.
        #expect(totals.answers > Self.sequences * 2, "\(totals)")
        #expect(totals.lateAnswers > Self.sequences / 10, "\(totals)")
        #expect(totals.triggers.values.allSatisfy { $0 > Self.sequences / 20 }, "\(totals)")
        #expect(totals.replacedWhileRefreshing > Self.sequences / 50, "\(totals)")
        #expect(totals.revealChecks > Self.sequences / 5, "\(totals)")
        print("store sequences: \(Self.sequences), \(totals)")
    }

    struct Totals: CustomStringConvertible {
        var answers = 0, lateAnswers = 0, replacedWhileRefreshing = 0, revealChecks = 0, frames = 0
        var triggers: [RefreshTrigger: Int] = [.userGesture: 0, .programmatic: 0, .automatic: 0]
        var description: String {
            "frames \(frames), answers \(answers) (late \(lateAnswers)), triggers \(triggers.map { "\($0.key.rawValue) \($0.value)" }.sorted()), replaced while refreshing \(replacedWhileRefreshing), reveal checks \(revealChecks)"
        }
    }

    @MainActor struct Run {
        typealias Source = FakeSource<[Int]>
        var g: SeededRandom
        let index: Int
        let source = Source(honoursCancellation: false)
        var requests: AsyncStream<Source.Request>.Iterator
        var pending: [Source.Request] = []
        var received = 0
        let container: RefreshContainer
        let driver: RefreshDriver
        let store: PagingStore<Int>
        var configurations: [RefreshEdge: EdgeConfiguration] = [:]
        let indicators = PerEdge(top: RecordingIndicator(), bottom: RecordingIndicator(), leading: RecordingIndicator(), trailing: RecordingIndicator())
        let log = EventLog()
        let traces: Bool

        /// What the container reported, shared with its event handler.
        final class EventLog {
            var triggersPerGesture: [Int: Int] = [:]
            /// Edges begun programmatically: when, in which gesture. The last one must be shown once
            /// the finger is up, unless a later gesture moved the list.
            var revealed: [(edge: RefreshEdge, time: Double, gesture: Int)] = []
            var lastRelease = 0.0
            var wasTracking = false
            /// The gesture of the last frame a finger was down: a release's trigger belongs to it,
            /// also when the release came with a new gesture (a fling started mid-drag).
            var lastTrackingGesture = 0
            var triggers: [RefreshTrigger: Int] = [:]
            var footerResetByApp = false
        }

        init(seed: UInt64, index: Int, traces: Bool = false) throws {
            g = SeededRandom(seed: seed)
            self.index = index
            self.traces = traces
            requests = source.requests.makeAsyncIterator()
            container = RefreshContainer(allowsSimultaneousRefresh: Int.random(in: 0..<5, using: &g) == 0)
            let axes: Set<ScrollAxis> = Bool.random(using: &g) ? [.vertical] : [.vertical, .horizontal]
            driver = RefreshDriver(simulation: try ScrollSimulation(.init(
                viewportSize: Size(width: 390, height: 844), contentSize: Size(width: 390, height: 0), scrollableAxes: axes
            )), container: container)
            let source = self.source
            store = PagingStore<Int>(pagesOf: Int.random(in: 3...12, using: &g)) { page, size in try await source.fetch(.page(page), size) }
            store.hidesFooterWhenEmpty = Int.random(in: 0..<4, using: &g) != 0
            for edge in [RefreshEdge.top, .bottom] { try enable(edge) }
            store.attach(to: container)
            let log = self.log, driver = self.driver
            container.onEvent = { [traces] event in
                if traces { print(String(format: "%.3f", driver.time), event, "offset", driver.simulation.offset.y) }
                guard case .beganRefreshing(let edge, let trigger) = event else { return }
                log.triggers[trigger, default: 0] += 1
                if trigger != .programmatic {
                    let touch = trigger == .userGesture && !driver.simulation.isTracking ? log.lastTrackingGesture : driver.simulation.gesture
                    log.triggersPerGesture[touch, default: 0] += 1
                }
                if trigger == .programmatic { log.revealed.append((edge, driver.time, driver.simulation.gesture)) }
            }
        }

        mutating func enable(_ edge: RefreshEdge) throws {
            let configuration = EdgeConfiguration.random(for: edge, using: &g)
            configurations[edge] = configuration
            try container.enable(edge, indicator: indicators[edge], configuration: configuration)
        }

        mutating func run(_ totals: inout Totals) async throws {
            for _ in 0..<Int.random(in: 5...30, using: &g) {
                try await step(&totals)
                await collectRequests()
            }
            // Finger up, every request answered (in random order), time to settle.
            // A late automatic load-more may still start while the list settles: answer it too.
            driver.simulation.dragEnded(velocity: .zero)
            for _ in 0..<20 {
                while !pending.isEmpty {
                    await answer(pending.remove(at: Int.random(in: 0..<pending.count, using: &g)), &totals)
                    await collectRequests()
                }
                frames(360, &totals)
                await collectRequests()
                if pending.isEmpty { break }
            }
            checkAtRest()
            for (trigger, count) in log.triggers { totals.triggers[trigger, default: 0] += count }
        }

        mutating func step(_ totals: inout Totals) async throws {
            let kind = Int.random(in: 0..<14, using: &g)
            if traces { print(String(format: "%.3f", driver.time), "step", kind, "store", store.state, "top", container.state(of: .top), "bottom", container.state(of: .bottom), "offset", driver.simulation.offset.y, "tracking", driver.simulation.isTracking) }
            switch kind {
            case 0, 1, 2:  // a drag, sometimes diagonal, sometimes far
                driver.simulation.dragBegan()
                let diagonal = Bool.random(using: &g)
                for _ in 0..<Int.random(in: 1...15, using: &g) {
                    let dy = Double.random(in: -120...120, using: &g)
                    driver.simulation.dragMoved(by: Point(x: diagonal ? Double.random(in: -80...80, using: &g) : 0, y: dy))
                    frames(1, &totals)
                }
                if Int.random(in: 0..<6, using: &g) != 0 {
                    let velocity = Bool.random(using: &g) ? nil : Point(x: 0, y: Double.random(in: -3000...3000, using: &g))
                    driver.simulation.dragEnded(velocity: velocity)
                }
                frames(Int.random(in: 1...40, using: &g), &totals)
            case 3:
                driver.simulation.fling(velocity: Point(x: Double.random(in: -500...500, using: &g), y: Double.random(in: -5000...5000, using: &g)))
                frames(Int.random(in: 1...60, using: &g), &totals)
            case 4:
                driver.simulation.wheel(by: Point(x: 0, y: Double.random(in: -150...150, using: &g)))
                frames(Int.random(in: 1...20, using: &g), &totals)
            case 5:
                store.refresh()
            case 6:
                store.loadMore()
            case 7:
                if Bool.random(using: &g) { store.retry() } else { store.loadInitial() }
            case 8, 9:
                if !pending.isEmpty {
                    await answer(pending.remove(at: Int.random(in: 0..<pending.count, using: &g)), &totals)
                }
            case 10:
                container.begin(Bool.random(using: &g) ? .top : .bottom)
            case 11:  // MJRefresh's idiom: reset the footer, refresh the header, in one frame
                container.reset(.bottom)
                log.footerResetByApp = true
                container.begin(.top)
            case 12:  // a plugin switch or hot reload: the edge is replaced, maybe while refreshing
                let edge: RefreshEdge = Bool.random(using: &g) ? .top : .bottom
                if container.state(of: edge) == .refreshing { totals.replacedWhileRefreshing += 1 }
                if Int.random(in: 0..<4, using: &g) == 0 {
                    container.disable(edge)
                    frames(Int.random(in: 1...10, using: &g), &totals)
                }
                try enable(edge)
                store.attach(to: container)
            default:
                frames(Int.random(in: 1...90, using: &g), &totals)
            }
            syncContent()
        }

        /// The app lays out its rows: the content follows the store's items.
        func syncContent() {
            let height = Double(store.items.count) * StoreSequenceTests.rowHeight
            if driver.simulation.configuration.contentSize.height != height {
                try? driver.simulation.setContentSize(Size(width: 390, height: height))
            }
        }

        mutating func collectRequests() async {
            while received < store.requestsSentForTesting {
                var iterator = requests
                pending.append(await iterator.next(isolation: #isolation)!)
                requests = iterator
                received += 1
            }
        }

        /// Answers `request` and waits until the store has dealt with the answer.
        mutating func answer(_ request: Source.Request, _ totals: inout Totals) async {
            totals.answers += 1
            if !pending.isEmpty { totals.lateAnswers += 1 }
            let outcome = Int.random(in: 0..<4, using: &g)
            let size = request.size
            let wasRefreshing = store.refreshTaskForTesting != nil
            if traces { print(String(format: "%.3f", driver.time), "answer", request.position, ["fail", "short", "full", "full"][outcome]) }
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                store.onRequestSettledForTesting = { continuation.resume() }
                switch outcome {
                case 0: request.fail("offline")
                case 1: request.succeed(Array(0..<max(0, size - 1)))  // short: the end
                default: request.succeed(Array(0..<size))
                }
            }
            store.onRequestSettledForTesting = nil
            // The kept refresh succeeded: the store has told the footer again.
            if outcome != 0, case .page(1) = request.position, wasRefreshing, store.refreshTaskForTesting == nil { log.footerResetByApp = false }
            syncContent()
            frames(1, &totals)
        }

        func frames(_ count: Int, _ totals: inout Totals) {
            for _ in 0..<count {
                driver.advance(by: StoreSequenceTests.frame)
                if log.wasTracking && !driver.simulation.isTracking { log.lastRelease = driver.time }
                log.wasTracking = driver.simulation.isTracking
                if driver.simulation.isTracking { log.lastTrackingGesture = driver.simulation.gesture }
                totals.frames += 1
                checkEveryFrame(&totals)
            }
        }

        func fail(_ message: String) {
            Issue.record("sequence \(index): \(message)")
        }

        func checkEveryFrame(_ totals: inout Totals) {
            let simulation = driver.simulation
            if !(simulation.offset.x.isFinite && simulation.offset.y.isFinite && simulation.velocity.x.isFinite && simulation.velocity.y.isFinite) {
                fail("non-finite offset \(simulation.offset) or velocity \(simulation.velocity)")
            }
            for edge in container.enabledEdges {
                let status = container.status(of: edge)!
                if !(status.progress.isFinite && status.pull.distance.isFinite && status.pull.rawDistance.isFinite) {
                    fail("\(edge): non-finite status \(status)")
                }
            }
            if log.triggersPerGesture.values.contains(where: { $0 > 1 }) { fail("more than one trigger in a gesture: \(log.triggersPerGesture)") }
            // The footer spins exactly while the store loads a page.
            let footerSpins = container.state(of: .bottom) == .refreshing
            let storeLoads = store.state == .pagingLoading
            if container.enabledEdges.contains(.bottom), footerSpins != storeLoads { fail("footer \(container.state(of: .bottom)) but store \(store.state)") }
            if container.state(of: .bottom) == .refreshing && container.state(of: .top) == .refreshing && !container.allowsSimultaneousRefresh {
                fail("refresh and load-more at once")
            }
            // The last edge begun by a gesture or the app is shown once the motion had time, unless
            // a gesture moved the list since.
            if let last = log.revealed.last, container.state(of: last.edge) == .refreshing,
               last.gesture == simulation.gesture, !simulation.isTracking, driver.time - max(last.time, log.lastRelease) >= 1.5 {
                totals.revealChecks += 1
                if !ContainerSeamTests.isRevealed(last.edge, in: driver) {
                    fail("\(last.edge) refreshing for \(driver.time - last.time) s but not in view: offset \(simulation.offset.y), hold \(container.holdExtent(for: last.edge)), content \(simulation.configuration.contentSize.height)")
                }
            }
        }

        func checkAtRest() {
            for edge in container.enabledEdges {
                let state = container.state(of: edge)
                switch state {
                case .refreshing, .eligible, .finished: fail("\(edge) still \(state) with the finger up and every request answered")
                default: break
                }
                if container.holdExtent(for: edge) > 0 && state != .noMoreData { fail("\(edge) held open in \(state)") }
            }
            if store.refreshTaskForTesting != nil || store.loadMoreTaskForTesting != nil { fail("the store still loads: \(store.state)") }
            guard !log.footerResetByApp else { return }
            let footer = container.state(of: .bottom)
            switch store.state {
            case .noMoreData:
                if footer != .noMoreData { fail("store at the end but footer \(footer)") }
            case .items, .pagingError:
                if footer == .noMoreData { fail("footer says no more data but store \(store.state)") }
            case .empty, .fullscreenError:
                if store.hidesFooterWhenEmpty && !container.isHidden(.bottom) { fail("empty list with a visible footer") }
            default:
                break
            }
        }
    }
}
