/// How a refresh ended; shown by the indicator for a hold time before it retracts.
public enum RefreshResult: String, Sendable, CaseIterable, Hashable {
    /// The data arrived. Indicators typically show a tick.
    case success
    /// Loading failed. Indicators typically show a cross; the user can pull again.
    case failure
    /// Loading worked and there is nothing more to load; the edge then stays in
    /// ``RefreshState/noMoreData`` until ``RefreshContainer/reset(_:)``.
    case noMoreData
}

/// What an indicator shows. The ``RefreshContainer`` decides the state; the indicator only draws it.
///
/// The first five cases are IQPullToRefresh's; `finished` and `noMoreData` add the outcome
/// and the end of a paged list. An indicator that does not care about a case may draw it
/// as ``none``.
public enum RefreshState: Equatable, Sendable, Hashable {
    /// Nothing has been observed yet: the container has not seen a scroll position.
    case unknown
    /// Idle and hidden: the edge is not pulled.
    case none
    /// The user pulls (or the list springs back) and the edge is open by more than half a point.
    /// `progress` runs from 0 at the start offset to 1 at the trigger distance; it is clamped to 0...1.
    case pulling(progress: Double)
    /// Pulled past the trigger distance with the finger still down: releasing now refreshes
    /// ("Release to refresh"). Only reached with the ``RefreshTriggerPolicy/onRelease`` policy.
    case eligible
    /// A refresh (or load-more) is running; the edge is held open by the hold extent.
    case refreshing
    /// The refresh ended with this result. Shown for the edge's hold time, then the edge
    /// retracts; the state stays until it has retracted.
    case finished(RefreshResult)
    /// A load-more edge has reached the end of the data. Pulls do not trigger; the state
    /// stays until ``RefreshContainer/reset(_:)``.
    case noMoreData
    /// Pulled past the second floor's trigger distance with the finger still down: releasing now
    /// opens the second floor instead of refreshing (see ``SecondFloor``).
    case secondaryEligible
    /// The second floor is open: the edge is held open by its open extent.
    case secondaryOpen
    /// The second floor is closing: the edge retracts; the state stays until it has retracted.
    case secondaryClosing

    /// The state without its associated values; used to tell when a state *began* (a change of
    /// pulling progress is not a new state).
    public enum Kind: String, Sendable, CaseIterable, Hashable {
        case unknown, none, pulling, eligible, refreshing, finished, noMoreData
        case secondaryEligible, secondaryOpen, secondaryClosing
    }

    /// This state's ``Kind``.
    public var kind: Kind {
        switch self {
        case .unknown: .unknown
        case .none: .none
        case .pulling: .pulling
        case .eligible: .eligible
        case .refreshing: .refreshing
        case .finished: .finished
        case .noMoreData: .noMoreData
        case .secondaryEligible: .secondaryEligible
        case .secondaryOpen: .secondaryOpen
        case .secondaryClosing: .secondaryClosing
        }
    }

    /// Whether an indicator has anything to show: not before an observation, not at rest, and not
    /// while a second floor is open or closing (the floor covers the edge).
    public var showsIndicator: Bool {
        switch self {
        case .unknown, .none, .secondaryOpen, .secondaryClosing: false
        default: true
        }
    }

    /// Whether the list has reached the end of its data: the load-more that found nothing, and the
    /// rest after it (what a footer says in words: the SDK's `Canvas.drawEndOfData`).
    public var isEndOfData: Bool {
        switch self {
        case .finished(.noMoreData), .noMoreData: true
        default: false
        }
    }

    /// Whether the state belongs to the second floor.
    public var isSecondFloor: Bool {
        switch self {
        case .secondaryEligible, .secondaryOpen, .secondaryClosing: true
        default: false
        }
    }
}

extension RefreshState: CustomStringConvertible {
    /// The state as the command lines write it: `none`, `pulling:0.40`, `finished:success`, ….
    public var description: String {
        switch self {
        case .pulling(let progress): "pulling:\(formatted(progress))"
        case .finished(let result): "finished:\(result.rawValue)"
        default: kind.rawValue
        }
    }

    private func formatted(_ value: Double) -> String {
        let hundredths = (value * 100).rounded()
        let whole = Int(hundredths) / 100
        let fraction = Int(hundredths) % 100
        return "\(whole)." + (fraction < 10 ? "0\(fraction)" : "\(fraction)")
    }
}
