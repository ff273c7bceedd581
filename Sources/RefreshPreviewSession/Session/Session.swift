import Foundation
import RefreshPluginSDK
import RefreshCore
import RefreshHost

/// The preview's interactive session without a window: the plugins, the list (simulation,
/// container, paging store and its pretend server), the scrub and parameters, and how it is shown
/// (``SessionView``). A front end sends it ``PreviewCommand``s and the wall clock, and draws what
/// ``PreviewSession/draw(in:scale:)`` draws; tests do the same with a fake clock. A scenario plays
/// in a ``ScriptedSession`` instead.
@MainActor
package final class Session: PreviewSession {
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
        package var pluginIsolation = PluginIsolation.inProcess
        /// Default options.
        package init() {}
    }

    /// The options it was made with.
    package let options: Options
    /// The plugin files, as given (``reloadPlugins`` loads them again).
    package let pluginPaths: [String]
    /// The plugins, loaded or with the reason they did not load.
    package internal(set) var plugins: [SessionPlugin]
    /// The plugin shown.
    package internal(set) var current = 0
    /// The enabled edges.
    package private(set) var layout = EdgeLayout.topAndBottom
    /// The scrubbed edge and progress while the scrub holds the pull.
    package internal(set) var scrub: (edge: RefreshEdge, progress: Double)?
    /// The parameter `+` and `−` change.
    package internal(set) var selectedParameter = 0
    /// The pretend server's last answer (the panel adds how to retry while the failure stands).
    package private(set) var lastAnswer: String?
    /// How the indicators sit: push, behind, above or stretch (O cycles); until O is pressed, the
    /// placement the plugin shown is drawn for.
    package var placement: IndicatorPlacement { chosenPlacement ?? (plugins.isEmpty ? .push : plugins[current].placement) }
    /// The placement O chose; nil: the plugin's own.
    private var chosenPlacement: IndicatorPlacement?
    /// Whether the refresh edge has a second floor (G), at 2.5 times its trigger distance.
    package private(set) var hasSecondFloor = false
    /// How the list is shown: theme, speed, pause, panel, help, captions, message.
    package var view = SessionView(message: "Drag the list.", showsTimeline: true)
    /// The timeline under the list: the last gesture, and the moment of it reviewed.
    package internal(set) var timeline = TimelineState()
    /// The haptics so far (the front end clicks when the count grows).
    package private(set) var hapticCount = 0
    /// The last haptic and its simulated time.
    package private(set) var lastHaptic: (kind: HapticKind, time: Double)?
    /// The announcements so far (the front end speaks them when asked).
    package private(set) var announcementCount = 0
    /// The last announcement and its simulated time.
    package private(set) var lastAnnouncement: (text: String, time: Double)?
    /// The gallery's rendered thumbnails, by plugin file and theme.
    var galleryThumbnails: [String: ImageSurface] = [:]
    /// The simulation and container.
    package private(set) var driver: RefreshDriver
    /// The indicator slot at each enabled edge.
    package private(set) var slots: [RefreshEdge: IndicatorSlot] = [:]
    /// How the list looks.
    package private(set) var sceneLayout: SceneLayout
    /// The list's pretend server and paging store.
    package let dataSource: SimulatedDataSource
    /// None of a script's: the pointer drives this list, at the wall clock's pace.
    package var scriptFrameDuration: Double? { nil }
    /// Never: a person ends the interactive session.
    package var hasFinished: Bool { false }
    /// None: a plugin that stops here shows its error card at its edge and the session goes on.
    package var stoppedPlugin: (edge: RefreshEdge, error: PluginError)? { nil }
    /// None.
    package var playedScenario: Scenario? { nil }

    /// Where the finger is on the list, while it is down.
    var pointer: Point?
    /// The list's inputs not taken in yet, each at the session time it happened (``perform(_:atWallTime:)``).
    var timedInputs: [(time: Double, command: PreviewCommand)] = []
    /// The session time of the input being performed, when its wall time was given.
    var inputTime: Double?
    /// When each edge's refresh under way began.
    var refreshBegan: [RefreshEdge: Double] = [:]
    /// Why the recording's log can replay no further (the plugin or the theme changed), once it cannot.
    package internal(set) var logInterruption: String?
    /// A row's height, or a card's pitch in the horizontal carousel.
    var rowExtent: Double { layout.axis == .vertical ? Defaults.rowHeight : Defaults.cardPitch }

    /// An interactive session over the plugins at `pluginPaths` (probed now), starting with
    /// `firstPlugin` (id, name or path) when it is among them.
    package convenience init(options: Options = Options(), pluginPaths: [String], firstPlugin: String? = nil) throws {
        try self.init(options: options, probed: PluginProbe.probed(pluginPaths), firstPlugin: firstPlugin)
    }

    /// An interactive session over plugins already probed (``PluginSearchPath/probed()``); fails
    /// when `options.viewport` is not a usable size.
    package init(options: Options = Options(), probed: [(path: String, result: Result<PluginInfo, PluginError>)], firstPlugin: String? = nil) throws {
        self.options = options
        pluginPaths = probed.map(\.path)
        plugins = Self.plugins(probed, isolation: options.pluginIsolation)
        let pageSize = options.pageSize ?? Defaults.pageSize(forExtent: options.viewport.height)
        dataSource = SimulatedDataSource(refreshTime: options.refreshTime, failureRate: options.failureRate,
                                         pageSize: pageSize, totalRows: options.totalRows)
        sceneLayout = SceneLayout(viewport: options.viewport)
        driver = RefreshDriver(simulation: try ScrollSimulation(.init(viewportSize: options.viewport, contentSize: Size(width: 0, height: 0))),
                               container: RefreshContainer())
        if let first = firstPlugin, let index = plugins.firstIndex(where: { $0.id == first || $0.name.lowercased() == first.lowercased() || $0.path == first }) {
            current = index
        }
        try rebuild()
    }

    /// The plugins the probe found, each loaded when first shown (never, when the probe failed).
    private static func plugins(_ probed: [(path: String, result: Result<PluginInfo, PluginError>)], isolation: PluginIsolation) -> [SessionPlugin] {
        probed.map { SessionPlugin(path: $0.path, probed: $0.result, isolation: isolation) }
    }

    // MARK: The list

    /// A fresh list with the current plugin at the layout's edges and a fresh paging store, which
    /// asks for its first page at once. Fails only for a viewport the initialiser already refused.
    private func rebuild() throws {
        let axis = layout.axis
        sceneLayout = SceneLayout(viewport: options.viewport, axis: axis, rowHeight: rowExtent)
        let simulation = try ScrollSimulation(.init(viewportSize: options.viewport, contentSize: sceneLayout.contentSize(rows: 0), scrollableAxes: [axis]))
        dataSource.restart()
        refreshBegan = [:]
        let container = RefreshContainer()
        container.locale = view.environment.locale
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
                view.message = "\(event)"
            }
            timeline.note(event, at: time)
            noteForRecording(event)
        }
        dataSource.store.loadInitial()
        scrub = nil
        timeline = TimelineState()  // the last list's gesture does not fit this one
        lastAnnouncement = nil  // said of the list that was: a caption of it would mislead
    }

    /// Enables the layout's edges with the current plugin, each edge's trigger distance its own,
    /// and attaches the paging store (again) to them.
    private func enableEdges() {
        let container = driver.container
        for edge in layout.edges {
            let slot = slots[edge] ?? IndicatorSlot(currentIndicator)
            slot.indicator = currentIndicator
            // The floor is measured by what the slot holds.
            func configuration() -> EdgeConfiguration {
                EdgeConfiguration(preloadDistance: edge.isAtEnd ? Defaults.preloadDistance : nil,
                                  resultHoldTime: EdgeConfiguration.defaultResultHoldTime, haptics: Scenario.previewHaptics, placement: placement,
                                  secondFloor: hasSecondFloor && !edge.isAtEnd ? SecondFloor(triggerDistance: 2.5 * slot.refreshLength) : nil)
            }
            do {
                try container.enable(edge, indicator: slot, configuration: configuration())
            } catch {
                // A plugin with an unusable length: show the reason where the indicator would be.
                slot.indicator = FailedIndicator(error: PluginError(file: plugins.isEmpty ? "(none)" : plugins[current].path, reason: .invalidDescriptor("\(error)")))
                do {
                    try container.enable(edge, indicator: slot, configuration: configuration())
                } catch {
                    view.message = "the \(edge.rawValue) edge cannot be shown: \(error)"
                }
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
    func showCurrentPlugin() {
        let indicator = currentIndicator
        let lengthChanged = slots.values.contains { $0.refreshLength != indicator.refreshLength }
        let placementChanged = layout.edges.contains { driver.container.status(of: $0)?.placement != placement }
        for slot in slots.values { slot.indicator = indicator }
        if lengthChanged || placementChanged { reEnableEdges() }
    }

    private var needsReEnable = false

    /// Enables the edges again with the new options, now when they are at rest, else when they are.
    private func reEnableEdges() {
        if edgesAreQuiet { enableEdges() } else { needsReEnable = true }
    }

    // MARK: Recording the interaction

    /// What happens from now on, kept to be saved as a scenario (``endInteractionLog(name:fps:)``).
    package internal(set) var interactionLog: InteractionLog?

    /// `p`'s coordinate along the list's scroll axis.
    func along(_ p: Point) -> Double { layout.axis == .vertical ? p.y : p.x }

    // MARK: Commands

    /// Carries out `command`; returns what the front end must do about it.
    @discardableResult
    package func perform(_ command: PreviewCommand) -> PreviewEffect {
        if let effect = performWhileTyping(command) { return effect }
        if let effect = performInTimeline(command) { return effect }
        if let effect = performViewCommand(command) { return effect }
        if view.showsGallery, performInGallery(command) { return .none }
        if let effect = performInInspector(command) { return effect }
        switch command {
        case .pointerDown, .pointerMoved, .pointerUp, .wheel: takeListInput(command)
        case .toggleGallery: openGallery()
        case .toggleTimeline: view.showsTimeline.toggle()
        case .nextPlugin: switchPlugin(by: 1)
        case .previousPlugin: switchPlugin(by: -1)
        case .reloadPlugins:
            plugins = Self.plugins(PluginProbe.probed(pluginPaths), isolation: options.pluginIsolation)
            current = min(current, max(0, plugins.count - 1))
            rebuildOrSay("reloaded \(plugins.count) plugins")
        case .toggleScrub: toggleScrub()
        case .scrub(let delta):
            // Hundredths exactly: ten steps of 0.05 from 0.5 must be 1, not 0.9999999999999999.
            if let s = scrub, delta.isFinite { scrub = (s.edge, min(1.5, max(0, ((s.progress + delta) * 100).rounded() / 100))) }
        case .nextLayout:
            let all = EdgeLayout.allCases
            layout = all[(all.firstIndex(of: layout)! + 1) % all.count]
            rebuildOrSay("edges: " + layout.edges.map(\.rawValue).joined(separator: " + "))
        case .nextPlacement:
            let all = IndicatorPlacement.allCases
            chosenPlacement = all[(all.firstIndex(of: placement)! + 1) % all.count]
            reEnableEdges()
            view.message = "placement \(placement.rawValue)"
        case .toggleSecondFloor:
            hasSecondFloor.toggle()
            reEnableEdges()
            view.message = hasSecondFloor ? "second floor on: pull past 2.5× the trigger and release" : "second floor off"
        case .closeSecondFloor, .beginRefresh, .endRefresh: takeListInput(command)
        case .forceOutcome(let outcome):
            dataSource.forcedOutcome = outcome
            view.message = "next outcome: \(outcome.rawValue)"
        case .retry: retry()
        case .selectParameter(let backwards):
            let count = max(1, plugins.isEmpty ? 1 : plugins[current].parameters.count)
            selectedParameter = (selectedParameter + (backwards ? count - 1 : 1)) % count
        case .changeParameter(let step): changeParameter(by: step)
        default: break  // the view's, handled above
        }
        return .none
    }

    /// Builds the list again and says `done`, or why it could not be built (the old list stays).
    private func rebuildOrSay(_ done: String) {
        do {
            try rebuild()
            say(done)
        } catch {
            say("the list could not be built: \(error)")
        }
    }

    private func switchPlugin(by step: Int) {
        guard !plugins.isEmpty else { return }
        pick((current + step + plugins.count) % plugins.count)
    }

    private func retry() {
        switch dataSource.store.state {
        case .fullscreenError, .pagingError:
            view.message = dataSource.store.retry() != nil ? "retrying" : "cannot retry now"
        default:
            view.message = "nothing to retry"
        }
    }

    // MARK: Time

    /// Advances to wall time `now` (seconds, monotonic): the simulation takes as many fixed steps
    /// as the clock and the speed say ("1×" is real time whatever the frame rate); paused, a
    /// ``PreviewCommand/step`` advances one 120 Hz frame. Always true, and never throws: the interactive
    /// list never ends, and a list that cannot grow says why in the panel.
    package func advance(toWallTime now: Double) -> Bool {
        advance(steps: dueSteps(atWallTime: now))
        return true
    }

    /// The simulation steps due at wall time `now` (one 120 Hz frame's worth for a step while paused).
    private func dueSteps(atWallTime now: Double) -> Int {
        if timeline.isReviewing {
            // The live list waits while a moment of the timeline shows; the playhead moves instead.
            timeline.play(by: Double(view.clock.steps(at: now, rate: timeline.playing ? view.speed : 0)) * view.clock.step)
            return 0
        }
        let steps = view.clock.steps(at: now, rate: view.paused ? 0 : view.speed)
        let count = view.paused && view.stepOnce ? max(1, Int((Defaults.frameInterval / view.clock.step).rounded())) : steps
        view.stepOnce = false
        return count
    }

    private func advance(steps: Int) {
        followSetting()
        applyScrub()
        for _ in 0..<steps {
            takeTimedInputs(before: driver.time + view.clock.step / 2)
            driver.advance(by: view.clock.step)
            keepMoment(always: false)
        }
        takeTimedInputs(before: .infinity)
        if let answer = dataSource.tick(now: driver.time).last { lastAnswer = answer }
        let wanted = sceneLayout.contentSize(rows: dataSource.rows)
        if driver.simulation.configuration.contentSize != wanted {
            do { try driver.simulation.setContentSize(wanted) } catch { view.message = "the list cannot grow to \(dataSource.rows) rows: \(error)" }
        }
        if needsReEnable && edgesAreQuiet {
            needsReEnable = false
            enableEdges()
        }
        keepMoment(always: true)
        if timeline.track?.isOpen == true && pointer == nil && driver.simulation.isResting && edgesAreQuiet { timeline.track?.isOpen = false }
    }

    /// Whether nothing on screen can change until an input arrives: no scrub; the list
    /// at rest with no finger on it; every edge showing `none` or `noMoreData` (states whose
    /// indicators do not animate); no request waiting. The window then waits for events instead of
    /// drawing the same picture.
    package var isAtRest: Bool {
        if timeline.isReviewing { return !timeline.playing && timeline.dragging == nil }
        guard scrub == nil, pointer == nil, timedInputs.isEmpty, driver.simulation.isResting, !dataSource.isBusy, !galleryIsLoading,
              !isCaptionShowing else { return false }
        return edgesAreQuiet
    }

    /// Whether a caption is on the list. It shows for ``captionTime`` and goes by itself, so the
    /// clock runs on meanwhile: at rest it stops, and "Refreshed" stayed on the list for good.
    var isCaptionShowing: Bool {
        view.showsCaptions && Self.caption(lastAnnouncement, at: driver.time) != nil
    }

    /// The caption of `announcement` at simulated `time`: its words for ``captionTime`` after they
    /// were said, then nothing.
    static func caption(_ announcement: (text: String, time: Double)?, at time: Double) -> String? {
        guard let (text, said) = announcement, time - said < captionTime else { return nil }
        return text
    }

    /// Whether every edge shows `none`, `noMoreData` or nothing observed yet: no refresh running or
    /// ending, nothing animating, nothing a new configuration would cut short.
    var edgesAreQuiet: Bool {
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
        switch dataSource.store.state {
        case .idle, .fullscreenLoading: return .loading
        case .fullscreenError(let reason): return .failed(reason)
        case .empty: return .empty
        default: return nil
        }
    }

    /// How long a caption stays, in simulated seconds.
    static let captionTime = 2.5
    /// How long the panel's haptic lamp stays lit, in simulated seconds.
    static let lampTime = 0.25
}
