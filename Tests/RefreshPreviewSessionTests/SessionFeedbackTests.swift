import Foundation
import Testing
import RefreshHost
import RefreshPluginSDK
import RefreshPreviewSession

/// The preview's keys for issue 19: placement (O), the second floor (G, X, a push), captions (A)
/// and the haptic lamp and sound (K), on a session with a fake clock.
@MainActor
@Suite(.leavesNoPluginHost)
struct SessionFeedbackTests {
    let base = SessionTests()

    func ready() async throws -> (Session, SessionTests.Clock) { try await base.ready() }

    @Test func oCyclesThePlacementOfEveryEdge() async throws {
        let (session, _) = try await ready()
        var seen: [IndicatorPlacement] = []
        for _ in 0..<4 {
            session.perform(.nextPlacement)
            seen.append(session.placement)
            #expect(session.driver.container.enabledEdges.allSatisfy { session.driver.container.status(of: $0)?.placement == session.placement })
        }
        #expect(seen == [.behind, .above, .stretch, .push])
    }

    @Test func gGivesASecondFloorThatAFarPullOpensAndXCloses() async throws {
        var (session, clock) = try await ready()
        session.perform(.toggleSecondFloor)
        #expect(session.driver.container.status(of: .top)?.secondFloor?.triggerDistance == 150, "2.5 × the Spinner's 60 pt")
        #expect(session.driver.container.status(of: .bottom)?.secondFloor == nil)
        try await base.drag(session, &clock, from: Point(x: 195, y: 20), by: 800, frames: 60)
        try await clock.run(session, seconds: 1)
        #expect(session.driver.container.state(of: .top) == .secondaryOpen)
        #expect(session.dataSource.store.state != .refreshing, "the floor, not a refresh")
        // The page shows: the top of the window is the floor's colour, not the list's background.
        let image = try ImageSurface(size: session.viewport, scale: 1)
        session.draw(in: Canvas(surface: image), scale: 1)
        #expect(image.pixel(x: 5, y: 300) != FrameRenderer.background(for: .light))
        session.perform(.closeSecondFloor)
        try await clock.run(session, seconds: 2)
        #expect(session.driver.container.state(of: .top) == .none)
        session.perform(.toggleSecondFloor)
        #expect(session.driver.container.status(of: .top)?.secondFloor == nil)
    }

    @Test func hapticsLightTheLampAndAnnouncementsBecomeCaptions() async throws {
        var (session, clock) = try await ready()
        #expect(session.hapticCount == 0)
        try await base.drag(session, &clock, from: Point(x: 195, y: 20), by: 300, lift: false)
        #expect(session.hapticCount == 1)
        #expect(session.lastHaptic?.kind == .selection)
        #expect(session.panelLines().contains { $0.hasPrefix("haptic   ● selection") }, "the lamp is lit")
        session.perform(.pointerUp)
        try await clock.run(session, seconds: 0.05)
        #expect(session.lastHaptic?.kind == .impact)
        #expect(session.lastAnnouncement?.text == "Refreshing")
        try await clock.run(session, seconds: 0.5)
        #expect(session.panelLines().contains { $0.hasPrefix("haptic   ○") }, "and goes out")
        // Captions draw over the list; A hides them.
        let shown = try ImageSurface(size: session.viewport, scale: 1), hidden = try ImageSurface(size: session.viewport, scale: 1)
        session.draw(in: Canvas(surface: shown), scale: 1)
        session.perform(.toggleCaptions)
        session.draw(in: Canvas(surface: hidden), scale: 1)
        #expect(!session.showsCaptions)
        let footer = session.sceneLayout.bandRect(at: .bottom)
        let captionY = Int(footer.minY) - 50  // above the load-more footer, which it must not cover
        #expect(shown.pixel(x: Int(session.viewport.width / 2), y: captionY) != hidden.pixel(x: Int(session.viewport.width / 2), y: captionY))
        session.perform(.toggleSound)
        #expect(!session.soundOn)
    }

    /// Esc closes what is open (the help, the colour picker), one thing a press, and never quits,
    /// not even from the plain view (it says Q quits); Q always quits.
    @Test func escapeClosesWhatIsOpenAndNeverQuits() throws {
        let session = try base.makeSession()
        #expect(KeyMap.command(forPress: .escape, shift: false) == .dismiss)
        session.perform(.toggleHelp)
        session.view.inspector.picker = "color"
        #expect(session.showsHelp)
        #expect(session.perform(.dismiss) == .none)
        #expect(!session.showsHelp && session.view.inspector.picker == "color", "the help first")
        #expect(session.perform(.dismiss) == .none)
        #expect(session.view.inspector.picker == nil)
        #expect(session.perform(.dismiss) == .none)
        #expect(session.perform(.dismiss) == .none, "a press too many never quits")
        #expect(session.view.message == "nothing open to close: Q quits")
        session.perform(.toggleHelp)
        #expect(KeyMap.command(forPress: .character("q"), shift: false) == .quit)
        #expect(session.perform(.quit) == .quit)
    }

    /// Under the inspector the panel says what a designer reads — the plugin, what each edge is
    /// doing, the last message — and D shows the numbers (state, pull, velocity, haptics).
    @Test func thePanelSpeaksADesignersWordsAndDShowsTheNumbers() throws {
        let session = try base.makeSession()
        #expect(KeyMap.command(forPress: .character("d"), shift: false) == .toggleDetails)
        #expect(!session.view.showsDetails)
        let summary = session.summaryPanelLines()
        #expect(summary.first?.hasPrefix("Spinner") == true, "\(summary)")
        #expect(summary.contains { $0.hasPrefix("top: ") } && summary.last == "D shows the numbers")
        #expect(summary.contains("top: at rest"), "\(summary)")
        #expect(!summary.contains { $0.hasPrefix("velocity") || $0.hasPrefix("haptic") }, "no debug numbers")
        session.perform(.toggleDetails)
        #expect(session.view.showsDetails && session.message.hasPrefix("the panel's numbers shown"))
    }

    @Test func theNewKeys() {
        #expect(KeyMap.command(forPress: .character("o"), shift: false) == .nextPlacement)
        #expect(KeyMap.command(forPress: .character("g"), shift: false) == .toggleSecondFloor)
        #expect(KeyMap.command(forPress: .character("x"), shift: false) == .closeSecondFloor)
        #expect(KeyMap.command(forPress: .character("a"), shift: false) == .toggleCaptions)
        #expect(KeyMap.command(forPress: .character("k"), shift: false) == .toggleSound)
    }
}
