import Testing
@testable import RefreshCore

/// Two ways an app could lose its paging store without a word: swapping an edge's indicator, and
/// driving the container on another thread.
@Suite @MainActor struct PagingStorePitfallTests {
    /// A plugin switch enables the footer again without an action: the store stays attached, so the
    /// next pull loads a page and the footer closes (it spun forever when the store was detached).
    @Test func swappingTheFootersIndicatorKeepsTheStoreAttached() async throws {
        let source = FakeSource<[Int]>()
        var requests = source.requests.makeAsyncIterator()
        let bottom = RecordingIndicator()
        let driver = try RefreshDriver.make(content: 300, edges: [.top: (RecordingIndicator(), EdgeConfiguration()), .bottom: (bottom, EdgeConfiguration(resultHoldTime: 0.2))])
        let store = PagingStore<Int>(pagesOf: 3) { page, size in try await source.fetch(.page(page), size) }
        store.attach(to: driver.container)
        let first = store.loadInitial()
        await requests.next(isolation: #isolation)!.succeed([1, 2, 3])
        await first?.value
        driver.run(seconds: 1)
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
