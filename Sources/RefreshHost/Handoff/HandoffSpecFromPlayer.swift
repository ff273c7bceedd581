import RefreshCore
import RefreshPluginSDK

extension HandoffSpec {
    /// What `player`'s scenario and plugin say of `edge` (the scenario's first edge by default;
    /// `top` when it has one): distances and timing from the scenario, the trigger from the plugin
    /// when the scenario leaves it, words from the plugin (or the host's), physics from the list.
    package init?(player: ScenarioPlayer, edge: RefreshEdge? = nil) {
        let edges = player.scenario.edges.keys.sorted()
        guard let edge = edge ?? (edges.contains(.top) ? .top : edges.first), let slot = player.slots[edge],
              let setup = player.scenario.edges[edge] else { return nil }
        let c = setup.configuration
        let info = slot.info
        name = info.name
        id = info.id
        version = info.version
        trigger = c.triggerDistance ?? slot.refreshLength
        hold = c.holdExtent ?? trigger
        startOffset = c.startOffset
        policy = c.triggerPolicy
        resultHold = c.resultHoldTime
        placement = c.placement
        haptics = c.haptics
        secondFloorTrigger = c.secondFloor?.triggerDistance
        parameters = slot.parameters.values.keys.sorted().map { ($0, slot.parameters.values[$0]!.json) }
        func words(_ state: RefreshState) -> String {
            slot.stateDescription(state, edge: edge, locale: "en") ?? StateDescription.text(for: state, edge: edge, locale: "en") ?? ""
        }
        texts = StateTexts(pulling: words(.pulling(progress: 0.5)), eligible: words(.eligible), refreshing: words(.refreshing),
                           success: words(.finished(.success)), failure: words(.finished(.failure)), noMoreData: words(.noMoreData))
        rubberBand = player.driver.simulation.configuration.rubberBand.coefficient
        spring = player.driver.simulation.configuration.spring
    }

    /// Every platform's file for this spec, in ``HandoffPlatform`` order.
    package var files: [(platform: HandoffPlatform, text: String)] {
        let motion = motionLines
        return HandoffPlatform.allCases.map { ($0, $0.text(for: self, motion: motion)) }
    }
}
