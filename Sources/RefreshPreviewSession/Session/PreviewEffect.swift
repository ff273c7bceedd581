import Foundation
import RefreshPluginSDK
import RefreshHost

/// What the front end must do after a command.
package enum PreviewEffect: Equatable, Sendable {
    /// Nothing more.
    case none
    /// Close the window.
    case quit
    /// Export the plugin shown as Lottie (``PreviewCommand/exportIndicator``).
    case exportIndicator
    /// Capture and save a screenshot.
    case screenshot(PreviewScreenshot)
    /// Start or stop recording (in the alternate format when `alternate`).
    case toggleRecording(alternate: Bool)
    /// Open the file (``Session/open(_:)``, or play it when it is a scenario).
    case open(String)
    /// Put this text on the clipboard (the inspector's Copy: a `--param` line).
    case copyToClipboard(String)
    /// Save this params file (the inspector's Save) under the next free name.
    case saveParameters(Data)
    /// Record this span of the timeline's gesture as a clip (its moments, drawn again with
    /// ``Session/review(at:)``), with this scenario beside it.
    case recordClip(ClosedRange<Double>, scenario: Data)
    /// Save this scenario (the timeline's gesture, or its range) under the next free name.
    case saveScenario(Data)
}
