import RefreshGraphics
import RefreshHost

/// A recording drawn from what the designer did rather than from what the window happened to
/// draw: the scenario of the interaction, as read back from its file, played frame by frame and
/// each frame drawn as `refresh-dump run` draws it (its window, at the recording's scale). So the
/// recording is the same however loaded the machine was, and the same as the scenario's headless
/// run. The frames are taken a few at a time, between the window's own.
@MainActor
package final class RecordingReplay {
    /// The scenario's player.
    package let player: ScenarioPlayer
    /// Pixels per point.
    package let scale: Double
    /// Frames in the recording.
    package let frameCount: Int

    /// Plays `player` from its start, drawing at `scale`.
    package init(player: ScenarioPlayer, scale: Double) {
        self.player = player
        self.scale = scale
        frameCount = player.totalFrames
    }

    /// Frames drawn so far.
    package var framesDrawn: Int { player.frameIndex }
    /// The recording's length in seconds.
    package var duration: Double { Double(frameCount) / player.scenario.fps }

    /// The next frame and the time it starts at in the recording; nil after the last. A plugin's
    /// error is drawn as its card, as `run` draws it.
    package func nextFrame() throws -> (image: ImageSurface, time: Double)? {
        guard try player.advance() else { return nil }
        let image = try player.render(window: player.windowRect(), scale: scale).image
        return (image, Double(player.frameIndex - 1) / player.scenario.fps)
    }
}
