import Foundation
import RefreshPluginSDK
import RefreshCore
import RefreshHost

/// The preview playing a scenario: one frame of the ``ScenarioPlayer`` per call of
/// ``advance(toWallTime:)``, so a scripted window shows exactly the frames `refresh-dump run`
/// writes. The script owns the list: the pointer, the wheel and the keys that change the list or
/// its plugins do nothing; theme, motion, locale, pause, step, panel, help and captions work.
@MainActor
package final class ScriptedSession: PreviewSession {
    /// The scenario being played.
    package let player: ScenarioPlayer
    /// How the list is shown.
    package var view: SessionView
    /// The time of the frame last handed to a recording.
    private var lastSampled: Double?

    /// A session that plays `player`, in its scenario's environment.
    package init(player: ScenarioPlayer) {
        self.player = player
        view = SessionView(environment: player.scenario.environment, message: "Scripted: \(player.scenario.name)")
    }

    /// The player's simulation and container.
    package var driver: RefreshDriver { player.driver }
    /// The player's indicators.
    package var slots: [RefreshEdge: IndicatorSlot] { player.slots }
    /// The scenario's list.
    package var sceneLayout: SceneLayout { player.layout }
    /// What the scenario's `placeholder` steps put in place of rows.
    package var placeholder: ListPlaceholder? { player.placeholder }
    /// The player's list as it is.
    package var listMoment: ListMoment { liveMoment }
    /// The scenario's frame.
    package var scriptFrameDuration: Double? { player.frameDuration }
    /// Whether the scenario has played to its end.
    package var hasFinished: Bool { player.isFinished }
    /// Each edge the script pulled that never refreshed, in words (``ScenarioPlayer/triggersNeverReached``).
    package var triggersNeverReached: [String] { player.triggersNeverReached }
    /// A plugin the scenario's player stopped.
    package var stoppedPlugin: (edge: RefreshEdge, error: PluginError)? { player.stoppedPlugin }
    /// The scenario.
    package var playedScenario: Scenario? { player.scenario }
    /// A script always moves on.
    package var isAtRest: Bool { false }
    /// The player keeps the scenario's events itself; the window neither clicks nor speaks them.
    package var hapticCount: Int { 0 }
    /// None: see ``hapticCount``.
    package var lastHaptic: (kind: HapticKind, time: Double)? { nil }
    /// None: see ``hapticCount``.
    package var announcementCount: Int { 0 }
    /// None: see ``hapticCount``.
    package var lastAnnouncement: (text: String, time: Double)? { nil }

    /// Carries out the view's commands; the list's belong to the script.
    @discardableResult
    package func perform(_ command: PreviewCommand) -> PreviewEffect {
        performViewCommand(command) ?? .none
    }

    /// One frame of the scenario per call (none while paused, but for a step); false once it has ended.
    package func advance(toWallTime now: Double) throws(InputFileError) -> Bool {
        _ = view.clock.steps(at: now, rate: 0)
        guard !view.paused || view.stepOnce else { return true }
        view.stepOnce = false
        return try player.advance()
    }

    /// One frame of the scenario, handed to `sample` at its time: the script's frames are its
    /// clock (a recording resamples them to its own rate).
    package func advance(toWallTime now: Double, sampling sample: (Double) -> Void) throws(InputFileError) -> Bool {
        // The frame before the first step (time 0) is a frame too: a range from 0 starts with it.
        if lastSampled == nil { sample(player.time) }
        let going = try advance(toWallTime: now)
        if lastSampled != player.time { sample(player.time) }
        lastSampled = player.time
        return going
    }

    /// The panel: the plugin at the first edge, the edges, what the sandbox refused the plugins
    /// (a plugin given by path has no hot-reload maker to ask: its plugin host is asked), and the
    /// script's name and time.
    package func panelLines() -> [String] {
        var text = PanelText()
        text.info = slots.values.first?.info
        for edge in RefreshEdge.allCases {
            guard let remote = slots[edge]?.indicator as? RemoteIndicator else { continue }
            text.refusals += remote.host.refusals.filter { !text.refusals.contains($0) }
        }
        text.listLines = ["script   \(player.scenario.name) t=\(PanelText.format(player.time, 2)) s"]
        return text.lines(for: self)
    }

    /// The script's plugins are not reloaded.
    @discardableResult
    package func reloadChangedPlugins() -> Bool { false }
    /// A script's parameters are its own.
    package func applyParameters(_ data: Data, file: String) {}
    /// A script is already a scenario: nothing to log.
    package func beginInteractionLog() {}
    /// Nothing: a script is already a scenario.
    package func endInteractionLog(name: String, fps: Double) -> Scenario? { nil }
}
