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
}
