/// The preview's keys, as ``Session/PreviewCommand``s. Keys arrive from the window as presses (with
/// shift) and as text; a character that needs shift on some layouts (`?`) counts only as text, so
/// Shift+/ on a US keyboard toggles the help once, not twice.
package enum KeyMap {
    /// A key, independent of the window system.
    package enum Key: Hashable, Sendable {
        case character(Character)
        case left, right, up, down, tab, escape, enter, keypadPlus, keypadMinus
    }

    /// The command for a key press, or nil when the key means nothing (or counts as text).
    package static func command(forPress key: Key, shift: Bool) -> PreviewCommand? {
        switch key {
        case .escape: return .dismiss
        case .right: return .nextPlugin
        case .left: return .previousPlugin
        case .up: return .scrub(by: 0.05)
        case .down: return .scrub(by: -0.05)
        case .tab: return .selectParameter(backwards: shift)
        case .enter: return .retry
        case .keypadPlus: return .changeParameter(by: 1)
        case .keypadMinus: return .changeParameter(by: -1)
        case .character(let c):
            switch c {
            case "q": return .quit
            case "]": return .nextPlugin
            case "[": return .previousPlugin
            case "r": return .reloadPlugins
            // The speed buttons', in their order.
            case "1": return .setSpeed(1)
            case "2": return .setSpeed(0.5)
            case "3": return .setSpeed(0.25)
            case "4": return .setSpeed(0.1)
            case " ": return .togglePause
            case ".": return .step
            case "p": return .toggleScrub
            case "t": return .toggleTheme
            case "m": return .toggleReduceMotion
            case "l": return .nextLocale
            case "e": return shift ? .exportIndicator : .nextLayout
            case "o": return .nextPlacement
            case "g": return .toggleSecondFloor
            case "x": return .closeSecondFloor
            case "a": return .toggleCaptions
            case "k": return .toggleSound
            case "b": return .beginRefresh
            case "n": return .endRefresh
            case "s": return .forceOutcome(.success)
            case "f": return .forceOutcome(.failure)
            case "=", "+": return .changeParameter(by: 1)
            case "-": return .changeParameter(by: -1)
            case "c": return .screenshot(shift ? .band : .window)
            case "v": return .toggleRecording(alternate: shift)
            case "h": return .togglePanel
            case "i": return .toggleGallery
            case "w": return .toggleTimeline
            case "d": return .toggleDetails
            // "?" comes as text; a plain "/" (no shift) opens the help too.
            case "/": return shift ? nil : .toggleHelp
            default: return nil
            }
        }
    }

    /// The command for typed text: only `?`, whatever keys made it.
    package static func command(forText text: String) -> PreviewCommand? {
        text == "?" ? .toggleHelp : nil
    }

    /// The keys and what they do, for the help overlay.
    package static let help: [(keys: String, meaning: String)] = [
        ("drag / wheel", "scroll and pull; release to fling or spring back"),
        ("← → or [ ]", "previous / next plugin"),
        ("I  plugin button", "the gallery: every plugin as a card; click one to show it"),
        ("the panel", "click and drag: sliders (the wheel steps), swatches open a picker (hex field; the dark colour beside the light), menus, switches, text (Enter sets); ↺ resets; Save, Copy"),
        ("the timeline", "the last gesture under the list: drag on it to see any moment, under it to mark a range; ▶ (space) plays, |◀ ▶| (.) step, ↻ loops, ● records the range, ↓ saves it as a scenario; live or a touch on the list goes back"),
        ("W", "timeline: show / hide"),
        ("D", "the panel's numbers under the inspector: state, pull, velocity, haptics, frame times"),
        ("R", "rescan and reload plugins"),
        ("1  2  3  4", "speed 1×, ½×, ¼×, ⅒× (real time), as the panel's buttons"),
        ("space  .", "pause; step one frame while paused"),
        ("P  ↑ ↓", "scrub: hold the pull at a progress; ↑↓ change it, P again releases"),
        ("T  M  L", "light/dark, reduce motion, next locale"),
        ("E  ⇧E", "next edge layout (top, top+bottom, bottom, leading, …); export the plugin as tuned as Lottie (light, dark, .lottie) into the output folder"),
        ("O", "next placement: push, behind, above, stretch"),
        ("G  X", "second floor on/off (pull far and release); close it"),
        ("A  K", "captions of what a screen reader says; haptic click sound"),
        ("B  N", "begin a refresh; end it now"),
        ("S  F", "force the next outcome: success / failure"),
        ("Enter", "retry a failed first page or page"),
        ("Tab  + −", "select a parameter; change it"),
        ("C  ⇧C", "screenshot of the window; of the indicator band alone"),
        ("V", "record / stop (MP4; shift+V: GIF): drawn from what you did"),
        ("drop a file", "open it: SVG, Lottie, PNG frames, a plugin or its .tar.gz, a scenario, params (--open FILE too); on a text field: set it to the file"),
        ("H  ?", "panel; this help"),
        ("Esc", "close what is open: a field being typed, the colour picker, the gallery, this help, a file's card; never quits (Q does)"),
        ("Q", "quit"),
    ]
}
