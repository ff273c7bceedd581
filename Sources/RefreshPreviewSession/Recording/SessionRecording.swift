import RefreshPluginSDK
import RefreshCore
import RefreshHost

/// The recording's side of the session: the interaction log it keeps while the preview records,
/// the scenario made of it, and the player that draws the recording from that scenario.
extension Session {
    /// Starts keeping the gestures and refresh outcomes (the preview does while it records).
    package func beginInteractionLog() {
        interactionLog = InteractionLog(start: time, axis: layout.axis, rows: dataSource.rows, offset: driver.simulation.scrolled(along: layout.axis))
        interactionLog?.setting = currentSetting
        logInterruption = nil
    }

    /// Stops keeping the log and returns it as a scenario of `fps` frames a second that replays
    /// what happened, with the plugin, parameters and environment the log began with; nil when no
    /// log was kept.
    package func endInteractionLog(name: String, fps: Double) -> Scenario? {
        guard let log = interactionLog else { return nil }
        interactionLog = nil
        return scenario(of: log, name: name, until: time, fps: fps)
    }

    /// The scenario of `fps` frames a second (the recording's rate, 60 unless said) that replays
    /// `log` up to session time `end`, with the plugin, parameters and environment the log began
    /// with (later parameters are its steps), or the current ones for a log that kept none.
    func scenario(of log: InteractionLog, name: String, until end: Double, fps: Double = RecordedScenario.fps) -> Scenario {
        let setting = log.setting ?? currentSetting
        // The placement and floor each edge was enabled with: O and G wait for a busy edge to rest,
        // and the floor is 2.5× the length of the plugin it was enabled with.
        let edges = layout.edges.map { edge in
            RecordedScenario.Edge(edge: edge, plugin: setting.plugin, parameters: setting.parameters, status: driver.container.status(of: edge))
        }
        return RecordedScenario.scenario(name: name, viewport: options.viewport, axis: layout.axis, rows: log.rows, rowExtent: rowExtent, offset: log.offset,
                                         environment: setting.environment, edges: edges, fps: fps,
                                         steps: log.steps(until: end, fps: fps, pageSize: dataSource.pageSize, edges: layout.edges))
    }

    /// What a recording's scenario holds for its whole length, as the list shows it now.
    var currentSetting: InteractionLog.Setting {
        InteractionLog.Setting(plugin: plugins.isEmpty ? "" : plugins[current].id, parameters: plugins.isEmpty ? [:] : plugins[current].overrides,
                               environment: view.environment, layout: layout, placement: placement, hasSecondFloor: hasSecondFloor)
    }

    /// Keeps the recording's log in step with what the list shows: a parameter changed (the panel,
    /// a params file) becomes a step; a change a scenario cannot hold for part of its length (the
    /// plugin, the theme, motion or locale, the edges) ends what the log can replay, and says why
    /// (``logInterruption``: the window stops the recording there).
    func followSetting() {
        guard let log = interactionLog, let start = log.setting, logInterruption == nil else { return }
        let now = currentSetting
        guard now.plugin == start.plugin, now.environment == start.environment, now.hasSameEdges(as: start) else {
            logInterruption = now.plugin != start.plugin ? "another plugin is shown"
                : now.environment != start.environment ? "the theme, motion or locale changed" : "the edges changed"
            return
        }
        let logged = log.parameters
        guard now.parameters != logged else { return }
        let defaults = Dictionary(plugins[current].parameters.map { ($0.name, $0.defaultValue) }) { first, _ in first }
        for name in Set(logged.keys).union(now.parameters.keys).sorted() where now.parameters[name] != logged[name] {
            guard let value = now.parameters[name] ?? defaults[name] else { continue }
            interactionLog?.record(.setParameter(name, value), at: time)
        }
        interactionLog?.parameters = now.parameters
    }

    /// What the recording's log keeps of the list's events: a refresh's end at the moment the
    /// pretend server answered (the list shows it at the frame after, when the paging store has
    /// taken the answer in), and when each refresh began, which its request leaves at.
    func noteForRecording(_ event: RefreshEvent) {
        switch event {
        case .beganRefreshing(let edge, _):
            refreshBegan[edge] = time
            dataSource.refreshBegan = time
        case .finished(let edge, let result):
            let answered = dataSource.refreshAnswered.flatMap { $0 <= time && $0 >= refreshBegan[edge] ?? .infinity ? $0 : nil }
            refreshBegan[edge] = nil
            note(.finished(edge, result), loggedAt: answered)
        default:
            break
        }
    }

    /// A player of `scenario` (a recording's, as read back from its file) with the plugin shown,
    /// loaded again from its file, so that every frame is drawn in full (the window's plugin may
    /// show its last frame rather than wait for a slow one).
    package func recordingPlayer(of scenario: Scenario) throws -> ScenarioPlayer {
        guard !plugins.isEmpty else { throw PluginError(file: "(none)", reason: .notFound("the search path")) }
        let plugin = plugins[current]
        let loaded = try plugin.isolation.load(plugin.path)
        (loaded as? PluginHostProcess)?.answersWithoutWaiting = false
        return try ScenarioPlayer(scenario: scenario, pluginOverride: loaded, parameterOverrides: plugin.overrides, isolation: plugin.isolation)
    }
}
