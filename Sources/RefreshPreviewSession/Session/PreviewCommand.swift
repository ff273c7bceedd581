import Foundation
import RefreshPluginSDK
import RefreshHost

/// Everything a designer can ask of a preview session (interactive or scripted), whatever the front end: the window's mouse and
/// keys become these (through ``KeyMap``), and tests send them directly.
package enum PreviewCommand: Equatable, Sendable {
    /// The finger goes down at a point of the window (ignored outside the list).
    case pointerDown(Point)
    /// The finger moves to a point.
    case pointerMoved(Point)
    /// The finger lifts.
    case pointerUp
    /// Wheel or touchpad scrolling, in content points.
    case wheel(Point)
    /// The next or previous plugin.
    case nextPlugin, previousPlugin
    /// Rescans and reloads every plugin.
    case reloadPlugins
    /// Time runs at this rate (1, 0.25, 0.1).
    case setSpeed(Double)
    /// Pauses or runs.
    case togglePause
    /// While paused: one 120 Hz frame.
    case step
    /// Starts or releases the scrub (a virtual finger holding the pull at a progress).
    case toggleScrub
    /// Moves the scrub's progress by this much (±0.05 per key).
    case scrub(by: Double)
    /// Light ↔ dark.
    case toggleTheme
    /// Reduce motion on ↔ off.
    case toggleReduceMotion
    /// The next locale (en, zh-Hans, ar).
    case nextLocale
    /// The next edge layout.
    case nextLayout
    /// The next placement of the indicators (push, behind, above, stretch).
    case nextPlacement
    /// Gives the refresh edge a second floor, or takes it away.
    case toggleSecondFloor
    /// Closes an open second floor, as an app's close button would.
    case closeSecondFloor
    /// Shows or hides the captions of what a screen reader would say.
    case toggleCaptions
    /// Turns the haptic click sound on or off.
    case toggleSound
    /// Starts a refresh from code, as an app's button would.
    case beginRefresh
    /// Ends the running refreshes now, with the forced outcome or success.
    case endRefresh
    /// The next answered request has this outcome.
    case forceOutcome(RefreshResult)
    /// Asks again after a failed first page or a failed page.
    case retry
    /// Selects the next parameter (or the previous, `backwards`).
    case selectParameter(backwards: Bool)
    /// Changes the selected parameter by this many steps.
    case changeParameter(by: Int)
    /// Shows or hides the side panel.
    case togglePanel
    /// Shows or hides the key help.
    case toggleHelp
    /// Exports the plugin shown, as tuned, as Lottie into the output folder (the front end writes it).
    case exportIndicator
    /// Saves a screenshot (the front end captures it).
    case screenshot(PreviewScreenshot)
    /// Starts or stops a recording (the front end records): in its own format, or in the
    /// alternate one (GIF) when `alternate`.
    case toggleRecording(alternate: Bool)
    /// Text typed while a text field of the inspector has the focus.
    case typed(String)
    /// Backspace in a text field.
    case deleteBackward
    /// Ctrl+A in a text field: its whole text selected.
    case selectAll
    /// An arrow (or Home, End) in a text field: the caret moved by characters.
    case moveCaret(by: Int)
    /// Shows or hides the plugin gallery (the interactive session's).
    case toggleGallery
    /// Shows or hides the timeline strip under the list (the interactive session's).
    case toggleTimeline
    /// Shows or hides the panel's numbers under the inspector (state, pull, velocity, haptics, frame times).
    case toggleDetails
    /// Opens a file (dropped on the window): the front end hands it to the session that can.
    case open(String)
    /// Closes what is open over the list (the help); ends the session when nothing is (Esc).
    case dismiss
    /// Ends the session.
    case quit
}
