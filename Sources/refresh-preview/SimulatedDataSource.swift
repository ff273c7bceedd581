import RefreshCore

/// The list's pretend server: a refresh takes a while and succeeds or fails (by a seeded failure
/// rate, or as forced by a key); load-more adds a page until the total is reached.
final class SimulatedDataSource {
    var refreshTime: Double
    var failureRate: Double
    let pageSize: Int
    let totalRows: Int
    /// Rows in the list.
    private(set) var rows: Int
    /// The outcome the next finished request will have, whatever the failure rate says.
    var forcedOutcome: RefreshResult?
    private var pending: [(edge: RefreshEdge, due: Double, completion: RefreshCompletion)] = []
    private var seed: UInt64 = 0x5EED

    init(refreshTime: Double, failureRate: Double, pageSize: Int, totalRows: Int) {
        self.refreshTime = refreshTime
        self.failureRate = failureRate
        self.pageSize = pageSize
        self.totalRows = totalRows
        rows = min(totalRows, pageSize * 2)
    }

    /// A request began at `edge`; it answers `refreshTime` seconds of simulated time later.
    func start(_ edge: RefreshEdge, completion: RefreshCompletion, now: Double) {
        pending.append((edge, now + refreshTime, completion))
    }

    /// Answers the requests that are due; returns whether the row count changed, and a line saying
    /// how each request ended.
    func tick(now: Double, container: RefreshContainer) -> (rowsChanged: Bool, answers: [String]) {
        let due = pending.filter { $0.due <= now }
        pending.removeAll { $0.due <= now }
        var changed = false
        var answers: [String] = []
        for request in due {
            let forced = forcedOutcome != nil
            let failed = forcedOutcome.map { $0 == .failure } ?? (nextRandom() < failureRate)
            forcedOutcome = nil
            answers.append("\(request.edge.rawValue) answered: \(failed ? "failure" : "success")\(forced ? " (forced)" : "")")
            if failed {
                request.completion(.failure)
            } else if request.edge.isAtEnd {
                rows = min(totalRows, rows + pageSize)
                changed = true
                request.completion(rows >= totalRows ? .noMoreData : .success)
            } else {
                // A refresh starts over from the first pages, so there is more to load again.
                rows = min(totalRows, pageSize * 2)
                changed = true
                request.completion(.success)
                for edge in container.enabledEdges where edge.isAtEnd { container.reset(edge) }
            }
        }
        return (changed, answers)
    }

    /// Drops what is in flight (the list was rebuilt).
    func cancelAll() { pending.removeAll() }

    private func nextRandom() -> Double {
        seed = seed &* 6364136223846793005 &+ 1442695040888963407
        return Double(seed >> 11) / Double(1 << 53)
    }
}
