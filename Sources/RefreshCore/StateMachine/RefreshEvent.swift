/// What started a refresh.
public enum RefreshTrigger: String, Sendable, CaseIterable, Hashable {
    /// The user pulled past the trigger distance (and released, with the on-release policy).
    case userGesture
    /// Code called ``RefreshContainer/begin(_:)``.
    case programmatic
    /// Scrolling brought a load-more edge within its preload distance.
    case automatic
}

/// Something that happened at an edge; delivered through ``RefreshContainer/onEvent``.
/// A preview plays a haptic or a sound here; a host logs them.
public enum RefreshEvent: Equatable, Sendable {
    /// The pull passed the trigger distance: releasing now refreshes.
    case becameEligible(RefreshEdge)
    /// The pull went back under the trigger distance (or the edge may no longer start).
    case stoppedBeingEligible(RefreshEdge)
    /// A refresh began; the edge's action, if any, is called right after this event.
    case beganRefreshing(RefreshEdge, RefreshTrigger)
    /// A refresh ended with this result; it is now shown for the edge's result hold time.
    case finished(RefreshEdge, RefreshResult)
    /// A haptic to play, as the edge's ``EdgeConfiguration/haptics`` asks: a selection tick when the
    /// pull first passes the trigger distance in a gesture, an impact when a gesture starts a refresh.
    case haptic(RefreshEdge, HapticKind)
    /// The pull passed the second floor's trigger distance: releasing now opens the floor.
    case becameSecondaryEligible(RefreshEdge)
    /// The pull went back under the second floor's trigger distance (or the gesture ended without opening it).
    case stoppedBeingSecondaryEligible(RefreshEdge)
    /// The second floor opened, by a release past its trigger distance or by code.
    case openedSecondFloor(RefreshEdge, RefreshTrigger)
    /// The second floor began closing, by a push back, by code, or by a reset or hide.
    case closingSecondFloor(RefreshEdge)
    /// Words for a screen reader: a state the user should hear has begun at the edge (its
    /// indicator's description of it, in the container's ``RefreshContainer/locale``).
    case announce(RefreshEdge, String)
}

/// The kind of haptic a ``RefreshEvent/haptic(_:_:)`` asks for (UIKit's selection and impact feedback).
public enum HapticKind: String, Sendable, CaseIterable, Hashable {
    /// A light tick: the pull reached the trigger distance.
    case selection
    /// A firmer knock: a refresh began from the user's gesture.
    case impact
}

/// Ends one particular refresh. An edge's action receives one when its refresh begins.
///
/// Calling it again, or after the refresh was already ended, reset, or superseded by a newer
/// refresh, does nothing: a late answer to an old request can never end a newer one.
public struct RefreshCompletion {
    weak var container: RefreshContainer?
    let edge: RefreshEdge
    let generation: Int

    /// Ends the refresh this completion belongs to with `result`.
    public func callAsFunction(_ result: RefreshResult) {
        container?.complete(edge, generation: generation, result: result)
    }
}

/// What an edge does when it begins refreshing: start loading, and call the completion when done
/// (now or later, from the thread that drives the container).
public typealias RefreshAction = (RefreshTrigger, RefreshCompletion) -> Void

extension RefreshEvent: CustomStringConvertible {
    /// The event as logs write it, e.g. `top: began refreshing (userGesture)`.
    public var description: String {
        switch self {
        case .becameEligible(let edge): "\(edge.rawValue): became eligible"
        case .stoppedBeingEligible(let edge): "\(edge.rawValue): stopped being eligible"
        case .beganRefreshing(let edge, let trigger): "\(edge.rawValue): began refreshing (\(trigger.rawValue))"
        case .finished(let edge, let result): "\(edge.rawValue): finished (\(result.rawValue))"
        case .haptic(let edge, let kind): "\(edge.rawValue): haptic (\(kind.rawValue))"
        case .becameSecondaryEligible(let edge): "\(edge.rawValue): became eligible for the second floor"
        case .stoppedBeingSecondaryEligible(let edge): "\(edge.rawValue): stopped being eligible for the second floor"
        case .openedSecondFloor(let edge, let trigger): "\(edge.rawValue): opened the second floor (\(trigger.rawValue))"
        case .closingSecondFloor(let edge): "\(edge.rawValue): closing the second floor"
        case .announce(let edge, let text): "\(edge.rawValue): announce \"\(text)\""
        }
    }
}
