import Testing
@testable import RefreshCore

/// Ways an app could lose its paging store without a word: swapping an edge's indicator, removing
/// and enabling an edge again, and driving the container on another thread.
@Suite @MainActor struct PagingStorePitfallTests {
    /// A 300-pt list with a header and a footer (its result held 0.2 s), a store of pages of three
    /// attached, its first page loaded and the list at rest; the source's requests to answer.
    func listWithItsFirstPage() async throws -> (RefreshDriver, PagingStore<Int>, AsyncStream<FakeSource<[Int]>.Request>.Iterator) {
        let source = FakeSource<[Int]>()
        var requests = source.requests.makeAsyncIterator()
        let driver = try RefreshDriver.make(content: 300, edges: [.top: (RecordingIndicator(), EdgeConfiguration()), .bottom: (RecordingIndicator(), EdgeConfiguration(resultHoldTime: 0.2))])
        let store = PagingStore<Int>(pagesOf: 3) { page, size in try await source.fetch(.page(page), size) }
        store.attach(to: driver.container)
        let first = store.loadInitial()
        await requests.next(isolation: #isolation)!.succeed([1, 2, 3])
        await first?.value
        driver.run(seconds: 1)
        return (driver, store, requests)
    }

    /// A plugin switch enables the footer again without an action: the store stays attached, so the
    /// next pull loads a page and the footer closes (it spun forever when the store was detached).
    @Test func swappingTheFootersIndicatorKeepsTheStoreAttached() async throws {
        let (driver, store, answered) = try await listWithItsFirstPage()
        var requests = answered
        let swapped = RecordingIndicator()
        try driver.container.enable(.bottom, indicator: swapped, configuration: EdgeConfiguration(resultHoldTime: 0.2))
        driver.drag(by: Point(x: 0, y: -200))
        driver.release()
        #expect(swapped.refreshState == .refreshing)
        try #require(store.state == .pagingLoading, "the pull reached the store")
        await requests.next(isolation: #isolation)!.succeed([4, 5, 6])
        await store.loadMoreTaskForTesting?.value
        #expect(store.items == [1, 2, 3, 4, 5, 6])
        #expect(swapped.refreshState == .finished(.success))
        driver.run(seconds: 1)
        #expect(swapped.refreshState == RefreshState.none)
    }

    /// `disable` then `enable` while a refresh runs: the removed indicator stops (it turned for
    /// ever), and the header enabled again with no action of its own keeps the store, so its next
    /// pull loads and ends (it began a refresh no one would end: the edge had lost the store).
    @Test func aHeaderDisabledWhileRefreshingStopsAndComesBackWithTheStore() async throws {
        let source = FakeSource<[Int]>()
        var requests = source.requests.makeAsyncIterator()
        let top = RecordingIndicator()
        let driver = try RefreshDriver.make(content: 300, edges: [.top: (top, EdgeConfiguration(resultHoldTime: 0.2))])
        let store = PagingStore<Int>(pagesOf: 3) { page, size in try await source.fetch(.page(page), size) }
        store.attach(to: driver.container)
        driver.drag(by: Point(x: 0, y: 200))
        driver.release()
        #expect(top.refreshState == .refreshing)
        let inFlight = await requests.next(isolation: #isolation)!
        driver.container.disable(.top)
        #expect(top.refreshState == RefreshState.none, "the removed indicator was told to stop")
        let again = RecordingIndicator()
        try driver.container.enable(.top, indicator: again, configuration: EdgeConfiguration(resultHoldTime: 0.2))
        inFlight.succeed([1, 2, 3])
        await store.refreshTaskForTesting?.value
        #expect(store.items == [1, 2, 3])
        #expect(![RefreshState.Kind.refreshing, .finished].contains(again.refreshState.kind), "an answer from before the disable ends nothing on the new header: \(again.refreshState)")
        driver.run(seconds: 1)
        driver.drag(by: Point(x: 0, y: 200))
        driver.release()
        #expect(again.refreshState == .refreshing)
        try #require(store.refreshTaskForTesting != nil, "the pull reached the store")
        await requests.next(isolation: #isolation)!.succeed([4, 5, 6])
        await store.refreshTaskForTesting?.value
        #expect(store.items == [4, 5, 6])
        #expect(again.refreshState == .finished(.success))
    }

    /// A plugin switch through `replace`: the new footer carries on the page in flight and then
    /// "no more data", with no `attach` again (through `enable`, both were forgotten unless the
    /// app attached the store again, which drops the page's footer).
    @Test func aReplacedFooterCarriesOnThePageInFlightAndNoMoreData() async throws {
        let (driver, store, answered) = try await listWithItsFirstPage()
        var requests = answered
        driver.drag(by: Point(x: 0, y: -200))
        driver.release()
        try #require(store.state == .pagingLoading, "the pull reached the store")
        let page = await requests.next(isolation: #isolation)!
        let swapped = RecordingIndicator()
        try driver.container.replace(.bottom, indicator: swapped, configuration: EdgeConfiguration(resultHoldTime: 0.2))
        #expect(swapped.refreshState == .refreshing, "the new footer shows the page in flight")
        #expect(swapped.kinds == [.refreshing], "told its state once, not the idle edge's first: \(swapped.states)")
        page.succeed([4])  // short of a page: the end
        await store.loadMoreTaskForTesting?.value
        #expect(store.items == [1, 2, 3, 4])
        #expect(swapped.refreshState == .finished(.noMoreData))
        driver.run(seconds: 1)
        #expect(swapped.refreshState == .noMoreData)
        let third = RecordingIndicator()
        try driver.container.replace(.bottom, indicator: third, configuration: EdgeConfiguration(resultHoldTime: 0.2))
        #expect(third.refreshState == .noMoreData, "a footer replaced at the end still says so")
    }

    /// A container driven off the main thread stops with a sentence naming the rule, not with the
    /// executor's "Incorrect actor executor assumption".
    @Test func drivingTheContainerOffTheMainThreadStopsWithAMessage() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await PagingStorePitfallTests.beginOffTheMainThread()
        }
        let text = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(text.contains("PagingStore: the RefreshContainer it is attached to was driven off the main thread"), "\(text)")
    }

    final class Attached: @unchecked Sendable {
        var container: RefreshContainer?
        var store: AnyObject?
    }

    nonisolated static func beginOffTheMainThread() async {
        let attached = Attached()
        await MainActor.run {
            let container = RefreshContainer()
            try? container.enable(.top, indicator: RecordingIndicator())
            let store = PagingStore<Int>(pagesOf: 3) { _, _ in [] }
            store.attach(to: container)
            (attached.container, attached.store) = (container, store)
        }
        await Task.detached { _ = attached.container?.begin(.top) }.value
    }
}
