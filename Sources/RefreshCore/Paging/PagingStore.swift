import Foundation
/// Where a page starts: how the store asks its source for the next page.
public enum PagePosition: Equatable, Sendable, Hashable {
    /// A page number (the first is 0 or 1, as the API counts).
    case page(Int)
    /// An item offset (offset/limit APIs).
    case offset(Int)
    /// An opaque cursor from the previous page; nil asks for the first page.
    case cursor(String?)
}

/// The data model behind a list with pull-to-refresh and load-more: pages, their states and the
/// races between them, as PagingList names and IQRefreshAbstractWrapper and EasyPaging count.
///
/// Every operation returns the task it started, or nil when the rules ignore it, so callers (and
/// tests) can await it. The rules:
/// - the page position advances only when a page arrives: a failed load-more asks for the same page again;
/// - `refresh` starts from the first page and replaces the items only when it succeeds;
/// - a page shorter than the page size (or a nil next cursor) means no more data; a later
///   successful refresh makes more loadable again;
/// - load-more is ignored while a refresh or another load-more runs, after a paging error (only
///   `retry`, or a pull at the attached footer, re-issues it) and when there is no more data;
/// - a refresh cancels a running load-more and drops its late result; a refresh that a newer
///   refresh superseded is dropped too, and the refresh that is kept ends the attached header's
///   refresh (whoever started either);
/// - attached to a ``RefreshContainer``, the store and its edges agree whoever starts a request:
///   `refresh`, `loadMore` and `retry` called by the app show at the edges, pulls at the edges run
///   through the store, and an empty list hides its footer (``hidesFooterWhenEmpty``);
/// - with an identity key, items already in the list are not added again (the server moved on);
/// - releasing the store cancels what it runs.
@MainActor
public final class PagingStore<Item: Sendable> {
    /// What the list shows.
    public enum State: Equatable, Sendable {
        /// Nothing asked yet.
        case idle
        /// The first page is loading and there are no items: a full-screen spinner.
        case fullscreenLoading
        /// The first page failed and there are no items: a full-screen error with a retry button.
        case fullscreenError(String)
        /// The first page arrived with nothing in it.
        case empty
        /// Items, and more can be loaded.
        case items
        /// A refresh is running; the old items stay until it succeeds.
        case refreshing
        /// The next page is loading (footer spinner).
        case pagingLoading
        /// The next page failed (footer error); only `retry` asks again.
        case pagingError(String)
        /// Every page has been loaded (footer "No more data").
        case noMoreData
    }

    /// A page from the source and where the next one starts (nil: there is no next one).
    public typealias Fetch = @Sendable (PagePosition, Int) async throws -> (items: [Item], next: PagePosition?)

    /// The items loaded, in order.
    public private(set) var items: [Item] = []
    /// The current state; every change is also sent to ``onChange`` and the ``states()`` streams.
    public private(set) var state: State = .idle {
        didSet {
            guard state != oldValue else { return }
            onChange?(state)
            for continuation in continuations.values { continuation.yield(state) }
        }
    }
    /// Called on every state change.
    public var onChange: ((State) -> Void)?
    /// Items per page.
    public let pageSize: Int
    /// Whether an attached container's footer is hidden while the list has no rows (MJRefresh
    /// hides it: a "No more data" under nothing says nothing). On by default.
    public var hidesFooterWhenEmpty = true {
        didSet { syncFooterVisibility() }
    }

    private let first: PagePosition
    private let fetch: Fetch
    private let identity: (@Sendable (Item) -> AnyHashable)?
    private var next: PagePosition?
    private var refreshTask: Task<Void, Never>?
    private var loadMoreTask: Task<Void, Never>?
    /// The container's completion for the refresh the header shows; the refresh that is kept ends it.
    private var refreshCompletion: RefreshCompletion?
    /// The container's completion for the load-more the footer shows.
    private var loadMoreCompletion: RefreshCompletion?
    private var refreshGeneration = 0
    private var loadMoreGeneration = 0
    private var continuations: [Int: AsyncStream<State>.Continuation] = [:]
    private var nextContinuation = 0
    private weak var container: RefreshContainer?
    private var refreshEdge: RefreshEdge = .top
    private var loadMoreEdge: RefreshEdge = .bottom

    /// A store for a page-number API: `load(page, size)`, pages of `pageSize` counted from
    /// `firstPage` (0 or 1). The label names the scheme, so that a trailing closure can never
    /// silently pick another (`PagingStore(pagesOf: 20) { page, size in … }`).
    public convenience init(pagesOf pageSize: Int, firstPage: Int = 1, identity: (@Sendable (Item) -> AnyHashable)? = nil,
                            load: @escaping @Sendable (_ page: Int, _ size: Int) async throws -> [Item]) {
        self.init(pageSize: pageSize, first: .page(firstPage), identity: identity) { position, size in
            guard case .page(let page) = position else { return ([], nil) }
            let items = try await load(page, size)
            return (items, items.count < size ? nil : .page(page + 1))
        }
    }

    /// A store for an offset/limit API: `load(offset, limit)` with `limit` items a page.
    public convenience init(offsetsWithLimit limit: Int, identity: (@Sendable (Item) -> AnyHashable)? = nil,
                            load: @escaping @Sendable (_ offset: Int, _ limit: Int) async throws -> [Item]) {
        self.init(pageSize: limit, first: .offset(0), identity: identity) { position, size in
            guard case .offset(let offset) = position else { return ([], nil) }
            let items = try await load(offset, size)
            return (items, items.count < size ? nil : .offset(offset + items.count))
        }
    }

    /// A store for a cursor API: `load(cursor, size)` returns the items and the next cursor (nil at the end).
    public convenience init(cursorPagesOf pageSize: Int, identity: (@Sendable (Item) -> AnyHashable)? = nil,
                            load: @escaping @Sendable (_ cursor: String?, _ size: Int) async throws -> (items: [Item], nextCursor: String?)) {
        self.init(pageSize: pageSize, first: .cursor(nil), identity: identity) { position, size in
            guard case .cursor(let cursor) = position else { return ([], nil) }
            let page = try await load(cursor, size)
            return (page.items, page.nextCursor.map { .cursor($0) })
        }
    }

    /// A store over any paging scheme: `fetch(position, size)` returns a page and the next position.
    public init(pageSize: Int, first: PagePosition, identity: (@Sendable (Item) -> AnyHashable)? = nil, fetch: @escaping Fetch) {
        self.pageSize = max(1, pageSize)
        self.first = first
        self.identity = identity
        self.fetch = fetch
        next = first
    }

    isolated deinit {
        refreshTask?.cancel()
        loadMoreTask?.cancel()
        // The edges must not spin for a store that is gone.
        refreshCompletion?(.failure)
        loadMoreCompletion?(.failure)
        for continuation in continuations.values { continuation.finish() }
    }

    /// A stream of state changes (starting with the current state) until the store goes away.
    public func states() -> AsyncStream<State> {
        let (stream, continuation) = AsyncStream<State>.makeStream()
        let key = nextContinuation
        nextContinuation += 1
        continuations[key] = continuation
        continuation.yield(state)
        continuation.onTermination = { [weak self] _ in
            Task { @MainActor in self?.continuations[key] = nil }
        }
        return stream
    }

    // MARK: Operations

    /// Loads the first page when nothing is loaded or loading yet.
    @discardableResult
    public func loadInitial() -> Task<Void, Never>? {
        guard items.isEmpty, refreshTask == nil, state == .idle || isFullscreenError else { return nil }
        return startRefresh(completion: nil)
    }

    /// Starts again from the first page; replaces the items when it succeeds. Supersedes a running
    /// load-more or an older refresh. When attached to a container, the refresh edge shows it.
    @discardableResult
    public func refresh() -> Task<Void, Never>? {
        if let container, refreshTask == nil {
            // A load-more in flight is superseded (its footer closes without a result); a footer at
            // the end keeps saying so until the refresh succeeds.
            dropLoadMore()
            if container.begin(refreshEdge) { return refreshTask }
        }
        return startRefresh(completion: nil)
    }

    /// Loads the next page, unless the rules ignore it (see the type's documentation). Attached, the
    /// footer shows it; when the container will not start the footer (another edge refreshes, the
    /// footer is hidden) nothing loads, so that the two never disagree.
    @discardableResult
    public func loadMore() -> Task<Void, Never>? {
        guard canLoadMore(afterError: false) else { return nil }
        return startLoadMoreThroughFooter()
    }

    /// Asks again after an error: the first page after a full-screen error, the failed page after a
    /// paging error (shown at an attached footer). Ignored otherwise.
    @discardableResult
    public func retry() -> Task<Void, Never>? {
        switch state {
        case .fullscreenError: return startRefresh(completion: nil)
        case .pagingError where canLoadMore(afterError: true): return startLoadMoreThroughFooter()
        default: return nil
        }
    }

    // MARK: The container

    /// Lets `container`'s edges drive and show this store: a pull at `refreshEdge` refreshes, the
    /// `loadMoreEdge` loads more; results, no-more-data and its reset reach the indicators. An edge
    /// swapped with `RefreshContainer.replace(_:indicator:configuration:)` needs nothing more: it
    /// carries on the page in flight and no-more-data. Attach again after `enable` replaced an
    /// edge: the new footer learns what the store knows, and a load-more in flight is dropped
    /// (without attaching again, the edge keeps the store's action).
    /// Drive the container on the main thread, where the store lives: an edge that begins on
    /// another thread stops the program with a message saying so.
    public func attach(to container: RefreshContainer, refreshEdge: RefreshEdge = .top, loadMoreEdge: RefreshEdge = .bottom) {
        self.container = container
        self.refreshEdge = refreshEdge
        self.loadMoreEdge = loadMoreEdge
        container.setAction({ [weak self] _, done in
            Self.onMainActor {
                guard let self else { return done(.failure) }
                self.startRefresh(completion: done)
            }
        }, for: refreshEdge)
        container.setAction({ [weak self] _, done in
            Self.onMainActor {
                // A pull (or the automatic trigger) after a failed page retries it.
                guard let self, self.canLoadMore(afterError: true) else {
                    // Nothing to load now: close the footer again.
                    let noMore = self.map { $0.next == nil && !$0.items.isEmpty } ?? false
                    return done(noMore ? .noMoreData : .failure)
                }
                self.startLoadMore(completion: done)
            }
        }, for: loadMoreEdge)
        // Tell the (possibly new) footer what the store knows; a load-more it never saw start is dropped.
        dropLoadMore()
        if next == nil && !items.isEmpty { container.setNoMoreData(loadMoreEdge) }
        syncFooterVisibility()
    }

    /// Runs an edge's action on the main actor, where the store lives: a container driven on another
    /// thread stops the program with a message that says so, not with an executor's assertion.
    nonisolated private static func onMainActor(_ body: @MainActor () -> Void) {
        // MainActor.preconditionIsolated's message is not printed on Linux (libdispatch traps
        // first). The main actor runs on the main thread, or (after dispatch_main, as in a test
        // runner) on whichever thread drains the main queue.
        if !Thread.isMainThread && DispatchQueue.getSpecific(key: mainQueueMark) == nil {
            fatalError("PagingStore: the RefreshContainer it is attached to was driven off the main thread; drive the container (observe, begin, end, setNoMoreData, a RefreshDriver) on the main thread, where the store lives")
        }
        MainActor.assumeIsolated(body)
    }

    // MARK: Internals

    var refreshTaskForTesting: Task<Void, Never>? { refreshTask }
    var loadMoreTaskForTesting: Task<Void, Never>? { loadMoreTask }
    /// Requests sent to the source so far, and a call each time one's answer has been dealt with
    /// (applied or dropped): tests wait on these instead of on time.
    private(set) var requestsSentForTesting = 0
    var onRequestSettledForTesting: (() -> Void)?

    private var isFullscreenError: Bool {
        if case .fullscreenError = state { return true }
        return false
    }

    /// Whether a next page may be asked for now: items shown (or a failed page, for a retry), a
    /// next position, nothing running.
    private func canLoadMore(afterError: Bool) -> Bool {
        let stateAllows = switch state {
        case .items: true
        case .pagingError: afterError
        default: false
        }
        return stateAllows && next != nil && refreshTask == nil && loadMoreTask == nil
    }

    /// Starts a load-more at the attached footer (its action calls back into ``startLoadMore``), or
    /// directly when there is no container.
    private func startLoadMoreThroughFooter() -> Task<Void, Never>? {
        guard let container else { return startLoadMore(completion: nil) }
        return container.begin(loadMoreEdge) ? loadMoreTask : nil
    }

    /// Cancels a running load-more and drops its late result; its footer closes without a result.
    private func dropLoadMore() {
        loadMoreTask?.cancel()
        loadMoreTask = nil
        loadMoreGeneration += 1
        if loadMoreCompletion != nil {
            loadMoreCompletion = nil
            container?.reset(loadMoreEdge)
        }
        if case .pagingLoading = state { state = .items }
    }

    /// Hides the attached footer while the list has no rows (when ``hidesFooterWhenEmpty``).
    private func syncFooterVisibility() {
        container?.setHidden(hidesFooterWhenEmpty && items.isEmpty, loadMoreEdge)
    }

    @discardableResult
    private func startRefresh(completion: RefreshCompletion?) -> Task<Void, Never> {
        dropLoadMore()
        refreshTask?.cancel()
        refreshGeneration += 1
        // The newest refresh is the one kept: it ends the header's refresh, even one an older
        // refresh was started for.
        if let completion { refreshCompletion = completion }
        let generation = refreshGeneration
        state = items.isEmpty ? .fullscreenLoading : .refreshing
        let fetch = self.fetch, first = self.first, size = pageSize
        requestsSentForTesting += 1
        let task = Task { @MainActor [weak self] in
            let result = await Self.attempt(fetch, first, size)
            defer { self?.onRequestSettledForTesting?() }
            guard let self, generation == self.refreshGeneration, !Task.isCancelled else { return }
            self.refreshTask = nil
            let completion = self.refreshCompletion
            self.refreshCompletion = nil
            switch result {
            case .success(let page):
                self.items = self.unique(page.items, adding: [])
                self.next = page.next
                self.state = self.items.isEmpty ? .empty : (page.next == nil ? .noMoreData : .items)
                completion?(.success)
                if let container = self.container {
                    if page.next == nil { container.setNoMoreData(self.loadMoreEdge) } else { container.reset(self.loadMoreEdge) }
                }
            case .failure(let error):
                self.state = self.items.isEmpty ? .fullscreenError("\(error)") : (self.next == nil ? .noMoreData : .items)
                completion?(.failure)
            }
            self.syncFooterVisibility()
        }
        refreshTask = task
        return task
    }

    @discardableResult
    private func startLoadMore(completion: RefreshCompletion?) -> Task<Void, Never>? {
        guard let position = next else {
            completion?(.noMoreData)
            return nil
        }
        loadMoreGeneration += 1
        let generation = loadMoreGeneration
        loadMoreCompletion = completion
        state = .pagingLoading
        let fetch = self.fetch, size = pageSize
        requestsSentForTesting += 1
        let task = Task { @MainActor [weak self] in
            let result = await Self.attempt(fetch, position, size)
            defer { self?.onRequestSettledForTesting?() }
            guard let self, generation == self.loadMoreGeneration, !Task.isCancelled else { return }
            self.loadMoreTask = nil
            let completion = self.loadMoreCompletion
            self.loadMoreCompletion = nil
            switch result {
            case .success(let page):
                self.items = self.unique(page.items, adding: self.items)
                self.next = page.next
                self.state = page.next == nil ? .noMoreData : .items
                completion?(page.next == nil ? .noMoreData : .success)
            case .failure(let error):
                self.state = .pagingError("\(error)")
                completion?(.failure)
            }
        }
        loadMoreTask = task
        return task
    }

    /// One request to the source, its error caught.
    private static func attempt(_ fetch: Fetch, _ position: PagePosition, _ size: Int) async -> Result<(items: [Item], next: PagePosition?), Error> {
        do { return .success(try await fetch(position, size)) } catch { return .failure(error) }
    }

    /// `existing` followed by those of `page` whose identity is not already there.
    private func unique(_ page: [Item], adding existing: [Item]) -> [Item] {
        guard let identity else { return existing + page }
        var seen = Set(existing.map(identity))
        return existing + page.filter { seen.insert(identity($0)).inserted }
    }
}

/// Marks the main queue, so that ``PagingStore`` can tell it runs there on any thread.
private let mainQueueMark: DispatchSpecificKey<Bool> = {
    let key = DispatchSpecificKey<Bool>()
    DispatchQueue.main.setSpecific(key: key, value: true)
    return key
}()
