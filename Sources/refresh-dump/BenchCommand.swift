import ArgumentParser
import Foundation
import RefreshGraphics
import RefreshHost
import RefreshPluginSDK

/// `refresh-dump bench`: the numbers the budgets in DESIGN.md are checked against. Build with
/// `-c release` for meaningful results.
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure host work per frame, SVG path throughput and PNG encoding.",
        discussion: "Run a release build (swift run -c release refresh-dump bench); debug builds are many times slower."
    )

    @Option(help: "Write the results as JSON to this file as well.")
    var json: String?
    @Option(help: "Megabytes of generated path data for the SVG benchmark.")
    var svgMegabytes: Double = 1
    @Option(help: "Frames for the host and PNG benchmarks.")
    var frames: Int = 2000
    @Option(help: "Run only these sections (host, svg, png, plugins), comma-separated.")
    var only: String?
    @OptionGroup var search: SearchPathOptions

    static let sections: Set<String> = ["host", "svg", "png", "plugins"]

    /// One measured quantity.
    struct Result: Codable {
        var name: String
        var value: Double
        var unit: String
        var budget: String
    }

    func validate() throws {
        guard svgMegabytes > 0, svgMegabytes <= 64 else { throw ValidationError("--svg-megabytes must be in (0, 64]") }
        guard frames >= 10 else { throw ValidationError("--frames must be at least 10") }
        if let only, let unknown = only.split(separator: ",").first(where: { !Self.sections.contains(String($0)) }) {
            throw ValidationError("--only: unknown section '\(unknown)' (\(Self.sections.sorted().joined(separator: ", ")))")
        }
    }

    func run() throws {
        let sections = only.map { Set($0.split(separator: ",").map(String.init)) } ?? Self.sections
        var results: [Result] = []
        if sections.contains("host") { results += try hostWork() }
        if sections.contains("svg") { results += try svgThroughput() }
        if sections.contains("png") { results += try pngEncoding() }
        if sections.contains("plugins") { results += try pluginFrames() }
        print("benchmark".padding(toLength: 34, withPad: " ", startingAt: 0) + "value".padding(toLength: 16, withPad: " ", startingAt: 0) + "budget")
        for result in results {
            let value = String(format: result.value >= 100 ? "%.0f %@" : "%.2f %@", result.value, result.unit)
            print(result.name.padding(toLength: 34, withPad: " ", startingAt: 0) + value.padding(toLength: 16, withPad: " ", startingAt: 0) + result.budget)
        }
        if let json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            try encoder.encode(results).write(to: URL(fileURLWithPath: json))
        }
    }

    /// Seconds taken by `body`.
    private func time(_ body: () throws -> Void) rethrows -> Double {
        let start = ContinuousClock.now
        try body()
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    /// Physics + state machine per frame: a list dragged, flung and refreshed over and over.
    private func hostWork() throws -> [Result] {
        final class Indicator: AnimatableRefresh {
            let refreshLength = 60.0
            var refreshState = RefreshState.unknown
        }
        let container = RefreshContainer()
        try container.enable(.top, indicator: Indicator()) { _, done in done(.success) }
        try container.enable(.bottom, indicator: Indicator(), configuration: EdgeConfiguration(preloadDistance: 200)) { _, done in done(.success) }
        let driver = RefreshDriver(simulation: try ScrollSimulation(.init(viewportSize: Size(width: 390, height: 844), contentSize: Size(width: 390, height: 3000))), container: container)
        var samples: [Double] = []
        for frame in 0..<frames {
            let phase = frame % 240
            samples.append(time {
                if phase == 0 { driver.simulation.dragBegan() }
                if phase < 40 { driver.simulation.dragMoved(by: Point(x: 0, y: frame % 480 < 240 ? 6 : -9)) }
                if phase == 40 { driver.simulation.dragEnded() }
                driver.advance(by: 1.0 / 120)
            })
        }
        samples.sort()
        return [
            Result(name: "host work per frame (median)", value: samples[samples.count / 2] * 1e6, unit: "µs", budget: "≤ 20 µs"),
            Result(name: "host work per frame (p99)", value: samples[samples.count * 99 / 100] * 1e6, unit: "µs", budget: ""),
        ]
    }

    /// Parse + flatten of generated path data with every command kind.
    private func svgThroughput() throws -> [Result] {
        var data = "M0 0"
        let pieces = ["L10.5 20.25", "l-3.5.5", "H100", "v-20", "C10 20 30 40 50 60", "c1.5-2 3 4 5 6", "S70 80 90 100", "s1 2 3 4",
                      "Q5 5 10 0", "q2.5 2.5 5 0", "T20 0", "t5 5", "A20 10 30 0 1 40 40", "a5 5 0 1 0 10 0", "Z", "M12 34"]
        var i = 0
        while data.utf8.count < Int(svgMegabytes * 1_000_000) {
            data += pieces[i % pieces.count]
            i += 1
        }
        let bytes = Array(data.utf8)
        // The median of five runs: one run is at the mercy of whatever else the machine does.
        var parses: [Double] = [], totals: [Double] = []
        for _ in 0..<5 {
            var path = Path()
            var segments = 0
            let parsing = try time { path = try SVGPathParser.parse(bytes: bytes) }
            let flattening = time { segments = path.flattened(.standard).reduce(0) { $0 + $1.points.count } }
            precondition(segments > 0)
            parses.append(parsing)
            totals.append(parsing + flattening)
        }
        let parsing = parses.sorted()[2], total = totals.sorted()[2]
        let megabytes = Double(bytes.count) / 1e6
        return [
            Result(name: "SVG parse + flatten", value: megabytes / total, unit: "MB/s", budget: "≥ 20 MB/s"),
            Result(name: "SVG parse alone", value: megabytes / parsing, unit: "MB/s", budget: ""),
        ]
    }

    /// PNG encoding of a 780×240 frame with shapes and text.
    private func pngEncoding() throws -> [Result] {
        let surface = try ImageSurface(size: Size(width: 390, height: 120), scale: 2)
        let canvas = Canvas(surface: surface)
        canvas.clear(.white)
        canvas.arc(center: Point(x: 195, y: 50), radius: 20, startAngle: 0, endAngle: 4.5)
        canvas.stroke(.color(try Color(hex: "#0A84FF")), style: StrokeStyle(lineWidth: 4, cap: .round))
        canvas.draw(canvas.makeTextLayout("Release to refresh", style: TextStyle(size: 13, alignment: .center, width: 390)),
                    at: Point(x: 0, y: 85), color: .black)
        let count = max(10, frames / 4)
        var bytes = 0
        let seconds = try time {
            for _ in 0..<count { bytes = try surface.pngData().count }
        }
        return [
            Result(name: "PNG encode 780×240", value: Double(count) / seconds, unit: "frames/s", budget: "≥ 300 frames/s (with rendering)"),
            Result(name: "PNG size 780×240", value: Double(bytes) / 1000, unit: "kB", budget: ""),
        ]
    }

    /// Per plugin found: load time (dlopen, checks, create) and frame time at 390×120 pt @2x,
    /// clearing included, over pulls and refreshing frames. All measured in this one run.
    private func pluginFrames() throws -> [Result] {
        var results: [Result] = []
        var medians: [String: Double] = [:]
        let surface = try ImageSurface(size: Size(width: 390, height: 120), scale: 2)
        let canvas = Canvas(surface: surface)
        let background = FrameRenderer.background(for: .light)
        for path in search.searchPath.libraries() {
            var indicator: PluginIndicator?
            let load = time { indicator = try? PluginLibrary(path: path).makeIndicator() }
            guard let indicator else { continue }
            let name = indicator.info.name
            var samples: [Double] = []
            for i in 0..<frames {
                let t = Double(i) / 120
                let state: RefreshState = i % 2 == 0 ? .pulling(progress: Double(i % 100) / 100) : .refreshing
                let frame = IndicatorFrame(size: Size(width: 390, height: 120), scale: 2, state: state,
                                           progress: Double(i % 100) / 100, pull: EdgePull(distance: 60, rawDistance: 117), time: t, stateTime: t)
                indicator.refreshState = state
                samples.append(try time {
                    canvas.clear(background)
                    try indicator.render(frame, into: canvas)
                })
            }
            samples.sort()
            medians[indicator.info.id] = samples[samples.count / 2]
            results.append(Result(name: "frame \(name) (median)", value: samples[samples.count / 2] * 1000, unit: "ms", budget: "≤ 0.5 ms"))
            results.append(Result(name: "frame \(name) (p99)", value: samples[samples.count * 99 / 100] * 1000, unit: "ms", budget: ""))
            results.append(Result(name: "load \(name)", value: load * 1000, unit: "ms", budget: "≤ 10 ms"))
        }
        if let swift = medians["dev.refreshkit.spinner"], let c = medians["dev.refreshkit.spinner-c"] {
            results.append(Result(name: "Swift spinner / C spinner", value: swift / c, unit: "×", budget: "≤ 1.25×"))
        }
        return results
    }
}
