import Foundation
import RefreshPluginSDK

/// A preview recording written as a scenario file that `refresh-dump run` replays: the list, the
/// environment, each edge as it was enabled, and the gestures and server answers of an
/// ``InteractionLog``.
package struct RecordedScenario {
    /// One edge as the recording found it.
    package struct Edge {
        /// Which edge.
        package var edge: RefreshEdge
        /// The plugin's id.
        package var plugin: String
        /// The parameters changed from the plugin's defaults.
        package var parameters: [String: ParameterValue] = [:]
        /// The placement and floor the edge was enabled with.
        package var status: RefreshContainer.EdgeStatus?
    }

    /// The scenario's name.
    package var name: String
    /// The list's viewport, in points.
    package var viewport: Size
    /// The scroll axis.
    package var axis: ScrollAxis
    /// Rows when the log began, and a row's height (or a card's pitch).
    package var rows: Int
    package var rowExtent: Double
    /// Theme, motion and locale.
    package var environment: IndicatorEnvironment
    /// The enabled edges.
    package var edges: [Edge]
    /// The steps, as ``InteractionLog/steps(until:fps:pageSize:)`` writes them.
    package var steps: [[String: Any]]

    /// Frames a second of the recorded scenario.
    package static let fps = 60.0

    /// The scenario as JSON, keys sorted.
    package func json() throws -> Data {
        var edgeObjects: [String: Any] = [:]
        for edge in edges {
            var setup: [String: Any] = ["plugin": edge.plugin,
                                        "resultHoldTime": EdgeConfiguration.defaultResultHoldTime, "haptics": HapticFeedback.thresholdAndStart.rawValue]
            if edge.edge.isAtEnd { setup["preloadDistance"] = Defaults.preloadDistance }
            if let placement = edge.status?.placement { setup["placement"] = placement.rawValue }
            if let floor = edge.status?.secondFloor {
                var floorSetup: [String: Any] = ["triggerDistance": floor.triggerDistance, "refreshesBelow": floor.refreshesBelow]
                if let open = floor.openExtent { floorSetup["openExtent"] = open }
                setup["secondFloor"] = floorSetup
            }
            if !edge.parameters.isEmpty { setup["params"] = edge.parameters.mapValues(\.jsonObject) }
            edgeObjects[edge.edge.rawValue] = setup
        }
        let scenario: [String: Any] = [
            "name": name, "description": "Recorded in the preview: the gestures and the server's answers, as they happened.",
            "viewport": ["width": viewport.width, "height": viewport.height],
            "axis": axis.rawValue, "rows": rows, "rowHeight": rowExtent, "fps": Self.fps,
            "theme": environment.colorScheme.rawValue, "locale": environment.locale, "reduceMotion": environment.reduceMotion,
            "edges": edgeObjects,
            "steps": steps,
        ]
        return try JSONSerialization.data(withJSONObject: scenario, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
    }
}
