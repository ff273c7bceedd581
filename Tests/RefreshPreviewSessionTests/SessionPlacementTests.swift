import Testing
import RefreshPluginSDK
import TestSupport
@testable import RefreshPreviewSession

/// The preview's placement: each plugin's own until one is chosen, then the chosen one for all.
@MainActor
@Suite(.leavesNoPluginHost)
struct SessionPlacementTests {
    /// The preview places each plugin as it claims until O chooses a placement, which then stays
    /// for every plugin.
    @Test func thePreviewTakesThePluginsPlacementUntilOneIsChosen() throws {
        var options = Session.Options()
        options.failureRate = 0
        let session = try Session(options: options, pluginPaths: [library("RefreshSpinner"), library("RefreshMaterial")], firstPlugin: "dev.refreshkit.spinner")
        _ = session.advance(toWallTime: 0)
        #expect(session.placement == .push)
        session.perform(.nextPlugin)
        _ = session.advance(toWallTime: 0.1)
        #expect(session.plugins[session.current].id == "dev.refreshkit.material")
        #expect(session.placement == .above)
        #expect(session.driver.container.status(of: .top)?.placement == .above)
        session.perform(.nextPlacement)
        #expect(session.placement == .stretch)
        session.perform(.nextPlugin)
        _ = session.advance(toWallTime: 0.2)
        #expect(session.driver.container.status(of: .top)?.placement == .stretch, "a chosen placement stays with the next plugin")
    }
}
