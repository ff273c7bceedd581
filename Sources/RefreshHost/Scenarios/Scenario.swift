import Foundation
import RefreshPluginSDK
import RefreshCore

/// A gesture script: a list, its edges and indicators, and a timeline of steps. The JSON format
/// is documented in Documentation/ScenariosAndCI.md; files live in `Assets/Scenarios/`.
public struct Scenario: Equatable, Sendable {
    /// Whether `tag` looks like a BCP 47 tag (ASCII letters, digits, `-` and `_`, at most 35):
    /// what a scenario's `locale` and every `--locale` must be.
    package static func isLocaleTag(_ tag: String) -> Bool {
        !tag.isEmpty && tag.count <= 35 && tag.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }
    }

    /// One indicator at one edge.
    public struct EdgeSetup: Equatable, Sendable {
        /// Plugin id, name or path.
        public var plugin: String
        /// Parameter values (missing ones take their defaults).
        public var parameters: [String: ParameterValue]
        /// Trigger distance, hold extent, policy, preload and result hold time.
        public var configuration: EdgeConfiguration
        /// Whether the file says the placement; when it does not, the plugin's own placement is used
        /// (``PluginInfo/placement``) in place of the configuration's.
        public var placementIsChosen = true
        /// Whether the file says the haptics. A scenario plays what it says (off when it says
        /// nothing); a handoff of one that says nothing writes the preview's, `thresholdAndStart`.
        public var hapticsIsChosen = true

        /// The haptics an app is told to play for this edge: the file's, else the preview's.
        package var handedOffHaptics: HapticFeedback { hapticsIsChosen ? configuration.haptics : Scenario.previewHaptics }
    }

    /// The haptics the preview plays at every edge (a tick at the threshold, an impact when the
    /// finger starts a refresh), which its recordings declare and which `handoff` writes for a
    /// scenario that does not choose: one source for what the designer felt and the app is told.
    package static let previewHaptics = HapticFeedback.thresholdAndStart

    /// How a drag's finger speeds up and slows down.
    public enum Easing: String, Sendable, CaseIterable {
        case linear, easeIn, easeOut, easeInOut

        /// The eased fraction for a linear fraction `t` in 0...1.
        public func callAsFunction(_ t: Double) -> Double {
            switch self {
            case .linear: t
            case .easeIn: t * t
            case .easeOut: 1 - (1 - t) * (1 - t)
            case .easeInOut: t < 0.5 ? 2 * t * t : 1 - 2 * (1 - t) * (1 - t)
            }
        }
    }

    /// One step of the timeline. Positions and distances are along the list's axis, in points;
    /// finger movement is positive downwards (or towards the trailing end), as a drag that reveals
    /// the top edge.
    public enum Step: Equatable, Sendable {
        /// The finger goes down at `from` and moves to `to` over `duration` seconds; it stays down.
        case drag(from: Double, to: Double, duration: Double, easing: Easing)
        /// The finger stays where it is for `duration` seconds.
        case hold(duration: Double)
        /// The finger lifts; `velocity` (points per second of finger movement) or the tracked one.
        case release(velocity: Double?)
        /// A fling without a drag: the content moves at `velocity` (finger convention).
        case fling(velocity: Double)
        /// `count` wheel events of `delta` points each (content movement), `interval` seconds apart.
        case wheel(delta: Double, count: Int, interval: Double)
        /// Time passes with no input.
        case wait(duration: Double)
        /// The refresh at `edge` ends with `result`.
        case finish(edge: RefreshEdge, result: RefreshResult)
        /// A refresh starts at `edge` from code.
        case begin(edge: RefreshEdge)
        /// The second floor at `edge` opens from code.
        case openSecondFloor(edge: RefreshEdge)
        /// The second floor at `edge` closes from code.
        case closeSecondFloor(edge: RefreshEdge)
        /// A page of `rows` arrives at `edge`: the content grows and the edge finishes with success,
        /// or with no-more-data when `last`.
        case loadMore(edge: RefreshEdge, rows: Int, last: Bool)
        /// A parameter of `edge`'s indicator changes.
        case setParameter(edge: RefreshEdge, name: String, value: ParameterValue)
        /// The list shows a full-screen state instead of its rows (first page loading or failed,
        /// nothing to show), or its rows again (nil).
        case placeholder(ListPlaceholder?)
    }

    /// What a frame of `run` shows.
    public enum Window: String, Sendable, CaseIterable {
        /// A 120-point band at the first enabled edge (the indicator and the first rows).
        case edge
        /// The whole viewport.
        case full
    }

    /// The scenario's name (default: the file name): at most 100 characters, no control characters.
    /// Output files use ``fileName``, never the name as it stands.
    public var name: String
    /// The file it was read from (or `(scenario)`): what every error names.
    public var source: String = "(scenario)"
    /// What the scenario shows, in a sentence.
    public var description: String
    /// The visible list, in points.
    public var viewport: Size
    /// The list's axis.
    public var axis: ScrollAxis
    /// Rows in the list at the start, and each row's extent along the axis.
    public var rows: Int
    /// Each row's extent along the axis, in points.
    public var rowHeight: Double
    /// How far the list is scrolled at the start, in points along the axis from its start (kept
    /// within the content): a take that began with the list scrolled, as the preview records one.
    public var offset: Double = 0
    /// Frames per second of the timeline.
    public var fps: Double
    /// The indicator at each enabled edge.
    public var edges: [RefreshEdge: EdgeSetup]
    /// Theme, reduce motion, locale and direction.
    public var environment: IndicatorEnvironment
    /// What a `run` frame shows.
    public var window: Window
    /// Times (seconds) whose frames `verify` compares with goldens.
    public var checkpoints: [Double]
    /// The timeline.
    public var steps: [Step]
    /// For a drag step (by its index in ``steps``), how far its pull must at least reach, in
    /// triggers of the edge it pulls (a drag's `"reach"`, file version 2): played, the drag goes
    /// on past its `to` where the trigger of the plugin that plays it needs it. `1.3`: a scenario
    /// that refreshes whatever plugin plays it.
    public var dragReaches: [Int: Double] = [:]

    /// This scenario with each drag's travel `factor` times as long (from the same place): a
    /// review that plays a plugin whose trigger lies beyond the pull written here.
    package func lengtheningDrags(by factor: Double) -> Scenario {
        var longer = self
        longer.steps = steps.map { step in
            guard case .drag(let from, let to, let duration, let easing) = step else { return step }
            return .drag(from: from, to: from + (to - from) * factor, duration: duration, easing: easing)
        }
        return longer
    }

    /// The name made safe as one file-name component: letters, digits, `.`, `_` and `-` kept,
    /// anything else (a `/`, `..`) replaced, so no scenario can make a tool write outside `--out`.
    public var fileName: String { Self.safeFileName(name) }

    /// `text` as one safe file-name component (see ``fileName``); `scenario` when nothing is left.
    public static func safeFileName(_ text: String) -> String {
        let safe = String(text.unicodeScalars.map { scalar -> Character in
            let c = Character(scalar)
            return scalar.isASCII && (c.isLetter || c.isNumber || c == "_" || c == "-" || c == ".") ? c : "-"
        }.prefix(100))
        let trimmed = safe.drop { $0 == "." }
        return trimmed.isEmpty ? "scenario" : String(trimmed)
    }

    /// The content size for `rows` rows.
    public func contentSize(rows: Int) -> Size {
        SceneLayout(viewport: viewport, axis: axis, rowHeight: rowHeight).contentSize(rows: rows)
    }
}

extension Scenario {
    /// Reads a scenario file: `given` is a path, or the name of a shipped scenario (`shippedPath(_:)`).
    public static func load(path given: String, elementLimit: Int = defaultElementLimit) throws(InputFileError) -> Scenario {
        let path = shippedPath(given)
        var scenario = try decode(try InputFileError.contents(of: path, limit: fileLimit), file: path, elementLimit: elementLimit)
        scenario.source = path
        return scenario
    }

    /// The most entries a list in a scenario may have (steps, checkpoints): twice the default
    /// frame limit, since a step takes a frame or more, but for the few that take none.
    public static let defaultElementLimit = 2 * ScenarioPlayer.defaultFrameLimit
    /// The scenario file version this build writes and reads (`"version"`; a file without one is
    /// version 1, a newer one is refused by name: `FileVersion`).
    public static let version = 2

    /// `path` as given when that file exists; else a shipped scenario of that name (with or without
    /// `.json`, in the assets' `Scenarios/`), so `run pull-to-refresh` works from any folder.
    static func shippedPath(_ path: String) -> String {
        guard !path.contains("/"), !FileManager.default.fileExists(atPath: path) else { return path }
        let name = path.hasSuffix(".json") ? path : path + ".json"
        return Assets.path("Scenarios/" + name) ?? path
    }

    /// The largest scenario file read.
    public static let fileLimit = 4 << 20

    /// Decodes scenario JSON; `file` names it in errors.
    public static func decode(_ data: Data, file: String = "(scenario)", elementLimit: Int = defaultElementLimit) throws(InputFileError) -> Scenario {
        // Counted in the bytes first: a list too long is refused before anything is built from it.
        if let offset = JSONSyntax.firstArray(in: data, longerThan: elementLimit) {
            throw InputFileError(file: file, reason: "a list of over \(elementLimit) entries, over the limit (a scenario's steps and checkpoints are at most \(elementLimit); --max-frames raises it)").located(in: data, at: offset)
        }
        // Every syntax problem with its line and column, and keys given twice, before decoding.
        if let problem = InputFileError.syntax(of: data, file: file) { throw problem }
        let json: JSONValue
        do {
            json = try JSONDecoder().decode(JSONValue.self, from: data)
        } catch {
            // Valid JSON (checked above) that still cannot be read: a number no double holds (4.9e-325, 1e400).
            throw InputFileError.decoding(error, of: data, file: file, otherwise: "a value that cannot be read as JSON numbers, strings, lists and objects")
        }
        var scenario: Scenario
        do {
            scenario = try ScenarioReader(file: file).scenario(json)
        } catch {
            throw error.located(in: data)
        }
        scenario.source = file
        return scenario
    }
}

/// Reads a scenario from JSON, checking every field and naming the path of the first bad one.
private struct ScenarioReader {
    let file: String

    func fail(_ field: String, _ reason: String) -> InputFileError { InputFileError(file: file, field: field, reason: reason) }

    func object(_ value: JSONValue, _ field: String, allowed: Set<String>) throws(InputFileError) -> [String: JSONValue] {
        guard case .object(let fields) = value else {
            throw fail(field, field.isEmpty ? "expected a JSON object at the top level, found \(value.kindName)" : "expected an object, found \(value.kindName)")
        }
        if let unknown = fields.keys.sorted().first(where: { !allowed.contains($0) }) {
            // An empty key is shown as "", a long one cut: the field is named, never a blank or a flood.
            let shown = unknown.isEmpty ? "\"\"" : PluginError.shortened(unknown)
            throw fail(field.isEmpty ? shown : "\(field).\(shown)", "unknown field (expected one of \(allowed.sorted().joined(separator: ", ")))")
        }
        return fields
    }

    func number(_ fields: [String: JSONValue], _ key: String, _ path: String, default value: Double? = nil,
                _ range: ClosedRange<Double> = -1e9...1e9) throws(InputFileError) -> Double {
        let field = path.isEmpty ? key : "\(path).\(key)"
        guard let raw = fields[key] else {
            if let value { return value }
            throw fail(field, "missing (a number)")
        }
        guard case .number(let n) = raw else { throw fail(field, "expected a number, found \(raw.kindName)") }
        guard range.contains(n) else { throw fail(field, "\(n) is outside \(range.lowerBound)...\(range.upperBound)") }
        return n
    }

    func string(_ fields: [String: JSONValue], _ key: String, _ path: String, default value: String? = nil) throws(InputFileError) -> String {
        let field = path.isEmpty ? key : "\(path).\(key)"
        guard let raw = fields[key] else {
            if let value { return value }
            throw fail(field, "missing (a string)")
        }
        guard case .string(let s) = raw else { throw fail(field, "expected a string, found \(raw.kindName)") }
        return s
    }

    func bool(_ fields: [String: JSONValue], _ key: String, _ path: String, default value: Bool) throws(InputFileError) -> Bool {
        guard let raw = fields[key] else { return value }
        guard case .bool(let b) = raw else { throw fail(path.isEmpty ? key : "\(path).\(key)", "expected true or false, found \(raw.kindName)") }
        return b
    }

    func choice<T: RawRepresentable & CaseIterable>(_ fields: [String: JSONValue], _ key: String, _ path: String, default value: T) throws(InputFileError) -> T where T.RawValue == String {
        let text = try string(fields, key, path, default: value.rawValue)
        guard let chosen = T(rawValue: text) else {
            throw fail(path.isEmpty ? key : "\(path).\(key)", "\(InputFileError.quoted(text)) is not one of \(T.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return chosen
    }

    func edge(_ fields: [String: JSONValue], _ path: String, default value: RefreshEdge? = nil) throws(InputFileError) -> RefreshEdge {
        if fields["edge"] == nil, let value { return value }
        return try choice(fields, "edge", path, default: value ?? .top)
    }

    func scenario(_ json: JSONValue) throws(InputFileError) -> Scenario {
        // The version first: a newer file's new fields are not this reader's to judge.
        if case .object(let fields) = json, let raw = fields["version"] {
            guard case .number(let version) = raw else { throw fail("version", "expected a number, found \(raw.kindName)") }
            if let problem = FileVersion.problem(version, newest: Scenario.version) { throw fail("version", problem) }
        }
        let top = try object(json, "", allowed: Scenario.Field.allCases.names)
        var viewport = Defaults.viewport
        if let raw = top["viewport"] {
            let v = try object(raw, "viewport", allowed: Scenario.ViewportField.allCases.names)
            viewport = Size(width: try number(v, "width", "viewport", default: Defaults.viewport.width, 50...4096), height: try number(v, "height", "viewport", default: Defaults.viewport.height, 50...4096))
        }
        let axis: ScrollAxis = try choice(top, "axis", "", default: .vertical)
        var edges: [RefreshEdge: Scenario.EdgeSetup] = [:]
        guard let rawEdges = top["edges"] else { throw fail("edges", "missing (an object of edge name → indicator)") }
        for (name, value) in try object(rawEdges, "edges", allowed: Set(RefreshEdge.allCases.map(\.rawValue))).sorted(by: { $0.key < $1.key }) {
            let edge = RefreshEdge(rawValue: name)!
            let path = "edges.\(name)"
            guard edge.axis == axis else { throw fail(path, "a \(edge.axis) edge on a \(axis) list") }
            let f = try object(value, path, allowed: Scenario.EdgeField.allCases.names)
            var parameters: [String: ParameterValue] = [:]
            if let raw = f["params"] {
                guard case .object(let values) = raw else { throw fail("\(path).params", "expected an object, found \(raw.kindName)") }
                for (key, value) in values {
                    switch value {
                    case .number(let n): parameters[key] = .number(n)
                    case .bool(let b): parameters[key] = .bool(b)
                    case .string(let s): parameters[key] = .string(s)
                    default: throw fail("\(path).params.\(key)", "expected a number, string or bool, found \(value.kindName)")
                    }
                }
            }
            let optional = { (key: String, range: ClosedRange<Double>) throws(InputFileError) -> Double? in
                f[key] == nil ? nil : try number(f, key, path, range)
            }
            var secondFloor: SecondFloor?
            if let raw = f["secondFloor"] {
                let floorPath = "\(path).secondFloor"
                let g = try object(raw, floorPath, allowed: Scenario.SecondFloorField.allCases.names)
                secondFloor = SecondFloor(
                    triggerDistance: try number(g, "triggerDistance", floorPath, 2...2000),
                    openExtent: g["openExtent"] == nil ? nil : try number(g, "openExtent", floorPath, 2...4096),
                    refreshesBelow: try bool(g, "refreshesBelow", floorPath, default: true)
                )
            }
            let configuration = EdgeConfiguration(
                triggerDistance: try optional("triggerDistance", 1...1000),
                startOffset: try number(f, "startOffset", path, default: 0, 0...1000),
                holdExtent: try optional("holdExtent", 0...1000),
                triggerPolicy: try choice(f, "policy", path, default: RefreshTriggerPolicy.onRelease),
                preloadDistance: try optional("preloadDistance", 0...10000),
                resultHoldTime: try number(f, "resultHoldTime", path, default: EdgeConfiguration.defaultResultHoldTime, 0...10),
                haptics: try choice(f, "haptics", path, default: HapticFeedback.off),
                placement: try choice(f, "placement", path, default: IndicatorPlacement.push),
                secondFloor: secondFloor
            )
            edges[edge] = Scenario.EdgeSetup(plugin: try string(f, "plugin", path), parameters: parameters, configuration: configuration,
                                             placementIsChosen: f["placement"] != nil, hapticsIsChosen: f["haptics"] != nil)
        }
        guard !edges.isEmpty else { throw fail("edges", "enable at least one edge") }
        let locale = try string(top, "locale", "", default: "en")
        guard Scenario.isLocaleTag(locale) else { throw fail("locale", "expected a BCP 47 tag such as en, zh-Hans or ar (ASCII letters, digits, - and _, at most 35)") }
        let environment = IndicatorEnvironment(
            colorScheme: try choice(top, "theme", "", default: IndicatorEnvironment.ColorScheme.light),
            reduceMotion: try bool(top, "reduceMotion", "", default: false),
            layoutDirection: TextDirection(locale: locale),
            locale: locale
        )
        var checkpoints: [Double] = []
        if let raw = top["checkpoints"] {
            guard case .array(let values) = raw else { throw fail("checkpoints", "expected an array of times in seconds") }
            for (i, value) in values.enumerated() {
                guard case .number(let t) = value, t >= 0, t.isFinite else { throw fail("checkpoints[\(i)]", "expected a time in seconds ≥ 0") }
                checkpoints.append(t)
            }
        }
        guard let stepsValue = top["steps"] else { throw fail("steps", "missing (an array of steps)") }
        guard case .array(let rawSteps) = stepsValue else { throw fail("steps", "expected an array of steps, found \(stepsValue.kindName)") }
        var steps: [Scenario.Step] = [], reaches: [Int: Double] = [:]
        for (i, raw) in rawSteps.enumerated() {
            steps.append(try step(raw, "steps[\(i)]", axis: axis))
            if case .object(let wrapper) = raw, case .object(let drag)? = wrapper["drag"], drag["reach"] != nil {
                reaches[i] = try number(drag, "reach", "steps[\(i)].drag", 0.1...10)
            }
        }
        let name = try string(top, "name", "", default: ((file as NSString).lastPathComponent as NSString).deletingPathExtension)
        guard name.count <= 100, !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw fail("name", "expected at most 100 characters and no control characters (found \(name.count) characters)")
        }
        let description = try string(top, "description", "", default: "")
        guard description.count <= 2000 else { throw fail("description", "expected at most 2000 characters (found \(description.count))") }
        return Scenario(
            name: name,
            description: description,
            viewport: viewport, axis: axis,
            rows: Int(try number(top, "rows", "", default: 40, 0...100_000)),
            rowHeight: try number(top, "rowHeight", "", default: Defaults.rowHeight, 8...1000),
            offset: try number(top, "offset", "", default: 0, 0...100_000_000),
            fps: try number(top, "fps", "", default: 60, 1...240),
            edges: edges, environment: environment,
            window: try choice(top, "window", "", default: Scenario.Window.edge),
            checkpoints: checkpoints, steps: steps, dragReaches: reaches
        )
    }

    static let stepKinds = Scenario.StepKind.allCases.map(\.rawValue)

    func step(_ value: JSONValue, _ path: String, axis: ScrollAxis) throws(InputFileError) -> Scenario.Step {
        guard case .object(let wrapper) = value, wrapper.count == 1, let (kind, body) = wrapper.first else {
            throw fail(path, "expected an object with one step name (\(Self.stepKinds.joined(separator: ", ")))")
        }
        let field = "\(path).\(kind)"
        // hold and wait also take a plain number of seconds.
        if case .number(let seconds) = body, kind == "hold" || kind == "wait" {
            guard seconds >= 0, seconds <= 600 else { throw fail(field, "\(seconds) is outside 0...600 seconds") }
            return kind == "hold" ? .hold(duration: seconds) : .wait(duration: seconds)
        }
        let endEdge: RefreshEdge = axis == .vertical ? .bottom : .trailing
        guard let stepKind = Scenario.StepKind(rawValue: kind) else {
            throw fail(path, "unknown step \(InputFileError.quoted(kind)) (expected one of \(Self.stepKinds.joined(separator: ", ")))")
        }
        let f = try object(body, field, allowed: stepKind.fields.names)
        switch stepKind {
        case .drag:
            return .drag(from: try number(f, "from", field), to: try number(f, "to", field),
                         duration: try number(f, "duration", field, default: 0.3, 0...60), easing: try choice(f, "easing", field, default: Scenario.Easing.easeOut))
        case .hold, .wait:
            let seconds = try number(f, "duration", field, 0...600)
            return stepKind == .hold ? .hold(duration: seconds) : .wait(duration: seconds)
        case .release:
            return .release(velocity: f["velocity"] == nil ? nil : try number(f, "velocity", field, -100_000...100_000))
        case .fling:
            return .fling(velocity: try number(f, "velocity", field, -100_000...100_000))
        case .wheel:
            return .wheel(delta: try number(f, "delta", field, -10_000...10_000), count: Int(try number(f, "count", field, default: 1, 1...1000)),
                          interval: try number(f, "interval", field, default: 1.0 / 60, 0...10))
        case .finish:
            return .finish(edge: try edge(f, field), result: try choice(f, "result", field, default: RefreshResult.success))
        case .begin:
            return .begin(edge: try edge(f, field))
        case .openSecondFloor, .closeSecondFloor:
            let edge = try edge(f, field, default: axis == .vertical ? .top : .leading)
            return stepKind == .openSecondFloor ? .openSecondFloor(edge: edge) : .closeSecondFloor(edge: edge)
        case .loadMore:
            return .loadMore(edge: try edge(f, field, default: endEdge), rows: Int(try number(f, "rows", field, default: 10, 0...10_000)),
                             last: try bool(f, "last", field, default: false))
        case .setParameter:
            let value: ParameterValue
            switch f["value"] {
            case .number(let n)?: value = .number(n)
            case .bool(let b)?: value = .bool(b)
            case .string(let s)?: value = .string(s)
            case let other?: throw fail("\(field).value", "expected a number, string or bool, found \(other.kindName)")
            case nil: throw fail("\(field).value", "missing (a number, string or bool)")
            }
            return .setParameter(edge: try edge(f, field), name: try string(f, "name", field), value: value)
        case .placeholder:
            let state = try string(f, "state", field)
            let message = try string(f, "message", field, default: "The server did not answer.")
            guard message.count <= 200, !message.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
                throw fail("\(field).message", "expected at most 200 characters and no control characters")
            }
            switch state {
            case "loading": return .placeholder(.loading)
            case "failed": return .placeholder(.failed(message))
            case "empty": return .placeholder(.empty)
            case "none": return .placeholder(nil)
            default: throw fail("\(field).state", "\(InputFileError.quoted(state)) is not one of loading, failed, empty, none")
            }
        }
    }
}
