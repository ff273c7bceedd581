import RefreshCore
import RefreshPluginSDK
import RefreshHost

extension HandoffSpec {
    /// What `player`'s scenario and plugin say of `edge` (the scenario's first edge by default;
    /// `top` when it has one): distances as the list resolved them (the plugin's length where the
    /// scenario leaves them), timing from the scenario, words from the plugin (or the host's), physics from the list;
    /// haptics from the scenario, or the preview's where it does not say.
    package init?(player: ScenarioPlayer, edge: RefreshEdge? = nil) {
        let edges = player.scenario.edges.keys.sorted()
        guard let edge = edge ?? (edges.contains(.top) ? .top : edges.first), let slot = player.slots[edge],
              let setup = player.scenario.edges[edge], let status = player.driver.container.status(of: edge) else { return nil }
        let c = setup.configuration
        let info = slot.info
        name = info.name
        id = info.id
        version = info.version
        // The distances as the list resolved them (a default trigger and hold are the plugin's length).
        trigger = status.triggerDistance
        hold = status.holdExtent
        startOffset = c.startOffset
        policy = c.triggerPolicy
        resultHold = c.resultHoldTime
        placement = status.placement
        haptics = setup.handedOffHaptics
        secondFloorTrigger = c.secondFloor?.triggerDistance
        parameters = slot.parameters.values.keys.sorted().map { ($0, slot.parameters.values[$0]!) }
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
