import RefreshPluginSDK

/// Renders indicator frames into images: the one place where the host draws an indicator, for
/// the preview, the dumper and the tests alike.
public enum FrameRenderer {
    /// The background behind an indicator for a colour scheme (the list's own background).
    public static func background(for scheme: IndicatorEnvironment.ColorScheme) -> Color {
        scheme == .dark ? Color(red: 0.07, green: 0.07, blue: 0.08) : Color(red: 0.96, green: 0.96, blue: 0.97)
    }

    /// A new image of `frame.size` at `frame.scale` with `indicator` drawn on its theme's background
    /// (or on `background` when given; `.clear` for a transparent frame).
    public static func render(_ indicator: any HostedIndicator, frame: IndicatorFrame, background: Color? = nil) throws -> ImageSurface {
        let surface = try ImageSurface(size: frame.size, scale: frame.scale)
        let canvas = Canvas(surface: surface)
        canvas.clear(background ?? Self.background(for: frame.environment.colorScheme))
        try indicator.draw(in: canvas, frame: frame)
        return surface
    }
}
