/// The markers an export names its moments by, in the order they follow each other on its
/// timeline: what the handoff's code and RefreshKit's Lottie plugin look them up by. Another edge
/// than the top adds `@edge` to each name (`pulling@bottom`).
package enum LottieMarker: String, CaseIterable, Sendable {
    /// The pull from rest (its first frame) to the trigger (its last).
    case pulling
    /// Past the trigger, the finger still down.
    case eligible
    /// What refreshing draws once before its loop (a wave's spring, a first pass), when it does:
    /// played once, then `refreshing` loops. A player that does not know it loops `refreshing` alone.
    case refreshingStart
    /// One seamless loop of refreshing (or the least visible seam, said by the command).
    case refreshing
    /// The result, for the result hold.
    case success, failure
    /// The footer at the end of the data.
    case noMoreData
    /// The pull past the trigger once eligible's motion has played: its first frame at the trigger,
    /// its last at ``LottieExportMeta/overpullReach`` times it. Last in the file (an addition: the
    /// markers before it are where they were), and only where the pull past the trigger changes the
    /// drawing (a scene that paints the whole gap, a drop that stretches).
    case overpulling

    /// The marker's name on `edge`'s timeline.
    package func name(on edge: RefreshEdge) -> String { edge == .top ? rawValue : "\(rawValue)@\(edge.rawValue)" }
}
