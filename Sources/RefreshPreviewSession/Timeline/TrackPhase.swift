import RefreshCore
import RefreshPluginSDK
import RefreshHost

/// What an edge is doing at one moment of a gesture, as the timeline colours it: the state
/// machine's states, with its `none` split into at rest (no phase) and closing after a refresh.
package enum TrackPhase: String, CaseIterable, Sendable {
    case pulling, eligible, refreshing, success, failure, closing
    case noMoreData = "no more data"
    case secondFloor = "second floor"

    /// The phase of an edge with `status`, following `previous` (when the edge was open
    /// `previousPull`); nil when the edge is at rest.
    package init?(_ status: RefreshContainer.EdgeStatus, after previous: TrackPhase?, previousPull: Double = 0) {
        switch status.state {
        case .finished where previous == .closing || (status.pull.distance < previousPull - 1e-6 && [.success, .failure].contains(previous)):
            // The result shown, the edge springs back (still showing it): closing.
            self = .closing
        case .pulling: self = .pulling
        case .eligible: self = .eligible
        case .refreshing: self = .refreshing
        case .finished(let result): self = result == .failure ? .failure : .success
        case .noMoreData: self = .noMoreData
        case .secondaryEligible, .secondaryOpen, .secondaryClosing: self = .secondFloor
        case .none, .unknown:
            // Springing back after a refresh or a floor is closing; a pull let go short is still the pull.
            guard status.pull.distance > 0.5, let previous else { return nil }
            switch previous {
            case .refreshing, .success, .failure, .closing, .secondFloor, .noMoreData: self = .closing
            case .pulling, .eligible: self = .pulling
            }
        }
    }

    /// The phase's colour on the track.
    package var color: Color {
        switch self {
        case .pulling: Color(red: 0.56, green: 0.64, blue: 0.78)
        case .eligible: Color(red: 1, green: 0.7, blue: 0.1)
        case .refreshing: Color(red: 0, green: 0.48, blue: 1)
        case .success: Color(red: 0.2, green: 0.72, blue: 0.35)
        case .failure: Color(red: 0.9, green: 0.25, blue: 0.2)
        case .closing: Color(red: 0.6, green: 0.6, blue: 0.62)
        case .noMoreData: Color(red: 0.45, green: 0.45, blue: 0.5)
        case .secondFloor: Color(red: 0.6, green: 0.35, blue: 0.85)
        }
    }
}
