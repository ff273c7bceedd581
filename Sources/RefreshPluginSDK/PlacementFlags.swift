import CRefreshPlugin

/// A plugin's own placement as `refresh_plugin_descriptor.flags` carry it
/// (`REFRESH_PLUGIN_PLACEMENT_ABOVE`, `…_STRETCH`, `…_BEHIND`; none of them: push).
package enum PlacementFlags {
    /// The flag for each placement a plugin may claim, in the order a host reads them.
    static let claims: [(IndicatorPlacement, UInt32)] = [
        (.above, REFRESH_PLUGIN_PLACEMENT_ABOVE.rawValue),
        (.stretch, REFRESH_PLUGIN_PLACEMENT_STRETCH.rawValue),
        (.behind, REFRESH_PLUGIN_PLACEMENT_BEHIND.rawValue),
    ]

    /// The bits that say `placement` (0 for push).
    package static func flags(for placement: IndicatorPlacement) -> UInt32 {
        claims.first { $0.0 == placement }?.1 ?? 0
    }

    /// The placement `flags` claim: the first of above, stretch, behind set; push when none is.
    package static func placement(in flags: UInt32) -> IndicatorPlacement {
        claims.first { flags & $0.1 != 0 }?.0 ?? .push
    }

    /// How many placements `flags` claim (more than one is a plugin's mistake `validate` names).
    package static func claimCount(in flags: UInt32) -> Int {
        claims.filter { flags & $0.1 != 0 }.count
    }
}
