import ArgumentParser
import Foundation
import RefreshSystem
import RefreshGraphics
import RefreshHost
import RefreshPluginSDK
import RefreshCore

/// `refresh-dump bench`: the numbers the budgets in DESIGN.md are checked against. Build with
/// `-c release` for meaningful results.
///
/// Every figure is the measuring thread's CPU time, not the wall clock, and stands beside an anchor
/// measured in the same run on the same data (a byte scan of the path data, a memset of the
/// frame, the C spinner, the host's own `run` on one core): the ratio is what to compare between
/// runs and machines, since a busy machine slows both sides alike.
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
    @Option(help: "Run only these sections (host, svg, png, compare, plugins, boundary, export, lottie, run), comma-separated.")
    var only: String?
    @OptionGroup var search: SearchPathOptions
    @Option(help: .hidden)
    var library: String?

    static let sections: Set<String> = ["host", "svg", "png", "compare", "plugins", "boundary", "export", "lottie", "run"]

    /// One measured quantity.
    struct Result: Codable {
        var name: String
        var value: Double
        var unit: String
        var budget: String

        /// The row of a plugin at `path` that could not be measured, and why.
        static func notMeasured(_ path: String, _ why: String) -> Result {
            Result(name: "\((path as NSString).lastPathComponent): not measured", value: 0, unit: "", budget: why)
        }
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
        // The machine's load beside the figures (a ratio holds under load, an absolute figure does
        // not); a child bench's rows join its parent's, which says the load once.
        var results: [Result] = library == nil ? [Self.loadAverage("at the start")] : []
        // The runs first, though their rows come last: a child reports its parent's peak memory as
        // its own when that is larger (Linux keeps the peak across exec), and the export section
        // takes this process to some 380 MB.
        let runs = sections.contains("run") ? try runThroughput() : []
        if sections.contains("host") { results += try hostWork() }
        if sections.contains("svg") { results += try svgThroughput() }
        if sections.contains("png") { results += try pngEncoding() }
        if sections.contains("compare") { results += try goldenComparison() }
        if library != nil {
            // The child bench starts per library: the plugin's code runs here, and only here.
            if sections.contains("plugins") { results += try pluginFrames() }
            if sections.contains("boundary") { results += try processBoundary() }
        } else if !sections.isDisjoint(with: ["plugins", "boundary"]) {
            results += try pluginsInChildren(sections.intersection(["plugins", "boundary"]))
        }
        if sections.contains("export") { results += try exportFormats() }
        if sections.contains("lottie"), library == nil { results += try lottieExports() }
        results += runs
        if library == nil { results.append(Self.loadAverage("at the end")) }
        let width = results.map(\.name.count).max().map { $0 + 2 } ?? 34
        print("benchmark".padding(toLength: width, withPad: " ", startingAt: 0) + "value".padding(toLength: 16, withPad: " ", startingAt: 0) + "budget")
        for result in results {
            let value = String(format: result.value >= 100 ? "%.0f %@" : "%.2f %@", result.value, result.unit)
            print(result.name.padding(toLength: width, withPad: " ", startingAt: 0) + value.padding(toLength: 16, withPad: " ", startingAt: 0) + result.budget)
        }
        if let json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            try OutputFile.makeFolder(containing: json)
            try OutputFile.write(encoder.encode(results), to: json)
        }
    }

    /// The one-minute load average now (runnable threads, the kernel's figure), as a row.
    static func loadAverage(_ when: String) -> Result {
        var load = [0.0]
        let read = getloadavg(&load, 1) == 1
        return Result(name: "load average (1 min) \(when)", value: read ? load[0] : 0, unit: "", budget: read ? "\(ProcessInfo.processInfo.activeProcessorCount) cores" : "not readable")
    }

    /// CPU seconds `body` took on this thread (what the code costs, whatever else the machine does);
    /// with `process`, on every thread of the process — for
    /// a plugin loaded here, whose calls run on its library's own thread (PluginThread), which the
    /// calling thread's clock does not see.
    func time(process: Bool = false, _ body: () throws -> Void) rethrows -> Double {
        let clock = process ? CLOCK_PROCESS_CPUTIME_ID : CLOCK_THREAD_CPUTIME_ID
        let start = ProcessClock.seconds(clock)
        try body()
        return ProcessClock.seconds(clock) - start
    }

    /// Every number in `text` read with C's strtod, skipping what is not a number: the anchor of
    /// the SVG figures.
    private static func strtodNumbers(_ text: String) -> Double {
        text.withCString { start in
            var cursor = UnsafeMutablePointer(mutating: start)
            var sum = 0.0
            while cursor.pointee != 0 {
                var end: UnsafeMutablePointer<CChar>?
                let value = strtod(cursor, &end)
                if let end, end != cursor {
                    sum += value
                    cursor = end
                } else {
                    cursor += 1
                }
            }
            return sum
        }
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
        let driver = RefreshDriver(simulation: try ScrollSimulation(.init(viewportSize: Defaults.viewport, contentSize: Size(width: Defaults.viewport.width, height: 3000))), container: container)
        var samples: [Double] = []
        for frame in 0..<frames {
            let phase = frame % 240
            samples.append(time {
                if phase == 0 { driver.simulation.dragBegan() }
                if phase < 40 { driver.simulation.dragMoved(by: Point(x: 0, y: frame % 480 < 240 ? 6 : -9)) }
                if phase == 40 { driver.simulation.dragEnded() }
                driver.advance(by: Defaults.frameInterval)
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
        // Ours and the anchor (C's strtod reading every number of the same data, work of the same
        // kind) alternate, and each pair gives a ratio: load that comes and goes hits both sides of
        // a pair alike. The figures are the medians.
        var parses: [Double] = [], totals: [Double] = [], anchors: [Double] = []
        var parseRatios: [Double] = [], totalRatios: [Double] = []
        for _ in 0..<9 {
            var path = Path()
            var segments = 0
            var sum = 0.0
            let parsing = try time { path = try SVGPathParser.parse(bytes: bytes) }
            let flattening = time { segments = path.flattened(.standard).reduce(0) { $0 + $1.points.count } }
            let anchor = time { sum = Self.strtodNumbers(data) }
            precondition(segments > 0 && sum.isFinite)
            parses.append(parsing)
            totals.append(parsing + flattening)
            anchors.append(anchor)
            parseRatios.append(parsing / anchor)
            totalRatios.append((parsing + flattening) / anchor)
        }
        func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
        let parsing = median(parses), total = median(totals), anchor = median(anchors)
        let megabytes = Double(bytes.count) / 1e6
        return [
            Result(name: "SVG parse + flatten", value: megabytes / total, unit: "MB/s", budget: "≥ 20 MB/s"),
            Result(name: "SVG parse alone", value: megabytes / parsing, unit: "MB/s", budget: ""),
            Result(name: "anchor: strtod over the data", value: megabytes / anchor, unit: "MB/s", budget: ""),
            Result(name: "SVG parse alone / strtod", value: median(parseRatios), unit: "×", budget: "the ratio to compare"),
            Result(name: "SVG parse + flatten / strtod", value: median(totalRatios), unit: "×", budget: "the ratio to compare"),
        ]
    }

    /// PNG encoding of a 780×240 frame with shapes and text.
    private func pngEncoding() throws -> [Result] {
        let surface = try ImageSurface(size: Defaults.bandSize, scale: 2)
        let canvas = Canvas(surface: surface)
        canvas.clear(.white)
        canvas.arc(center: Point(x: 195, y: 50), radius: 20, startAngle: 0, endAngle: 4.5)
        canvas.stroke(.color(try Color(hex: "#0A84FF")), style: StrokeStyle(lineWidth: 4, cap: .round))
        canvas.draw(canvas.makeTextLayout("Release to refresh", style: TextStyle(size: 13, alignment: .center, width: Defaults.bandSize.width)),
                    at: Point(x: 0, y: 85), color: .black)
        let count = max(10, frames / 4)
        var bytes = 0
        // The anchor: libpng alone (same settings) on the same frame, already packed as RGB,
        // alternating with ours frame by frame; the ratio is the median of the pairs'.
        let packed = surface.straightPixels().flatMap { word in
            [UInt8(truncatingIfNeeded: word), UInt8(truncatingIfNeeded: word >> 8), UInt8(truncatingIfNeeded: word >> 16)]
        }
        var anchorBytes = 0
        var ours: [Double] = [], alone: [Double] = [], ratios: [Double] = []
        for _ in 0..<count {
            let a = try time { bytes = try surface.pngData().count }
            let b = try time { anchorBytes = try packed.withUnsafeBytes { ImageSurface.encode($0, width: surface.width, height: surface.height, opaque: true) }.get().count }
            ours.append(a)
            alone.append(b)
            ratios.append(a / b)
        }
        precondition(anchorBytes == bytes, "the anchor encodes the same file")
        let seconds = ours.reduce(0, +), libpng = alone.reduce(0, +)
        return [
            Result(name: "PNG encode 780×240", value: Double(count) / seconds, unit: "frames/s", budget: "≥ 300 frames/s (with rendering)"),
            Result(name: "PNG size 780×240", value: Double(bytes) / 1000, unit: "kB", budget: ""),
            Result(name: "anchor: libpng alone", value: Double(count) / libpng, unit: "frames/s", budget: ""),
            Result(name: "PNG encode / libpng alone", value: ratios.sorted()[ratios.count / 2], unit: "×", budget: "the ratio to compare"),
        ]
    }

    /// What running a plugin in a plugin-host child (the preview's default) costs per frame at
    /// 780×240 px: the host's CPU time for a frame plus the child's (read from /proc over the whole
    /// run), less the same frame drawn in-process. Both sides are CPU time, so a busy machine
    /// cannot inflate it; the process's, since a plugin loaded here draws on its library's own
    /// thread (measured on the calling thread, Path Drawing's in-process frame read 0.06 ms
    /// instead of 0.45). The child's share is read over the whole run, so it is a mean, and the
    /// boundary takes means on every side: a median in process against the child's
    /// mean charged a plugin whose frames vary (Path Drawing's refreshing frames cost several times
    /// its pulls) with the difference between its mean and median frame.
    private func processBoundary() throws -> [Result] {
        guard let path = library else { return [] }
        let surface = try ImageSurface(size: Defaults.bandSize, scale: 2)
        let canvas = Canvas(surface: surface)
        let background = FrameRenderer.background(for: .light)
        let local = try PluginLibrary(path: path).makeIndicator()
        guard ["dev.refreshkit.spinner", "dev.refreshkit.path-drawing"].contains(local.info.id) else { return [] }
        let host = try PluginHostProcess(path: path)
        let remote = try host.makeIndicator(parametersJSON: "{}")
        func measure(_ indicator: any HostedIndicator) throws -> [Double] {
            var samples: [Double] = []
            for i in 0..<frames {
                let t = Double(i) * Defaults.frameInterval
                let state: RefreshState = i % 2 == 0 ? .pulling(progress: Double(i % 100) / 100) : .refreshing
                let frame = IndicatorFrame(size: Defaults.bandSize, scale: 2, state: state, progress: Double(i % 100) / 100,
                                           pull: EdgePull(distance: 60, rawDistance: 117), time: t, stateTime: t)
                indicator.refreshState = state
                samples.append(try time(process: true) {
                    canvas.clear(background)
                    try indicator.draw(in: canvas, frame: frame)
                })
            }
            return samples.sorted()
        }
        let here = try measure(local)
        // The child's CPU clock, to the nanosecond (its /proc ticks are 10 ms: over 100 frames a
        // tick was 0.1 ms a frame, and the boundary read −0.10 ms); the ticks where it cannot be read.
        let childClock = ProcessClock.cpuClock(of: host.processIdentifier)
        func childSeconds() -> Double { childClock.map(ProcessClock.seconds) ?? ChildUsage(pid: host.processIdentifier)?.cpuSeconds ?? 0 }
        let childBefore = childSeconds()
        let wallStart = Date()
        let there = try measure(remote)
        let wall = Date().timeIntervalSince(wallStart) / Double(frames)
        let childMean = (childSeconds() - childBefore) / Double(frames)
        let name = local.info.name
        let hereMedian = here[here.count / 2], hostMedian = there[there.count / 2]
        func mean(_ samples: [Double]) -> Double { samples.reduce(0, +) / Double(max(1, samples.count)) }
        return [
            Result(name: "\(name): in-process, median", value: hereMedian * 1000, unit: "ms", budget: ""),
            Result(name: "\(name): in-process, mean", value: mean(here) * 1000, unit: "ms", budget: ""),
            Result(name: "\(name): child, host CPU", value: hostMedian * 1000, unit: "ms", budget: ""),
            Result(name: "\(name): child, child CPU (mean)", value: childMean * 1000, unit: "ms", budget: ""),
            Result(name: "\(name): boundary (CPU)", value: (mean(there) + childMean - mean(here)) * 1000, unit: "ms", budget: "≤ 0.3 ms"),
            Result(name: "\(name): child frame, wall", value: wall * 1000, unit: "ms", budget: "≤ 8.3 ms (120 fps)"),
        ] + (try pluginHostStart(path: path, name: name))
    }

    /// The plugin of `--library` (a bench child's): load time (dlopen, checks, create) and frame
    /// time at 390×120 pt @2x, clearing included, over pulls and refreshing frames.
    private func pluginFrames() throws -> [Result] {
        guard let path = library else { return [] }
        var results: [Result] = []
        let surface = try ImageSurface(size: Defaults.bandSize, scale: 2)
        let canvas = Canvas(surface: surface)
        let background = FrameRenderer.background(for: .light)
        var made: Swift.Result<PluginIndicator, PluginError>?
        let load = time(process: true) { made = Swift.Result { () throws(PluginError) in try PluginLibrary(path: path).makeIndicator() } }
        guard case .success(let indicator)? = made else {
            if case .failure(let error)? = made { results.append(.notMeasured(path, error.reasonDescription)) }
            return results
        }
        let name = indicator.info.name
        var samples: [Double] = []
        for i in 0..<frames {
            let t = Double(i) * Defaults.frameInterval
            let state: RefreshState = i % 2 == 0 ? .pulling(progress: Double(i % 100) / 100) : .refreshing
            let frame = IndicatorFrame(size: Defaults.bandSize, scale: 2, state: state,
                                       progress: Double(i % 100) / 100, pull: EdgePull(distance: 60, rawDistance: 117), time: t, stateTime: t)
            indicator.refreshState = state
            samples.append(try time(process: true) {
                canvas.clear(background)
                try indicator.draw(in: canvas, frame: frame)
            })
        }
        samples.sort()
        results.append(Result(name: "frame \(name) (median)", value: samples[samples.count / 2] * 1000, unit: "ms", budget: "≤ 0.5 ms"))
        results.append(Result(name: "frame \(name) (p99)", value: samples[samples.count * 99 / 100] * 1000, unit: "ms", budget: ""))
        results.append(Result(name: "load \(name)", value: load * 1000, unit: "ms", budget: "≤ 10 ms"))
        if indicator.info.id == "dev.refreshkit.lottie" {
            // The refreshing loop (one second) played twice: the second cycle is served from
            // the plugin's frame cache.
            var cycles: [[Double]] = [[], []]
            indicator.refreshState = .refreshing
            for cycle in 0..<2 {
                for i in 0..<60 {
                    let t = Double(cycle) + Double(i) / 60
                    let frame = IndicatorFrame(size: Defaults.bandSize, scale: 2, state: .refreshing, progress: 1,
                                               pull: EdgePull(distance: 60, rawDistance: 117), time: t, stateTime: t)
                    cycles[cycle].append(try time(process: true) {
                        canvas.clear(background)
                        try indicator.draw(in: canvas, frame: frame)
                    })
                }
            }
            let first = cycles[0].sorted()[30], again = cycles[1].sorted()[30]
            results.append(Result(name: "Lottie loop, first cycle (median)", value: first * 1000, unit: "ms", budget: ""))
            results.append(Result(name: "Lottie loop, second cycle (median)", value: again * 1000, unit: "ms", budget: "≤ 0.1 ms (cached)"))
        }
        return results
    }

    /// The `plugins` and `boundary` sections for every plugin on the search path, each library
    /// measured in a `bench --library` child of its own: bench runs no plugin code itself, and a
    /// plugin that crashes or hangs costs its own rows only (a row says so) while the others are
    /// measured. The child's figures are its own CPU time, as before.
    private func pluginsInChildren(_ sections: Set<String>) throws -> [Result] {
        var results: [Result] = []
        var medians: [String: Double] = [:]
        let scratch = try ScratchFolder("bench-plugins")
        defer { scratch.remove() }
        for (index, (path, result)) in search.searchPath.probed().enumerated() {
            guard case .success(let info) = result else {
                if case .failure(let error) = result { results.append(.notMeasured(path, error.reasonDescription)) }
                continue
            }
            let output = "\(scratch.path)/\(index).json"
            let arguments = ["bench", "--only", sections.sorted().joined(separator: ","), "--library", path, "--frames", String(frames), "--json", output]
            let (status, text) = try runSelf(arguments)
            let data = FileManager.default.contents(atPath: output)
            // try?: a child that ended without its JSON is reported by its status and words instead.
            guard status == 0, let data, let rows = try? JSONDecoder().decode([Result].self, from: data) else {
                let said = text.split(separator: "\n").last.map { ": \($0.prefix(160))" } ?? ""
                results.append(Result(name: "\(info.indicator.name): not measured", value: Double(status), unit: "(status)",
                                      budget: "the bench child ended with status \(status)\(said)"))
                continue
            }
            results += rows
            if let median = rows.first(where: { $0.name == "frame \(info.indicator.name) (median)" }) { medians[info.indicator.id] = median.value }
        }
        if let swift = medians["dev.refreshkit.spinner"], let c = medians["dev.refreshkit.spinner-c"] {
            results.append(Result(name: "Swift spinner / C spinner", value: swift / c, unit: "×", budget: "≤ 1.25×"))
        }
        return results
    }
}
