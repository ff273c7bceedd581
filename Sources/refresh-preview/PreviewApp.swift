import CSDL2
import Foundation
import RefreshHost
import RefreshPluginSDK

/// Which edges the list has, and so which axis it scrolls on.
enum EdgeLayout: CaseIterable {
    case topAndBottom, top, bottom, leading, leadingAndTrailing, trailing

    var edges: [RefreshEdge] {
        switch self {
        case .top: [.top]
        case .topAndBottom: [.top, .bottom]
        case .bottom: [.bottom]
        case .leading: [.leading]
        case .leadingAndTrailing: [.leading, .trailing]
        case .trailing: [.trailing]
        }
    }

    var axis: ScrollAxis { edges[0].axis }
}

/// The preview: a list driven by the mouse (or a scenario), the current plugin at its edges, and
/// the panel. Everything moves through ScrollSimulation, RefreshContainer and PagingStore; this
/// file only maps input to them and draws.
@MainActor
final class PreviewApp {
    struct Options {
        var viewport: Size
        var plugins: [String]
        var firstPlugin: String?
        var refreshTime: Double
        var failureRate: Double
        var pageSize: Int
        var totalRows: Int
        var paramsFile: String?
        var outputFolder: String
        var script: Scenario?
        var screenshots: [(time: Double, path: String)]
        var exitAfter: Double?
        var showPanel: Bool
    }

    let options: Options
    let window: SDLWindow
    var plugins: [PreviewPlugin]
    var current = 0
    var layout = EdgeLayout.topAndBottom
    var environment = IndicatorEnvironment()
    let locales = ["en", "zh-Hans", "ar"]
    var speeds = [1.0, 0.25, 0.1]
    var speed = 1.0
    var paused = false, stepOnce = false
    var scrub: (edge: RefreshEdge, progress: Double)?
    var showPanel: Bool
    var showHelp = false
    var selectedParameter = 0
    var message = "Drag the list. ? for keys."
    var recording: AnimatedWebP?
    var recordingPath = ""
    var screenshotCount = 0
    var statistics = FrameStatistics()

    // The list being shown (interactive), or the scenario's (scripted).
    var driver: RefreshDriver!
    var slots: [RefreshEdge: IndicatorSlot] = [:]
    var sceneLayout: SceneLayout!
    var dataSource: SimulatedDataSource
    var player: ScenarioPlayer?
    var pendingScreenshots: [(time: Double, path: String)]
    var dragPoint: Point?
    var paramsSignature: Date?

    init(options: Options, window: SDLWindow) throws {
        self.options = options
        self.window = window
        showPanel = options.showPanel
        plugins = options.plugins.map(PreviewPlugin.init)
        pendingScreenshots = options.screenshots.sorted { $0.time < $1.time }
        dataSource = SimulatedDataSource(refreshTime: options.refreshTime, failureRate: options.failureRate,
                                         pageSize: options.pageSize, totalRows: options.totalRows)
        if let first = options.firstPlugin, let index = plugins.firstIndex(where: { $0.id == first || $0.name.lowercased() == first.lowercased() || $0.path == first }) {
            current = index
        }
        if let scenario = options.script {
            player = try ScenarioPlayer(scenario: scenario)
            environment = scenario.environment
            message = "Scripted: \(scenario.name)"
        }
        rebuild()
    }

    // MARK: The list

    /// Makes a fresh list with the current plugin at the layout's edges (or takes the scenario's),
    /// its rows from a fresh paging store.
    func rebuild() {
        if let player {
            driver = player.driver
            slots = player.slots
            sceneLayout = player.layout
            return
        }
        dataSource.restart()
        let axis = layout.axis
        sceneLayout = SceneLayout(viewport: options.viewport, axis: axis, rowHeight: 64)
        let simulation = try! ScrollSimulation(.init(viewportSize: options.viewport, contentSize: contentSize(rows: 0), scrollableAxes: [axis]))
        let container = RefreshContainer()
        slots = [:]
        for edge in layout.edges {
            let slot = IndicatorSlot(plugins.isEmpty ? FailedIndicator(error: PluginError(file: "(none)", reason: .notFound("the search path"))) : plugins[current].indicator)
            let configuration = EdgeConfiguration(preloadDistance: edge.isAtEnd ? 120 : nil, resultHoldTime: 0.8)
            do {
                try container.enable(edge, indicator: slot, configuration: configuration)
            } catch {
                // A plugin with an unusable length: show the reason where the indicator would be.
                slot.indicator = FailedIndicator(error: PluginError(file: plugins[current].path, reason: .invalidDescriptor("\(error)")))
                try? container.enable(edge, indicator: slot)
            }
            slots[edge] = slot
        }
        let (start, end): (RefreshEdge, RefreshEdge) = axis == .vertical ? (.top, .bottom) : (.leading, .trailing)
        dataSource.store.attach(to: container, refreshEdge: start, loadMoreEdge: end)
        driver = RefreshDriver(simulation: simulation, container: container)
        container.onEvent = { [unowned self] event in message = "\(event)" }
        dataSource.store.loadInitial()
        scrub = nil
    }

    func contentSize(rows: Int) -> Size {
        layout.axis == .vertical ? Size(width: options.viewport.width, height: Double(rows) * 64)
                                 : Size(width: Double(rows) * 64, height: options.viewport.height)
    }

    var scenarioTime: Double { driver.time }

    // MARK: Input

    func handle(_ input: SDLWindow.Input) -> Bool {
        switch input {
        case .quit: return false
        case .key(let key, let shift): return handleKey(key, shift: shift)
        case .mouseDown(let p):
            guard player == nil, p.x < options.viewport.width, scrub == nil else { return true }
            dragPoint = p
            driver.simulation.dragBegan()
        case .mouseMoved(let p):
            guard let last = dragPoint else { return true }
            driver.simulation.dragMoved(by: Point(x: p.x - last.x, y: p.y - last.y))
            dragPoint = p
        case .mouseUp:
            guard dragPoint != nil else { return true }
            dragPoint = nil
            driver.simulation.dragEnded()
        case .wheel(let delta):
            guard player == nil, scrub == nil else { return true }
            driver.simulation.wheel(by: Point(x: -delta.x * 40, y: delta.y * 40))
        }
        return true
    }

    func key(_ c: Character) -> Int32 { Int32(c.asciiValue!) }
    func code(_ k: SDL_KeyCode) -> Int32 { Int32(bitPattern: k.rawValue) }

    func handleKey(_ key: Int32, shift: Bool) -> Bool {
        switch key {
        case code(SDLK_ESCAPE), self.key("q"): return false
        case code(SDLK_RIGHT), self.key("]"): switchPlugin(by: 1)
        case code(SDLK_LEFT), self.key("["): switchPlugin(by: -1)
        case self.key("r"):
            plugins = options.plugins.map(PreviewPlugin.init)
            current = min(current, max(0, plugins.count - 1))
            rebuild()
            message = "reloaded \(plugins.count) plugins"
        case self.key("1"), self.key("2"), self.key("3"):
            speed = speeds[Int(key - self.key("1"))]
            message = "speed \(speed == 1 ? "1" : speed == 0.25 ? "¼" : "⅒")×"
        case self.key(" "):
            paused.toggle()
            message = paused ? "paused (. steps one frame)" : "running"
        case self.key("."): if paused { stepOnce = true }
        case self.key("p"): toggleScrub()
        // Hundredths exactly: ten steps of 0.05 from 0.5 must be 1, not 0.9999999999999999.
        case code(SDLK_UP): if let s = scrub { scrub = (s.edge, min(1.5, ((s.progress + 0.05) * 100).rounded() / 100)) }
        case code(SDLK_DOWN): if let s = scrub { scrub = (s.edge, max(0, ((s.progress - 0.05) * 100).rounded() / 100)) }
        case self.key("t"):
            environment.colorScheme = environment.colorScheme == .light ? .dark : .light
        case self.key("m"):
            environment.reduceMotion.toggle()
            message = environment.reduceMotion ? "reduce motion on" : "reduce motion off"
        case self.key("l"):
            let next = locales[((locales.firstIndex(of: environment.locale) ?? -1) + 1) % locales.count]
            environment.locale = next
            environment.layoutDirection = IndicatorEnvironment.isRightToLeft(locale: next) ? .rightToLeft : .leftToRight
            message = "locale \(next)"
        case self.key("e"):
            guard player == nil else { break }
            let all = EdgeLayout.allCases
            layout = all[(all.firstIndex(of: layout)! + 1) % all.count]
            rebuild()
            message = "edges: " + layout.edges.map(\.rawValue).joined(separator: " + ")
        case self.key("b"):
            message = dataSource.store.refresh() != nil ? "refreshing" : "a refresh is already running"
        case self.key("n"):
            for edge in layout.edges where driver.container.state(of: edge) == .refreshing { driver.container.end(edge, result: dataSource.forcedOutcome ?? .success) }
        case self.key("s"):
            dataSource.forcedOutcome = .success
            message = "next outcome: success"
        case self.key("f"):
            dataSource.forcedOutcome = .failure
            message = "next outcome: failure"
        case code(SDLK_TAB):
            let count = max(1, plugins.isEmpty ? 1 : plugins[current].parameters.count)
            selectedParameter = (selectedParameter + (shift ? count - 1 : 1)) % count
        case self.key("="), self.key("+"), code(SDLK_KP_PLUS): changeParameter(by: 1)
        case self.key("-"), code(SDLK_KP_MINUS): changeParameter(by: -1)
        case self.key("c"): screenshotRequested = true
        case self.key("v"): toggleRecording()
        case self.key("h"): showPanel.toggle()
        // One key, one toggle: Shift+/ arrives as a key press and as the text "?"; only the text
        // counts (it is "?" on every layout), and a plain "/" still works.
        case self.key("?"): showHelp.toggle()
        case self.key("/") where !shift: showHelp.toggle()
        default: break
        }
        return true
    }

    var screenshotRequested = false

    func switchPlugin(by step: Int) {
        guard !plugins.isEmpty, player == nil else { return }
        current = (current + step + plugins.count) % plugins.count
        selectedParameter = 0
        for slot in slots.values { slot.indicator = plugins[current].indicator }
        message = "\(plugins[current].name)" + (plugins[current].loadError.map { ": \($0)" } ?? "")
    }

    func toggleScrub() {
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
    func applyScrub() {
        guard let (edge, progress) = scrub, let status = driver.container.status(of: edge) else { return }
        // The preview's edges have no start offset. At 1.00 and past it, aim a hundredth of a point
        // beyond the trigger, so that the rubber band's rounding cannot leave the pull a hair short
        // of eligible while the panel shows 1.00.
        let target = status.triggerDistance * progress + (progress >= 1 ? 0.01 : 0)
        let band = driver.simulation.configuration.rubberBand
        let extent = options.viewport[edge.axis]
        let delta = band.raw(target, dimension: extent) - driver.simulation.pull(at: edge).rawDistance
        let sign: Double = edge.isAtEnd ? -1 : 1
        driver.simulation.dragMoved(by: edge.axis == .vertical ? Point(x: 0, y: sign * delta) : Point(x: sign * delta, y: 0))
    }

    func changeParameter(by step: Int) {
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
            for slot in slots.values { slot.indicator = plugins[current].indicator }
            message = "\(spec.name) = \(next.json)"
        }
    }

    func toggleRecording() {
        if let recording {
            do {
                try recording.write(to: recordingPath)
                message = "recording saved: \(recordingPath)"
            } catch {
                message = "recording failed: \(error)"
            }
            self.recording = nil
        } else {
            recordingPath = "\(options.outputFolder)/recording-\(Int(Date().timeIntervalSince1970)).webp"
            message = "recording… (V stops)"
            recording = nil
            wantsRecording = true
        }
    }

    var wantsRecording = false

    // MARK: Watching files

    /// Reloads rebuilt plugins and a changed params file; returns whether anything changed.
    @discardableResult
    func checkFiles() -> Bool {
        var changed = false
        for plugin in plugins {
            if let note = plugin.reloadIfChanged() {
                message = note
                changed = true
                if plugin === plugins[current] { for slot in slots.values { slot.indicator = plugin.indicator } }
            }
        }
        guard let file = options.paramsFile, let attributes = try? FileManager.default.attributesOfItem(atPath: file),
              let modified = attributes[.modificationDate] as? Date, modified != paramsSignature else { return changed }
        paramsSignature = modified
        guard let data = try? CappedFile.contents(of: file, limit: 1 << 20) else { return true }
        // A half-written file keeps the last good values; the problem says where it is.
        if let problem = JSONSyntax.problem(in: data) {
            message = "\(file): \(problem) (keeping the last good values)"
            return true
        }
        do {
            let all = try JSONDecoder().decode([String: [String: ParameterValue]].self, from: data)
            for plugin in plugins {
                // A plugin the file no longer names goes back to its defaults (`{}` restores them all).
                let values = all[plugin.id] ?? all[plugin.name] ?? [:]
                guard values != plugin.overrides else { continue }
                plugin.overrides = values
                if let error = plugin.applyOverrides() { message = "\(file): \(error)" } else { message = "applied \(file)" }
            }
            for slot in slots.values { slot.indicator = plugins[current].indicator }
        } catch {
            message = "\(file): expected {\"plugin id\": {\"parameter\": value}}"
        }
        return true
    }

    // MARK: Frames

    /// Whether nothing on screen can change until an input arrives: no script, recording, scrub or
    /// screenshot; the list at rest with no finger on it; every edge showing `none` or `noMoreData`
    /// (states whose indicators do not animate); no request waiting. The loop then waits for
    /// events instead of drawing 120 frames a second of the same picture.
    var isAtRest: Bool {
        guard player == nil, recording == nil, !wantsRecording, scrub == nil, pendingScreenshots.isEmpty, !screenshotRequested,
              driver.simulation.isResting, !dataSource.isBusy else { return false }
        return driver.container.enabledEdges.allSatisfy { edge in
            switch driver.container.state(of: edge) {
            case .none, .noMoreData, .unknown: true
            default: false
            }
        }
    }

    /// Advances a script by one of its frames, or the live list by `steps` fixed steps of
    /// `stepLength` seconds (the ``FixedStepClock`` decides how many, from the wall clock and the
    /// speed); paused, the step key advances one 120 Hz frame.
    func update(steps: Int, stepLength: Double) throws -> Bool {
        if let player {
            if !paused || stepOnce {
                stepOnce = false
                if !(try player.advance()) && options.exitAfter == nil { return false }
            }
            return true
        }
        guard !paused || stepOnce else { return true }
        let count = paused ? max(1, Int((1.0 / 120 / stepLength).rounded())) : steps
        stepOnce = false
        applyScrub()
        for _ in 0..<count { driver.advance(by: stepLength) }
        if let answer = dataSource.tick(now: driver.time).last { message = answer }
        let wanted = contentSize(rows: dataSource.rows)
        if driver.simulation.configuration.contentSize != wanted { try driver.simulation.setContentSize(wanted) }
        return true
    }

    /// The panel's text for this moment.
    func panelLines() -> [String] {
        let plugin = plugins.isEmpty ? nil : plugins[current]
        let info = plugin?.hot?.indicator.info ?? slots.values.first?.info  // the plugin, also while its error card shows
        var lines = ["RefreshKit preview", ""]
        lines.append("plugin   \(info?.name ?? "none") \(info?.version ?? "")")
        lines.append("         \(info?.id ?? "")")
        if let error = plugin?.loadError { lines.append("  ✗ \(error)") }
        let edges = driver.container.enabledEdges
        lines.append("edges    \(edges.map(\.rawValue).joined(separator: " + ")) (\(sceneLayout.axis))")
        for edge in edges {
            guard let status = driver.container.status(of: edge) else { continue }
            lines.append("── \(edge.rawValue)")
            lines.append("state    \(status.state)")
            lines.append("progress \(fmt(status.progress))   trigger \(fmt(status.triggerDistance, 0)) pt")
            lines.append("pull     \(fmt(status.pull.distance, 1)) pt  raw \(fmt(status.pull.rawDistance, 1)) pt")
        }
        let velocity = driver.simulation.velocity[sceneLayout.axis]
        lines.append("velocity \(fmt(velocity, 0)) pt/s")
        lines.append("")
        lines.append("speed    \(speed == 1 ? "1×" : speed == 0.25 ? "¼×" : "⅒×")\(paused ? "  paused" : "")\(scrub.map { "  scrub \(fmt($0.progress))" } ?? "")")
        lines.append("theme    \(environment.colorScheme.rawValue)  motion \(environment.reduceMotion ? "reduced" : "full")  locale \(environment.locale)")
        lines.append("frame ms last \(fmt(statistics.last * 1000)) med \(fmt(statistics.median * 1000)) max \(fmt(statistics.worst * 1000))")
        lines.append("fps      \(statistics.fps) (\(window.vsync ? "vsync" : "paced to 120"))")
        if player == nil {
            lines.append("rows     \(dataSource.rows)/\(dataSource.totalRows)  next: \(dataSource.forcedOutcome?.rawValue ?? "\(Int(dataSource.failureRate * 100))% fail")")
            lines.append("paging   \(dataSource.store.state)")
        } else {
            lines.append("script   \(player!.scenario.name) t=\(fmt(player!.time, 2)) s")
        }
        if let plugin, let values = plugin.values, !plugin.parameters.isEmpty {
            lines.append("")
            lines.append("parameters (Tab, + −)")
            for (i, spec) in plugin.parameters.enumerated() {
                let value = values.values[spec.name]?.json ?? "?"
                lines.append("\(i == selectedParameter ? "›" : " ") \(spec.name.padding(toLength: 14, withPad: " ", startingAt: 0)) \(value)")
            }
        }
        if recording != nil || wantsRecording { lines.append("● recording") }
        lines.append("")
        lines.append(message)
        return lines
    }

    func fmt(_ value: Double, _ decimals: Int = 2) -> String { String(format: "%.\(decimals)f", value) }

    /// Draws the whole window for this moment.
    func render(scale: Double) throws -> ImageSurface {
        let windowSize = Size(width: options.viewport.width + (showPanel ? Panel.width : 0), height: options.viewport.height)
        let image = try ImageSurface(size: windowSize, scale: scale)
        let canvas = Canvas(surface: image)
        if let player {
            player.draw(in: canvas, scale: scale)
        } else {
            SceneRenderer.draw(in: canvas, layout: sceneLayout, simulation: driver.simulation, container: driver.container,
                               indicators: slots, time: driver.time, environment: environment, scale: scale)
        }
        if showHelp { Panel.drawHelp(in: canvas, size: options.viewport) }
        if showPanel {
            Panel.draw(panelLines(), in: canvas, origin: Point(x: options.viewport.width, y: 0), height: windowSize.height,
                       dark: environment.colorScheme == .dark)
        }
        return image
    }
}
