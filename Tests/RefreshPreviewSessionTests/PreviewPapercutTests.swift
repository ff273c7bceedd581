import Foundation
import Testing
@testable import RefreshHost
import RefreshPluginSDK
@testable import RefreshPreviewSession
import TestSupport

/// The window's papercuts (issue 30): captions that covered the footer, a stale caption after a
/// layout switch, sentinel numbers while the second floor is open, "sound on" without audio, and
/// a trigger the drag never reaches with nothing said.
@MainActor
@Suite(.leavesNoPluginHost)
struct PreviewPapercutTests {
    let base = SessionTests()

    func ready() async throws -> (Session, SessionTests.Clock) { try await base.ready() }

    /// A caption is drawn above the load-more footer's band, never over it (nor over the header's).
    @Test func captionsStayOffTheBandsBeingReviewed() async throws {
        var (session, clock) = try await ready()
        try await base.drag(session, &clock, from: Point(x: 195, y: 20), by: 300)
        try await clock.run(session, seconds: 0.05)
        #expect(session.lastAnnouncement?.text == "Refreshing")
        let shown = try ImageSurface(size: session.viewport, scale: 1), hidden = try ImageSurface(size: session.viewport, scale: 1)
        session.draw(in: Canvas(surface: shown), scale: 1)
        session.perform(.toggleCaptions)
        session.draw(in: Canvas(surface: hidden), scale: 1)
        var differing: [Int] = []
        for y in 0..<Int(session.viewport.height) where (0..<Int(session.viewport.width)).contains(where: { shown.pixel(x: $0, y: y) != hidden.pixel(x: $0, y: y) }) {
            differing.append(y)
        }
        let header = session.sceneLayout.bandRect(at: .top), footer = session.sceneLayout.bandRect(at: .bottom)
        #expect(!differing.isEmpty, "the caption shows")
        #expect(differing.allSatisfy { Double($0) >= header.maxY && Double($0) < footer.minY }, "rows \(differing.first ?? -1)…\(differing.last ?? -1); bands end at \(header.maxY) and start at \(footer.minY)")
    }

    /// A caption shows for its 2.5 s and goes, however long the list then rests: while one shows the
    /// list is not at rest, so the window's clock runs on (at rest it stopped, and "Refreshed" stayed).
    @Test func aCaptionGoesAfterItsTime() async throws {
        var (session, clock) = try await ready()
        session.perform(.beginRefresh)
        try await clock.run(session, seconds: 0.05)
        let first = try #require(session.lastAnnouncement?.text)
        var seconds = 0.0
        while session.lastAnnouncement?.text == first, seconds < 10 {
            try await clock.run(session, seconds: 0.1)
            seconds += 0.1
        }
        let result = try #require(session.lastAnnouncement, "the refresh ended and said so")
        #expect(result.text != first)
        #expect(session.isCaptionShowing && !session.isAtRest, "the caption's time runs")
        try await clock.run(session, seconds: Session.captionTime + 0.1)
        #expect(!session.isCaptionShowing)
        #expect(session.isAtRest, "the list rests once the caption has gone")
        let now = try ImageSurface(size: session.viewport, scale: 1), without = try ImageSurface(size: session.viewport, scale: 1)
        session.draw(in: Canvas(surface: now), scale: 1)
        session.perform(.toggleCaptions)
        session.draw(in: Canvas(surface: without), scale: 1)
        #expect(now.straightPixels() == without.straightPixels(), "no caption is drawn after its time")
    }

    /// E builds the list anew: a caption of the old list's announcement would mislead.
    @Test func aLayoutSwitchClearsTheCaption() async throws {
        var (session, clock) = try await ready()
        session.perform(.beginRefresh)
        try await clock.run(session, seconds: 0.05)
        #expect(session.lastAnnouncement != nil)
        session.perform(.nextLayout)
        #expect(session.lastAnnouncement == nil)
    }

    /// While the floor is open the raw distance stands for no finger: the panel says the phase.
    @Test func anOpenSecondFloorIsAWordNotASentinel() async throws {
        var (session, clock) = try await ready()
        session.perform(.toggleSecondFloor)
        try await base.drag(session, &clock, from: Point(x: 195, y: 20), by: 800, frames: 60)
        try await clock.run(session, seconds: 1)
        #expect(session.driver.container.secondFloorPhase(of: .top) == .open)
        let lines = session.panelLines()
        #expect(lines.contains { $0.hasPrefix("pull     ") && $0.hasSuffix("second floor open") }, "\(lines)")
        #expect(!lines.contains { $0.contains("raw 1000000") || $0.contains("raw 139") }, "\(lines)")
        session.perform(.closeSecondFloor)
        try await clock.run(session, seconds: 0.02)
        #expect(session.panelLines().contains { $0.hasSuffix("second floor closing") })
    }

    /// Without an audio device the panel and K say so, instead of "sound on".
    @Test func noAudioDeviceIsSaid() throws {
        let session = try base.makeSession()
        #expect(session.panelLines().contains("sound    on"))
        session.view.hasAudio = false
        #expect(session.panelLines().contains("sound    no audio device"))
        session.perform(.toggleSound)
        #expect(session.message.hasPrefix("no audio device"))
    }

    /// A pull short of the trigger says how far the trigger is.
    @Test func aPullShortOfTheTriggerSaysHowFar() async throws {
        var (session, clock) = try await ready()
        try await base.drag(session, &clock, from: Point(x: 195, y: 20), by: 40, lift: false)
        let status = try #require(session.driver.container.status(of: .top))
        guard case .pulling = status.state else { Issue.record("\(status.state)"); return }
        #expect(session.panelLines().contains("         pull to \(Int(status.triggerDistance)) pt to refresh"))
    }

    /// Theme, motion and locale each fit the panel's line (they wrapped as one).
    @Test func theEnvironmentTakesTwoLines() throws {
        let lines = try base.makeSession().panelLines()
        #expect(lines.contains("theme    light  motion full"))
        #expect(lines.contains("locale   en"))
    }

    /// A plugin that finishes loading in the background says so only when it is the one shown: the
    /// Spinner's panel never says "loaded Rainbow" (Lottie's said "loaded Spinner" until a key was pressed).
    @Test func onlyThePluginShownSaysItLoaded() throws {
        let session = try base.makeSession()
        session.finishLoading()
        #expect(session.plugins[session.current].name == "Spinner")
        #expect(session.message != "loaded Rainbow", "\(session.message)")
    }

    /// The plugin card says what a bundle's manifest lets the plugin read, as install and list do
    /// (it said nothing); a library outside a bundle declares nothing and shows no such line.
    @Test func thePluginCardSaysWhatItsBundleMayRead() throws {
        let bundle = scratchDirectory("card-permissions-\(UUID().uuidString.prefix(8))") + "/Spinner.refreshplugin"
        try FileManager.default.createDirectory(atPath: bundle, withIntermediateDirectories: true)
        let file = bundle + "/libSpinner.so"
        try FileManager.default.copyItem(atPath: library("RefreshSpinner"), toPath: file)
        let manifest = PluginManifest(describing: try PluginLibrary(path: file).info, library: "libSpinner.so",
                                      sha256: PluginManifest.sha256(of: try Data(contentsOf: URL(fileURLWithPath: file))), author: "Tests", license: "MIT",
                                      thumbnail: nil, permissions: PluginPermissions(read: ["~/Pictures/refresh"]))
        try manifest.encoded().write(to: URL(fileURLWithPath: bundle + "/plugin.json"))
        let bundled = try Session(pluginPaths: [file], firstPlugin: "dev.refreshkit.spinner")
        _ = bundled.advance(toWallTime: 0)
        for lines in [bundled.panelLines(), bundled.summaryPanelLines()] {
            // The words as read, whichever line the panel's width breaks them at.
            let words = lines.joined(separator: " ").split(separator: " ").joined(separator: " ")
            #expect(words.contains("permissions: may read ~/Pictures/refresh"), "\(lines)")
        }
        let bare = try base.makeSession()
        #expect(!bare.panelLines().contains { $0.contains("permissions:") })
    }

    /// The plugin card says the languages a plugin draws words in, as `list` does (Label its three);
    /// a plugin that declares none shows no such line.
    @Test func thePluginCardSaysItsLanguages() throws {
        let label = try Session(pluginPaths: [library("RefreshLabel")], firstPlugin: "dev.refreshkit.label")
        _ = label.advance(toWallTime: 0)
        label.finishLoading()
        for lines in [label.panelLines(), label.summaryPanelLines()] {
            #expect(lines.contains { $0.contains("draws words in en, zh-Hans, ar") }, "\(lines)")
        }
        let spinner = try base.makeSession()
        #expect(!spinner.panelLines().contains { $0.contains("draws words in") })
    }

    /// A message longer than the panel's line is read whole, over lines of the panel's width, in
    /// both panels (it was one line, ending in an ellipsis at the panel's edge).
    @Test func aLongMessageWrapsInsteadOfBeingCut() throws {
        let session = try base.makeSession()
        let message = "exported Bezier-Radar-2.lottie, .json, -dark.json into out/preview/a-folder-named-at-some-length-by-the-designer: 12 shape layers, 40 KB"
        session.say(message)
        for lines in [session.panelLines(), session.summaryPanelLines()] {
            let start = try #require(lines.firstIndex { $0.hasPrefix("exported ") }, "\(lines)")
            let shown = lines[start...].prefix { !$0.isEmpty && $0 != "? for keys" && $0 != "D shows the numbers" }
            #expect(shown.count == 4, "\(shown)")
            #expect(shown.filter { !$0.contains("/") }.allSatisfy { $0.count <= PanelText.columns }, "\(shown)")
            #expect(shown.joined(separator: " ") == message)
        }
    }
}
