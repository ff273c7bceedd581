import Foundation
import Testing
import TestSupport
@testable import RefreshHost
import RefreshPluginSDK
import RefreshGoldens
@testable import RefreshPreviewSession

/// Plugins in a plugin-host child: the same pictures, and a crash, abort or hang ends only the
/// child while the session keeps its state and serves the other plugins.
@MainActor
@Suite(.leavesNoPluginHost)
struct PluginHostProcessTests {
    /// A session over `paths`, each plugin in a child of its own, its first page loaded and a
    /// refresh begun at 1.5 s (so the top indicator is drawn).
    func childSession(_ paths: [String]) async throws -> Session {
        var options = Session.Options()
        options.failureRate = 0
        options.pluginIsolation = .childProcess()
        let session = try Session(options: options, pluginPaths: paths)
        session.finishLoading()
        for k in 0...15 {
            _ = session.advance(toWallTime: Double(k) * 0.1)
            await session.dataSource.settle()
        }
        session.perform(.beginRefresh)
        _ = session.advance(toWallTime: 1.6)
        return session
    }

    /// The session's window drawn once; the errors the indicators reported.
    func draw(_ session: Session) throws -> [PluginError] {
        let image = try ImageSurface(size: session.viewport, scale: 1)
        return session.draw(in: Canvas(surface: image), scale: 1)
    }

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

    @Test(arguments: [
        ("FixturePluginRenderCrashes", "crashed with signal 11 (Segmentation fault) during render"),
        ("FixturePluginRenderHangs", "took over 250 ms of CPU time; the plugin host was stopped"),
    ])
    func aCrashOrHangInRenderEndsOnlyTheChild(fixture: String, expected: String) async throws {
        let session = try await childSession([fixturePlugin(fixture), library("RefreshSpinner")])
        #expect(session.plugins[0].loadError == nil)
        // The session holds something worth keeping: a refresh under way.
        let before = (session.time, session.driver.container.state(of: .top))
        let errors = try draw(session)
        #expect(errors.contains { $0.description.contains(expected) }, "\(errors)")
        // The error card stays (no second crash or wait), the state is untouched, time goes on.
        #expect(session.driver.container.state(of: .top) == before.1)
        _ = session.advance(toWallTime: 1.7)
        #expect(session.time > before.0)
        #expect(try draw(session).contains { $0.description.contains(expected) })
        // The other plugin, in a child of its own, serves frames.
        session.perform(.nextPlugin)
        #expect(session.plugins[session.current].id == "dev.refreshkit.spinner")
        session.finishLoading()  // its child ends with the session, not after it
        #expect(try draw(session).isEmpty)
    }

    @Test(arguments: [
        ("FixturePluginCreateAborts", "crashed with signal 6 (Aborted) during create"),
        ("FixturePluginCreateHangs", "create took over 2.0 s of CPU time; the plugin host was stopped"),
    ])
    func anAbortOrHangInCreateIsAnErrorCard(fixture: String, expected: String) async throws {
        // A hang is 2 s of the child's CPU time here, not the 10 s a user gets.
        let session = try await PluginProbe.$timeoutOverride.withValue(2) { try await childSession([fixturePlugin(fixture), library("RefreshSpinner")]) }
        #expect(session.plugins[0].loadError?.description.contains(expected) == true, "\(String(describing: session.plugins[0].loadError))")
        let errors = try draw(session)
        #expect(errors.contains { $0.description.contains(expected) }, "\(errors)")
        session.perform(.nextPlugin)
        session.finishLoading()  // its child ends with the session, not after it
        #expect(try draw(session).isEmpty)
    }

    /// A child that dies (killed from outside here) is restarted by a rescan (R), and a rebuilt
    /// library gets a new child while the old one is gone for good.
    @Test func aDeadChildIsRestartedAndAReplacedOneEnds() async throws {
        let folder = scratchDirectory("plugin-host-restart")
        let path = folder + "/libRefreshSpinner.so"
        try FileManager.default.copyItem(atPath: library("RefreshSpinner"), toPath: path)
        let session = try await childSession([path])
        #expect(try draw(session).isEmpty)
        let first = try #require(session.plugins[0].hot?.maker as? PluginHostProcess)
        kill(first.processIdentifier, SIGKILL)
        #expect(try draw(session).contains { $0.description.contains("crashed with signal 9") || $0.description.contains("ended during") })
        session.perform(.reloadPlugins)
        #expect(try draw(session).isEmpty, "loading again, behind the loading card")
        session.finishLoading()
        #expect(try draw(session).isEmpty)
        let second = try #require(session.plugins[0].hot?.maker as? PluginHostProcess).processIdentifier
        #expect(second != first.processIdentifier)

        // A rebuild (the file replaced) swaps in a new child once the file has settled; the old child exits.
        try FileManager.default.removeItem(atPath: path)
        try FileManager.default.copyItem(atPath: library("RefreshRainbow"), toPath: path)
        _ = session.reloadChangedPlugins()
        _ = session.reloadChangedPlugins()
        #expect((session.plugins[0].hot?.maker as? PluginHostProcess)?.info.indicator.id == "dev.refreshkit.spinner", "the old build draws while the new one starts")
        session.finishLoading()
        let third = try #require(session.plugins[0].hot?.maker as? PluginHostProcess)
        #expect(third.info.indicator.id == "dev.refreshkit.rainbow")
        #expect(kill(second, 0) == -1 && errno == ESRCH)
        #expect(try draw(session).isEmpty)
    }
}

/// A plugin slow to start in its child never holds up the window: the session is there at once with
/// a loading card, key commands are answered, and the plugin (or its error) comes when it is ready.
@MainActor
@Suite(.leavesNoPluginHost) struct BackgroundLoadTests {
    @Test func aCreateThatSpinsDoesNotHoldUpTheSession() async throws {
        var options = Session.Options()
        options.pluginIsolation = .childProcess()
        let session = try PluginProbe.$timeoutOverride.withValue(2) {
            try Session(options: options, pluginPaths: [fixturePlugin("FixturePluginCreateHangs"), library("RefreshSpinner")], firstPlugin: "dev.refreshkit.fixture-misbehaving")
        }
        // Returned while the create spins (it does for 2 s of CPU): a loading card in every slot.
        #expect(session.plugins[session.current].isLoading)
        #expect(!session.slots.isEmpty && session.slots.values.allSatisfy { $0.indicator is LoadingIndicator })
        // A key command is answered now: the next plugin, which loads behind its own card.
        session.perform(.nextPlugin)
        #expect(session.plugins[session.current].id == "dev.refreshkit.spinner")
        session.finishLoading()
        #expect(session.slots.values.allSatisfy { $0.indicator is RemoteIndicator }, "the Spinner, from its child")
        #expect(session.plugins[0].loadError?.description.contains("create took over 2.0 s of CPU time") == true, "\(String(describing: session.plugins[0].loadError))")
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
