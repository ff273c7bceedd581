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
        try render(indicator, frame: frame, background: background, onto: ImageSurface(size: frame.size, scale: frame.scale))
    }

    /// ``render(_:frame:background:)`` onto `surface`, cleared first, when it is the frame's size in
    /// pixels (an export draws hundreds of frames of a size: one surface spares a new one's pages
    /// each time), else onto a new one; returns the surface drawn on.
    package static func render(_ indicator: any HostedIndicator, frame: IndicatorFrame, background: Color?, reusing surface: ImageSurface?) throws -> ImageSurface {
        let reused = surface.flatMap { $0.fits(size: frame.size, scale: frame.scale) ? $0 : nil }
        return try render(indicator, frame: frame, background: background, onto: reused ?? ImageSurface(size: frame.size, scale: frame.scale))
    }

    private static func render(_ indicator: any HostedIndicator, frame: IndicatorFrame, background: Color?, onto surface: ImageSurface) throws -> ImageSurface {
        let canvas = Canvas(surface: surface)
        canvas.clear(background ?? Self.background(for: frame.environment.colorScheme))
        // What the list shows of the frame: the part the pull has revealed, so a frame drawn on
        // its own (a sweep, a contact sheet, a golden) shows what a user would see.
        canvas.addRect(revealed(frame))
        canvas.clip()
        try indicator.draw(in: canvas, frame: frame)
        return surface
    }

    /// The part of `frame` a list shows, in the frame's own (unturned) points: the host's
    /// `drawRect` when it gives one; the `pull.distance` points next to the content while pulling
    /// (nothing at rest or at a pull and progress of 0); the whole frame for a refresh, a result or
    /// a floor, and for a frame made by hand with a progress but no pull (as the SDK's `visibleRect`).
    package static func revealed(_ frame: IndicatorFrame) -> Rect {
        if let drawRect = frame.drawRect { return drawRect }
        let size = frame.size
        let open: Double
        switch frame.state.kind {
        case .none, .unknown: open = 0
        case .pulling, .eligible:
            if frame.pull.distance > 0 {
                open = frame.pull.distance
            } else if frame.state.kind == .pulling && frame.progress <= 0 {
                open = 0
            } else {
                return Rect(x: 0, y: 0, width: size.width, height: size.height)
            }
        default: return Rect(x: 0, y: 0, width: size.width, height: size.height)
        }
        let extent = frame.edge.axis == .vertical ? size.height : size.width
        return revealed(min(open, extent), of: size, at: frame.edge)
    }

    /// The `open` points of a frame of `size` next to the content at `edge`.
    private static func revealed(_ open: Double, of size: Size, at edge: RefreshEdge) -> Rect {
        switch edge {
        case .top: return Rect(x: 0, y: size.height - open, width: size.width, height: open)
        case .bottom: return Rect(x: 0, y: 0, width: size.width, height: open)
        case .leading: return Rect(x: size.width - open, y: 0, width: open, height: size.height)
        case .trailing: return Rect(x: 0, y: 0, width: open, height: size.height)
        }
    }
}
