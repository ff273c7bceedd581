import RefreshCore
import RefreshHost
import RefreshPluginSDK

extension LottieExport {
    /// What to export.
    package struct Options: Sendable {
        /// The frame in points (render's default band).
        package var size = Defaults.bandSize
        /// Pixels a point in the images.
        package var scale = 2.0
        package var edge: RefreshEdge = .top
        package var colorScheme: IndicatorEnvironment.ColorScheme = .light
        /// The locale the indicator draws its words in (a BCP 47 tag; `ar`, `he`, `fa`, `ur` right to left).
        package var locale = "en"
        /// Frames across the pull, progress 0 → 1.
        package var pullFrames = 60
        /// Frames a second of the animation.
        package var framesPerSecond = 60.0
        /// The longest refreshing loop looked for, in seconds: up to 4 s first, then (only when
        /// none was found) up to this.
        package var longestLoop = 12.0
        /// The refreshing loop's length in seconds, chosen rather than looked for (nil: looked for).
        package var loopSeconds: Double?
        /// The longest motion of a state other than refreshing (eligible's pop, no more data's)
        /// followed until it settles or repeats, in seconds.
        package var longestMotion = 2.0
        /// Seconds a result shows (RefreshCore's default hold).
        package var resultHold = EdgeConfiguration.defaultResultHoldTime
        /// Frames as shapes where they can be (false: every frame an image).
        package var vector = true
        /// How the indicator sits (its plugin's placement, or the scenario's): a scene that paints
        /// the whole gap (`stretch`) is drawn over-pulled in a composition as tall as the over-pull.
        package var placement: IndicatorPlacement = .push
        /// How far `overpulling` goes, in refresh lengths: SmartRefreshLayout's `headerMaxDragRate`
        /// (2.5 by default, SmartRefreshLayout.java:169), the furthest a pull goes there. 1 or less: no over-pull.
        package var overpullReach = 2.5
        /// Frames across the over-pull.
        package var overpullFrames = 45

        package init() {}
    }
}
