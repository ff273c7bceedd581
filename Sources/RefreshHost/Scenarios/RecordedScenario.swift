import Foundation
import RefreshPluginSDK
import RefreshCore

/// A preview recording as a ``Scenario`` that `refresh-dump run` replays: the list, the
/// environment, each edge as it was enabled, and the gestures and server answers of an
/// ``InteractionLog``. Written by the same encoder as any scenario, so it reads back the same.
package enum RecordedScenario {
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

        /// An edge as a session recorded it.
        package init(edge: RefreshEdge, plugin: String, parameters: [String: ParameterValue] = [:], status: RefreshContainer.EdgeStatus?) {
            (self.edge, self.plugin, self.parameters, self.status) = (edge, plugin, parameters, status)
        }
    }

    /// Frames a second of a recorded scenario unless the recording says otherwise.
    package static let fps = 60.0

    /// The scenario of a recording named `name`: a list of `rows` rows of `rowExtent` points along
    /// `axis` in `viewport`, scrolled `offset` points, in `environment`, with `edges` as the preview
    /// enabled them (result hold and haptics as the preview's), playing `steps` at `fps` frames a
    /// second. It shows the whole viewport, as the recording does.
    package static func scenario(name: String, viewport: Size, axis: ScrollAxis, rows: Int, rowExtent: Double, offset: Double = 0,
                                 environment: IndicatorEnvironment, edges: [Edge], fps: Double = fps, steps: [Scenario.Step]) -> Scenario {
        var setups: [RefreshEdge: Scenario.EdgeSetup] = [:]
        for edge in edges {
            let configuration = EdgeConfiguration(
                preloadDistance: edge.edge.isAtEnd ? Defaults.preloadDistance : nil,
                resultHoldTime: EdgeConfiguration.defaultResultHoldTime, haptics: Scenario.previewHaptics,
                placement: edge.status?.placement ?? .push, secondFloor: edge.status?.secondFloor)
            setups[edge.edge] = Scenario.EdgeSetup(plugin: edge.plugin, parameters: edge.parameters, configuration: configuration)
        }
        return Scenario(name: name, description: "Recorded in the preview: the gestures and the server's answers, as they happened.",
                        viewport: viewport, axis: axis, rows: rows, rowHeight: rowExtent, offset: offset, fps: fps, edges: setups,
                        environment: environment, window: .full, checkpoints: [], steps: steps)
    }
}
