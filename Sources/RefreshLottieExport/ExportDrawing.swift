import RefreshGraphics
import RefreshHost
import RefreshPluginSDK

/// How an export draws the frames it tells apart: first at 1 pixel a point, a quarter of the
/// pixels at 2× (what a player draws of shapes is the shapes, not these pixels), and frames the
/// same there again at the export's scale (``same(_:_:)``), so a change too small to show at 1×
/// — a slow drift, the tail of a motion — still tells frames apart. An export whose frames are
/// images (these pixels) draws at its scale alone. One surface a scale is drawn on again and
/// again: a new one a frame cost more in fresh pages than the drawing.
final class ExportDrawing {
    private let indicator: any HostedIndicator
    /// The export's pixels a point, and the scale frames are first told apart at.
    let scale: Double, firstScale: Double
    private var surfaces: [Double: ImageSurface] = [:]
    /// The last few frames drawn at `scale` for ``same(_:_:)``, by their fingerprints.
    private var known: [(frame: IndicatorFrame, fingerprint: UInt64)] = []

    init(_ indicator: any HostedIndicator, scale: Double, vector: Bool) {
        self.indicator = indicator
        self.scale = scale
        firstScale = vector ? min(scale, 1) : scale
    }

    /// `frame` drawn at `scale`, on this drawing's surface of that scale (valid until the next frame).
    private func surface(_ frame: IndicatorFrame, scale: Double) throws -> ImageSurface {
        var frame = frame
        frame.scale = scale
        indicator.refreshState = frame.state
        let image = try FrameRenderer.render(indicator, frame: frame, background: .clear, reusing: surfaces[scale])
        surfaces[scale] = image
        return image
    }

    /// The frame's pixels (premultiplied) at ``firstScale``: what frames are first told apart by.
    func pixels(_ frame: IndicatorFrame) throws -> [UInt32] { try surface(frame, scale: firstScale).pixelWords() }

    /// The frame's pixels at the export's scale: where a loop's seam is measured.
    func pixelsAtScale(_ frame: IndicatorFrame) throws -> [UInt32] { try surface(frame, scale: scale).pixelWords() }

    /// Whether two frames (the same at ``firstScale``) are the same at the export's scale too.
    func same(_ a: IndicatorFrame, _ b: IndicatorFrame) throws -> Bool {
        guard firstScale != scale else { return true }
        func fingerprint(_ frame: IndicatorFrame) throws -> UInt64 {
            if let print = known.first(where: { $0.frame == frame })?.fingerprint { return print }
            let print = FrameStream.fingerprint(try surface(frame, scale: scale))
            known = Array((known + [(frame, print)]).suffix(4))
            return print
        }
        return try fingerprint(a) == fingerprint(b)
    }

    /// Whether a frame (blank at ``firstScale``) draws nothing at the export's scale either.
    func isBlank(_ frame: IndicatorFrame) throws -> Bool {
        try firstScale == scale || !surface(frame, scale: scale).withPixels { $0.contains { $0 != 0 } }
    }
}
