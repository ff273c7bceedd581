import Foundation
import Testing
@testable import RefreshHost
import RefreshPluginSDK
@testable import RefreshPreviewSession
import TestSupport

/// The plugin gallery, driven through the session's commands with synthetic pointer events: I
/// (or the inspector's plugin button) opens it, each plugin is a card with its thumbnail or
/// its reason, a click on a card shows that plugin, Esc closes it.
@MainActor
@Suite(.leavesNoPluginHost)
struct GalleryTests {
    func session() throws -> Session {
        var options = Session.Options()
        options.failureRate = 0
        let session = try Session(options: options, pluginPaths: [library("RefreshSpinner"), library("RefreshRainbow"), fixturePlugin("FixturePluginCreateFails")],
                                  firstPlugin: "dev.refreshkit.spinner")
        _ = session.advance(toWallTime: 0)
        return session
    }

    func center(_ r: Rect) -> Point { Point(x: r.minX + r.width / 2, y: r.minY + r.height / 2) }

    @Test func aClickOnACardShowsThatPlugin() throws {
        let session = try session()
        #expect(KeyMap.command(forPress: .character("i"), shift: false) == .toggleGallery)
        session.perform(.toggleGallery)
        #expect(session.view.showsGallery)
        let cards = GalleryOverlay.cardRects(count: session.plugins.count, in: session.windowSize)
        #expect(cards.count == 3)
        // The list takes no pointer while the gallery shows: a click between cards changes nothing.
        session.perform(.pointerDown(Point(x: 2, y: 2)))
        session.perform(.pointerUp)
        #expect(session.view.showsGallery && session.current == 0)
        session.perform(.pointerDown(center(cards[1])))
        session.perform(.pointerUp)
        #expect(!session.view.showsGallery)
        #expect(session.plugins[session.current].id == "dev.refreshkit.rainbow")
        #expect(session.slots[.top]?.info.id == "dev.refreshkit.rainbow")
    }

    @Test func eachCardHasItsThumbnailOrItsReason() throws {
        let session = try session()
        session.perform(.toggleGallery)
        let entries = session.galleryEntries(scale: 1)
        #expect(entries.map(\.name) == ["Spinner", "Rainbow", "Fixture"], "\(entries.map(\.name))")
        let spinner = try #require(entries[0].thumbnail)
        let background = FrameRenderer.background(for: .light)
        let inked = (0..<spinner.height).flatMap { y in (0..<spinner.width).map { (x: $0, y: y) } }.filter { spinner.pixel(x: $0.x, y: $0.y) != background }
        #expect(inked.count > 50, "the spinner is drawn in its thumbnail")
        #expect(entries[2].thumbnail == nil)
        #expect(entries[2].error?.contains("create failed: the tint is not a colour this plugin likes") == true, "\(entries[2].error ?? "none")")
        #expect(session.galleryEntries(scale: 1)[0].thumbnail === spinner, "drawn once, then kept")
    }

    /// A card shows the plugin's signature moment: refreshing, or pulled most of the way when that
    /// shows far more of it (Water Drop's stretched drop, not the small spinner it becomes); a
    /// scene that fills its band whole (Phoenix's 120 pt, drawn smaller: a 72-pt band cut its town
    /// off, and the sky counted as background showed it pulled, its top empty).
    @Test func aCardShowsThePluginsSignatureMoment() throws {
        let session = try Session(pluginPaths: [library("RefreshWaterDrop"), library("RefreshSpinner"), library("RefreshPhoenix")], firstPlugin: "dev.refreshkit.water-drop")
        _ = session.advance(toWallTime: 0)
        let entries = session.galleryEntries(scale: 1)
        func frame(_ plugin: Int, _ state: RefreshState) throws -> ImageSurface {
            try Session.thumbnail(session.plugins[plugin].indicator, state, scale: 1, environment: session.view.environment)
        }
        #expect(try #require(entries[0].thumbnail).pixelWords() == (try frame(0, .pulling(progress: 0.7))).pixelWords(), "Water Drop's card is its drop")
        #expect(try #require(entries[1].thumbnail).pixelWords() == (try frame(1, .refreshing)).pixelWords(), "the Spinner's card is it spinning")
        let phoenix = try #require(entries[2].thumbnail)
        #expect(phoenix.pixelWords() == (try frame(2, .refreshing)).pixelWords(), "Phoenix's card is its whole scene")
        #expect((phoenix.width, phoenix.height) == (180, 72))
        let band = try Session.bandWord(.light)
        #expect(phoenix.pixelWords().allSatisfy { $0 != band }, "the scene fills the card, top to bottom")
    }

    @Test func escClosesItAndThePanelOpensIt() throws {
        let session = try session()
        let button = try #require(session.inspectorLayout.control(.pluginButton)?.rect)
        session.perform(.pointerDown(Point(x: session.viewport.width + button.minX + 20, y: button.minY + 10)))
        session.perform(.pointerUp)
        #expect(session.view.showsGallery, "a click on the inspector's plugin button")
        #expect(session.perform(.dismiss) == .none)
        #expect(!session.view.showsGallery)
        #expect(session.perform(.dismiss) == .none, "and never quits")
    }
}
