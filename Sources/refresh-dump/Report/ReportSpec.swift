import Foundation
import RefreshCore
import RefreshHost
import RefreshPluginSDK

/// The review page's spec (`spec.json`): per scenario edge its distances and timing, per plugin
/// column its parameters, and the physics, merged fragment by fragment from the cells.
extension ReportCommand {
    /// The spec as one cell knows it: its scenario's edges with this plugin's trigger distance,
    /// the plugin's parameters, the physics. Fragments merge key by key (`JSONValue.merged`), so a
    /// plugin's trigger distance stands beside another's.
    static func specFragment(_ player: ScenarioPlayer, column: String) -> JSONValue {
        .object(["scenarios": .object([player.scenario.fileName: edgeSpec(player, column: column)]), "plugins": .object([column: pluginSpec(player)]),
                 "physics": ["rubberBandCoefficient": .number(RubberBand().coefficient),
                             "spring": ["mass": .number(Spring.critical.mass), "stiffness": .number(Spring.critical.stiffness), "dampingRatio": .number(Spring.critical.dampingRatio)]]])
    }

    /// What an engineer needs to rebuild the scenario's edges: each edge's distances and timing.
    /// An edge that does not set its trigger distance takes the plugin's refresh length, so that
    /// one is listed per plugin.
    static func edgeSpec(_ player: ScenarioPlayer, column plugin: String) -> JSONValue {
        func number(_ value: Double?) -> JSONValue { value.map(JSONValue.number) ?? .null }
        var edges: [String: JSONValue] = [:]
        for (edge, setup) in player.scenario.edges {
            let c = setup.configuration
            edges[edge.rawValue] = [
                "triggerDistance": number(c.triggerDistance),
                "triggerDistanceByPlugin": .object([plugin: .number(c.triggerDistance ?? player.slots[edge]?.refreshLength ?? 0)]),
                "startOffset": .number(c.startOffset), "holdExtent": number(c.holdExtent),
                "policy": .string("\(c.triggerPolicy)"), "preloadDistance": number(c.preloadDistance), "resultHoldTime": .number(c.resultHoldTime),
                "haptics": .string(setup.handedOffHaptics.rawValue), "placement": .string((player.driver.container.status(of: edge)?.placement ?? c.placement).rawValue),
                "secondFloor": c.secondFloor.map { ["triggerDistance": .number($0.triggerDistance), "openExtent": number($0.openExtent), "refreshesBelow": .bool($0.refreshesBelow)] } ?? .null,
            ]
        }
        return ["fps": .number(Double(player.scenario.fps)), "edges": .object(edges)]
    }

    /// A plugin's identity and the parameter values it ran with.
    static func pluginSpec(_ player: ScenarioPlayer) -> JSONValue {
        guard let slot = player.slots.values.first, case let plugin = slot.indicator, !(plugin is FailedIndicator) else { return [:] }
        return ["name": .string(plugin.info.name), "version": .string(plugin.info.version), "refreshLength": .number(plugin.refreshLength),
                "parameters": .object(plugin.parameters.values.mapValues(\.jsonValue))]
    }
}
