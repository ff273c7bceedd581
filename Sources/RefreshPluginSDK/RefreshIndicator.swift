/// Who an indicator is, as the host lists it.
public struct IndicatorInfo: Equatable, Sendable {
    /// Reverse-DNS identifier, e.g. `dev.refreshkit.spinner`.
    public var id: String
    /// Display name.
    public var name: String
    /// The indicator's own version.
    public var version: String
    /// One sentence.
    public var summary: String

    /// Plugin metadata.
    public init(id: String, name: String, version: String, summary: String) {
        self.id = id
        self.name = name
        self.version = version
        self.summary = summary
    }
}

/// A refresh indicator written in Swift. Conform, then export it with ``PluginExport`` (see the
/// template in `Examples/SwiftPlugin`).
///
/// ``draw(in:frame:)`` must be a pure function of the frame and the parameters the instance was
/// created with: no clocks, no randomness, no state that changes the picture.
public protocol RefreshIndicator: AnimatableRefresh {
    /// Who the indicator is.
    static var info: IndicatorInfo { get }
    /// The parameters it accepts, with defaults.
    static var parameters: [ParameterSpec] { get }
    /// Whether the SDK turns the canvas for leading and trailing edges so the indicator draws as
    /// for a top edge. Default true.
    static var rotatesForHorizontalEdges: Bool { get }
    /// Makes an instance from validated values (every declared parameter present).
    init(parameters: ParameterValues) throws
    /// Draws one frame into `canvas`, whose origin is the top-left of `frame.size`.
    func draw(in canvas: Canvas, frame: IndicatorFrame)
}

extension RefreshIndicator {
    /// Turned by default.
    public static var rotatesForHorizontalEdges: Bool { true }

    /// Draws `frame`, turning the canvas for leading and trailing edges when the indicator asks
    /// for it; what the export adapter and in-process hosts call.
    public func render(in canvas: Canvas, frame: IndicatorFrame) {
        guard Self.rotatesForHorizontalEdges, frame.edge.axis == .horizontal else {
            return canvas.withSavedState { draw(in: canvas, frame: frame) }
        }
        var turned = frame
        turned.size = Size(width: frame.size.height, height: frame.size.width)
        // The draw rectangle turns with the canvas: leading maps (x, y) to (H − y, x) in the
        // turned frame's terms, trailing to (y, W − x).
        turned.drawRect = frame.drawRect.map { r in
            frame.edge == .leading
                ? Rect(x: frame.size.height - r.maxY, y: r.minX, width: r.height, height: r.width)
                : Rect(x: r.minY, y: frame.size.width - r.maxX, width: r.height, height: r.width)
        }
        canvas.withSavedState {
            if frame.edge == .leading {
                // The indicator's bottom (towards the content) faces right, where the list is.
                canvas.translate(x: 0, y: frame.size.height)
                canvas.rotate(-.pi / 2)
            } else {
                canvas.translate(x: frame.size.width, y: 0)
                canvas.rotate(.pi / 2)
            }
            draw(in: canvas, frame: turned)
        }
    }
}
