import Foundation
import Testing
import TestSupport
import RefreshSystem
import RefreshHost
import RefreshPluginSDK
import RefreshGoldens
import RefreshPreviewSession

/// The preview's session without a window: a fake wall clock, every kind of command, the list's
/// rules and its full-screen states. The window (under Xvfb) is tested end to end elsewhere.
@MainActor
@Suite(.leavesNoPluginHost)
struct SessionTests {
    /// A session over the Spinner and Rainbow plugins, no random failures, its clock started at 0.
    func makeSession(_ configure: (inout Session.Options) -> Void = { _ in }) throws -> Session {
        var options = Session.Options()
        options.failureRate = 0
        configure(&options)
        let session = try Session(options: options, pluginPaths: [library("RefreshSpinner"), library("RefreshRainbow")], firstPlugin: "dev.refreshkit.spinner")
        _ = session.advance(toWallTime: 0)
        return session
    }

    /// A session (``makeSession(_:)``) whose first page has arrived, and the clock that ran it.
    func ready() async throws -> (Session, Clock) {
        let session = try makeSession()
        var clock = Clock()
        try await clock.run(session, seconds: 1.5)  // the first page arrives
        return (session, clock)
    }

    /// A fake wall clock driving a session frame by frame, letting the paging store take in the
    /// pretend server's answers after each frame.
    @MainActor struct Clock {
        var now = 0.0

        /// Shows frames at `fps` for `seconds` of wall time; `drops(k)` says whether frame k is
        /// never shown (a busy machine).
        mutating func run(_ session: Session, seconds: Double, fps: Double = 120, drops: (Int) -> Bool = { _ in false }) async throws {
            let frames = Int((seconds * fps).rounded())
            let start = now
            for k in 1...frames {
                now = start + Double(k) / fps
                guard !drops(k) || k == frames else { continue }
                _ = session.advance(toWallTime: now)
                await session.dataSource.settle()
            }
        }
    }

    /// Moves a finger from `from` by `distance` points down (negative: up) over `frames` 120 Hz
    /// frames, and lifts it unless `lift` is false.
    func drag(_ session: Session, _ clock: inout Clock, from: Point = Point(x: 195, y: 400), by distance: Double, frames: Int = 30, lift: Bool = true) async throws {
        session.perform(.pointerDown(from))
        for k in 1...frames {
            session.perform(.pointerMoved(Point(x: from.x, y: from.y + distance * Double(k) / Double(frames))))
            try await clock.run(session, seconds: 1.0 / 120)
        }
        if lift { session.perform(.pointerUp) }
    }

    // MARK: 1. Real time

    @Test func oneXIsRealTimeWhateverTheFramesShown() async throws {
        for (fps, drops) in [(120.0, { (_: Int) in false }), (30, { $0 % 3 == 1 }), (240, { (_: Int) in false }), (60, { $0 % 7 < 3 })] {
            let session = try makeSession()
            var clock = Clock()
            try await clock.run(session, seconds: 10, fps: fps, drops: drops)
            #expect(abs(session.time - 10) <= 0.01, "\(fps) fps: \(session.time) s simulated in 10 s")
        }
    }

    @Test func slowMotionPauseAndStepAreTrueRates() async throws {
        let session = try makeSession()
        var clock = Clock()
        session.perform(.setSpeed(0.25))
        try await clock.run(session, seconds: 4, fps: 50)
        #expect(abs(session.time - 1) <= 0.01)
        session.perform(.togglePause)
        try await clock.run(session, seconds: 2)
        #expect(abs(session.time - 1) <= 0.01)
        session.perform(.step)
        try await clock.run(session, seconds: 1.0 / 120)
        #expect(abs(session.time - (1 + 1.0 / 120)) <= 0.003)
    }

    @Test func aRefreshTakesItsTimeInWallSecondsOnABusyMachine() async throws {
        let session = try makeSession()
        var clock = Clock()
        try await clock.run(session, seconds: 2)
        session.perform(.beginRefresh)
        // 20 frames a second, a third of them lost: the 1.2 s refresh still ends after 1.2 s.
        // (The server answers on the first frame at or after 1.2 s; the store applies it then.)
        try await clock.run(session, seconds: 1.15, fps: 20, drops: { $0 % 3 == 0 })
        #expect(session.driver.container.state(of: .top) == .refreshing)
        try await clock.run(session, seconds: 0.2, fps: 20)
        #expect(session.driver.container.state(of: .top) == .finished(.success))
    }

    // MARK: 2. Idle

    @Test func atRestOnlyWhenNothingCanChange() async throws {
        let session = try makeSession()
        var clock = Clock()
        #expect(!session.isAtRest, "the first page is loading")
        try await clock.run(session, seconds: 2)
        #expect(session.isAtRest)
        session.perform(.pointerDown(Point(x: 100, y: 100)))
        #expect(!session.isAtRest, "a finger is on the list")
        session.perform(.pointerUp)
        try await clock.run(session, seconds: 1)
        #expect(session.isAtRest)
        session.perform(.beginRefresh)
        try await clock.run(session, seconds: 0.5)
        #expect(!session.isAtRest, "the spinner turns while refreshing")
        try await clock.run(session, seconds: 4)
        #expect(session.isAtRest)
        session.perform(.toggleScrub)
        #expect(!session.isAtRest)
    }

    // MARK: 3. Keys

    @Test func shiftSlashOpensTheHelpOnce() throws {
        let session = try makeSession()
        // A US keyboard: the press of / with shift, then the text "?".
        for command in [KeyMap.command(forPress: .character("/"), shift: true), KeyMap.command(forText: "?")].compactMap({ $0 }) {
            session.perform(command)
        }
        #expect(session.showsHelp)
        session.perform(KeyMap.command(forPress: .character("/"), shift: false)!)
        #expect(!session.showsHelp)
        #expect(KeyMap.command(forPress: .character("c"), shift: true) == .screenshot(.band))
        #expect(KeyMap.command(forPress: .character("e"), shift: true) == .exportIndicator)
        // The speed keys are the speed buttons, in order.
        #expect((1...4).map { KeyMap.command(forPress: .character(Character("\($0)")), shift: false) } == InspectorLayout.speeds.map { .setSpeed($0) })
        #expect(KeyMap.command(forPress: .character("e"), shift: false) == .nextLayout)
        #expect(session.perform(.exportIndicator) == .exportIndicator)
        #expect(KeyMap.command(forPress: .enter, shift: false) == .retry)
    }

    @Test func theKeyHintStaysUntilTheFirstKey() async throws {
        let session = try makeSession()
        var clock = Clock()
        try await clock.run(session, seconds: 2)
        let lines = session.panelLines()
        #expect(lines.contains("? for keys"))
        #expect(lines.contains { $0.hasPrefix("server: first page sent") }, "\(lines)")
        try await drag(session, &clock, by: 40)
        #expect(session.panelLines().contains("? for keys"), "the mouse is not a key")
        session.perform(.toggleTheme)
        #expect(!session.panelLines().contains("? for keys"))
    }

    // MARK: 4. The list

    @Test func theFirstPageFillsTheScreenAndATapLoadsNothing() async throws {
        let session = try makeSession()
        var clock = Clock()
        try await clock.run(session, seconds: 2)
        #expect(Double(session.dataSource.rows) * Defaults.rowHeight > session.viewport.height + Defaults.preloadDistance)
        session.perform(.pointerDown(Point(x: 195, y: 400)))
        try await clock.run(session, seconds: 0.1)
        session.perform(.pointerUp)
        try await clock.run(session, seconds: 0.1)
        #expect(session.dataSource.pendingCount == 0)
        #expect(session.dataSource.store.state == .items)
    }

    /// Scrolls to the end with the finger until the footer asks for a page.
    func scrollToTheEnd(_ session: Session, _ clock: inout Clock) async throws {
        for _ in 0..<4 where session.dataSource.pendingCount == 0 {
            try await drag(session, &clock, from: Point(x: 195, y: 800), by: -700, frames: 40)
            try await clock.run(session, seconds: 0.2)
        }
    }

    @Test func aFailedPageIsRetriedByTheNextPullOrByEnter() async throws {
        let session = try makeSession()
        var clock = Clock()
        try await clock.run(session, seconds: 2)
        session.perform(.forceOutcome(.failure))
        try await scrollToTheEnd(session, &clock)
        #expect(session.dataSource.pendingCount == 1, "the footer asked for the next page")
        // The answer after 1.2 s, the failure shown for 0.6 s, the footer closed again.
        try await clock.run(session, seconds: 2.5)
        guard case .pagingError = session.dataSource.store.state else {
            Issue.record("expected a paging error, found \(session.dataSource.store.state)")
            return
        }
        #expect(session.driver.container.state(of: .bottom) == .none)
        #expect(session.panelLines().contains("server: rows from 20 failed (forced) — pull again or press Enter to retry"), "\(session.panelLines())")
        // The next pull at the end sends a request again (no instant failure without one).
        session.perform(.forceOutcome(.failure))
        try await drag(session, &clock, from: Point(x: 195, y: 800), by: -300, frames: 30)
        #expect(session.dataSource.pendingCount == 1)
        #expect(session.driver.container.state(of: .bottom) == .refreshing)
        try await clock.run(session, seconds: 2.5)
        // Enter retries too.
        session.perform(.retry)
        #expect(session.message == "retrying")
        await session.dataSource.settle()
        #expect(session.dataSource.pendingCount == 1)
        try await clock.run(session, seconds: 1.5)
        #expect(session.dataSource.store.state == .items)
        #expect(session.dataSource.rows == 2 * Defaults.pageSize(forExtent: session.viewport.height))
    }

    @Test func aPullToRefreshAfterAFailedPageRefreshes() async throws {
        let session = try makeSession()
        var clock = Clock()
        try await clock.run(session, seconds: 2)
        session.perform(.forceOutcome(.failure))
        try await scrollToTheEnd(session, &clock)
        try await clock.run(session, seconds: 2.5)
        #expect(session.dataSource.store.state == .pagingError("the simulated server failed"))
        // Back to the top: a fling towards it, then time to stop.
        try await drag(session, &clock, from: Point(x: 195, y: 100), by: 400, frames: 20)
        try await clock.run(session, seconds: 3)
        #expect(session.driver.simulation.offset.y == 0)
        #expect(session.driver.container.state(of: .top) == .none)
        try await drag(session, &clock, from: Point(x: 195, y: 100), by: 400, frames: 40, lift: false)
        #expect(session.driver.container.state(of: .top) == .eligible)
        session.perform(.pointerUp)
        try await clock.run(session, seconds: 1.0 / 120)
        #expect(session.driver.container.state(of: .top) == .refreshing)
        #expect(session.dataSource.pendingCount == 1)
    }

    // MARK: 5. Full-screen states

    @Test func loadingFailedAndEmptyListsAreDrawn() async throws {
        let session = try makeSession()
        var clock = Clock()
        #expect(session.placeholder == .loading)
        try expectMatchesGolden(try render(session), "session-loading")
        session.perform(.forceOutcome(.failure))
        try await clock.run(session, seconds: 1.5)
        #expect(session.placeholder == .failed("the simulated server failed"))
        try expectMatchesGolden(try render(session), "session-failed")
        session.perform(.retry)
        await session.dataSource.settle()
        #expect(session.placeholder == .loading)
        try await clock.run(session, seconds: 1.5)
        #expect(session.placeholder == nil)

        let empty = try makeSession { $0.totalRows = 0 }
        var emptyClock = Clock()
        try await emptyClock.run(empty, seconds: 1.5)
        #expect(empty.placeholder == .empty)
        try expectMatchesGolden(try render(empty), "session-empty")
    }

    @Test func aScenarioShowsTheSamePlaceholders() throws {
        let json = #"{"edges": {"top": {"plugin": "Spinner"}}, "window": "full", "steps": [{"placeholder": {"state": "failed", "message": "the simulated server failed"}}, {"wait": 0.05}]}"#
        let player = try ScenarioPlayer(scenario: Scenario.decode(Data(json.utf8)), searchPath: PluginSearchPath(directories: [products]))
        try player.advance()
        #expect(player.placeholder == .failed("the simulated server failed"))
        do {
            _ = try Scenario.decode(Data(#"{"edges": {"top": {"plugin": "Spinner"}}, "steps": [{"placeholder": {"state": "spinning"}}]}"#.utf8))
            Issue.record("an unknown placeholder state was accepted")
        } catch {
            #expect(error.description == "scenario (scenario): line 1, column 70: steps[0].placeholder.state: 'spinning' is not one of loading, failed, empty, none")
        }
    }

    // MARK: 7. The scrub

    @Test func scrubbedToTheShownOneItIsEligibleEveryFrameAndRefreshes() async throws {
        let session = try makeSession()
        var clock = Clock()
        try await clock.run(session, seconds: 2)
        session.perform(.toggleScrub)
        for _ in 0..<10 { session.perform(.scrub(by: 0.05)) }
        #expect(session.scrub?.progress == 1)
        var states: Set<String> = []
        for _ in 0..<120 {
            try await clock.run(session, seconds: 1.0 / 120)
            states.insert("\(session.driver.container.state(of: .top))")
        }
        #expect(states == ["eligible"])
        #expect(session.panelLines().contains { $0.hasPrefix("progress 1.00") })
        session.perform(.toggleScrub)
        try await clock.run(session, seconds: 1.0 / 120)
        #expect(session.driver.container.state(of: .top) == .refreshing)
    }

    // MARK: 8. Parameters

    @Test func theParamsFileAppliesKeepsAndRestores() throws {
        let session = try makeSession()
        session.applyParameters(Data(#"{"dev.refreshkit.spinner": {"radius": 20}}"#.utf8), file: "p.json")
        #expect(session.plugins[0].values?.values["radius"] == .number(20))
        // Half written: the last good values stay, and the message says where the file is wrong.
        session.applyParameters(Data("{\"dev.refreshkit.spinner\":\n  {\"radius\": ".utf8), file: "p.json")
        #expect(session.plugins[0].values?.values["radius"] == .number(20))
        #expect(session.message.contains("line 2"), "\(session.message)")
        // A value the plugin refuses is named by its place in the file, and nothing changes.
        session.applyParameters(Data("{\"dev.refreshkit.spinner\":\n  {\"radius\": 999}}".utf8), file: "p.json")
        #expect(session.plugins[0].values?.values["radius"] == .number(20))
        #expect(session.message.hasPrefix("params file p.json: line 2, column 4: \"dev.refreshkit.spinner\".radius: 999.0 is outside"), "\(session.message)")
        // `{}` restores every default.
        session.applyParameters(Data("{}".utf8), file: "p.json")
        #expect(session.plugins[0].values?.values["radius"] == .number(11))
        #expect(session.plugins[0].overrides.isEmpty)
    }

    // MARK: 9. Screenshots

    /// A recording's number is free in every extension a recording writes, and claimed by creating
    /// its scenario file: an MP4's number is not reused by the GIF after it, and two claims in a row
    /// (V pressed twice, two sessions) get two numbers.
    @Test func recordingNumbersAreFreeInEveryFormatAndClaimed() throws {
        let folder = scratchDirectory("recording-numbers")
        let formats = ["mp4", "gif", "png", "webp"]
        #expect(FileManager.default.createFile(atPath: "\(folder)/recording-1.mp4", contents: Data()))
        #expect(FileManager.default.createFile(atPath: "\(folder)/recording-2.webp", contents: Data()))
        // The old rule looked for recording-N.gif only, and took 1 for a GIF.
        #expect(OutputFile.nextFreePath(in: folder, prefix: "recording", extension: "gif") == "\(folder)/recording-1.gif")
        #expect(try OutputFile.claimNumber(in: folder, prefix: "recording", extensions: formats, claim: "json") == 3)
        #expect(FileManager.default.fileExists(atPath: "\(folder)/recording-3.json"))
        #expect(try OutputFile.claimNumber(in: folder, prefix: "recording", extensions: formats, claim: "json") == 4)
        try FileManager.default.createSymbolicLink(atPath: "\(folder)/recording-5.json", withDestinationPath: "/nonexistent")
        #expect(try OutputFile.claimNumber(in: folder, prefix: "recording", extensions: formats, claim: "json") == 6, "a link is never written through")
    }

    @Test func screenshotsNeverReplaceAnEarlierOne() throws {
        let folder = scratchDirectory("screenshots")
        #expect(OutputFile.nextFreePath(in: folder, prefix: "screenshot", extension: "png") == "\(folder)/screenshot-1.png")
        #expect(FileManager.default.createFile(atPath: "\(folder)/screenshot-1.png", contents: Data()))
        try FileManager.default.createSymbolicLink(atPath: "\(folder)/screenshot-2.png", withDestinationPath: "/nonexistent")
        #expect(OutputFile.nextFreePath(in: folder, prefix: "screenshot", extension: "png") == "\(folder)/screenshot-3.png")
        let session = try makeSession()
        #expect(session.perform(.screenshot(.band)) == .screenshot(.band))
        let band = try session.renderBand(scale: 2)
        #expect(band.width == 780 && band.height == 240)
    }

    // MARK: 10. Plugins, direction, carousel

    @Test func switchingPluginsTakesTheNewTriggerDistance() async throws {
        let session = try makeSession()
        var clock = Clock()
        try await clock.run(session, seconds: 2)
        #expect(session.driver.container.status(of: .top)?.triggerDistance == 60)
        session.perform(.nextPlugin)
        #expect(session.plugins[session.current].id == "dev.refreshkit.rainbow")
        #expect(session.driver.container.status(of: .top)?.triggerDistance == 64)
        #expect(session.dataSource.store.state == .items, "the list is kept")
    }

    @Test func anArabicListIsMirrored() async throws {
        let session = try makeSession()
        var clock = Clock()
        try await clock.run(session, seconds: 2)
        session.perform(.togglePanel)
        let english = try render(session)
        session.perform(.nextLocale)
        session.perform(.nextLocale)
        #expect(session.environment.locale == "ar")
        let arabic = try render(session)
        let mirrored = try ImageSurface(width: english.width, height: english.height, scale: english.scale)
        let canvas = Canvas(surface: mirrored)
        canvas.translate(x: session.viewport.width, y: 0)
        canvas.scale(x: -1, y: 1)
        canvas.drawImage(english, in: Rect(x: 0, y: 0, width: session.viewport.width, height: session.viewport.height))
        let comparison = try ImageComparison(expected: mirrored, actual: arabic, tolerance: 2)
        #expect(comparison.matches, "\(comparison.pixelsOverTolerance) pixels differ")
        #expect(try english.pngData() != arabic.pngData())
    }

    @Test func theHorizontalListIsACarousel() async throws {
        let session = try makeSession()
        while session.layout != .leadingAndTrailing { session.perform(.nextLayout) }
        var clock = Clock()
        try await clock.run(session, seconds: 2)
        try expectMatchesGolden(try render(session), "session-carousel")
    }

    func render(_ session: Session) throws -> ImageSurface {
        let image = try ImageSurface(size: session.viewport, scale: 1)
        session.draw(in: Canvas(surface: image), scale: 1)
        return image
    }
}

/// One bad library among the plugins (a constructor that crashes, one that never returns) is
/// listed with its reason and harms nothing: it is probed in a child process, never loaded into
/// the session, and the other plugins go on serving frames.
@MainActor
@Suite(.leavesNoPluginHost)
struct SessionBadPluginTests {
    @Test func aLibraryThatCrashesOrHangsWhileLoadingCannotTakeTheSessionDown() async throws {
        let paths = [fixturePlugin("FixturePluginConstructorCrashes"), fixturePlugin("FixturePluginConstructorHangs"), library("RefreshSpinner")]
        // A hang is 2 s of the child's CPU time in this test only (a task-local: no other test sees it).
        let session = try PluginProbe.$timeoutOverride.withValue(2) { try Session(pluginPaths: paths, firstPlugin: "dev.refreshkit.spinner") }
        #expect(session.plugins[0].loadError?.reasonDescription == "crashed while loading with signal 11 (Segmentation fault): its constructors or entry function")
        #expect(session.plugins[1].loadError?.reasonDescription == "did not finish loading within 2.0 s of CPU time (its constructors or entry function never return)")
        #expect(session.plugins[2].loadError == nil)
        #expect(session.current == 2)
        // Shown, the bad ones draw their error card; the params file and a rescan leave them unloaded.
        session.perform(.nextPlugin)
        #expect(session.slots[.top]?.indicator is FailedIndicator)
        session.applyParameters(Data(#"{"dev.refreshkit.spinner": {"radius": 20}}"#.utf8), file: "p.json")
        #expect(session.reloadChangedPlugins() == false)
        session.perform(.nextPlugin)
        session.perform(.nextPlugin)
        #expect(session.plugins[session.current].id == "dev.refreshkit.spinner")
        #expect(session.plugins[2].values?.values["radius"] == .number(20))
        let image = try ImageSurface(size: session.viewport, scale: 1)
        #expect(session.draw(in: Canvas(surface: image), scale: 1).isEmpty)
    }
}

@MainActor
@Suite(.leavesNoPluginHost)
struct SessionPluginLogTests {
    /// A plugin whose length makes no usable floor (1e308 pt, so its second floor would be at
    /// infinity) shows its error card at the edge, and G gives that edge a floor measured by the
    /// card (before, the retry with the infinite floor failed silently and G did nothing).
    @Test func aPluginWhoseLengthMakesNoFloorStillShowsItsCard() throws {
        let session = try Session(pluginPaths: [fixturePlugin("FixturePluginHugeLength")])
        _ = session.advance(toWallTime: 0)
        session.perform(.toggleSecondFloor)
        _ = session.advance(toWallTime: 0.1)
        #expect(session.driver.container.enabledEdges.contains(.top))
        #expect(session.slots[.top]?.indicator is FailedIndicator, "\(String(describing: session.slots[.top]?.indicator))")
        #expect(session.driver.container.status(of: .top)?.secondFloor?.triggerDistance == 150)
    }

    /// What a plugin writes through `refresh_host.log` shows in the panel, escapes made harmless.
    @Test func thePanelShowsThePluginsLog() throws {
        let session = try Session(pluginPaths: [fixturePlugin("FixturePluginLogs")])
        let lines = session.panelLines()
        #expect(lines.contains { $0.hasPrefix("  log: resources in \(fixturesFolder) (host ABI 1, ") }, "\(lines)")
        #expect(lines.contains("  log: warning: a \u{FFFD}[31mwarning\u{FFFD}[0m with an escape"), "\(lines)")
    }
}
