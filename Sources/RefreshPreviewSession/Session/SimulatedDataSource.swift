import RefreshCore
import RefreshHost

/// The list's pretend server behind a ``PagingStore``: each request answers after `refreshTime`
/// seconds of simulated time, failing at `failureRate` (seeded) or as forced by a key; there are
/// `totalRows` rows in all, so load-more reaches no-more-data.
@MainActor
package final class SimulatedDataSource {
    /// Simulated seconds a request takes.
    package var refreshTime: Double
    /// Share of requests that fail, 0...1.
    package var failureRate: Double
    /// Rows per page.
    package let pageSize: Int
    /// Rows in all.
    package let totalRows: Int
    /// The outcome the next answered request will have, whatever the failure rate says.
    package var forcedOutcome: RefreshResult?
    /// The paging model the list shows; its rows are just numbers.
    package private(set) var store: PagingStore<Int>!
    private var pending: [(due: Double, offset: Int, refresh: Bool, continuation: CheckedContinuation<[Int], Error>)] = []

    /// Requests sent and not answered yet.
    package var pendingCount: Int { pending.count }

    /// Lets the store take in the answers already given: it applies them in tasks of its own on the
    /// main actor, which run when this one yields. Returns once none is waiting to be applied.
    package func settle() async {
        var turns = 0
        while pending.isEmpty, isBusy, store.state != .idle, turns < 1000 {
            await Task.yield()
            turns += 1
        }
    }

    /// Whether a request waits for its answer, or the store is between asking and waiting.
    package var isBusy: Bool {
        guard pending.isEmpty, let store else { return true }
        switch store.state {
        case .items, .empty, .noMoreData, .fullscreenError, .pagingError: return false
        default: return true
        }
    }
    private var random = SeededRandom(seed: 0x5EED)
    private var now = 0.0

    struct Failure: Error, CustomStringConvertible {
        var description: String { "the simulated server failed" }
    }

    /// A source answering after `refreshTime` s, failing at `failureRate`, `pageSize` rows a page of `totalRows`.
    package init(refreshTime: Double, failureRate: Double, pageSize: Int, totalRows: Int) {
        self.refreshTime = refreshTime
        self.failureRate = failureRate
        self.pageSize = pageSize
        self.totalRows = totalRows
        store = PagingStore<Int>(offsetsWithLimit: pageSize) { [weak self] offset, limit in
            try await self?.request(offset: offset, limit: limit) ?? []
        }
    }

    /// Rows in the list.
    package var rows: Int { store.items.count }

    /// When the refresh that is about to send a request began (the list's time, which can be
    /// earlier in the frame than the request is sent); taken by the next request.
    package var refreshBegan: Double?
    /// When the last request sent for a refresh was due to be answered, once it was answered.
    package private(set) var refreshAnswered: Double?

    private func request(offset: Int, limit: Int) async throws -> [Int] {
        // A refresh's request leaves when the refresh began, not when the frame after sent it: its
        // answer comes as long after the pull whatever the frame rate.
        let began = refreshBegan.flatMap { $0 >= now - Self.sendingTime ? $0 : nil }
        refreshBegan = nil
        return try await withCheckedThrowingContinuation { continuation in
            pending.append(((began ?? now) + refreshTime, offset, began != nil, continuation))
        }
    }

    /// The longest a refresh's request takes to leave after it began: the most one frame simulates
    /// (``FixedStepClock/longestFrame``), and a little.
    static let sendingTime = FixedStepClock.longestFrame + 0.05

    /// Answers the requests that are due at simulated time `time`; returns a line for each answer.
    package func tick(now time: Double) -> [String] {
        now = time
        let due = pending.filter { $0.due <= time }
        pending.removeAll { $0.due <= time }
        if let last = due.last(where: \.refresh) { refreshAnswered = last.due }
        return due.map { request in
            let forced = forcedOutcome != nil
            let failed = forcedOutcome.map { $0 == .failure } ?? (Double.random(in: 0..<1, using: &random) < failureRate)
            forcedOutcome = nil
            if failed {
                request.continuation.resume(throwing: Failure())
            } else {
                let count = max(0, min(pageSize, totalRows - request.offset))
                request.continuation.resume(returning: Array(request.offset..<(request.offset + count)))
            }
            let what = request.offset == 0 ? "first page" : "rows from \(request.offset)"
            return "server: \(what) \(failed ? "failed" : "sent")\(forced ? " (forced)" : "")"
        }
    }

    /// Drops what is in flight (the list was rebuilt) and starts a new store.
    package func restart() {
        for request in pending { request.continuation.resume(throwing: CancellationError()) }
        pending.removeAll()
        (refreshBegan, refreshAnswered) = (nil, nil)
        store = PagingStore<Int>(offsetsWithLimit: pageSize) { [weak self] offset, limit in
            try await self?.request(offset: offset, limit: limit) ?? []
        }
    }
}
