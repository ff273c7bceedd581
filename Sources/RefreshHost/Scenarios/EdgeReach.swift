import RefreshCore
import RefreshPluginSDK

/// How far a scenario pulled each edge and whether the edge ever refreshed: a cell whose pull
/// never reached its trigger gets a badge saying so, instead of a column that silently never
/// refreshes.
package struct EdgeReach {
    private var deepest: [RefreshEdge: Double] = [:]
    private var trigger: [RefreshEdge: Double] = [:]
    private var reached: Set<RefreshEdge> = []

    package init() {}

    /// Notes `edges`' pull and state in `container` at this frame.
    package mutating func observe(_ container: RefreshContainer, edges: [RefreshEdge]) {
        for edge in edges {
            guard let status = container.status(of: edge) else { continue }
            deepest[edge] = max(deepest[edge] ?? 0, status.pull.distance)
            trigger[edge] = status.triggerDistance
            switch status.state {
            case .eligible, .refreshing, .finished, .noMoreData, .secondaryEligible, .secondaryOpen: reached.insert(edge)
            default: break
            }
        }
    }

    /// How much longer the scenario's drags must be for every pulled edge to pass its trigger
    /// (the visible pull grows more slowly than the finger's travel, the rubber band's doing, so
    /// the shortfall counts twice, and a little more); nil when every pulled edge refreshed.
    package var lengthening: Double? {
        let short = deepest.filter { !reached.contains($0.key) && $0.value >= 1 }
        guard !short.isEmpty else { return nil }
        return short.map { edge, pull in 1.15 * (trigger[edge]! / pull) * (trigger[edge]! / pull) }.max()
    }

    /// Each edge pulled (a point or more) that never reached its trigger, with its deepest pull and
    /// its trigger, in edge order.
    package var shortfalls: [(edge: RefreshEdge, pull: Double, trigger: Double)] {
        deepest.keys.sorted().filter { !reached.contains($0) && deepest[$0]! >= 1 }.map { ($0, deepest[$0]!, trigger[$0]!) }
    }

    /// "never refreshes: trigger 140 pt, pull reached 118 pt" for the edges pulled (at least a
    /// point) that never reached their trigger; nil when every pulled edge did.
    package var badge: String? {
        let short = shortfalls
        guard !short.isEmpty else { return nil }
        let several = deepest.filter { $0.value >= 1 }.count > 1
        return short.map { edge, pull, trigger in
            (several ? "\(edge.rawValue): " : "") + "never refreshes: trigger \(Int(trigger.rounded())) pt, pull reached \(Int(pull.rounded())) pt"
        }.joined(separator: "; ")
    }
}
