/// What `refresh-dump export` says of the indicator it exported, in the animation's
/// `meta.refreshkit`: what RefreshKit's Lottie plugin reads to play the export as the indicator
/// drew it. Players that do not know it ignore it.
package struct LottieExportMeta: Codable, Equatable, Sendable {
    /// Its member of the animation's `meta`.
    package static let key = "refreshkit"

    /// The indicator's refresh length, in points: the pull that triggers a refresh.
    package var refreshLength: Double
    /// The edge the export was drawn for (`RefreshEdge`'s raw value).
    package var edge: String?
    /// The indicator's id.
    package var id: String?
    /// The markers whose motion loops; the others play once and hold.
    package var loops: [String]?
    /// The pull `overpulling`'s last frame shows, in refresh lengths (its first shows 1); nil for
    /// an export without the marker.
    package var overpullReach: Double?
    /// The height of the band the markers other than `overpulling` were drawn in, at the bottom of
    /// a taller composition (the top for a bottom edge) that `overpulling` fills; nil when the
    /// composition is that band.
    package var bandHeight: Double?

    /// The members, named once for the writer (which keeps this order) and the reader.
    package enum CodingKeys: String, CodingKey, CaseIterable {
        case refreshLength, edge, id, loops, overpullReach, bandHeight
    }

    /// Meta naming each part.
    package init(refreshLength: Double, edge: String? = nil, id: String? = nil, loops: [String]? = nil, overpullReach: Double? = nil,
                 bandHeight: Double? = nil) {
        self.refreshLength = refreshLength
        self.edge = edge
        self.id = id
        self.loops = loops
        self.overpullReach = overpullReach
        self.bandHeight = bandHeight
    }
}
