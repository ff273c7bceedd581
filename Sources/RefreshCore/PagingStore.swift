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
///   `retry` re-issues it) and when there is no more data;
/// - a refresh cancels a running load-more and drops its late result; a refresh that a newer
///   refresh superseded is dropped too;
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

    private let first: PagePosition
    private let fetch: Fetch
    private let identity: (@Sendable (Item) -> AnyHashable)?
    private var next: PagePosition?
    private var refreshTask: Task<Void, Never>?
    private var loadMoreTask: Task<Void, Never>?
    private var refreshGeneration = 0
    private var loadMoreGeneration = 0
    private var continuations: [Int: AsyncStream<State>.Continuation] = [:]
    private var nextContinuation = 0
    private weak var container: RefreshContainer?
    private var refreshEdge: RefreshEdge = .top
    private var loadMoreEdge: RefreshEdge = .bottom

    /// A store for a page-number API: `load(page, size)`, pages counted from `firstPage` (0 or 1).
    public convenience init(pageSize: Int, firstPage: Int = 1, identity: (@Sendable (Item) -> AnyHashable)? = nil,
                            load: @escaping @Sendable (_ page: Int, _ size: Int) async throws -> [Item]) {
        self.init(pageSize: pageSize, first: .page(firstPage), identity: identity) { position, size in
            guard case .page(let page) = position else { return ([], nil) }
            let items = try await load(page, size)
            return (items, items.count < size ? nil : .page(page + 1))
        }
    }

    /// A store for an offset/limit API: `load(offset, limit)`.
    public convenience init(pageSize: Int, identity: (@Sendable (Item) -> AnyHashable)? = nil,
                            loadOffset: @escaping @Sendable (_ offset: Int, _ limit: Int) async throws -> [Item]) {
        self.init(pageSize: pageSize, first: .offset(0), identity: identity) { position, size in
            guard case .offset(let offset) = position else { return ([], nil) }
            let items = try await loadOffset(offset, size)
            return (items, items.count < size ? nil : .offset(offset + items.count))
        }
    }

    /// A store for a cursor API: `load(cursor, size)` returns the items and the next cursor (nil at the end).
    public convenience init(pageSize: Int, identity: (@Sendable (Item) -> AnyHashable)? = nil,
                            loadCursor: @escaping @Sendable (_ cursor: String?, _ size: Int) async throws -> (items: [Item], nextCursor: String?)) {
        self.init(pageSize: pageSize, first: .cursor(nil), identity: identity) { position, size in
            guard case .cursor(let cursor) = position else { return ([], nil) }
            let page = try await loadCursor(cursor, size)
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
        if let container, container.state(of: refreshEdge) != .refreshing {
            // A load-more in flight is superseded; a footer at the end keeps saying so until the
            // refresh succeeds.
            if container.state(of: loadMoreEdge) == .refreshing { container.reset(loadMoreEdge) }
            if container.begin(refreshEdge) { return refreshTask }
        }
        return startRefresh(completion: nil)
    }

    /// Loads the next page, unless the rules ignore it (see the type's documentation).
    @discardableResult
    public func loadMore() -> Task<Void, Never>? {
        guard case .items = state, next != nil, refreshTask == nil, loadMoreTask == nil else { return nil }
        return startLoadMore(completion: nil)
    }

    /// Asks again after an error: the first page after a full-screen error, the failed page after a
    /// paging error. Ignored otherwise.
    @discardableResult
    public func retry() -> Task<Void, Never>? {
        switch state {
        case .fullscreenError: return startRefresh(completion: nil)
        case .pagingError where refreshTask == nil && loadMoreTask == nil: return startLoadMore(completion: nil)
        default: return nil
        }
    }

    // MARK: The container

    /// Lets `container`'s edges drive and show this store: a pull at `refreshEdge` refreshes, the
    /// `loadMoreEdge` loads more; results, no-more-data and its reset reach the indicators.
    public func attach(to container: RefreshContainer, refreshEdge: RefreshEdge = .top, loadMoreEdge: RefreshEdge = .bottom) {
        self.container = container
        self.refreshEdge = refreshEdge
        self.loadMoreEdge = loadMoreEdge
        container.setAction({ [weak self] _, done in
            MainActor.assumeIsolated {
                guard let self else { return done(.failure) }
                self.startRefresh(completion: done)
            }
        }, for: refreshEdge)
        container.setAction({ [weak self] _, done in
            MainActor.assumeIsolated {
                guard let self, case .items = self.state, self.next != nil, self.refreshTask == nil, self.loadMoreTask == nil else {
                    // Nothing to load now (or a paging error waiting for retry): close the footer again.
                    let noMore = self.map { $0.next == nil } ?? false
                    return done(noMore ? .noMoreData : .failure)
                }
                self.startLoadMore(completion: done)
            }
        }, for: loadMoreEdge)
    }

    // MARK: Internals

    var refreshTaskForTesting: Task<Void, Never>? { refreshTask }
    var loadMoreTaskForTesting: Task<Void, Never>? { loadMoreTask }

    private var isFullscreenError: Bool {
        if case .fullscreenError = state { return true }
        return false
    }

    @discardableResult
    private func startRefresh(completion: RefreshCompletion?) -> Task<Void, Never> {
        loadMoreTask?.cancel()
        loadMoreTask = nil
        loadMoreGeneration += 1
        refreshTask?.cancel()
        refreshGeneration += 1
        let generation = refreshGeneration
        state = items.isEmpty ? .fullscreenLoading : .refreshing
        let fetch = self.fetch, first = self.first, size = pageSize
        let task = Task { @MainActor [weak self] in
            let result = await Self.attempt(fetch, first, size)
            guard let self, generation == self.refreshGeneration, !Task.isCancelled else { return }
            self.refreshTask = nil
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
        }
        refreshTask = task
        return task
    }

    @discardableResult
    private func startLoadMore(completion: RefreshCompletion?) -> Task<Void, Never>? {
        guard let position = next else { return nil }
        loadMoreGeneration += 1
        let generation = loadMoreGeneration
        state = .pagingLoading
        let fetch = self.fetch, size = pageSize
        let task = Task { @MainActor [weak self] in
            let result = await Self.attempt(fetch, position, size)
            guard let self, generation == self.loadMoreGeneration, !Task.isCancelled else { return }
            self.loadMoreTask = nil
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
