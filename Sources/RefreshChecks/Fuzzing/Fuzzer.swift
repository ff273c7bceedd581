import Foundation
import RefreshPluginSDK
import RefreshCore
import RefreshHost

/// Hostile inputs through every stage after the parser, counted: what was tried, accepted and
/// refused, and what came out that should not (a number that is not finite, an error that names
/// no place). Crashes and hangs end the process, so `refresh-dump fuzz` runs batches of this in
/// child processes and counts those from the outside.
package enum Fuzzer {
    /// What is fuzzed.
    package enum Stage: String, CaseIterable, Sendable, Codable {
        /// SVG path data → parse (valid prefix) → flatten → measure → trim → fit → render.
        case svg
        /// Scenario JSON (mutated shipped scenarios) → reader → player → frames.
        case scenario
        /// Parameter JSON → every plugin's create → frames in every state.
        case params
        /// Lottie JSON (mutations of the shipped animation) → the plugin's checks → rlottie.
        case lottie
    }

    /// The counts of one run.
    package struct Report: Codable, Equatable, Sendable, CustomStringConvertible {
        /// The stage fuzzed.
        package var stage: Stage
        /// Inputs tried.
        package var inputs = 0
        /// Inputs the stage took (a path with segments, a scenario that played, a plugin made).
        package var accepted = 0
        /// Inputs refused with an error.
        package var rejected = 0
        /// Outputs with a NaN or infinite number (none allowed).
        package var nonFinite = 0
        /// Errors that named neither file nor field (none allowed).
        package var unplaced = 0
        /// Inputs that ended the process with a signal (counted by the parent; none allowed).
        package var crashes = 0
        /// Inputs that did not finish within the deadline (counted by the parent; none allowed).
        package var hangs = 0
        /// The first few problems, each with its input index.
        package var problems: [String] = []

        /// A report for `stage` with nothing counted.
        package init(stage: Stage) {
            self.stage = stage
        }

        /// Whether nothing that must not happen happened.
        package var isClean: Bool { nonFinite == 0 && unplaced == 0 && crashes == 0 && hangs == 0 }

        /// Adds `other`'s counts.
        package mutating func merge(_ other: Report) {
            inputs += other.inputs
            accepted += other.accepted
            rejected += other.rejected
            nonFinite += other.nonFinite
            unplaced += other.unplaced
            crashes += other.crashes
            hangs += other.hangs
            problems += other.problems.prefix(max(0, 10 - problems.count))
        }

        /// Counts a problem of `kind` with input `index` and keeps its description among the first ten.
        package mutating func problem(_ kind: WritableKeyPath<Report, Int>, _ index: Int, _ what: String) {
            self[keyPath: kind] += 1
            if problems.count < 10 { problems.append("#\(index): \(what.prefix(300))") }
        }

        /// `svg: 1000 inputs, 800 accepted, 200 refused; 0 non-finite, 0 unplaced errors, 0 crashes, 0 hangs`.
        package var description: String {
            "\(stage.rawValue): \(inputs) inputs, \(accepted) accepted, \(rejected) refused; \(nonFinite) non-finite, \(unplaced) unplaced errors, \(crashes) crashes, \(hangs) hangs"
        }
    }

    /// Runs inputs `first..<first+count` of `stage` for `seed` in this process; plugins come from
    /// `plugins`, temporary files go to `scratch`.
    package static func run(_ stage: Stage, seed: UInt64, first: Int, count: Int, plugins: PluginSearchPath, scratch: String) -> Report {
        var report = Report(stage: stage)
        let context = Context(plugins: plugins, scratch: scratch)
        for index in first..<(first + count) {
            var g = FuzzInputs.generator(seed: seed, index: index)
            report.inputs += 1
            switch stage {
            case .svg: svg(FuzzInputs.svg(&g), index, &g, &report)
            case .scenario: scenario(index, &g, &report, context)
            case .params: parameters(index, &g, &report, context)
            case .lottie: lottie(index, &g, &report, context)
            }
        }
        return report
    }

    final class Context {
        let plugins: PluginSearchPath
        let scratch: String
        // try?: the fuzzer exercises the built-ins that load; `validate` is where a library that does not load is explained.
        lazy var libraries: [PluginLibrary] = plugins.libraries().compactMap { try? PluginLibrary(path: $0) }
            .filter { $0.info.indicator.id.hasPrefix("dev.refreshkit.") }
            .sorted { $0.info.indicator.id < $1.info.indicator.id }
        // try?: the shipped scenarios are only seeds: a missing folder or file means fewer seeds, not a wrong result.
        lazy var scenarios: [JSONValue] = (try? FileManager.default.contentsOfDirectory(atPath: Assets.path("Scenarios") ?? ""))?
            .filter { $0.hasSuffix(".json") }.sorted()
            .compactMap { FileManager.default.contents(atPath: Assets.path("Scenarios/" + $0)!) }
            // try?: a seed that does not parse is left out, as above.
            .compactMap { try? JSONValue(parsing: $0) } ?? []
        lazy var animation: JSONValue? = Assets.path("Lottie/refresh.json").flatMap { FileManager.default.contents(atPath: $0) }
            // try?: without the shipped animation the Lottie campaign starts from generated documents alone.
            .flatMap { try? JSONValue(parsing: $0) }
        lazy var lottie: PluginLibrary? = libraries.first { $0.info.indicator.id == "dev.refreshkit.lottie" }
        // try?: with no surface the draw checks are skipped; the parse checks still run.
        lazy var surface = try? ImageSurface(width: 96, height: 60)

        init(plugins: PluginSearchPath, scratch: String) {
            self.plugins = plugins
            self.scratch = scratch
        }
    }

    // MARK: Stages

    static func finite(_ points: [Point]) -> Bool { points.allSatisfy { $0.x.isFinite && $0.y.isFinite } }

    static func svg(_ text: String, _ index: Int, _ g: inout SeededRandom, _ report: inout Report) {
        let (path, error) = SVGPathParser.parseValidPrefix(text)
        let strict = Result { try SVGPathParser.parse(text) }
        // try?: only whether the strict parse succeeded is compared here.
        if (error == nil) != ((try? strict.get()) != nil) { report.problem(\.unplaced, index, "strict and lenient parses disagree on \(text)") }
        guard path.hasSegments else {
            report.rejected += 1
            return
        }
        report.accepted += 1
        if let error, error.offset < 0 || error.offset > text.utf8.count { report.problem(\.unplaced, index, "error offset \(error.offset) outside the data") }
        func check(_ ok: Bool, _ what: String) { if !ok { report.problem(\.nonFinite, index, "\(what) for \(text)") } }
        let bounds = path.bounds
        check(bounds.map { [$0.minX, $0.minY, $0.maxX, $0.maxY].allSatisfy(\.isFinite) } ?? true, "bounds \(String(describing: bounds))")
        let flattenings: [Flattening] = [.standard, .depth(Int.random(in: 0...4, using: &g)), .tolerance(1e-300)]
        for flattening in flattenings {
            check(path.flattened(flattening).allSatisfy { finite($0.points) }, "flattened(\(flattening))")
        }
        let measure = PathMeasure(path)
        check(measure.length.isFinite && measure.length >= 0, "length \(measure.length)")
        let a = Double.random(in: -0.2...1.2, using: &g), b = Double.random(in: -0.2...1.2, using: &g)
        let trimmed = measure.trimmed(from: a, to: b)
        check(trimmed.flattened().allSatisfy { finite($0.points) }, "trimmed(\(a), \(b))")
        if let position = measure.position(at: Double.random(in: -10...1000, using: &g)) {
            check(position.point.x.isFinite && position.point.y.isFinite && position.angle.isFinite, "position")
        }
        let fitted = Path.fit([path], into: Rect(x: 0, y: 0, width: 64, height: 40), padding: 2, flipY: Bool.random(using: &g))
        check(fitted.allSatisfy { $0.flattened().allSatisfy { finite($0.points) } }, "fitted")
        // try?: with no surface the draw check is skipped; the path checks above have run.
        if let surface = try? ImageSurface(width: 64, height: 40) {
            let canvas = Canvas(surface: surface)
            for part in fitted { canvas.add(part) }
            canvas.stroke(.color(.black), style: StrokeStyle(lineWidth: 2, cap: .round, join: .round))
        }
    }

    static func scenario(_ index: Int, _ g: inout SeededRandom, _ report: inout Report, _ context: Context) {
        guard !context.scenarios.isEmpty else { return report.problem(\.unplaced, index, "no shipped scenarios to mutate") }
        let base = context.scenarios[index % context.scenarios.count]
        let data = FuzzInputs.serialize(FuzzInputs.mutateJSON(base, &g, maximum: 2), &g)
        // Written and read back as a user's file is, so that a problem found while playing is placed by its line too.
        let file = (context.scratch as NSString).appendingPathComponent("fuzz-\(index).json")
        guard FileManager.default.createFile(atPath: file, contents: data) else { return report.problem(\.unplaced, index, "cannot write \(file)") }
        // try?: the scratch folder is removed whole when the command ends.
        defer { try? FileManager.default.removeItem(atPath: file) }
        do {
            let scenario = try Scenario.load(path: file)
            let player = try ScenarioPlayer(scenario: scenario, searchPath: context.plugins, frameLimit: 600)
            report.accepted += 1
            var frame = 0
            while try player.advance() {
                frame += 1
                let simulation = player.driver.simulation
                guard simulation.offset.x.isFinite, simulation.offset.y.isFinite,
                      player.driver.container.enabledEdges.allSatisfy({ player.driver.container.status(of: $0)!.progress.isFinite }) else {
                    return report.problem(\.nonFinite, index, "frame \(frame): offset \(simulation.offset)")
                }
                if frame % 20 == 1 { _ = try player.render(scale: 0.5) }
            }
        } catch let error as InputFileError {
            report.rejected += 1
            // Placed: a line and column, or (for the file as a whole: too big, a list too long) nothing more to point at.
            let placed = error.line != nil || (error.field.isEmpty && !error.reason.hasPrefix("not valid JSON"))
            // In the user's words: no Swift type or Foundation domain, and no value quoted whole.
            let words = !["DecodingError", "Dictionary<", "NSCocoaErrorDomain", "Error Domain="].contains { error.description.contains($0) } && error.description.utf8.count < 2000
            if error.file != file || !placed || !words {
                report.problem(\.unplaced, index, error.description)
            }
        } catch {
            report.rejected += 1
            report.problem(\.unplaced, index, "\(type(of: error)): \(error)")
        }
    }

    static let states: [RefreshState] = [.pulling(progress: 0.5), .eligible, .refreshing, .finished(.success), .finished(.failure), .noMoreData]

    static func parameters(_ index: Int, _ g: inout SeededRandom, _ report: inout Report, _ context: Context) {
        guard !context.libraries.isEmpty else { return report.problem(\.unplaced, index, "no plugins found") }
        let library = context.libraries[index % context.libraries.count]
        let json = FuzzInputs.parameters(for: library.info.parameters, &g)
        let indicator: PluginIndicator
        do {
            indicator = try library.makeIndicator(parametersJSON: json)
        } catch {
            report.rejected += 1
            if case .invalidParameters = error.reason { return }
            if case .createFailed = error.reason { return }
            return report.problem(\.unplaced, index, "\(library.info.indicator.id) \(json): \(error)")
        }
        report.accepted += 1
        guard indicator.refreshLength.isFinite else { return report.problem(\.nonFinite, index, "refresh length \(indicator.refreshLength)") }
        render(indicator, index, &g, &report, context)
    }

    static func render(_ indicator: PluginIndicator, _ index: Int, _ g: inout SeededRandom, _ report: inout Report, _ context: Context) {
        guard let surface = context.surface else { return }
        for state in states {
            let time = [0, 0.37, 2.5, 1e6, Double.random(in: 0...100, using: &g)].randomElement(using: &g)!
            let frame = IndicatorFrame(size: Size(width: 96, height: 60), scale: 1, edge: RefreshEdge.allCases.randomElement(using: &g)!,
                                       state: state, progress: Double.random(in: -1...3, using: &g),
                                       pull: EdgePull(distance: Double.random(in: 0...200, using: &g), rawDistance: 300), time: time, stateTime: time,
                                       environment: IndicatorEnvironment(colorScheme: Bool.random(using: &g) ? .dark : .light,
                                                                         reduceMotion: Bool.random(using: &g),
                                                                         layoutDirection: Bool.random(using: &g) ? .rightToLeft : .leftToRight,
                                                                         locale: ["en", "ar", "zh-Hans", "xx-invalid"].randomElement(using: &g)!))
            indicator.refreshState = state
            let canvas = Canvas(surface: surface)
            canvas.clear(.white)
            do {
                try indicator.draw(in: canvas, frame: frame)
            } catch {
                report.problem(\.unplaced, index, "render \(state): \(error)")
            }
        }
    }

    static func lottie(_ index: Int, _ g: inout SeededRandom, _ report: inout Report, _ context: Context) {
        guard let base = context.animation, let library = context.lottie else { return report.problem(\.unplaced, index, "no Lottie plugin or animation") }
        let data = FuzzInputs.serialize(FuzzInputs.mutateJSON(base, &g, maximum: 3), &g)
        let path = (context.scratch as NSString).appendingPathComponent("fuzz-\(index).json")
        guard FileManager.default.createFile(atPath: path, contents: data) else { return report.problem(\.unplaced, index, "cannot write \(path)") }
        // try?: the scratch folder is removed whole when the command ends.
        defer { try? FileManager.default.removeItem(atPath: path) }
        do {
            let indicator = try library.makeIndicator(parametersJSON: "{\"file\": \(ParameterValue.quoted(path))}")
            report.accepted += 1
            render(indicator, index, &g, &report, context)
        } catch {
            report.rejected += 1
            guard case .createFailed(let reason) = error.reason, reason.contains("'\(path)'") || reason.contains("parameter '") else {
                return report.problem(\.unplaced, index, "\(error)")
            }
        }
    }
}
