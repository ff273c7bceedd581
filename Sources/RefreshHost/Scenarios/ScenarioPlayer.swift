import Foundation
import RefreshPluginSDK
import RefreshCore

/// Plays a ``Scenario`` frame by frame through the real `ScrollSimulation` and
/// `RefreshContainer`, and renders what the list shows. `refresh-dump run` calls it in a loop;
/// the preview calls it once per displayed frame when scripted.
public final class ScenarioPlayer {
    /// The scenario being played: as given, with each drag that has a reach as long as its
    /// plugin's trigger needs (``Scenario/dragReaches``).
    public private(set) var scenario: Scenario
    /// The simulation and container, stepped together.
    public let driver: RefreshDriver
    /// The indicator slot at each enabled edge.
    public private(set) var slots: [RefreshEdge: IndicatorSlot] = [:]
    /// Rows in the list now (load-more steps add some).
    public private(set) var rows: Int
    /// Frames played so far.
    public private(set) var frameIndex = 0
    /// Every event the container reported, in order, with the frame it happened in.
    public private(set) var events: [(frame: Int, event: RefreshEvent)] = []
    /// The list's look.
    public let layout: SceneLayout
    /// What the list shows instead of rows, as the last `placeholder` step set it.
    public private(set) var placeholder: ListPlaceholder?

    private var parameters: [RefreshEdge: [String: ParameterValue]] = [:]
    /// The plugin at each edge: loaded here, or held by a plugin-host child.
    public private(set) var plugins: [RefreshEdge: any LoadedPlugin] = [:]
    private var stepIndex = 0
    private var stepFrame = 0
    private let frameLimit: Int
    private let isolation: PluginIsolation

    /// The most frames a scenario may ask for unless the caller allows more: 20,000 (5½ minutes at
    /// 60 fps). A few hundred bytes of JSON must not buy hours of rendering.
    public static let defaultFrameLimit = 20_000

    /// Loads the scenario's plugins from `searchPath` (or puts `pluginOverride`, loaded by the
    /// caller, at every edge, with its default parameters), and checks the whole scenario before the first frame: every
    /// `setParameter` step against its plugin, and the length against `frameLimit`.
    ///
    /// A scenario is data someone may have sent: it names plugins by id or name only. A path (with
    /// a `/` or ending in `.so`) in it is refused unless `allowsPluginPaths` (the command line's
    /// `--allow-plugin-paths`); `pluginOverride` comes from the user, who may name it by path.
    /// Every error names the scenario's file and field.
    /// `parameterOverrides` (the user's `--param`) apply to every edge's plugin, the override's too
    /// (the scenario's own values are for the plugin it names, so an override starts from defaults).
    public init(scenario: Scenario, searchPath: PluginSearchPath = .standard(), pluginOverride: (any LoadedPlugin)? = nil,
                parameterOverrides: [String: ParameterValue] = [:], allowsPluginPaths: Bool = false,
                frameLimit: Int = ScenarioPlayer.defaultFrameLimit, isolation: PluginIsolation = .inProcess) throws(InputFileError) {
        self.scenario = scenario
        self.frameLimit = frameLimit
        self.isolation = isolation
        rows = scenario.rows
        layout = SceneLayout(viewport: scenario.viewport, axis: scenario.axis, rowHeight: scenario.rowHeight)
        let source = scenario.source
        var simulation: ScrollSimulation
        do {
            simulation = try ScrollSimulation(.init(
                viewportSize: scenario.viewport, contentSize: scenario.contentSize(rows: scenario.rows), scrollableAxes: [scenario.axis]))
            simulation.scroll(to: scenario.offset, along: scenario.axis)
        } catch {
            throw InputFileError(file: source, field: "viewport", reason: "the list cannot be laid out: \(error)").locatedInFile(limit: Scenario.fileLimit)
        }
        let container = RefreshContainer()
        container.locale = scenario.environment.locale
        let frames = Self.totalFrames(of: scenario)
        guard frames <= frameLimit else {
            throw InputFileError(file: source, field: "steps", reason: "the timeline is \(frames) frames (\(Int(Double(frames) / scenario.fps)) s at \(Int(scenario.fps)) fps), over the limit of \(frameLimit) (--max-frames raises it)").locatedInFile(limit: Scenario.fileLimit)
        }
        let duration = Double(frames) / scenario.fps
        if let late = scenario.checkpoints.firstIndex(where: { $0 > duration + 1e-9 }) {
            throw InputFileError(file: source, field: "checkpoints[\(late)]", reason: "\(scenario.checkpoints[late]) s is after the end of the timeline (\(duration) s)").locatedInFile(limit: Scenario.fileLimit)
        }
        for (edge, setup) in scenario.edges.sorted(by: { $0.key < $1.key }) {
            let field = "edges.\(edge.rawValue)"
            let library: any LoadedPlugin
            if let pluginOverride {
                library = pluginOverride
            } else {
                if PluginSearchPath.isPath(setup.plugin) && !allowsPluginPaths {
                    throw InputFileError(file: source, field: "\(field).plugin", reason: "\(InputFileError.quoted(setup.plugin)) is a path; a scenario names plugins by id or name (a path is accepted from the command line, or with --allow-plugin-paths, because loading a library runs its code)").locatedInFile(limit: Scenario.fileLimit)
                }
                let path: String
                do {
                    path = try searchPath.resolve(setup.plugin)
                } catch {
                    // A name the search path does not have: the scenario's error.
                    throw InputFileError(file: source, field: "\(field).plugin", reason: error.description).locatedInFile(limit: Scenario.fileLimit)
                }
                do {
                    library = try isolation.load(path)
                } catch {
                    // The plugin's: the headline names it, the scenario's place after.
                    var failure = InputFileError(file: source, field: "\(field).plugin", reason: error.description)
                    failure.pluginFailure = error.description
                    throw failure.locatedInFile(limit: Scenario.fileLimit)
                }
            }
            let values = (pluginOverride == nil ? setup.parameters : [:]).merging(parameterOverrides) { $1 }
            let checked: ParameterValues, indicator: any HostedIndicator
            do {
                checked = try ParameterValues(specs: library.info.parameters, overrides: values)
            } catch {
                // A value the scenario gave is named as its field; one from --param as the parameter.
                let given = pluginOverride == nil && setup.parameters[error.parameter] != nil && parameterOverrides[error.parameter] == nil
                throw InputFileError(file: source, field: "\(field).params" + (given ? "." + error.parameter : ""), reason: given ? error.reason : error.description).locatedInFile(limit: Scenario.fileLimit)
            }
            do {
                indicator = try library.makeIndicator(parametersJSON: checked.json)
            } catch {
                var failure = InputFileError(file: source, field: field, reason: error.description)
                failure.pluginFailure = error.description
                throw failure.locatedInFile(limit: Scenario.fileLimit)
            }
            let slot = IndicatorSlot(indicator)
            var configuration = setup.configuration
            if !setup.placementIsChosen { configuration.placement = library.info.placement }
            do {
                try container.enable(edge, indicator: slot, configuration: configuration)
            } catch {
                throw InputFileError(file: source, field: field, reason: error.description).locatedInFile(limit: Scenario.fileLimit)
            }
            slots[edge] = slot
            plugins[edge] = library
            parameters[edge] = values
        }
        self.scenario = Self.reaching(scenario, container: container)
        driver = RefreshDriver(simulation: simulation, container: container)
        try checkParameterSteps()
        container.onEvent = { [unowned self] event in events.append((frameIndex, event)) }
    }

    /// The first edge (in edge order) whose plugin can draw no more, and why; nil while all can.
    public var stoppedPlugin: (edge: RefreshEdge, error: PluginError)? {
        for (edge, plugin) in plugins.sorted(by: { $0.key < $1.key }) {
            if let error = plugin.stopped { return (edge, error) }
        }
        return nil
    }

    /// The scenario as this player plays it, for replaying a failure elsewhere (`run --in-process`
    /// under a debugger): each edge names its plugin by file and holds the values it was made with,
    /// and the steps end with the one that plays `frame` (the shortest prefix that reaches it; the
    /// frames are the same, so what failed there fails again). Checkpoints after the end are dropped.
    public func reproducer(through frame: Int) -> Scenario {
        var copy = resolvedScenario
        var played = 0
        copy.steps = []
        for step in scenario.steps where played < frame {
            copy.steps.append(step)
            played &+= frames(of: step)
        }
        let duration = Double(played) / scenario.fps
        copy.checkpoints = scenario.checkpoints.filter { $0 <= duration }
        return copy
    }

    /// The scenario with each edge naming its plugin by file and holding the values it was made with.
    private var resolvedScenario: Scenario {
        var copy = scenario
        for (edge, plugin) in plugins {
            copy.edges[edge]?.plugin = plugin.info.path
            copy.edges[edge]?.parameters = parameters[edge] ?? [:]
        }
        return copy
    }

    /// What makes another player of the same scenario, at its start, with plugins of its own
    /// loaded from the same files with the same values and where this one's run: `run --jobs`
    /// draws frames on several at once. No plugin is looked for again (finding one by id loads
    /// every library in the search path). The maker holds copies only, so it may run on any thread
    /// while this player plays.
    public func siblingMaker() -> @Sendable () throws(InputFileError) -> ScenarioPlayer {
        let scenario = resolvedScenario, frameLimit = frameLimit, isolation = isolation
        return { () throws(InputFileError) in
            try ScenarioPlayer(scenario: scenario, searchPath: PluginSearchPath(directories: []), allowsPluginPaths: true,
                               frameLimit: frameLimit, isolation: isolation)
        }
    }

    /// Every `setParameter` step names an edge with an indicator and a value its plugin accepts.
    private func checkParameterSteps() throws(InputFileError) {
        var values = parameters
        for (index, step) in scenario.steps.enumerated() {
            guard case .setParameter(let edge, let name, let value) = step else { continue }
            let field = "steps[\(index)].setParameter"
            guard let plugin = plugins[edge] else {
                throw InputFileError(file: scenario.source, field: "\(field).edge", reason: "\(edge) has no indicator").locatedInFile(limit: Scenario.fileLimit)
            }
            values[edge, default: [:]][name] = value
            do {
                _ = try ParameterValues(specs: plugin.info.parameters, overrides: values[edge] ?? [:])
            } catch {
                throw InputFileError(file: scenario.source, field: field, reason: error.description).locatedInFile(limit: Scenario.fileLimit)
            }
        }
    }

    /// Seconds played.
    public var time: Double { driver.time }
    /// Seconds per frame.
    public var frameDuration: Double { 1 / scenario.fps }
    /// Whether every step has been played.
    public var isFinished: Bool { stepIndex >= scenario.steps.count }

    /// Plays one frame: applies the current step's input for this frame and steps time. Steps that
    /// take no time (release, fling, finish, …) run before the frame. Returns false when the
    /// scenario is over (no frame was played).
    @discardableResult
    public func advance() throws(InputFileError) -> Bool {
        while stepIndex < scenario.steps.count, frames(of: scenario.steps[stepIndex]) == 0 {
            try perform(scenario.steps[stepIndex])
            stepIndex += 1
        }
        guard stepIndex < scenario.steps.count else { return false }
        let step = scenario.steps[stepIndex]
        inputForFrame(step, stepFrame, of: frames(of: step))
        driver.advance(by: frameDuration)
        reach.observe(driver.container, edges: Array(slots.keys))
        frameIndex += 1
        stepFrame += 1
        if stepFrame >= frames(of: step) {
            stepIndex += 1
            stepFrame = 0
        }
        return true
    }

    /// How far each edge was pulled so far, and whether it refreshed.
    package private(set) var reach = EdgeReach()

    /// "Phoenix never refreshes: the pull reaches 106 of 120 pt", for each edge pulled (a point or
    /// more) that never passed its trigger in what was played; empty when every pulled edge did.
    public var triggersNeverReached: [String] {
        reach.shortfalls.map { edge, pull, trigger in
            "\(slots[edge]?.info.name ?? edge.rawValue) never refreshes: the pull reaches \(Int(pull.rounded())) of \(Int(trigger.rounded())) pt"
        }
    }

    /// `scenario` with each drag that has a reach (``Scenario/dragReaches``) going on past its `to`
    /// until its pull reaches that many triggers of the edge it pulls (a drag towards the end pulls
    /// the top or leading edge, one towards the start the bottom or trailing edge), counted from
    /// the list at rest at that edge; a drag already that long, or towards an edge without a
    /// plugin, stays as written.
    static func reaching(_ scenario: Scenario, container: RefreshContainer) -> Scenario {
        var resolved = scenario
        for (index, reach) in scenario.dragReaches where index < scenario.steps.count {
            guard case .drag(let from, let to, let duration, let easing) = scenario.steps[index] else { continue }
            let forward = to >= from
            let edge: RefreshEdge = scenario.axis == .vertical ? (forward ? .top : .bottom) : (forward ? .leading : .trailing)
            guard let trigger = container.status(of: edge)?.triggerDistance, trigger > 0 else { continue }
            let extent = scenario.axis == .vertical ? scenario.viewport.height : scenario.viewport.width
            // The rubber band never gives the whole extent: a reach past it asks for most of it.
            let travel = RubberBand().raw(min(reach * trigger, extent * 0.95), dimension: extent)
            guard abs(to - from) < travel else { continue }
            resolved.steps[index] = .drag(from: from, to: from + (forward ? travel : -travel), duration: duration, easing: easing)
        }
        return resolved
    }

    /// Frames of the whole timeline.
    public var totalFrames: Int { Self.totalFrames(of: scenario) }

    /// Frames of `scenario`'s whole timeline at its frame rate.
    public static func totalFrames(of scenario: Scenario) -> Int {
        scenario.steps.reduce(0) { $0 &+ frames(of: $1, fps: scenario.fps) }
    }

    private func frames(of step: Scenario.Step) -> Int { Self.frames(of: step, fps: scenario.fps) }

    /// A step's frames; the reader bounds durations, counts and rates, so these stay small.
    private static func frames(of step: Scenario.Step, fps: Double) -> Int {
        switch step {
        case .drag(_, _, let duration, _): return max(1, Int(saturating: (duration * fps).rounded()))
        case .hold(let duration), .wait(let duration): return Int(saturating: (duration * fps).rounded())
        case .wheel(_, let count, let interval): return count &* max(1, Int(saturating: (interval * fps).rounded()))
        default: return 0
        }
    }

    private func along(_ value: Double) -> Point {
        scenario.axis == .vertical ? Point(x: 0, y: value) : Point(x: value, y: 0)
    }

    private func inputForFrame(_ step: Scenario.Step, _ k: Int, of n: Int) {
        switch step {
        case .drag(let from, let to, _, let easing):
            if k == 0 && !driver.simulation.isTracking { driver.simulation.dragBegan() }
            let moved = (easing(Double(k + 1) / Double(n)) - easing(Double(k) / Double(n))) * (to - from)
            driver.simulation.dragMoved(by: along(moved))
        case .wheel(let delta, _, let interval):
            if k % max(1, Int((interval * scenario.fps).rounded())) == 0 { driver.simulation.wheel(by: along(delta)) }
        default:
            break
        }
    }

    private func perform(_ step: Scenario.Step) throws(InputFileError) {
        let container = driver.container
        switch step {
        case .release(let velocity):
            driver.simulation.dragEnded(velocity: velocity.map(along))
        case .fling(let velocity):
            driver.simulation.fling(velocity: along(velocity))
        case .finish(let edge, let result):
            container.end(edge, result: result)
        case .begin(let edge):
            container.begin(edge)
        case .openSecondFloor(let edge):
            container.openSecondFloor(edge)
        case .closeSecondFloor(let edge):
            container.closeSecondFloor(edge)
        case .loadMore(let edge, let added, let last):
            rows += added
            do {
                try driver.simulation.setContentSize(scenario.contentSize(rows: rows))
            } catch {
                throw InputFileError(file: scenario.source, field: "steps[\(stepIndex)].loadMore.rows", reason: "the list cannot grow to \(rows) rows: \(error)").locatedInFile(limit: Scenario.fileLimit)
            }
            container.end(edge, result: last ? .noMoreData : .success)
        case .setParameter(let edge, let name, let value):
            guard let slot = slots[edge], let current = plugins[edge] else {
                throw InputFileError(file: scenario.source, field: "steps[\(stepIndex)].setParameter.edge", reason: "\(edge) has no indicator").locatedInFile(limit: Scenario.fileLimit)
            }
            var values = parameters[edge] ?? [:]
            values[name] = value
            let field = "steps[\(stepIndex)].setParameter"
            let checked: ParameterValues
            do {
                checked = try ParameterValues(specs: current.info.parameters, overrides: values)
            } catch {
                throw InputFileError(file: scenario.source, field: field, reason: error.description).locatedInFile(limit: Scenario.fileLimit)
            }
            do {
                slot.indicator = try current.makeIndicator(parametersJSON: checked.json)
            } catch {
                throw InputFileError(file: scenario.source, field: field, reason: error.description).locatedInFile(limit: Scenario.fileLimit)
            }
            parameters[edge] = values
        case .placeholder(let shown):
            placeholder = shown
        case .drag, .hold, .wait, .wheel:
            break
        }
    }

    // MARK: Rendering

    /// The part of the viewport a `run` frame shows, in viewport points.
    public func windowRect(_ window: Scenario.Window? = nil) -> Rect {
        scenario.windowRect(window)
    }

    /// Draws the current frame into `canvas` (origin at the viewport's top-left); returns the
    /// indicators' errors (each drawn as an error card). Without `content`, the indicators alone.
    @discardableResult
    public func draw(in canvas: Canvas, scale: Double, content: Bool = true) -> [PluginError] {
        SceneRenderer.draw(in: canvas, layout: layout, simulation: driver.simulation, container: driver.container,
                           indicators: slots, time: time, environment: scenario.environment, scale: scale, placeholder: placeholder,
                           drawsContent: content)
    }

    /// The current frame as an image of `window` at `scale` (without `content`, the indicators alone).
    /// `reusing` an image of the right size (cleared first, so the pixels are those of a new one)
    /// saves the page faults of a fresh frame buffer.
    public func render(window: Rect? = nil, scale: Double = 2, reusing recycled: ImageSurface? = nil, content: Bool = true) throws -> (image: ImageSurface, errors: [PluginError]) {
        let rect = window ?? windowRect()
        let image: ImageSurface
        if let recycled, recycled.scale == scale,
           recycled.width == Int((rect.size.width * scale).rounded(.up)), recycled.height == Int((rect.size.height * scale).rounded(.up)) {
            recycled.withPixels { _ = $0.initializeMemory(as: UInt8.self, repeating: 0) }
            image = recycled
        } else {
            image = try ImageSurface(size: rect.size, scale: scale)
        }
        let canvas = Canvas(surface: image)
        canvas.translate(x: -rect.minX, y: -rect.minY)
        let errors = draw(in: canvas, scale: scale, content: content)
        return (image, errors)
    }
}
