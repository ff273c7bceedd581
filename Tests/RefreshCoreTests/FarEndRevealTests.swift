import Testing
@testable import RefreshCore

/// A programmatic refresh is shown at either end of a long list: the rule that the first end shown
/// keeps the view holds only for a refresh running there, never for a footer that merely shows a
/// result or the end of the data (MJRefresh's `beginRefreshing` always scrolls to its header).
/// The list: 2,000 pt in an 844-pt viewport, top hold 50, bottom hold 44.
@Suite struct FarEndRevealTests {
    static func longList(simultaneous: Bool = false, resultHoldTime: Double = 0.5) throws -> (RefreshDriver, top: RecordingIndicator, bottom: RecordingIndicator) {
        let top = RecordingIndicator(refreshLength: 50), bottom = RecordingIndicator(refreshLength: 44)
        let driver = try RefreshDriver.make(content: 2000, edges: [
            .top: (top, EdgeConfiguration(holdExtent: 50, resultHoldTime: resultHoldTime)),
            .bottom: (bottom, EdgeConfiguration(holdExtent: 44, resultHoldTime: resultHoldTime)),
        ])
        driver.container.allowsSimultaneousRefresh = simultaneous
        return (driver, top, bottom)
    }

    /// Flings to the end of the list and lets it rest there.
    static func flingToTheEnd(_ driver: RefreshDriver) {
        driver.simulation.dragBegan()
        driver.simulation.dragMoved(by: Point(x: 0, y: -300))
        driver.advance(by: RefreshDriver.frame)
        driver.simulation.dragEnded(velocity: Point(x: 0, y: -4000))
        driver.run(seconds: 3)
    }

    static func atTheEnd(_ driver: RefreshDriver) -> Bool { driver.simulation.offset.y >= 2000 - 844 - 0.5 }

    @Test func aHeaderRefreshBegunAtTheEndOfTheDataIsShown() throws {
        let (driver, top, _) = try Self.longList()
        Self.flingToTheEnd(driver)
        driver.container.setNoMoreData(.bottom)
        driver.run(seconds: 0.5)
        #expect(Self.atTheEnd(driver), "offset \(driver.simulation.offset.y)")
        #expect(driver.container.begin(.top))
        driver.run(seconds: 2)
        #expect(top.refreshState == .refreshing)
        #expect(ContainerSeamTests.isRevealed(.top, in: driver), "offset \(driver.simulation.offset.y), expected ≤ −50")
    }

    @Test func aHeaderRefreshBegunDuringTheFootersResultIsShown() throws {
        let (driver, top, bottom) = try Self.longList(resultHoldTime: 1)
        Self.flingToTheEnd(driver)
        #expect(driver.container.begin(.bottom))
        driver.run(seconds: 0.5)
        driver.container.end(.bottom, result: .success)
        driver.run(seconds: 0.1)
        #expect(bottom.refreshState == .finished(.success))
        #expect(driver.container.begin(.top))
        driver.run(seconds: 2)
        #expect(ContainerSeamTests.isRevealed(.top, in: driver), "offset \(driver.simulation.offset.y), expected ≤ −50")
        #expect(top.refreshState == .refreshing)
    }

    /// When the header's refresh ends, the list stays at the top: the footer's earlier request to be
    /// shown gave way for good.
    @Test func theListStaysAtTheTopWhenThatRefreshEnds() throws {
        let (driver, _, _) = try Self.longList()
        Self.flingToTheEnd(driver)
        driver.container.setNoMoreData(.bottom)
        driver.run(seconds: 0.5)
        #expect(driver.container.begin(.top))
        driver.run(seconds: 2)
        driver.container.end(.top, result: .success)
        driver.run(seconds: 2)
        #expect(abs(driver.simulation.offset.y) < 0.5, "offset \(driver.simulation.offset.y), expected 0")
    }

    /// A host that drives the simulation itself: a footer's plain hold gives way to a reveal.
    @Test func aHostsRevealOfTheHeaderIsNotHeldBackByAFootersHold() {
        var simulation = makeSimulation()
        simulation.dragBegan()
        simulation.dragMoved(by: Point(x: 0, y: -1300))
        simulation.dragEnded(velocity: .zero)
        for _ in 0..<240 { simulation.step(RefreshDriver.frame) }
        simulation.setHoldExtent(44, at: .bottom, keepsTheView: false)
        for _ in 0..<120 { simulation.step(RefreshDriver.frame) }
        simulation.setHoldExtent(50, at: .top, keepsTheView: false)
        let revealed = simulation.reveal(.top)
        #expect(revealed)
        for _ in 0..<240 { simulation.step(RefreshDriver.frame) }
        #expect(simulation.offset.y <= -50 + 0.5, "offset \(simulation.offset.y)")
    }

    /// A host that reveals what it is asked each frame, as an app drives its own scroll view: each request
    /// is handed over once, so the user scrolls away from the refresh and stays there.
    @Test func aRevealIsHandedOverOnceSoTheUserCanScrollAway() throws {
        let container = RefreshContainer()
        try container.enable(.top, indicator: RecordingIndicator())
        #expect(container.begin(.top))
        #expect(container.pendingReveals == [.top] && container.pendingReveals == [.top], "reading the list clears nothing")
        #expect(container.takePendingReveals() == [.top])
        #expect(container.takePendingReveals().isEmpty && container.pendingReveals.isEmpty, "handed over once")
        #expect(container.status(of: .top)?.state == .refreshing, "the refresh goes on")
    }

    /// Simultaneous refreshes: the end refreshing in view keeps it; the reveal says it declined, and
    /// the host can read which end keeps the view and in which order reveals were asked.
    @Test func aRevealThatDeclinesSaysSoAndTheHostCanSeeWhy() throws {
        let (driver, _, _) = try Self.longList(simultaneous: true)
        Self.flingToTheEnd(driver)
        #expect(driver.container.begin(.bottom))
        driver.run(seconds: 0.5)
        #expect(driver.container.status(of: .bottom)?.keepsTheView == true)
        #expect(driver.container.status(of: .top)?.keepsTheView == false)
        #expect(driver.container.begin(.top))
        #expect(driver.container.pendingReveals == [.top])
        #expect(driver.container.keepsTheView(.bottom))
        driver.run(seconds: 1)
        #expect(ContainerSeamTests.isRevealed(.bottom, in: driver))
        let declined = !driver.simulation.reveal(.top)
        #expect(declined, "the bottom refreshes in view")
        driver.container.end(.bottom, result: .success)
        #expect(!driver.container.keepsTheView(.bottom), "a result held open gives way")
        driver.advance(by: RefreshDriver.frame)
        let revealed = driver.simulation.reveal(.top)
        #expect(revealed)
    }
}

/// The same promise through the paging store: `refresh()` at the end of a fully loaded list.
@Suite @MainActor struct FarEndStoreRevealTests {
    @Test func aStoreRefreshAtTheEndOfAFullyLoadedListShowsTheHeader() async throws {
        let source = FakeSource<[Int]>()
        var requests = source.requests.makeAsyncIterator()
        let (driver, top, _) = try FarEndRevealTests.longList()
        let store = PagingStore<Int>(pagesOf: 3) { page, size in try await source.fetch(.page(page), size) }
        store.attach(to: driver.container)
        let first = store.loadInitial()
        await requests.next(isolation: #isolation)!.succeed([1, 2])  // short page: the end of the data
        await first?.value
        #expect(store.state == .noMoreData)
        FarEndRevealTests.flingToTheEnd(driver)
        #expect(FarEndRevealTests.atTheEnd(driver))
        let refresh = store.refresh()
        #expect(refresh != nil)
        driver.run(seconds: 2)
        #expect(top.refreshState == .refreshing)
        #expect(ContainerSeamTests.isRevealed(.top, in: driver), "offset \(driver.simulation.offset.y), expected ≤ −50")
        await requests.next(isolation: #isolation)!.succeed([4, 5, 6])
        await refresh?.value
    }
}
