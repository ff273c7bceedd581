import RefreshPluginSDK

/// The numbers every tool starts from when nobody says otherwise: one place, so the preview, the
/// scenarios, `trace` and `bench` show the same list.
public enum Defaults {
    /// The refresh lengths a host accepts from a plugin, in points: `validate` checks them, and
    /// `render` and `sweep` refuse a plugin outside them as the preview does.
    public static let refreshLengths = 1.0...2000
    /// The simulated phone's viewport, in points (an iPhone 14's).
    public static let viewport = Size(width: 390, height: 844)
    /// A row's extent along the list's axis, in points.
    public static let rowHeight = 64.0
    /// A card's pitch (its width and the gap after it) in a horizontal carousel, in points.
    public static let cardPitch = 148.0
    /// The extent of an indicator's band across its edge, in points: the frame a plugin draws into
    /// and what an `edge` window of `run` shows.
    public static let bandExtent = 120.0
    /// An indicator's frame at a top or bottom edge of the default viewport: its width by the band.
    public static let bandSize = Size(width: viewport.width, height: bandExtent)
    /// A displayed frame at the preview's 120 Hz, in seconds: the window's pacing without vsync, one
    /// frame of stepping while paused, and the step of `trace` and of `bench`'s host loop.
    public static let frameInterval = 1.0 / 120
    /// One step of the simulation's clock, in seconds: four to a 120 Hz frame, so the physics is the
    /// same whatever rate the display runs at.
    public static let simulationStep = 1.0 / 480
    /// How near the end (points) the user's own scrolling starts a load-more in the preview.
    public static let preloadDistance = 120.0
    /// Simulated seconds a refresh or page load takes in the preview.
    public static let refreshTime = 1.2
    /// Share of the preview's simulated loads that fail.
    public static let failureRate = 0.25
    /// Rows in the preview's list in all.
    public static let totalRows = 60

    /// Rows per page for a list whose viewport is `extent` points long: the first page always fills
    /// the screen and leaves some to scroll (20 rows for 844 pt), so a first touch cannot start a
    /// load-more with its footer off screen.
    public static func pageSize(forExtent extent: Double, rowHeight: Double = rowHeight) -> Int {
        let screenful = (extent / max(1, rowHeight)).rounded(.up)
        return max(20, Int(saturating: screenful) + 6)
    }
}
