import Foundation
import Testing
@testable import RefreshCore

/// A source whose requests wait until the test answers them: scripted latencies without sleeping.
final class FakeSource<Response: Sendable>: Sendable {
    struct Failure: Error, CustomStringConvertible { var description: String }

    final class Request: @unchecked Sendable {
        let position: PagePosition
        let size: Int
        private let lock = NSLock()
        private var continuation: CheckedContinuation<Response, Error>?

        init(position: PagePosition, size: Int, continuation: CheckedContinuation<Response, Error>) {
            self.position = position
            self.size = size
            self.continuation = continuation
        }

        private func take() -> CheckedContinuation<Response, Error>? {
            lock.lock()
            defer { lock.unlock() }
            defer { continuation = nil }
            return continuation
        }

        func succeed(_ response: Response) { take()?.resume(returning: response) }
        func fail(_ message: String) { take()?.resume(throwing: Failure(description: message)) }
        func cancelled() { take()?.resume(throwing: CancellationError()) }

        private var cancelledValue = false
        /// Whether the store cancelled the task waiting for this request.
        var cancelledFlag: Bool {
            get { lock.lock(); defer { lock.unlock() }; return cancelledValue }
            set { lock.lock(); cancelledValue = newValue; lock.unlock() }
        }
    }

    let requests: AsyncStream<Request>
    private let sink: AsyncStream<Request>.Continuation
    /// False: like a server call that runs to the end anyway, a cancelled request still answers
    /// whenever the test says, so a late result really arrives.
    let honoursCancellation: Bool

    init(honoursCancellation: Bool = true) {
        (requests, sink) = AsyncStream<Request>.makeStream()
        self.honoursCancellation = honoursCancellation
    }

    func fetch(_ position: PagePosition, _ size: Int) async throws -> Response {
        let box = RequestBox()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let request = Request(position: position, size: size, continuation: continuation)
                box.set(request)
                sink.yield(request)
            }
        } onCancel: {
            if honoursCancellation { box.cancel() } else { box.markCancelled() }
        }
    }

    /// Holds the request so a cancellation that comes first or later can answer it.
    final class RequestBox: @unchecked Sendable {
        private let lock = NSLock()
        private var request: Request?
        private var cancelled = false
        func set(_ r: Request) {
            lock.lock()
            request = r
            let cancelNow = cancelled
            lock.unlock()
            if cancelNow { r.cancelledFlag = true; r.cancelled() }
        }
        func markCancelled() {
            lock.lock()
            let r = request
            lock.unlock()
            r?.cancelledFlag = true
        }
        func cancel() {
            lock.lock()
            cancelled = true
            let r = request
            lock.unlock()
            r?.cancelledFlag = true
            r?.cancelled()
        }
    }
}

typealias Page = (items: [Int], next: PagePosition?)

@Suite @MainActor struct PagingStoreTests {
    /// A store over a fake source with pages of 3, page numbers from 1.
    func make(identity: Bool = false, honoursCancellation: Bool = true) -> (PagingStore<Int>, FakeSource<[Int]>, AsyncStream<FakeSource<[Int]>.Request>.Iterator) {
        let source = FakeSource<[Int]>(honoursCancellation: honoursCancellation)
        var key: (@Sendable (Int) -> AnyHashable)?
        if identity { key = { @Sendable (value: Int) -> AnyHashable in AnyHashable(value) } }
        let store = PagingStore<Int>(pagesOf: 3, firstPage: 1, identity: key) { page, size in
            try await source.fetch(.page(page), size)
        }
        return (store, source, source.requests.makeAsyncIterator())
    }

    @Test func theFirstPageFillsTheList() async {
        var (store, _, requests) = make()
        var seen: [PagingStore<Int>.State] = []
        store.onChange = { seen.append($0) }
        let task = store.loadInitial()
        #expect(store.state == .fullscreenLoading)
        let request = await requests.next(isolation: #isolation)!
        #expect(request.position == .page(1) && request.size == 3)
        request.succeed([1, 2, 3])
        await task?.value
        #expect(store.items == [1, 2, 3] && store.state == .items)
        #expect(seen == [.fullscreenLoading, .items])
        #expect(store.loadInitial() == nil, "already loaded")
    }

    @Test func anEmptyFirstPageIsEmpty() async {
        var (store, _, requests) = make()
        let task = store.loadInitial()
        await requests.next(isolation: #isolation)!.succeed([])
        await task?.value
        #expect(store.state == .empty && store.items.isEmpty)
    }

    @Test func aFailedFirstPageIsAFullscreenErrorUntilRetry() async {
        var (store, _, requests) = make()
        var task = store.loadInitial()
        await requests.next(isolation: #isolation)!.fail("offline")
        await task?.value
        #expect(store.state == .fullscreenError("offline"))
        #expect(store.loadMore() == nil)
        task = store.retry()
        #expect(store.state == .fullscreenLoading)
        let again = await requests.next(isolation: #isolation)!
        #expect(again.position == .page(1))
        again.succeed([1, 2, 3])
        await task?.value
        #expect(store.state == .items)
    }

    @Test func theCounterAdvancesOnlyWhenAPageArrivesAndRetryIsExplicit() async {
        var (store, _, requests) = make()
        var task = store.loadInitial()
        await requests.next(isolation: #isolation)!.succeed([1, 2, 3])
        await task?.value
        task = store.loadMore()
        #expect(store.state == .pagingLoading)
        let second = await requests.next(isolation: #isolation)!
        #expect(second.position == .page(2))
        second.fail("timeout")
        await task?.value
        #expect(store.state == .pagingError("timeout"))
        #expect(store.loadMore() == nil, "scrolling to the end again does not re-issue a failed page")
        task = store.retry()
        let retried = await requests.next(isolation: #isolation)!
        #expect(retried.position == .page(2), "the failed page, not the one after it")
        retried.succeed([4, 5])  // short: the last page
        await task?.value
        #expect(store.items == [1, 2, 3, 4, 5] && store.state == .noMoreData)
        #expect(store.loadMore() == nil)
    }

    @Test func refreshReplacesOnlyOnSuccessAndReenablesLoadMore() async {
        var (store, _, requests) = make()
        var task = store.loadInitial()
        await requests.next(isolation: #isolation)!.succeed([1, 2])  // short first page: no more data
        await task?.value
        #expect(store.state == .noMoreData)
        task = store.refresh()
        #expect(store.state == .refreshing && store.items == [1, 2])
        await requests.next(isolation: #isolation)!.fail("500")
        await task?.value
        #expect(store.items == [1, 2] && store.state == .noMoreData, "a failed refresh keeps what was there")
        task = store.refresh()
        let fresh = await requests.next(isolation: #isolation)!
        #expect(fresh.position == .page(1))
        fresh.succeed([7, 8, 9])
        await task?.value
        #expect(store.items == [7, 8, 9] && store.state == .items)
        task = store.loadMore()
        #expect(task != nil, "load-more works again after a successful refresh")
        let next = await requests.next(isolation: #isolation)!
        #expect(next.position == .page(2))
        next.succeed([])
        await task?.value
    }

    @Test func loadMoreIsIgnoredWhileARefreshOrAnotherLoadMoreRuns() async {
        var (store, _, requests) = make()
        var task = store.loadInitial()
        await requests.next(isolation: #isolation)!.succeed([1, 2, 3])
        await task?.value
        task = store.loadMore()
        #expect(store.loadMore() == nil)
        await requests.next(isolation: #isolation)!.succeed([4, 5, 6])
        await task?.value
        task = store.refresh()
        #expect(store.loadMore() == nil)
        await requests.next(isolation: #isolation)!.succeed([1, 2, 3])
        await task?.value
        #expect(store.items == [1, 2, 3])
    }

    @Test func aRefreshSupersedesARunningLoadMoreAndDropsItsLateResult() async {
        var (store, _, requests) = make(honoursCancellation: false)
        var task = store.loadInitial()
        await requests.next(isolation: #isolation)!.succeed([1, 2, 3])
        await task?.value
        let loading = store.loadMore()
        let page2 = await requests.next(isolation: #isolation)!
        task = store.refresh()
        let page1 = await requests.next(isolation: #isolation)!
        #expect(page2.cancelledFlag, "the load-more's request was cancelled")
        page2.succeed([4, 5, 6])  // the server answers anyway, late: ignored
        await loading?.value
        #expect(store.state == .refreshing && store.items == [1, 2, 3])
        page1.succeed([10, 11, 12])
        await task?.value
        #expect(store.items == [10, 11, 12] && store.state == .items)
    }

    @Test func aSupersededRefreshIsDropped() async {
        var (store, _, requests) = make(honoursCancellation: false)
        let older = store.refresh()
        let first = await requests.next(isolation: #isolation)!
        let newer = store.refresh()
        let second = await requests.next(isolation: #isolation)!
        first.fail("the old request's late answer")  // arrives after the newer refresh began
        await older?.value
        #expect(store.state == .fullscreenLoading, "a superseded failure must not show an error")
        second.succeed([2, 2, 2])
        await newer?.value
        #expect(store.items == [2, 2, 2] && store.state == .items)
        // And the other way round: the newer answers first, the older arrives late with data.
        let third = store.refresh()
        let a = await requests.next(isolation: #isolation)!
        let fourth = store.refresh()
        let b = await requests.next(isolation: #isolation)!
        b.succeed([4, 4, 4])
        await fourth?.value
        a.succeed([3, 3, 3])
        await third?.value
        #expect(store.items == [4, 4, 4])
    }

    @Test func duplicatesAcrossPagesAreDroppedByIdentity() async {
        var (store, _, requests) = make(identity: true)
        var task = store.loadInitial()
        await requests.next(isolation: #isolation)!.succeed([1, 2, 3])
        await task?.value
        task = store.loadMore()
        await requests.next(isolation: #isolation)!.succeed([3, 4, 5])  // the list moved on the server: 3 again
        await task?.value
        #expect(store.items == [1, 2, 3, 4, 5])
    }

    @Test func offsetAndCursorSchemes() async {
        let offsets = FakeSource<[Int]>()
        var offsetRequests = offsets.requests.makeAsyncIterator()
        let byOffset = PagingStore<Int>(offsetsWithLimit: 2) { offset, limit in try await offsets.fetch(.offset(offset), limit) }
        var task = byOffset.loadInitial()
        await offsetRequests.next(isolation: #isolation)!.succeed([1, 2])
        await task?.value
        task = byOffset.loadMore()
        #expect(await offsetRequests.next(isolation: #isolation)!.position == .offset(2), "the offset advances by the items received")

        let cursors = FakeSource<(items: [Int], nextCursor: String?)>()
        var cursorRequests = cursors.requests.makeAsyncIterator()
        let byCursor = PagingStore<Int>(cursorPagesOf: 2) { cursor, size in try await cursors.fetch(.cursor(cursor), size) }
        task = byCursor.loadInitial()
        let first = await cursorRequests.next(isolation: #isolation)!
        #expect(first.position == .cursor(nil))
        first.succeed(([1, 2], "abc"))
        await task?.value
        task = byCursor.loadMore()
        let second = await cursorRequests.next(isolation: #isolation)!
        #expect(second.position == .cursor("abc"))
        second.succeed(([3, 4], nil))  // a full page, but no next cursor: the end
        await task?.value
        #expect(byCursor.state == .noMoreData && byCursor.items == [1, 2, 3, 4])
    }

    @Test func releasingTheStoreCancelsWhatItRuns() async {
        let source = FakeSource<[Int]>()
        var requests = source.requests.makeAsyncIterator()
        var store: PagingStore<Int>? = PagingStore<Int>(pagesOf: 3) { page, size in try await source.fetch(.page(page), size) }
        let task = store?.loadInitial()
        let request = await requests.next(isolation: #isolation)!
        store = nil
        await task?.value
        #expect(request.cancelledFlag)
    }

    @Test func statesAreStreamed() async {
        var (store, _, requests) = make()
        var stream = store.states().makeAsyncIterator()
        #expect(await stream.next(isolation: #isolation) == .idle)
        let task = store.loadInitial()
        #expect(await stream.next(isolation: #isolation) == .fullscreenLoading)
        await requests.next(isolation: #isolation)!.succeed([1])
        await task?.value
        #expect(await stream.next(isolation: #isolation) == .noMoreData)
    }

    @Test func aFailedRefreshKeepsTheFootersNoMoreData() async throws {
        let top = RecordingIndicator(), bottom = RecordingIndicator()
        let driver = try RefreshDriver.make(edges: [.top: (top, EdgeConfiguration(resultHoldTime: 0.2)), .bottom: (bottom, EdgeConfiguration(resultHoldTime: 0.2))])
        var (store, _, requests) = make()
        store.attach(to: driver.container)
        let first = store.loadInitial()
        await requests.next(isolation: #isolation)!.succeed([1, 2])  // short: the end
        await first?.value
        driver.run(seconds: 0.5)
        #expect(bottom.refreshState == .noMoreData)
        let refreshing = store.refresh()
        #expect(bottom.refreshState == .noMoreData, "nothing was loading at the footer: nothing to reset")
        await requests.next(isolation: #isolation)!.fail("offline")
        await refreshing?.value
        driver.run(seconds: 1)
        #expect(store.state == .noMoreData && bottom.refreshState == .noMoreData, "a failed refresh changes nothing about the end")
    }

    @Test func theStoreDrivesTheContainersEdges() async throws {
        let top = RecordingIndicator(), bottom = RecordingIndicator()
        let driver = try RefreshDriver.make(edges: [.top: (top, EdgeConfiguration(resultHoldTime: 0.2)), .bottom: (bottom, EdgeConfiguration(resultHoldTime: 0.2))])
        var (store, _, requests) = make()
        store.attach(to: driver.container)
        // A pull at the top refreshes through the store.
        driver.drag(by: Point(x: 0, y: 200))
        driver.release()
        #expect(top.refreshState == .refreshing && store.state == .fullscreenLoading)
        await requests.next(isolation: #isolation)!.succeed([1, 2])  // short: no more data
        await store.refreshTaskForTesting?.value
        #expect(top.refreshState == .finished(.success))
        driver.run(seconds: 1)
        #expect(bottom.refreshState == .noMoreData, "the footer shows no more data without glue code")
        // A programmatic refresh with a full page re-enables load-more, and the footer loads it.
        let refreshing = store.refresh()
        #expect(top.refreshState == .refreshing)
        await requests.next(isolation: #isolation)!.succeed([1, 2, 3])
        await refreshing?.value
        #expect(bottom.refreshState == RefreshState.none)
        driver.run(seconds: 1)
        #expect(driver.container.begin(.bottom))
        #expect(store.state == .pagingLoading)
        await requests.next(isolation: #isolation)!.fail("offline")
        await store.loadMoreTaskForTesting?.value
        #expect(bottom.refreshState == .finished(.failure) && store.state == .pagingError("offline"))
    }
}
