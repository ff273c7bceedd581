import Foundation
import RefreshPluginSDK
import RefreshHost

/// How the preview shows a list, whoever drives it: theme, motion and locale, the speed and pause,
/// the panel, the help and captions, and the last message. Both the interactive ``Session`` and a
/// ``ScriptedSession`` keep one and hand it the commands that concern only the view.
package struct SessionView {
    /// Theme, reduce motion, locale and direction.
    package var environment: IndicatorEnvironment
    /// The rate of simulated time to wall time.
    package var speed = 1.0
    /// Whether time stands still (``Session/PreviewCommand/step`` advances one frame).
    package var paused = false
    /// Set by ``Session/PreviewCommand/step`` while paused; the next advance takes one frame.
    package var stepOnce = false
    /// Whether the side panel shows.
    package var showsPanel = true
    /// Whether the key help shows.
    package var showsHelp = false
    /// Whether the captions show what a screen reader would say (A).
    package var showsCaptions = true
    /// Whether the front end clicks for each haptic (K); it stays silent without an audio device anyway.
    package var soundOn = true
    /// Whether the front end has an audio device to click on (the panel says so when not).
    package var hasAudio = true
    /// The last thing that happened, for the panel.
    package var message: String
    /// The inspector's picker, drag and pointer (the interactive session's).
    package var inspector = InspectorState()
    /// Whether the timeline strip shows under the list (the interactive session's; W).
    package var showsTimeline = false
    /// Whether the interactive panel shows its numbers (state, pull, velocity, haptics, frame
    /// times) under the inspector, or only what a designer reads (D).
    package var showsDetails = false
    /// Whether the plugin gallery shows (the interactive session's).
    package var showsGallery = false
    /// The side panel's width in points (the window is the list and, when shown, the panel).
    package static let panelWidth = 300.0
    /// Why the last file opened could not be (shown as a card over the list until dismissed, or
    /// until a plugin is picked or a file opens).
    package var openFailure: String?
    /// Whether the "? for keys" hint still shows: until the first key.
    package var showsKeyHint = true
    /// The wall clock in fixed steps.
    package var clock = FixedStepClock()

    /// A view of `environment` that says `message` first, with the timeline strip when `showsTimeline`.
    package init(environment: IndicatorEnvironment = IndicatorEnvironment(), message: String, showsTimeline: Bool = false) {
        self.environment = environment
        self.message = message
        self.showsTimeline = showsTimeline
    }

    /// The speed as the keys name it.
    package var speedName: String { InspectorLayout.speedName(speed) }

    /// Carries out `command` when it concerns only the view and returns what the front end must
    /// do; nil for a command the session itself handles (the list, plugins, parameters).
    package mutating func perform(_ command: PreviewCommand) -> PreviewEffect? {
        switch command {
        case .pointerDown, .pointerMoved, .pointerUp, .wheel: break
        default: showsKeyHint = false
        }
        switch command {
        case .setSpeed(let rate):
            guard rate.isFinite, rate > 0, rate <= 1 else { break }
            speed = rate
            message = "speed \(speedName)"
        case .togglePause:
            paused.toggle()
            message = paused ? "paused (. steps one frame)" : "running"
        case .step: if paused { stepOnce = true }
        case .toggleTheme:
            environment.colorScheme = environment.colorScheme == .light ? .dark : .light
            message = "theme \(environment.colorScheme.rawValue)"
        case .toggleReduceMotion:
            environment.reduceMotion.toggle()
            message = environment.reduceMotion ? "reduce motion on" : "reduce motion off"
        case .nextLocale:
            let locales = ["en", "zh-Hans", "ar"]
            let next = locales[((locales.firstIndex(of: environment.locale) ?? -1) + 1) % locales.count]
            environment.locale = next
            environment.layoutDirection = TextDirection(locale: next)
            message = "locale \(next)"
        case .toggleCaptions:
            showsCaptions.toggle()
            message = showsCaptions ? "captions on" : "captions off"
        case .toggleSound:
            soundOn.toggle()
            message = !hasAudio ? "no audio device: haptics show as the panel's lamp" : soundOn ? "haptic sound on" : "haptic sound off"
        case .togglePanel: showsPanel.toggle()
        case .toggleDetails:
            showsDetails.toggle()
            message = showsDetails ? "the panel's numbers shown (D hides them)" : "the panel's numbers hidden (D shows them)"
        case .toggleHelp: showsHelp.toggle()
        case .screenshot(let kind): return .screenshot(kind)
        case .exportIndicator: return .exportIndicator
        case .toggleRecording(let alternate): return .toggleRecording(alternate: alternate)
        case .open(let path): return .open(path)
        case .dismiss:
            // Esc closes what is open, one thing a press, and never quits: a press too many must not lose the session (Q quits).
            if showsHelp {
                showsHelp = false
            } else if showsGallery {
                showsGallery = false
            } else if openFailure != nil {
                openFailure = nil
            } else if inspector.picker != nil {
                inspector.picker = nil
            } else {
                message = "nothing open to close: Q quits"
            }
        case .quit: return .quit
        default: return nil
        }
        return PreviewEffect.none
    }
}
