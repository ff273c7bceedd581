import RefreshPluginSDK
import RefreshCore
import RefreshHost

extension Session {
    /// Carries out `command`, which happened at wall time `time` (the window system's time of the
    /// input, on the clock ``advance(toWallTime:)`` is given): an input to the list (pointer, wheel,
    /// and the keys that begin or end a refresh or close the second floor) is taken in at the
    /// simulation step of that moment, not at the frame that found it, so the list moves, and is
    /// recorded, the same however few frames the window draws.
    @discardableResult
    package func perform(_ command: PreviewCommand, atWallTime time: Double) -> PreviewEffect {
        inputTime = driver.time + view.clock.simulatedSeconds(until: time, rate: view.paused ? 0 : view.speed)
        defer { inputTime = nil }
        return perform(command)
    }

    /// An input to the list: kept for its step when it has a time, else taken in now.
    func takeListInput(_ command: PreviewCommand) {
        guard let inputTime else { return apply(command) }
        timedInputs.append((max(inputTime, timedInputs.last?.time ?? inputTime), command))
    }

    /// Takes in, in order, the timed inputs that happened before session time `time`.
    func takeTimedInputs(before time: Double) {
        while let first = timedInputs.first, first.time < time {
            timedInputs.removeFirst()
            apply(first.command)
        }
    }

    private func apply(_ command: PreviewCommand) {
        switch command {
        case .pointerDown(let p):
            guard scrub == nil, p.x >= 0, p.y >= 0, p.x < viewport.width, p.y < viewport.height else { break }
            pointer = p
            driver.simulation.dragBegan()
            note(.down(along(p)))
        case .pointerMoved(let p):
            guard let last = pointer else { break }
            driver.simulation.dragMoved(by: Point(x: p.x - last.x, y: p.y - last.y))
            pointer = p
            note(.move(along(p)))
        case .pointerUp:
            guard pointer != nil else { break }
            pointer = nil
            driver.simulation.dragEnded()
            note(.up)
        case .wheel(let delta):
            guard scrub == nil, delta.x.isFinite, delta.y.isFinite else { break }
            driver.simulation.wheel(by: delta)
            note(.wheel(along(delta)))
        case .closeSecondFloor:
            for edge in driver.container.enabledEdges where driver.container.state(of: edge) == .secondaryOpen {
                driver.container.closeSecondFloor(edge)
                note(.closeSecondFloor(edge))
            }
        case .beginRefresh:
            let began = dataSource.store.refresh() != nil
            view.message = began ? "refreshing" : "a refresh is already running"
            if began, let edge = layout.edges.first { note(.begin(edge)) }
        case .endRefresh:
            for edge in driver.container.enabledEdges where driver.container.state(of: edge) == .refreshing {
                driver.container.end(edge, result: dataSource.forcedOutcome ?? .success)
            }
        default:
            break
        }
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
}

extension Session {
    /// What a recording's scenario holds for its whole length, as the list shows it now.
    var currentSetting: InteractionLog.Setting {
        InteractionLog.Setting(plugin: plugins.isEmpty ? "" : plugins[current].id, parameters: plugins.isEmpty ? [:] : plugins[current].overrides,
                               environment: view.environment, edges: "\(layout.edges)|\(placement)|\(hasSecondFloor)")
    }

    /// Keeps the recording's log in step with what the list shows: a parameter changed (the panel,
    /// a params file) becomes a step; a change a scenario cannot hold for part of its length (the
    /// plugin, the theme, motion or locale, the edges) ends what the log can replay, and says why
    /// (``logInterruption``: the window stops the recording there).
    func followSetting() {
        guard let log = interactionLog, let start = log.setting, logInterruption == nil else { return }
        let now = currentSetting
        guard now.plugin == start.plugin, now.environment == start.environment, now.edges == start.edges else {
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
