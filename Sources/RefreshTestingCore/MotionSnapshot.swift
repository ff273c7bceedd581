import Foundation
import RefreshHost
import RefreshPluginSDK

/// The motion of a scenario played with an indicator in process: `verify`'s motion golden
/// (`MotionTrack`) for a plugin's own tests.
public enum MotionSnapshot {
    /// The track of `scenario` (a path, or the name of a scenario RefreshKit ships, such as
    /// `pull-to-refresh`) played with `indicator` at every edge it enables: each frame's states,
    /// progress, offset, events and pixel hash.
    public static func track<Indicator: RefreshIndicator>(of indicator: Indicator, scenario: String) throws -> MotionTrack {
        let player = try ScenarioPlayer(scenario: try Scenario.load(path: scenario), pluginOverride: LocalPlugin(indicator))
        return try MotionCapture.track(of: player)
    }

    /// What differs between a reference track's text and a played one, compared as `verify`
    /// compares tracks (events in order and in time, allowed to move `frameTolerance` frames; each
    /// frame's states, progress and offset; with `pixels: .exact` each frame's pixel hash), one
    /// difference a line; nil when they match. A text that is not a track never matches.
    public static func differences(reference: String, actual: String, frameTolerance: Int = 0, pixels: MotionComparison.PixelCheck = .ignore) -> String? {
        let decoder = JSONDecoder()
        // try?: a reference that is not a track is a failure below, never a pass.
        guard let golden = try? decoder.decode(MotionTrack.self, from: Data(reference.utf8)) else {
            return "cannot compare: the reference is not a motion track"
        }
        // try?: a played text that is not a track holds the error that stopped the play.
        guard let played = try? decoder.decode(MotionTrack.self, from: Data(actual.utf8)) else { return "cannot compare: \(actual)" }
        // A track holds hashes, not pictures: pixels are exact or not checked.
        let comparison = MotionComparison(golden: golden, actual: played, goldenFilm: "", actualFilm: "",
                                          options: .init(frameTolerance: frameTolerance, pixels: pixels == .ignore ? .ignore : .exact))
        return comparison.matches ? nil : comparison.differences.map(\.what).joined(separator: "\n")
    }
}
