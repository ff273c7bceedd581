import Foundation
import Testing
import TestSupport
@testable import RefreshHost
import RefreshPluginSDK
@testable import RefreshPreviewSession

/// The session with each plugin in a plugin-host child: a crash, abort or hang ends only the
/// child while the session keeps its state and serves the other plugins.
@MainActor
@Suite(.leavesNoPluginHost)
struct SessionPluginHostTests {
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
