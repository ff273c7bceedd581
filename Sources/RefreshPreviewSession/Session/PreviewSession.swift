import Foundation
import RefreshPluginSDK
import RefreshCore
import RefreshHost

/// What the preview's window loop drives: the interactive ``Session`` (the pointer, the pretend
/// server, the plugins to cycle) or a ``ScriptedSession`` (a scenario played frame by frame). The
/// window turns SDL events into ``Session/PreviewCommand``s, hands over the wall clock and draws what
/// ``draw(in:scale:)`` draws; nothing in the window decides how the list behaves.
@MainActor
package protocol PreviewSession: AnyObject {
    /// How the list is shown: theme, speed, pause, panel, help, captions, message.
    var view: SessionView { get set }
    /// The simulation, the container and its edges.
    var driver: RefreshDriver { get }
    /// The indicator at each enabled edge.
    var slots: [RefreshEdge: IndicatorSlot] { get }
    /// How the list looks.
    var sceneLayout: SceneLayout { get }
    /// What the list shows in place of rows, if anything.
    var placeholder: ListPlaceholder? { get }
    /// The list as drawn now: the live one, or the moment of the timeline reviewed.
    var listMoment: ListMoment { get }
    /// A script's frame, in seconds: a script plays frame by frame at its own pace, as fast as
    /// frames render; nil when the wall clock paces the session (a person drives it).
    var scriptFrameDuration: Double? { get }
    /// Whether a script has played to its end; never for the interactive session.
    var hasFinished: Bool { get }
    /// A plugin whose child crashed or hung while a script played it, and at which edge.
    var stoppedPlugin: (edge: RefreshEdge, error: PluginError)? { get }
    /// The scenario a script plays; nil for the interactive session.
    var playedScenario: Scenario? { get }
    /// Whether nothing on screen can change until an input arrives (the window then waits).
    var isAtRest: Bool { get }
    /// The haptics so far (the front end clicks when the count grows) and the last one, with its time.
    var hapticCount: Int { get }
    /// The last haptic and its simulated time.
    var lastHaptic: (kind: HapticKind, time: Double)? { get }
    /// The announcements so far (the front end speaks them when asked).
    var announcementCount: Int { get }
    /// The last announcement and its simulated time.
    var lastAnnouncement: (text: String, time: Double)? { get }

    /// Carries out `command`; returns what the front end must do about it.
    @discardableResult func perform(_ command: PreviewCommand) -> PreviewEffect
    /// Carries out `command`, which happened at wall time `time` (on the clock
    /// ``advance(toWallTime:)`` is given); a session whose list takes inputs at their own moment
    /// uses it, another performs the command now.
    @discardableResult func perform(_ command: PreviewCommand, atWallTime time: Double) -> PreviewEffect
    /// Advances to wall time `now` (seconds, monotonic); false when a script has ended. A script
    /// that cannot go on (a step its plugin refuses) throws, naming the file and the step.
    func advance(toWallTime now: Double) throws(InputFileError) -> Bool
    /// The panel's text for this moment (the front end adds its frame times).
    func panelLines() -> [String]
    /// Loads rebuilt plugins; returns whether anything changed.
    @discardableResult func reloadChangedPlugins() -> Bool
    /// Applies the contents of a params file (`{"plugin id or name": {"parameter": value}}`).
    func applyParameters(_ data: Data, file: String)
    /// Starts keeping the gestures and refresh outcomes (the preview does while it records).
    func beginInteractionLog()
    /// Stops keeping the log and returns it as a scenario of `fps` frames a second; nil when no log was kept.
    func endInteractionLog(name: String, fps: Double) -> Scenario?
}

extension PreviewSession {
    /// ``perform(_:)``: the time an input happened makes no difference (a script's list).
    @discardableResult
    package func perform(_ command: PreviewCommand, atWallTime time: Double) -> PreviewEffect { perform(command) }

    /// The list's viewport, in points.
    package var viewport: Size { sceneLayout.viewport }
    /// Simulated seconds so far.
    package var time: Double { driver.time }
    /// Theme, reduce motion, locale and direction.
    package var environment: IndicatorEnvironment { view.environment }
    /// The rate of simulated time to wall time.
    package var speed: Double { view.speed }
    /// Whether time stands still.
    package var paused: Bool { view.paused }
    /// Whether the side panel shows.
    package var showsPanel: Bool {
        get { view.showsPanel }
        set { view.showsPanel = newValue }
    }
    /// The window's size: the list and, when it shows, the panel.
    package var windowSize: Size {
        Size(width: viewport.width + (showsPanel ? SessionView.panelWidth : 0), height: viewport.height + (view.showsTimeline ? TimelineLayout.height : 0))
    }

    /// The live list's moment.
    package var liveMoment: ListMoment {
        ListMoment(simulation: driver.simulation, container: driver.container, time: driver.time, placeholder: placeholder, announcement: lastAnnouncement)
    }
    /// Whether the key help shows.
    package var showsHelp: Bool { view.showsHelp }
    /// Whether captions show.
    package var showsCaptions: Bool { view.showsCaptions }
    /// Whether the front end clicks for each haptic.
    package var soundOn: Bool { view.soundOn }
    /// The last thing that happened, for the panel.
    package var message: String { view.message }
    /// Whether the "? for keys" hint still shows.
    package var showsKeyHint: Bool { view.showsKeyHint }

    /// Carries out `command` when it concerns only the view (``SessionView/perform(_:)``), and
    /// gives the container a new locale so its announcements follow; nil for the session's own.
    func performViewCommand(_ command: PreviewCommand) -> PreviewEffect? {
        guard let effect = view.perform(command) else { return nil }
        if case .nextLocale = command { driver.container.locale = view.environment.locale }
        return effect
    }

    /// Says something in the panel (what the front end did: a screenshot saved, a recording).
    package func say(_ text: String) { view.message = text }

    /// Notes that wall time went on to `now` without the list moving (the window waited for input
    /// while at rest): that time is not simulated later.
    package func rested(untilWallTime now: Double) {
        _ = view.clock.steps(at: now, rate: 0)
    }

    /// Draws the list and its indicators into `canvas` (origin at the viewport's top-left), with
    /// the captions over it when they show (the front end draws the help over its whole window);
    /// returns the indicators' errors.
    @discardableResult
    package func draw(in canvas: Canvas, scale: Double) -> [PluginError] {
        let errors = drawList(in: canvas, scale: scale)
        // A plugin that has not drawn its frame in time (it blocks): its last frame shows, and this says why.
        let waiting = slots.values.compactMap { $0.indicator as? RemoteIndicator }.filter(\.isWaiting).map(\.info.name)
        if let name = Set(waiting).sorted().first {
            WaitingBadge.draw("waiting for \(name)", in: canvas, layout: sceneLayout, edges: driver.container.enabledEdges)
        }
        if let failure = view.openFailure {
            // Below the header's band, so the indicator stays in view.
            let area = Captions.area(in: sceneLayout, clearOf: driver.container.enabledEdges)
            ErrorCard.draw(failure, in: canvas, rect: Rect(x: area.minX + 8, y: area.minY + 8, width: area.size.width - 16, height: 72), scheme: environment.colorScheme)
        }
        // What the moment drawn last said, for a while after it was said (a moment the timeline shows, too).
        let moment = listMoment
        if view.showsCaptions, let text = Session.caption(moment.announcement, at: moment.time) {
            let area = Captions.area(in: sceneLayout, clearOf: driver.container.enabledEdges)
            Captions.draw(text, in: canvas, area: area, rightToLeft: environment.layoutDirection == .rightToLeft)
        }
        return errors
    }

    /// The first edge's band alone (an indicator and the rows beside it) at `scale`.
    package func renderBand(scale: Double) throws -> ImageSurface {
        let edge = driver.container.enabledEdges.first ?? .top
        let rect = sceneLayout.bandRect(at: edge)
        let image = try ImageSurface(size: rect.size, scale: scale)
        let canvas = Canvas(surface: image)
        canvas.translate(x: -rect.minX, y: -rect.minY)
        drawList(in: canvas, scale: scale)
        return image
    }

    @discardableResult
    private func drawList(in canvas: Canvas, scale: Double) -> [PluginError] {
        SceneRenderer.draw(in: canvas, layout: sceneLayout, moment: listMoment, indicators: slots, environment: environment, scale: scale)
    }
}
