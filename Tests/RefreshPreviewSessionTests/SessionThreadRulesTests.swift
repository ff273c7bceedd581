import Testing
import TestSupport
@testable import RefreshHost
import RefreshPluginSDK
@testable import RefreshPreviewSession

/// refresh_plugin.h's thread promises kept by the preview's session (the library's side is
/// PluginThreadRulesTests'): the fixture fails a frame when a call breaks one.
@MainActor
@Suite(.leavesNoPluginHost)
struct SessionThreadRulesTests {
    /// The preview's session as the window drives it: a drag, a refresh, the gallery's thumbnails, a
    /// plugin switch and back, in the preview's process and in plugin-host children.
    @Test(arguments: [PluginIsolation.inProcess, .childProcess(frameLimit: 2)])
    func thePreviewsSessionKeepsThePromises(isolation: PluginIsolation) throws {
        var options = Session.Options()
        options.pluginIsolation = isolation
        let session = try Session(options: options, pluginPaths: [fixturePlugin("FixturePluginThreadRules"), library("RefreshSpinnerC")])
        let image = try ImageSurface(width: 390, height: 844, scale: 1)
        var errors: [String] = []
        func frame(_ time: Double) {
            _ = session.advance(toWallTime: time)
            errors += session.draw(in: Canvas(surface: image), scale: 1).map(\.description)
        }
        session.perform(.pointerDown(Point(x: 200, y: 200)))
        for step in 1...20 {
            session.perform(.pointerMoved(Point(x: 200, y: 200 + Double(step) * 12)))
            frame(Double(step) / 60)
        }
        session.perform(.pointerUp)
        for step in 21...60 { frame(Double(step) / 60) }
        session.perform(.toggleGallery)
        frame(1.1)
        session.perform(.toggleGallery)
        session.perform(.nextPlugin)
        frame(1.2)
        session.perform(.previousPlugin)
        for step in 0..<10 { frame(1.3 + Double(step) / 60) }
        session.finishLoading()  // the switch's load ends here, and its child with the session
        #expect(errors.isEmpty, "\(errors.prefix(3))")
        #expect(session.slots[.top]?.indicator.info.id == "dev.refreshkit.fixture-thread-rules")
    }
}
