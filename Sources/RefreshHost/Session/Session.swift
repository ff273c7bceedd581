import Foundation
import RefreshPluginSDK

/// The preview's session without a window: the plugins, the list (simulation, container, paging
/// store and its pretend server), the environment, speed, scrub and parameters. A front end sends
/// it ``Command``s and the wall clock, and draws what ``draw(in:scale:)`` draws; tests do the same
/// with a fake clock. Scripted, it plays a ``ScenarioPlayer`` instead of following the pointer.
@MainActor
package final class Session {
    /// How the interactive list starts.
    package struct Options {
        /// The list's viewport, in points.
        package var viewport = Defaults.viewport
        /// Simulated seconds a request takes.
        package var refreshTime = Defaults.refreshTime
        /// Share of simulated loads that fail, 0...1.
        package var failureRate = Defaults.failureRate
        /// Rows per page; nil: enough to fill the viewport and scroll (``Defaults/pageSize(forExtent:rowHeight:)``).
        package var pageSize: Int?
        /// Rows in all.
        package var totalRows = Defaults.totalRows
        /// Where plugins run: in a plugin-host child each (the preview's default), or in this process.
        package var pluginIsolation = HotReloadingPlugin.Isolation.inProcess
        /// Default options.
        package init() {}
    }

    /// The options it was made with.
    package let options: Options
    /// The plugin files, as given (``reloadPlugins`` loads them again).
    package let pluginPaths: [String]
    /// The plugins, loaded or with the reason they did not load.
    package private(set) var plugins: [SessionPlugin]
    /// The plugin shown.
    package private(set) var current = 0
    /// The enabled edges.
    package private(set) var layout = EdgeLayout.topAndBottom
    /// Theme, reduce motion, locale and direction.
    package private(set) var environment = IndicatorEnvironment()
    /// The rate of simulated time to wall time.
    package private(set) var speed = 1.0
    /// Whether time stands still (``Command/step`` advances one frame).
    package private(set) var paused = false
    /// The scrubbed edge and progress while the scrub holds the pull.
    package private(set) var scrub: (edge: RefreshEdge, progress: Double)?
    /// Whether the side panel shows.
    package var showsPanel = true
    /// Whether the key help shows.
    package private(set) var showsHelp = false
    /// The parameter `+` and `−` change.
    package private(set) var selectedParameter = 0
    /// The last thing that happened, for the panel.
    package private(set) var message: String
    /// The pretend server's last answer (the panel adds how to retry while the failure stands).
    package private(set) var lastAnswer: String?
    /// Whether the "? for keys" hint still shows: until the first key.
    package private(set) var showsKeyHint = true
    /// How the indicators sit: push, behind, above or stretch (O cycles).
    package private(set) var placement = IndicatorPlacement.push
    /// Whether the refresh edge has a second floor (G), at 2.5 times its trigger distance.
    package private(set) var hasSecondFloor = false
    /// Whether the captions show what a screen reader would say (A).
    package private(set) var showsCaptions = true
    /// Whether the front end clicks for each haptic (K); it stays silent without an audio device anyway.
    package private(set) var soundOn = true
    /// The haptics so far (the front end clicks when the count grows) and the last one, with its time.
    package private(set) var hapticCount = 0
    package private(set) var lastHaptic: (kind: HapticKind, time: Double)?
    /// The announcements so far (the front end speaks them when asked) and the last one, with its time.
    package private(set) var announcementCount = 0
    package private(set) var lastAnnouncement: (text: String, time: Double)?
    /// The simulation and container.
    package private(set) var driver: RefreshDriver
    /// The indicator slot at each enabled edge.
    package private(set) var slots: [RefreshEdge: IndicatorSlot] = [:]
    /// How the list looks.
    package private(set) var sceneLayout: SceneLayout
    /// The list's pretend server and paging store.
    package let dataSource: SimulatedDataSource
    /// The scenario being played, when scripted.
    package let player: ScenarioPlayer?

    private var clock = FixedStepClock()
    private var stepOnce = false
    private var pointer: Point?
    /// A row's height, or a card's pitch in the horizontal carousel.
    private var rowExtent: Double { layout.axis == .vertical ? Defaults.rowHeight : Defaults.cardPitch }

    /// An interactive session over the plugins at `pluginPaths` (probed now), starting with
    /// `firstPlugin` (id, name or path) when it is among them.
    package convenience init(options: Options = Options(), pluginPaths: [String], firstPlugin: String? = nil) {
        self.init(options: options, probed: PluginProbe.probed(pluginPaths), firstPlugin: firstPlugin)
    }

    /// An interactive session over plugins already probed (``PluginSearchPath/probed()``).
    package init(options: Options = Options(), probed: [(path: String, result: Result<PluginInfo, PluginError>)], firstPlugin: String? = nil) {
        self.options = options
        pluginPaths = probed.map(\.path)
        plugins = Self.plugins(probed, isolation: options.pluginIsolation)
        player = nil
        message = "Drag the list."
        let pageSize = options.pageSize ?? Defaults.pageSize(forExtent: options.viewport.height)
        dataSource = SimulatedDataSource(refreshTime: options.refreshTime, failureRate: options.failureRate,
                                         pageSize: pageSize, totalRows: options.totalRows)
        sceneLayout = SceneLayout(viewport: options.viewport)
        driver = RefreshDriver(simulation: try! ScrollSimulation(.init(viewportSize: options.viewport, contentSize: Size(width: 0, height: 0))),
                               container: RefreshContainer())
        if let first = firstPlugin, let index = plugins.firstIndex(where: { $0.id == first || $0.name.lowercased() == first.lowercased() || $0.path == first }) {
            current = index
        }
        rebuild()
    }

    /// A scripted session: it plays `player` frame by frame; the pointer and list keys do nothing.
    package init(player: ScenarioPlayer) {
        options = Options()
        pluginPaths = []
        plugins = []
        self.player = player
        environment = player.scenario.environment
        message = "Scripted: \(player.scenario.name)"
        dataSource = SimulatedDataSource(refreshTime: 1, failureRate: 0, pageSize: 1, totalRows: 0)
        driver = player.driver
        slots = player.slots
        sceneLayout = player.layout
    }

    /// The plugins the probe found, each loaded when first shown (never, when the probe failed).
    private static func plugins(_ probed: [(path: String, result: Result<PluginInfo, PluginError>)], isolation: HotReloadingPlugin.Isolation) -> [SessionPlugin] {
        probed.map { SessionPlugin(path: $0.path, probed: $0.result, isolation: isolation) }
    }

    /// The list's viewport, in points.
    package var viewport: Size { sceneLayout.viewport }
    /// Simulated seconds so far.
    package var time: Double { driver.time }

    // MARK: The list

    /// A fresh list with the current plugin at the layout's edges and a fresh paging store, which
    /// asks for its first page at once.
    private func rebuild() {
        guard player == nil else { return }
        dataSource.restart()
        let axis = layout.axis
        sceneLayout = SceneLayout(viewport: options.viewport, axis: axis, rowHeight: rowExtent)
        let simulation = try! ScrollSimulation(.init(viewportSize: options.viewport, contentSize: contentSize(rows: 0), scrollableAxes: [axis]))
        let container = RefreshContainer()
        container.locale = environment.locale
        driver = RefreshDriver(simulation: simulation, container: container)
        slots = [:]
        enableEdges()
        container.onEvent = { [unowned self] event in
            switch event {
            case .haptic(_, let kind):
                hapticCount += 1
                lastHaptic = (kind, time)
            case .announce(_, let text):
                announcementCount += 1
                lastAnnouncement = (text, time)
            default:
                message = "\(event)"
            }
            if case .finished(let edge, let result) = event { interactionLog?.record(.finished(edge, result), at: time) }
        }
        dataSource.store.loadInitial()
        scrub = nil
    }

    /// Enables the layout's edges with the current plugin, each edge's trigger distance its own,
    /// and attaches the paging store (again) to them.
    private func enableEdges() {
        let container = driver.container
        for edge in layout.edges {
            let slot = slots[edge] ?? IndicatorSlot(currentIndicator)
            slot.indicator = currentIndicator
            let floor = hasSecondFloor && !edge.isAtEnd ? SecondFloor(triggerDistance: 2.5 * slot.refreshLength) : nil
            let configuration = EdgeConfiguration(preloadDistance: edge.isAtEnd ? Defaults.preloadDistance : nil,
                                                  resultHoldTime: EdgeConfiguration.defaultResultHoldTime, haptics: .thresholdAndStart,
                                                  placement: placement, secondFloor: floor)
            do {
                try container.enable(edge, indicator: slot, configuration: configuration)
            } catch {
                // A plugin with an unusable length: show the reason where the indicator would be.
                slot.indicator = FailedIndicator(error: PluginError(file: plugins.isEmpty ? "(none)" : plugins[current].path, reason: .invalidDescriptor("\(error)")))
                try? container.enable(edge, indicator: slot, configuration: configuration)
            }
            slots[edge] = slot
        }
        let axis = layout.axis
        dataSource.store.attach(to: container, refreshEdge: axis == .vertical ? .top : .leading,
                                loadMoreEdge: axis == .vertical ? .bottom : .trailing)
    }

    private var currentIndicator: any HostedIndicator {
        plugins.isEmpty ? FailedIndicator(error: PluginError(file: "(none)", reason: .notFound("the search path"))) : plugins[current].indicator
    }

    /// Puts the current plugin's indicator in every slot; when its refresh length differs from the
    /// one the edges were enabled with, enables them again so the trigger distance is the new
    /// plugin's (an edge in the middle of a refresh is left alone until it is back to rest).
    private func showCurrentPlugin() {
        let indicator = currentIndicator
        let lengthChanged = slots.values.contains { $0.refreshLength != indicator.refreshLength }
        for slot in slots.values { slot.indicator = indicator }
        if lengthChanged { reEnableEdges() }
    }

    private var needsReEnable = false

    /// Enables the edges again with the new options, now when they are at rest, else when they are.
    private func reEnableEdges() {
        if edgesAreQuiet { enableEdges() } else { needsReEnable = true }
    }

    private func contentSize(rows: Int) -> Size {
        layout.axis == .vertical ? Size(width: options.viewport.width, height: Double(rows) * rowExtent)
                                 : Size(width: Double(rows) * rowExtent, height: options.viewport.height)
    }

    // MARK: Recording the interaction

    /// What happens from now on, kept to be saved as a scenario (``endInteractionLog()``).
    package private(set) var interactionLog: InteractionLog?

    /// Starts keeping the gestures and refresh outcomes (the preview does while it records).
    package func beginInteractionLog() {
        interactionLog = InteractionLog(start: time, axis: layout.axis, rows: dataSource.rows)
    }

    /// Stops keeping the log and returns it as a scenario file (JSON) that replays what happened
    /// with the current plugin and parameters; nil when no log was kept.
    package func endInteractionLog(name: String) -> Data? {
        guard let log = interactionLog else { return nil }
        interactionLog = nil
        let fps = 60.0
        var edges: [String: Any] = [:]
        for edge in layout.edges {
            var setup: [String: Any] = ["plugin": plugins.isEmpty ? "" : plugins[current].id,
                                        "resultHoldTime": EdgeConfiguration.defaultResultHoldTime, "haptics": HapticFeedback.thresholdAndStart.rawValue]
            if edge.isAtEnd { setup["preloadDistance"] = Defaults.preloadDistance }
            // The placement and floor the edge was enabled with: O and G wait for a busy edge to rest,
            // and the floor is 2.5× the length of the plugin it was enabled with.
            let status = driver.container.status(of: edge)
            if let placement = status?.placement { setup["placement"] = placement.rawValue }
            if let floor = status?.secondFloor {
                var floorSetup: [String: Any] = ["triggerDistance": floor.triggerDistance, "refreshesBelow": floor.refreshesBelow]
                if let open = floor.openExtent { floorSetup["openExtent"] = open }
                setup["secondFloor"] = floorSetup
            }
            if let values = plugins.isEmpty ? nil : plugins[current].overrides, !values.isEmpty {
                setup["params"] = values.mapValues(\.jsonObject)
            }
            edges[edge.rawValue] = setup
        }
        let scenario: [String: Any] = [
            "name": name, "description": "Recorded in the preview: the gestures and the server's answers, as they happened.",
            "viewport": ["width": options.viewport.width, "height": options.viewport.height],
            "axis": layout.axis.rawValue, "rows": log.rows, "rowHeight": rowExtent, "fps": fps,
            "theme": environment.colorScheme.rawValue, "locale": environment.locale, "reduceMotion": environment.reduceMotion,
            "edges": edges,
            "steps": log.steps(until: time, fps: fps, pageSize: dataSource.pageSize),
        ]
        return try? JSONSerialization.data(withJSONObject: scenario, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
    }

    /// `p`'s coordinate along the list's scroll axis.
    private func along(_ p: Point) -> Double { layout.axis == .vertical ? p.y : p.x }

    // MARK: Commands

    /// Carries out `command`; returns what the front end must do about it.
    @discardableResult
    package func perform(_ command: Command) -> Effect {
        switch command {
        case .pointerDown, .pointerMoved, .pointerUp, .wheel: break
        default: showsKeyHint = false
        }
        switch command {
        case .pointerDown(let p):
            guard player == nil, scrub == nil, p.x >= 0, p.y >= 0, p.x < viewport.width, p.y < viewport.height else { break }
            pointer = p
            driver.simulation.dragBegan()
            interactionLog?.record(.down(along(p)), at: time)
        case .pointerMoved(let p):
            guard let last = pointer else { break }
            driver.simulation.dragMoved(by: Point(x: p.x - last.x, y: p.y - last.y))
            pointer = p
            interactionLog?.record(.move(along(p)), at: time)
        case .pointerUp:
            guard pointer != nil else { break }
            pointer = nil
            driver.simulation.dragEnded()
            interactionLog?.record(.up, at: time)
        case .wheel(let delta):
            guard player == nil, scrub == nil, delta.x.isFinite, delta.y.isFinite else { break }
            driver.simulation.wheel(by: delta)
            interactionLog?.record(.wheel(along(delta)), at: time)
        case .nextPlugin: switchPlugin(by: 1)
        case .previousPlugin: switchPlugin(by: -1)
        case .reloadPlugins:
            guard player == nil else { break }
            plugins = Self.plugins(PluginProbe.probed(pluginPaths), isolation: options.pluginIsolation)
            current = min(current, max(0, plugins.count - 1))
            rebuild()
            message = "reloaded \(plugins.count) plugins"
        case .setSpeed(let rate):
            guard rate.isFinite, rate > 0, rate <= 1 else { break }
            speed = rate
            message = "speed \(speedName)"
        case .togglePause:
            paused.toggle()
            message = paused ? "paused (. steps one frame)" : "running"
        case .step: if paused { stepOnce = true }
        case .toggleScrub: toggleScrub()
        case .scrub(let delta):
            // Hundredths exactly: ten steps of 0.05 from 0.5 must be 1, not 0.9999999999999999.
            if let s = scrub, delta.isFinite { scrub = (s.edge, min(1.5, max(0, ((s.progress + delta) * 100).rounded() / 100))) }
        case .toggleTheme:
            environment.colorScheme = environment.colorScheme == .light ? .dark : .light
            message = "theme \(environment.colorScheme.rawValue)"
        case .toggleReduceMotion:
            environment.reduceMotion.toggle()
            message = environment.reduceMotion ? "reduce motion on" : "reduce motion off"
        case .nextLocale:
            let locales = ["en", "zh-Hans", "ar"]
            let next = locales[((locales.firstIndex(of: environment.locale) ?? -1) + 1) % locales.count]
            environment.locale = next
            environment.layoutDirection = TextDirection(locale: next)
            driver.container.locale = next
            message = "locale \(next)"
        case .nextLayout:
            guard player == nil else { break }
            let all = EdgeLayout.allCases
            layout = all[(all.firstIndex(of: layout)! + 1) % all.count]
            rebuild()
            message = "edges: " + layout.edges.map(\.rawValue).joined(separator: " + ")
        case .nextPlacement:
            guard player == nil else { break }
            let all = IndicatorPlacement.allCases
            placement = all[(all.firstIndex(of: placement)! + 1) % all.count]
            reEnableEdges()
            message = "placement \(placement.rawValue)"
        case .toggleSecondFloor:
            guard player == nil else { break }
            hasSecondFloor.toggle()
            reEnableEdges()
            message = hasSecondFloor ? "second floor on: pull past 2.5× the trigger and release" : "second floor off"
        case .closeSecondFloor:
            for edge in driver.container.enabledEdges where driver.container.state(of: edge) == .secondaryOpen {
                driver.container.closeSecondFloor(edge)
                interactionLog?.record(.closeSecondFloor(edge), at: time)
            }
        case .toggleCaptions:
            showsCaptions.toggle()
            message = showsCaptions ? "captions on" : "captions off"
        case .toggleSound:
            soundOn.toggle()
            message = soundOn ? "haptic sound on" : "haptic sound off"
        case .beginRefresh:
            guard player == nil else { break }
            let began = dataSource.store.refresh() != nil
            message = began ? "refreshing" : "a refresh is already running"
            if began, let edge = layout.edges.first { interactionLog?.record(.begin(edge), at: time) }
        case .endRefresh:
            for edge in driver.container.enabledEdges where driver.container.state(of: edge) == .refreshing {
                driver.container.end(edge, result: dataSource.forcedOutcome ?? .success)
            }
        case .forceOutcome(let outcome):
            dataSource.forcedOutcome = outcome
            message = "next outcome: \(outcome.rawValue)"
        case .retry: retry()
        case .selectParameter(let backwards):
            let count = max(1, plugins.isEmpty ? 1 : plugins[current].parameters.count)
            selectedParameter = (selectedParameter + (backwards ? count - 1 : 1)) % count
        case .changeParameter(let step): changeParameter(by: step)
        case .togglePanel: showsPanel.toggle()
        case .toggleHelp: showsHelp.toggle()
        case .screenshot(let kind): return .screenshot(kind)
        case .toggleRecording(let alternate): return .toggleRecording(alternate: alternate)
        case .quit: return .quit
        }
        return .none
    }

    /// Says something in the panel (what the front end did: a screenshot saved, a recording).
    package func say(_ text: String) { message = text }

    private var speedName: String { speed == 1 ? "1×" : speed == 0.25 ? "¼×" : speed == 0.1 ? "⅒×" : "\(speed)×" }

    private func switchPlugin(by step: Int) {
        guard !plugins.isEmpty, player == nil else { return }
        current = (current + step + plugins.count) % plugins.count
        selectedParameter = 0
        showCurrentPlugin()
        message = "\(plugins[current].name)" + (plugins[current].loadError.map { ": \($0)" } ?? "")
    }

    private func retry() {
        guard player == nil else { return }
        switch dataSource.store.state {
        case .fullscreenError, .pagingError:
            message = dataSource.store.retry() != nil ? "retrying" : "cannot retry now"
        default:
            message = "nothing to retry"
        }
    }

    private func toggleScrub() {
        if let s = scrub {
            scrub = nil
            driver.simulation.dragEnded(velocity: .zero)
            message = "scrub released at \(String(format: "%.2f", s.progress))"
        } else if let edge = layout.edges.first, player == nil {
            scrub = (edge, 0.5)
            driver.simulation.dragBegan()
            message = "scrub: ↑ ↓ change the progress, P releases"
        }
    }

    /// Holds the scrubbed edge open at the scrubbed progress with a virtual finger, so the
    /// container's rules (eligible at 1, refresh on release) apply as for a real pull.
    private func applyScrub() {
        guard let (edge, progress) = scrub, let status = driver.container.status(of: edge) else { return }
        // The preview's edges have no start offset. At 1.00 and past it, aim a hundredth of a point
        // beyond the trigger, so that the rubber band's rounding cannot leave the pull a hair short
        // of eligible while the panel shows 1.00.
        let target = status.triggerDistance * progress + (progress >= 1 ? 0.01 : 0)
        let band = driver.simulation.configuration.rubberBand
        let delta = band.raw(target, dimension: viewport[edge.axis]) - driver.simulation.pull(at: edge).rawDistance
        let sign: Double = edge.isAtEnd ? -1 : 1
        driver.simulation.dragMoved(by: edge.axis == .vertical ? Point(x: 0, y: sign * delta) : Point(x: sign * delta, y: 0))
    }

    private func changeParameter(by step: Int) {
        guard !plugins.isEmpty, let values = plugins[current].values else { return }
        let specs = plugins[current].parameters
        guard specs.indices.contains(selectedParameter) else { return }
        let spec = specs[selectedParameter]
        let palette = ["#0A84FF", "#FF375F", "#30D158", "#FF9F0A", "#BF5AF2", "#8E8E93", "#FFFFFF", "#000000"]
        let next: ParameterValue
        switch spec.kind {
        case .number(_, let range):
            let width = range.upperBound - range.lowerBound
            let increment = width <= 20 ? 1 : (width / 20).rounded()
            next = .number(min(range.upperBound, max(range.lowerBound, values.number(spec.name) + Double(step) * increment)))
        case .bool: next = .bool(!values.bool(spec.name))
        case .choice(_, let options):
            let index = options.firstIndex(of: values.string(spec.name)) ?? 0
            next = .string(options[(index + step + options.count) % options.count])
        case .color:
            let index = palette.firstIndex(of: values.color(spec.name).hex) ?? -1
            next = .string(palette[(index + step + palette.count) % palette.count])
        case .string:
            message = "\(spec.name) is text: edit it in the params file"
            return
        }
        plugins[current].overrides[spec.name] = next
        if let error = plugins[current].applyOverrides() {
            message = "\(error)"
        } else {
            message = "\(spec.name) = \(next.json)"
        }
        showCurrentPlugin()
    }

    // MARK: Files

    /// Loads rebuilt plugins; returns whether anything changed.
    @discardableResult
    package func reloadChangedPlugins() -> Bool {
        var changed = false
        for (index, plugin) in plugins.enumerated() {
            guard let note = plugin.reloadIfChanged() else { continue }
            message = note
            changed = true
            if index == current { showCurrentPlugin() }
        }
        return changed
    }

    /// Applies the contents of a params file, `{"plugin id or name": {"parameter": value}}`. A
    /// plugin the file does not name goes back to its defaults (`{}` restores them all). A file
    /// that is not valid JSON (half written) changes nothing; the message says where it is wrong.
    package func applyParameters(_ data: Data, file: String) {
        if let problem = JSONSyntax.problem(in: data) {
            message = "\(file): \(problem) (keeping the last good values)"
            return
        }
        let all: [String: [String: ParameterValue]]
        do {
            all = try JSONDecoder().decode([String: [String: ParameterValue]].self, from: data)
        } catch {
            message = "\(file): expected {\"plugin id\": {\"parameter\": value}} (keeping the last good values)"
            return
        }
        message = "applied \(file)"
        for plugin in plugins {
            let values = all[plugin.id] ?? all[plugin.name] ?? [:]
            guard values != plugin.overrides else { continue }
            plugin.overrides = values
            if let error = plugin.applyOverrides() { message = "\(file): \(error)" }
        }
        showCurrentPlugin()
    }

    // MARK: Time

    /// Advances to wall time `now` (seconds, monotonic): live, the simulation takes as many fixed
    /// steps as the clock and the speed say ("1×" is real time whatever the frame rate); paused, a
    /// ``Command/step`` advances one 120 Hz frame. Scripted, one frame of the scenario per call.
    /// Returns false when a script has ended.
    package func advance(toWallTime now: Double) throws -> Bool {
        if let player {
            _ = clock.steps(at: now, rate: 0)
            guard !paused || stepOnce else { return true }
            stepOnce = false
            return try player.advance()
        }
        let steps = clock.steps(at: now, rate: paused ? 0 : speed)
        let count = paused && stepOnce ? max(1, Int((Defaults.frameInterval / clock.step).rounded())) : steps
        stepOnce = false
        try advance(steps: count)
        return true
    }

    /// Notes that wall time went on to `now` without the list moving (the window waited for input
    /// while at rest): that time is not simulated later.
    package func rested(untilWallTime now: Double) {
        _ = clock.steps(at: now, rate: 0)
    }

    private func advance(steps: Int) throws {
        applyScrub()
        for _ in 0..<steps { driver.advance(by: clock.step) }
        if let answer = dataSource.tick(now: driver.time).last { lastAnswer = answer }
        let wanted = contentSize(rows: dataSource.rows)
        if driver.simulation.configuration.contentSize != wanted { try driver.simulation.setContentSize(wanted) }
        if needsReEnable && edgesAreQuiet {
            needsReEnable = false
            enableEdges()
        }
    }

    private var retryHint: String {
        switch dataSource.store.state {
        case .fullscreenError: " — Enter retries"
        case .pagingError: " — pull again or press Enter to retry"
        case .items where dataSource.store.items.isEmpty, .empty: ""
        default: ""
        }
    }

    /// Whether nothing on screen can change until an input arrives: not scripted, no scrub; the list
    /// at rest with no finger on it; every edge showing `none` or `noMoreData` (states whose
    /// indicators do not animate); no request waiting. The window then waits for events instead of
    /// drawing the same picture.
    package var isAtRest: Bool {
        guard player == nil, scrub == nil, pointer == nil, driver.simulation.isResting, !dataSource.isBusy else { return false }
        return edgesAreQuiet
    }

    /// Whether every edge shows `none`, `noMoreData` or nothing observed yet: no refresh running or
    /// ending, nothing animating, nothing a new configuration would cut short.
    private var edgesAreQuiet: Bool {
        driver.container.enabledEdges.allSatisfy { edge in
            switch driver.container.state(of: edge) {
            case .none, .noMoreData, .unknown: true
            default: false
            }
        }
    }

    // MARK: Drawing

    /// What the list shows in place of rows: loading, a failed first page, or nothing to show.
    package var placeholder: ListPlaceholder? {
        guard player == nil else { return player?.placeholder }
        switch dataSource.store.state {
        case .idle, .fullscreenLoading: return .loading
        case .fullscreenError(let reason): return .failed(reason)
        case .empty: return .empty
        default: return nil
        }
    }

    /// Draws the list and its indicators into `canvas` (origin at the viewport's top-left), with
    /// the help over it when it shows; returns the indicators' errors.
    @discardableResult
    package func draw(in canvas: Canvas, scale: Double) -> [PluginError] {
        let errors = SceneRenderer.draw(in: canvas, layout: sceneLayout, simulation: driver.simulation, container: driver.container,
                                        indicators: slots, time: driver.time, environment: environment, scale: scale,
                                        placeholder: placeholder)
        if showsCaptions, let (text, at) = lastAnnouncement, driver.time - at < Self.captionTime {
            Captions.draw(text, in: canvas, viewport: viewport, rightToLeft: environment.layoutDirection == .rightToLeft)
        }
        if showsHelp { HelpOverlay.draw(in: canvas, size: viewport) }
        return errors
    }

    /// How long a caption stays, in simulated seconds.
    static let captionTime = 2.5
    /// How long the panel's haptic lamp stays lit, in simulated seconds.
    static let lampTime = 0.25

    /// The first edge's band alone (an indicator and the rows beside it) at `scale`.
    package func renderBand(scale: Double) throws -> ImageSurface {
        let edge = driver.container.enabledEdges.first ?? .top
        let rect = sceneLayout.bandRect(at: edge)
        let image = try ImageSurface(size: rect.size, scale: scale)
        let canvas = Canvas(surface: image)
        canvas.translate(x: -rect.minX, y: -rect.minY)
        SceneRenderer.draw(in: canvas, layout: sceneLayout, simulation: driver.simulation, container: driver.container,
                           indicators: slots, time: driver.time, environment: environment, scale: scale, placeholder: placeholder)
        return image
    }

    /// The panel's text for this moment (the front end adds its frame times).
    package func panelLines() -> [String] {
        let plugin = plugins.isEmpty ? nil : plugins[current]
        let info = plugin?.hot?.indicator.info ?? slots.values.first?.info  // the plugin, also while its error card shows
        var lines = ["RefreshKit preview", ""]
        lines.append("plugin   \(info?.name ?? "none") \(info?.version ?? "")")
        lines.append("         \(info?.id ?? "")")
        if let error = plugin?.loadError { lines.append("  ✗ \(error)") }
        // What the plugin wrote through refresh_host.log, newest last.
        for line in plugin?.hot?.indicator.logLines.suffix(2) ?? [] { lines.append("  log: \(line)") }
        let edges = driver.container.enabledEdges
        lines.append("edges    \(edges.map(\.rawValue).joined(separator: " + ")) (\(sceneLayout.axis))")
        for edge in edges {
            guard let status = driver.container.status(of: edge) else { continue }
            lines.append("── \(edge.rawValue)")
            lines.append("state    \(status.state)")
            lines.append("progress \(Self.format(status.progress))   trigger \(Self.format(status.triggerDistance, 0)) pt")
            lines.append("pull     \(Self.format(status.pull.distance, 1)) pt  raw \(Self.format(status.pull.rawDistance, 1)) pt")
        }
        lines.append("velocity \(Self.format(driver.simulation.velocity[sceneLayout.axis], 0)) pt/s")
        lines.append("place    \(placement.rawValue)  second floor \(hasSecondFloor ? "on" : "off")")
        let lit = lastHaptic.map { driver.time - $0.time < Self.lampTime } ?? false
        lines.append("haptic   \(lit ? "●" : "○") \(lastHaptic.map { $0.kind.rawValue } ?? "–")  ×\(hapticCount)  sound \(soundOn ? "on" : "off")")
        lines.append("says     \(lastAnnouncement?.text ?? "–")")
        lines.append("")
        lines.append("speed    \(speedName)\(paused ? "  paused" : "")\(scrub.map { "  scrub \(Self.format($0.progress))" } ?? "")")
        lines.append("theme    \(environment.colorScheme.rawValue)  motion \(environment.reduceMotion ? "reduced" : "full")  locale \(environment.locale)")
        if let player {
            lines.append("script   \(player.scenario.name) t=\(Self.format(player.time, 2)) s")
        } else {
            lines.append("rows     \(dataSource.rows)/\(dataSource.totalRows)  next: \(dataSource.forcedOutcome?.rawValue ?? "\(Int(dataSource.failureRate * 100))% fail")")
            lines.append("paging   \(dataSource.store.state)")
            if let lastAnswer { lines.append(lastAnswer + retryHint) }
        }
        if let plugin, let values = plugin.values, !plugin.parameters.isEmpty {
            lines.append("")
            lines.append("parameters (Tab, + −)")
            for (i, spec) in plugin.parameters.enumerated() {
                let value = values.values[spec.name]?.json ?? "?"
                lines.append("\(i == selectedParameter ? "›" : " ") \(spec.name.padding(toLength: 14, withPad: " ", startingAt: 0)) \(value)")
            }
        }
        lines.append("")
        lines.append(message)
        if showsKeyHint { lines.append("? for keys") }
        return lines
    }

    /// `value` with `decimals` decimals, in the C locale whatever a plugin set.
    package static func format(_ value: Double, _ decimals: Int = 2) -> String {
        String(format: "%.\(decimals)f", locale: Locale(identifier: "en_US_POSIX"), value)
    }
}
