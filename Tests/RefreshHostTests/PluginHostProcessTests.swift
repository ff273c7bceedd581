import Foundation
import Testing
import TestSupport
@testable import RefreshHost
import RefreshPluginSDK
import RefreshGoldens

/// Plugins in a plugin-host child: the same pictures and the same words as in process (the
/// session's side, a crash or hang ending only the child, is SessionPluginHostTests').
@MainActor
@Suite(.leavesNoPluginHost)
struct PluginHostProcessTests {
    @Test(arguments: ["RefreshSpinner", "RefreshLottie", "RefreshLabel"])
    func aPluginInAChildDrawsWhatItDrawsInProcess(product: String) throws {
        let here = try PluginLibrary(path: library(product)).makeIndicator()
        let host = try PluginHostProcess(path: library(product))
        let there = try host.makeIndicator(parametersJSON: "{}")
        #expect(there.info == here.info)
        #expect(there.refreshLength == here.refreshLength)
        #expect(host.info.parameters == here.library.info.parameters)
        for (state, time) in [(RefreshState.pulling(progress: 0.6), 0.0), (.refreshing, 0.35), (.finished(.success), 0.2)] {
            var spec = FrameSpec(state: state)
            spec.time = time
            spec.stateTime = time
            let frame = spec.frame(refreshLength: here.refreshLength)
            here.refreshState = frame.state
            there.refreshState = frame.state
            let a = try FrameRenderer.render(here, frame: frame), b = try FrameRenderer.render(there, frame: frame)
            #expect(try a.pngData() == b.pngData(), "\(product) \(state): the child's frame differs from the in-process one")
        }
    }

    /// A frame's drawing recorded in a child (what `export` reads) is what the plugin records in
    /// process: the same SVG, but for the numbers Cairo gives its surfaces across a process.
    @Test(arguments: ["RefreshSpinner", "RefreshLabel"])
    func aChildRecordsWhatItRecordsInProcess(product: String) throws {
        let here = try PluginLibrary(path: library(product)).makeIndicator()
        let host = try PluginHostProcess(path: library(product))
        let there = try host.makeIndicator(parametersJSON: "{}")
        let frame = FrameSpec(state: .finished(.success)).frame(refreshLength: here.refreshLength)
        here.refreshState = frame.state
        there.refreshState = frame.state
        func numbered(_ svg: String) -> String { svg.replacingOccurrences(of: #"surface\d+"#, with: "surface", options: .regularExpression) }
        let recorded = try here.recordDrawing(frame: frame)
        #expect(recorded.contains("<path"))
        #expect(numbered(try there.recordDrawing(frame: frame)) == numbered(recorded))
    }

    /// What a plugin says of itself beyond drawing reaches the host alike in this process and
    /// through a child: the languages it draws words in (Label's three, Material none) and its
    /// refreshing period for its parameters (Material's four breaths of 4/3 s, at half speed twice
    /// as long; Label none).
    @Test func theLanguagesAndThePeriodAPluginDeclaresReachTheHost() throws {
        for (product, locales, period) in [("RefreshLabel", ["en", "zh-Hans", "ar"], nil), ("RefreshMaterial", [], 16.0 / 3)] as [(String, [String], Double?)] {
            let here = try PluginLibrary(path: library(product))
            let host = try PluginHostProcess(path: library(product))
            #expect(here.info.drawnLocales == locales && host.info.drawnLocales == locales, "\(product)")
            #expect(try here.makeIndicator().refreshingPeriod == period && host.makeIndicator(parametersJSON: "{}").refreshingPeriod == period, "\(product)")
        }
        let slow = try PluginHostProcess(path: library("RefreshMaterial")).makeIndicator(parametersJSON: #"{"speed": 0.5}"#)
        #expect(slow.refreshingPeriod == 32.0 / 3)
    }

    /// A parameter's label and the parameters an instance says change nothing reach the host alike in
    /// this process and through a child: Path Drawing's "Smoothing" for `depth`, and its colours
    /// when every shape of its SVG file has a colour of its own (none for one without, or with the
    /// colour set).
    @Test func labelsAndInactiveParametersReachTheHost() throws {
        let folder = scratchDirectory("inactive-\(UUID().uuidString.prefix(8))")
        let coloured = "\(folder)/coloured.svg", plain = "\(folder)/plain.svg"
        try ##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><path d="M1 1 L9 9" stroke="#C02020"/><path d="M1 9 L9 1" fill="#20A040"/></svg>"##
            .write(toFile: coloured, atomically: true, encoding: .utf8)
        try #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><path d="M1 1 L9 9"/></svg>"#.write(toFile: plain, atomically: true, encoding: .utf8)
        let here = try PluginLibrary(path: library("RefreshPathDrawing"))
        let host = try PluginHostProcess(path: library("RefreshPathDrawing"))
        for specs in [here.info.parameters, host.info.parameters] {
            #expect(specs.first { $0.name == "depth" }?.label == "Smoothing")
            #expect(specs.allSatisfy { $0.label != nil }, "Path Drawing labels every parameter")
        }
        for (json, inactive) in [(#"{"file": "\#(coloured)"}"#, ["color", "darkColor"]), (##"{"file": "\##(coloured)", "color": "#000000"}"##, ["darkColor"]),
                                 (#"{"file": "\#(plain)"}"#, []), ("{}", [])] {
            #expect(try here.makeIndicator(parametersJSON: json).inactiveParameters == inactive, "\(json)")
            #expect(try host.makeIndicator(parametersJSON: json).inactiveParameters == inactive, "\(json)")
        }
    }

    /// A frame drawn in a child is the very bytes an in-process plugin leaves: over a striped
    /// background, at a fractional place in a larger surface, clipped as a scene clips, both themes
    /// and scales; the pixels outside the frame are untouched.
    @Test(arguments: ["RefreshSpinner", "RefreshSpinnerC", "RefreshLottie", "RefreshLabel", "RefreshPathDrawing", "RefreshMaterial"])
    func aChildLeavesTheSameBytesAsInProcess(product: String) throws {
        let here = try PluginLibrary(path: library(product)).makeIndicator()
        let host = try PluginHostProcess(path: library(product))
        let there = try host.makeIndicator(parametersJSON: "{}")
        func scene(_ indicator: any HostedIndicator, _ frame: IndicatorFrame, at origin: Point) throws -> ImageSurface {
            let image = try ImageSurface(width: 300, height: 200, scale: frame.scale)
            let canvas = Canvas(surface: image)
            canvas.clear(FrameRenderer.background(for: frame.environment.colorScheme))
            for stripe in 0..<10 {  // a background with edges, so a blend shows
                canvas.addRect(Rect(x: Double(stripe) * 31.3, y: 0, width: 9.7, height: 200))
                canvas.fill(.color(Color(red: 0.2, green: 0.5, blue: 0.9, alpha: 0.4)))
            }
            try canvas.withSavedState {
                canvas.translate(x: origin.x, y: origin.y)
                canvas.addRect(Rect(x: 0, y: 0, width: frame.size.width, height: frame.size.height))
                canvas.clip()
                try indicator.draw(in: canvas, frame: frame)
            }
            return image
        }
        for (state, time, scale, dark) in [(RefreshState.pulling(progress: 0.6), 0.0, 2.0, false), (.refreshing, 0.35, 1.0, true),
                                           (.finished(.success), 0.2, 2.0, true), (.eligible, 0.1, 3.0, false)] {
            var spec = FrameSpec(state: state)
            spec.time = time
            spec.stateTime = time
            spec.scale = scale
            spec.environment.colorScheme = dark ? .dark : .light
            let frame = spec.frame(refreshLength: here.refreshLength)
            here.refreshState = frame.state
            there.refreshState = frame.state
            for origin in [Point(x: 0, y: 0), Point(x: 17.3, y: 41.55)] {
                let a = try scene(here, frame, at: origin), b = try scene(there, frame, at: origin)
                #expect(try a.pngData() == b.pngData(), "\(product) \(state) @\(scale)x at \(origin): the child's pixels differ")
            }
        }
    }
}

/// A host asked to quit while a child hangs does not wait out the frame limit: the wait ends at its
/// next look (every 20 ms), the call abandoned and the child stopped.
@Suite(.leavesNoPluginHost) struct AbandonedWaitTests {
    @Test func aWaitForAHungChildEndsWhenTheHostQuits() throws {
        let host = try PluginHostProcess(path: fixturePlugin("FixturePluginRenderHangs"), frameLimit: 5)  // without the look: 5 s of CPU, another message
        let indicator = try host.makeIndicator(parametersJSON: "{}")
        host.abandonsWaiting = { true }
        let frame = FrameSpec(state: .refreshing).frame(refreshLength: indicator.refreshLength)
        #expect {
            try FrameRenderer.render(indicator, frame: frame)
        } throws: { error in
            "\(error)".contains("was abandoned: the host is quitting") && host.stopped != nil
        }
    }
}

/// Children started before their plugin is known (`run` starts them while it reads the scenario
/// and probes the search path): a host takes one, passes over one that died while it waited, and
/// those no host took end with their processes.
@Suite(.leavesNoPluginHost) struct SparePluginHostTests {
    @Test func aHostTakesASpareDrawingTheSameAndPassesOverADeadOne() throws {
        let spares = SparePluginHosts()
        spares.start(2)
        let waiting = spares.processIdentifiers
        try #require(waiting.count == 2)
        // The first dies while it waits; waited for without reaping it, so its socket is closed.
        kill(waiting[0], SIGKILL)
        var info = siginfo_t()
        try #require(waitid(P_PID, id_t(waiting[0]), &info, WEXITED | WNOWAIT) == 0)

        let host = try PluginHostProcess(path: library("RefreshSpinner"), spares: spares)
        #expect(host.processIdentifier == waiting[1], "the host started a child of its own instead of taking the live spare")
        #expect(spares.processIdentifiers.isEmpty)
        #expect(waitid(P_PID, id_t(waiting[0]), &info, WEXITED | WNOHANG) == -1 && errno == ECHILD, "the dead spare was not reaped")
        #expect(host.info.indicator.id == "dev.refreshkit.spinner")

        let here = try PluginLibrary(path: library("RefreshSpinner")).makeIndicator()
        let there = try host.makeIndicator(parametersJSON: "{}")
        let frame = FrameSpec(state: .pulling(progress: 0.7)).frame(refreshLength: here.refreshLength)
        here.refreshState = frame.state
        there.refreshState = frame.state
        #expect(try FrameRenderer.render(there, frame: frame).pngData() == FrameRenderer.render(here, frame: frame).pngData())
    }

    @Test func sparesNoHostTookEndWithTheirProcesses() throws {
        let spares = SparePluginHosts()
        spares.start(3)
        let waiting = spares.processIdentifiers
        try #require(waiting.count == 3)
        spares.endAll()
        #expect(spares.processIdentifiers.isEmpty)
        for pid in waiting {
            var info = siginfo_t()
            #expect(waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG) == -1 && errno == ECHILD, "spare \(pid) was not ended and reaped")
        }
    }
}
