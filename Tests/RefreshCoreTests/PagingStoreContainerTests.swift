import Testing
@testable import RefreshCore

/// A `PagingStore` attached to a container, with the app's own calls in between (core-promises
/// issue, items 1, 5, 6, 7 and 11): the store and the edges agree whoever starts a request.
@Suite @MainActor struct PagingStoreContainerTests {
    typealias Source = FakeSource<[Int]>
    typealias Requests = AsyncStream<Source.Request>.Iterator

    @MainActor struct Fixture {
        let top = RecordingIndicator()
        let bottom = RecordingIndicator()
        let driver: RefreshDriver
        let store: PagingStore<Int>
        var requests: Requests

        init(content: Double = 2000, honoursCancellation: Bool = false) throws {
            let source = Source(honoursCancellation: honoursCancellation)
            requests = source.requests.makeAsyncIterator()
            driver = try RefreshDriver.make(content: content, edges: [
                .top: (top, EdgeConfiguration(resultHoldTime: 0.2)),
                .bottom: (bottom, EdgeConfiguration(resultHoldTime: 0.2)),
            ])
            store = PagingStore<Int>(pagesOf: 3) { page, size in try await source.fetch(.page(page), size) }
            store.attach(to: driver.container)
        }

        mutating func next() async -> Source.Request {
            var iterator = requests
            let request = await iterator.next(isolation: #isolation)!
            requests = iterator
            return request
        }

        /// Loads a full first page and lets the list settle.
        mutating func loadFirstPage() async {
            let task = store.loadInitial()
            await next().succeed([1, 2, 3])
            await task?.value
            driver.run(seconds: 1)
        }
    }

    /// Item 1: the user pulls, the app also calls `refresh()`; whichever answer is kept ends the
    /// header's refresh, exactly once.
    @Test(arguments: [false, true]) func anAppRefreshDuringAPullRefreshEndsTheHeader(newerAnswersFirst: Bool) async throws {
        var f = try Fixture()
        await f.loadFirstPage()
        var finished = 0
        f.driver.container.onEvent = { if case .finished(.top, _) = $0 { finished += 1 } }
        f.driver.drag(by: Point(x: 0, y: 200))
        f.driver.release()
        #expect(f.top.refreshState == .refreshing)
        let pulled = await f.next()
        let appTask = f.store.refresh()  // a refresh button, a push
        let app = await f.next()
        if newerAnswersFirst {
            app.succeed([7, 8, 9])
            await appTask?.value
            pulled.succeed([4, 5, 6])
        } else {
            pulled.succeed([4, 5, 6])
            app.succeed([7, 8, 9])
            await appTask?.value
        }
        await f.store.refreshTaskForTesting?.value
        #expect(f.store.items == [7, 8, 9])
        #expect(f.top.refreshState == .finished(.success))
        f.driver.run(seconds: 1)
        #expect(f.top.refreshState == RefreshState.none && f.driver.container.holdExtent(for: .top) == 0)
        #expect(finished == 1)
    }

    /// Item 5: `loadMore()` and `retry()` called by the app show at the footer, and a short
    /// retried page leaves both saying "no more data".
    @Test func appCallsShowAtTheFooter() async throws {
        var f = try Fixture()
        await f.loadFirstPage()
        let loading = f.store.loadMore()
        #expect(loading != nil && f.bottom.refreshState == .refreshing)
        await f.next().fail("offline")
        await loading?.value
        #expect(f.store.state == .pagingError("offline") && f.bottom.refreshState == .finished(.failure))
        f.driver.run(seconds: 1)
        let retrying = f.store.retry()
        #expect(retrying != nil && f.bottom.refreshState == .refreshing)
        let retried = await f.next()
        #expect(retried.position == .page(2))
        retried.succeed([4])
        await retrying?.value
        #expect(f.store.state == .noMoreData && f.bottom.refreshState == .finished(.noMoreData))
        f.driver.run(seconds: 1)
        #expect(f.bottom.refreshState == .noMoreData)
    }

    /// Item 7: a pull at the footer after a failed load-more loads the same page again.
    @Test func pullingTheFooterAfterAFailureRetries() async throws {
        var f = try Fixture(content: 300)
        await f.loadFirstPage()
        f.driver.drag(by: Point(x: 0, y: -300))
        f.driver.release()
        #expect(f.bottom.refreshState == .refreshing)
        let first = await f.next()
        #expect(first.position == .page(2))
        first.fail("timeout")
        await f.store.loadMoreTaskForTesting?.value
        f.driver.run(seconds: 1)
        f.driver.drag(by: Point(x: 0, y: -300))
        f.driver.release()
        #expect(f.bottom.refreshState == .refreshing, "the pull retried")
        let again = await f.next()
        #expect(again.position == .page(2))
        again.succeed([4, 5, 6])
        await f.store.loadMoreTaskForTesting?.value
        #expect(f.store.items == [1, 2, 3, 4, 5, 6] && f.store.state == .items)
    }

    /// Item 6: the page-number scheme asks for pages, the offset scheme for offsets.
    @Test func theSchemesAreNamedByTheirLabels() async {
        let pages = Source(), offsets = Source()
        var pageRequests = pages.requests.makeAsyncIterator(), offsetRequests = offsets.requests.makeAsyncIterator()
        let byPage = PagingStore<Int>(pagesOf: 20) { page, size in try await pages.fetch(.page(page), size) }
        let byOffset = PagingStore<Int>(offsetsWithLimit: 20) { offset, limit in try await offsets.fetch(.offset(offset), limit) }
        var tasks = [byPage.loadInitial(), byOffset.loadInitial()]
        await pageRequests.next(isolation: #isolation)!.succeed(Array(0..<20))
        await offsetRequests.next(isolation: #isolation)!.succeed(Array(0..<20))
        for task in tasks { await task?.value }
        tasks = [byPage.loadMore(), byOffset.loadMore()]
        let page = await pageRequests.next(isolation: #isolation)!
        let offset = await offsetRequests.next(isolation: #isolation)!
        #expect(page.position == .page(2) && page.size == 20)
        #expect(offset.position == .offset(20) && offset.size == 20)
        page.succeed([])
        offset.succeed([])
        for task in tasks { await task?.value }
    }

    /// Item 11: an empty list hides its footer (configurable).
    @Test(arguments: [true, false]) func anEmptyListHidesTheFooter(hides: Bool) async throws {
        var f = try Fixture(content: 0)
        f.store.hidesFooterWhenEmpty = hides
        let task = f.store.loadInitial()
        await f.next().succeed([])
        await task?.value
        f.driver.run(seconds: 1)
        #expect(f.store.state == .empty)
        if hides {
            #expect(f.bottom.refreshState == RefreshState.none && f.driver.container.holdExtent(for: .bottom) == 0)
        } else {
            #expect(f.bottom.refreshState == .noMoreData)
        }
        // A refresh that brings rows shows the footer again.
        let refreshing = f.store.refresh()
        await f.next().succeed([1, 2, 3])
        await refreshing?.value
        #expect(!f.driver.container.isHidden(.bottom))
    }
}
