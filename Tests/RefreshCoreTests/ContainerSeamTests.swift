import Testing
@testable import RefreshCore

/// Where the container meets the scroll motion and the host: each test is one defect that an
/// independent check found (core-promises issue, items 2–4 and 8–10).
@Suite struct ContainerSeamTests {
    /// Whether `edge`'s indicator area is on screen: the content sits far enough past the edge to
    /// show its hold extent.
    static func isRevealed(_ edge: RefreshEdge, in driver: RefreshDriver) -> Bool {
        let simulation = driver.simulation
        let hold = driver.container.holdExtent(for: edge)
        let configuration = simulation.configuration
        switch edge {
        case .top: return simulation.offset.y <= -hold + 0.5
        case .bottom: return simulation.offset.y + configuration.viewportSize.height >= configuration.contentSize.height + hold - 0.5
        case .leading: return simulation.offset.x <= -hold + 0.5
        case .trailing: return simulation.offset.x + configuration.viewportSize.width >= configuration.contentSize.width + hold - 0.5
        }
    }

    /// Item 2: the MJRefresh idiom `reset(.bottom)` then `begin(.top)` in one frame, with a
    /// "no more data" footer on short content, must reveal the header.
    @Test func resetFooterThenBeginHeaderInOneFrameRevealsTheHeader() throws {
        let top = RecordingIndicator(refreshLength: 50), bottom = RecordingIndicator()
        let driver = try RefreshDriver.make(content: 300, edges: [.top: (top, EdgeConfiguration()), .bottom: (bottom, EdgeConfiguration())])
        driver.container.setNoMoreData(.bottom)
        driver.run(seconds: 1)
        driver.container.reset(.bottom)
        #expect(driver.container.begin(.top))
        driver.run(seconds: 1)
        #expect(top.refreshState == .refreshing)
        #expect(Self.isRevealed(.top, in: driver), "offset \(driver.simulation.offset.y), expected ≤ −50")
    }

    /// Item 2: starting both edges together (simultaneous mode), at once or a frame apart.
    @Test(arguments: [0, 1, 5]) func bothEdgesStartedTogetherAreBothRevealed(framesApart: Int) throws {
        let top = RecordingIndicator(refreshLength: 50), bottom = RecordingIndicator()
        let driver = try RefreshDriver.make(content: 300, edges: [.top: (top, EdgeConfiguration()), .bottom: (bottom, EdgeConfiguration())])
        driver.container.allowsSimultaneousRefresh = true
        driver.run(seconds: 0.1)
        #expect(driver.container.begin(.top))
        for _ in 0..<framesApart { driver.advance(by: RefreshDriver.frame) }
        #expect(driver.container.begin(.bottom))
        driver.run(seconds: 1)
        #expect(Self.isRevealed(.top, in: driver), "offset \(driver.simulation.offset.y), expected ≤ −50")
        #expect(Self.isRevealed(.bottom, in: driver))
    }

    /// On a list too long to show both ends, a programmatic begin never takes the list away from the
    /// other end while that end refreshes in view: the first end shown stays shown, and the second
    /// refreshes where it is (seen when the user scrolls there), at once or frames apart.
    @Test(arguments: [RefreshEdge.top, .bottom], [0, 1, 5])
    func aSecondBeginNeverTakesTheListFromTheFirstEndShown(first: RefreshEdge, framesApart: Int) throws {
        let top = RecordingIndicator(refreshLength: 50), bottom = RecordingIndicator()
        let driver = try RefreshDriver.make(content: 2000, edges: [.top: (top, EdgeConfiguration()), .bottom: (bottom, EdgeConfiguration())])
        driver.container.allowsSimultaneousRefresh = true
        driver.run(seconds: 0.1)
        #expect(driver.container.begin(first))
        for _ in 0..<framesApart { driver.advance(by: RefreshDriver.frame) }
        #expect(driver.container.begin(first.opposite))
        driver.run(seconds: 1.5)
        #expect(top.refreshState == .refreshing && bottom.refreshState == .refreshing)
        #expect(Self.isRevealed(first, in: driver), "\(first) first, \(framesApart) frames apart: offset \(driver.simulation.offset.y)")
        #expect(!Self.isRevealed(first.opposite, in: driver))
    }

    /// A refresh the finger started and holds in view keeps the view too.
    @Test func aProgrammaticBeginAtTheOtherEndLeavesAPulledRefreshInView() throws {
        let top = RecordingIndicator(refreshLength: 50), bottom = RecordingIndicator()
        let driver = try RefreshDriver.make(content: 2000, edges: [.top: (top, EdgeConfiguration(triggerPolicy: .onReach)), .bottom: (bottom, EdgeConfiguration())])
        driver.container.allowsSimultaneousRefresh = true
        driver.drag(by: Point(x: 0, y: 200))
        driver.release()
        driver.run(seconds: 1)
        #expect(top.refreshState == .refreshing)
        #expect(Self.isRevealed(.top, in: driver))
        #expect(driver.container.begin(.bottom))
        driver.run(seconds: 1.5)
        #expect(Self.isRevealed(.top, in: driver), "offset \(driver.simulation.offset.y)")
        #expect(bottom.refreshState == .refreshing)
    }

    /// Item 8: a programmatic refresh scrolls its edge into view from anywhere (on by default).
    @Test func programmaticBeginFromFarAwayScrollsTheHeaderIntoView() throws {
        let top = RecordingIndicator()
        let driver = try RefreshDriver.make(edges: [.top: (top, EdgeConfiguration())])
        driver.drag(by: Point(x: 0, y: -800))
        driver.release()
        driver.run(seconds: 0.5)
        #expect(driver.simulation.offset.y > 700)
        #expect(driver.container.begin(.top))
        driver.run(seconds: 1.5)
        #expect(Self.isRevealed(.top, in: driver), "offset \(driver.simulation.offset.y)")
    }

    @Test func revealingAProgrammaticRefreshCanBeTurnedOff() throws {
        let top = RecordingIndicator()
        let driver = try RefreshDriver.make(edges: [.top: (top, EdgeConfiguration(revealsProgrammaticRefresh: false))])
        driver.drag(by: Point(x: 0, y: -800))
        driver.release()
        driver.run(seconds: 0.5)
        let before = driver.simulation.offset.y
        #expect(driver.container.begin(.top))
        driver.run(seconds: 1)
        #expect(driver.simulation.offset.y == before, "the app asked not to scroll")
    }

    /// Item 3: a late answer from before `enable` replaced the edge never ends the new refresh.
    @Test func aCompletionFromBeforeEnableNeverEndsTheNewEdgesRefresh() throws {
        let container = RefreshContainer()
        var completions: [RefreshCompletion] = []
        let action: RefreshAction = { _, done in completions.append(done) }
        try container.enable(.top, indicator: RecordingIndicator(), action: action)
        container.observe(makeSimulation().observation, at: 0)
        #expect(container.begin(.top))
        try container.enable(.top, indicator: RecordingIndicator(), action: action)  // a plugin switch
        #expect(container.begin(.top))
        completions[0](.success)  // the old request's late answer
        #expect(container.state(of: .top) == .refreshing)
        completions[1](.failure)
        #expect(container.state(of: .top) == .finished(.failure))
        container.disable(.top)
        try container.enable(.top, indicator: RecordingIndicator(), action: action)
        #expect(container.begin(.top))
        completions[1](.success)
        completions[0](.success)
        #expect(container.state(of: .top) == .refreshing, "nor after disable and enable")
    }

    /// Item 4: on content shorter than the viewport, motion the user did not make towards the end
    /// never loads more.
    @Test func shortContentLoadsMoreOnlyWhenTheUserMovesTowardsTheEnd() throws {
        let top = RecordingIndicator(), bottom = RecordingIndicator()
        var loads = 0
        let driver = try RefreshDriver.make(
            content: 300,
            edges: [.top: (top, EdgeConfiguration(resultHoldTime: 0.2)), .bottom: (bottom, EdgeConfiguration(preloadDistance: 50))],
            actions: [.top: { _, done in done(.success) }, .bottom: { _, _ in loads += 1 }]
        )
        // A short pull at the top, released: the spring back moves the content towards the end.
        driver.drag(by: Point(x: 0, y: 40))
        driver.release()
        driver.run(seconds: 1)
        #expect(loads == 0, "the spring back of a top pull loaded more")
        // A programmatic refresh whose header retracts.
        #expect(driver.container.begin(.top))
        driver.run(seconds: 2)
        #expect(loads == 0, "the header's retraction loaded more")
        // The user drags towards the end: now it loads.
        driver.drag(by: Point(x: 0, y: -40))
        driver.release()
        driver.run(seconds: 0.5)
        #expect(loads == 1)
    }

    /// Item 9: no-more-data belongs to load edges; at a refresh edge it counts as success.
    @Test func noMoreDataAtARefreshEdgeCountsAsSuccess() throws {
        let top = RecordingIndicator()
        let driver = try RefreshDriver.make(edges: [.top: (top, EdgeConfiguration(resultHoldTime: 0.2))])
        #expect(driver.container.begin(.top))
        driver.container.end(.top, result: .noMoreData)
        #expect(top.refreshState == .finished(.success))
        driver.container.setNoMoreData(.top)
        driver.run(seconds: 1)
        #expect(top.refreshState == RefreshState.none)
        #expect(driver.container.holdExtent(for: .top) == 0)
        #expect(driver.container.begin(.top), "pull-to-refresh still works")
    }

    /// Item 10: a host whose gesture id changes while the finger is down gets one trigger per touch.
    @Test func aGestureIdThatChangesWhileTrackingDoesNotTriggerTwice() throws {
        let container = RefreshContainer()
        var began = 0
        container.onEvent = { if case .beganRefreshing = $0 { began += 1 } }
        try container.enable(.top, indicator: RecordingIndicator(), configuration: EdgeConfiguration(resultHoldTime: 0)) { _, done in done(.success) }
        func observe(tracking: Bool, gesture: Int, pull: Double, at time: Double) {
            var pulls = PerEdge(repeating: EdgePull.zero)
            pulls.top = EdgePull(distance: pull, rawDistance: pull)
            container.observe(ScrollObservation(isTracking: tracking, gesture: gesture, pulls: pulls, distanceToEnd: Point(x: 0, y: 1000), velocity: .zero), at: time)
        }
        observe(tracking: true, gesture: 1, pull: 100, at: 0.0)  // eligible
        observe(tracking: true, gesture: 2, pull: 100, at: 0.1)  // the id changes, the finger stays
        observe(tracking: true, gesture: 2, pull: 0, at: 0.2)
        observe(tracking: true, gesture: 2, pull: 0, at: 0.3)
        observe(tracking: true, gesture: 2, pull: 100, at: 0.4)
        observe(tracking: false, gesture: 2, pull: 100, at: 0.5)  // the one release
        #expect(began == 1)
    }

    /// Item 10: an absurd but finite pull gives finite numbers.
    @Test func aHugePullGivesFiniteProgress() throws {
        let container = RefreshContainer()
        try container.enable(.top, indicator: RecordingIndicator(), configuration: EdgeConfiguration(triggerDistance: 2, startOffset: 1))
        var pulls = PerEdge(repeating: EdgePull.zero)
        pulls.top = EdgePull(distance: 1e308, rawDistance: .greatestFiniteMagnitude)
        container.observe(ScrollObservation(isTracking: true, gesture: 1, pulls: pulls, distanceToEnd: .zero, velocity: .zero), at: 0)
        let status = try #require(container.status(of: .top))
        #expect(status.progress.isFinite && status.pull.distance.isFinite && status.pull.rawDistance.isFinite)
        #expect(status.pull.distance <= RefreshContainer.maximumPull)
    }

    @Test func aTriggerTooCloseToTheStartOffsetIsRejected() {
        let container = RefreshContainer()
        #expect(throws: RefreshContainer.ConfigurationError.self) {
            try container.enable(.top, indicator: RecordingIndicator(), configuration: EdgeConfiguration(triggerDistance: 30.000001, startOffset: 30))
        }
        #expect(throws: RefreshContainer.ConfigurationError.self) {
            try container.enable(.top, indicator: RecordingIndicator(refreshLength: 1e300))
        }
    }

    /// Item 11: a hidden footer shows nothing, keeps nothing open and starts nothing.
    @Test func aHiddenEdgeShowsNothingAndStartsNothing() throws {
        let bottom = RecordingIndicator()
        var loads = 0
        let driver = try RefreshDriver.make(content: 300, edges: [.bottom: (bottom, EdgeConfiguration(preloadDistance: 0))], actions: [.bottom: { _, _ in loads += 1 }])
        driver.container.setNoMoreData(.bottom)
        driver.container.setHidden(true, .bottom)
        driver.run(seconds: 0.5)
        #expect(bottom.refreshState == RefreshState.none && driver.container.holdExtent(for: .bottom) == 0)
        driver.container.reset(.bottom)
        driver.drag(by: Point(x: 0, y: -200))
        driver.release()
        #expect(!driver.container.begin(.bottom))
        #expect(loads == 0)
        driver.container.setHidden(false, .bottom)
        #expect(driver.container.begin(.bottom))
        #expect(loads == 1)
    }
}

@Suite struct SaturatingConversionTests {
    @Test(arguments: [
        (Double.nan, 0), (.infinity, Int.max), (-.infinity, Int.min), (1e19, Int.max), (-1e300, Int.min),
        (42.9, 42), (-42.9, -42), (9.2e18, 9_200_000_000_000_000_000),
    ])
    func convertsAnyDouble(value: Double, expected: Int) {
        #expect(Int(saturating: value) == expected)
    }
}
