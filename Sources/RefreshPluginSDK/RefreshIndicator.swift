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

/// A refresh indicator written in Swift: what a plugin writes. Conform, then export it with
/// ``PluginExport`` (see the template in `Examples/SwiftPlugin`).
///
/// The host decides the state; the indicator only draws it. Everything a frame depends on comes
/// in the ``IndicatorFrame`` (state, progress, clocks, environment) and the parameters the instance
/// was made with: ``draw(in:frame:)`` must be a pure function of those, with no clocks, no
/// randomness and no state that changes the picture.
///
/// A `switch` over `frame.state` ends with `@unknown default:`, so that a state a later SDK adds
/// is a warning in your build, never an error (and draws like that branch until you handle it).
public protocol RefreshIndicator {
    /// Who the indicator is.
    static var info: IndicatorInfo { get }
    /// The parameters it accepts, with defaults.
    static var parameters: [ParameterSpec] { get }
    /// Whether the SDK turns the canvas for leading and trailing edges so the indicator draws as
    /// for a top edge. Default true.
    static var rotatesForHorizontalEdges: Bool { get }
    /// Whether its right-to-left frames are the mirror image of its left-to-right ones (an arrow
    /// that points the way text reads). A claim `refresh-dump lint` checks. Default false.
    static var mirrorsForRightToLeft: Bool { get }
    /// The placement it is drawn for, where the host and the user have not chosen one: `.above`
    /// for a disc that floats over the content, `.stretch` for a scene that paints the whole gap
    /// (its frame is then as deep as the pull: draw anchored to the content, the sky or
    /// background running to the frame's far edge). Default `.push`.
    static var placement: IndicatorPlacement { get }
    /// Makes an instance from validated values (every declared parameter present).
    init(parameters: ParameterValues) throws
    /// The pull distance, in points, that completes progress: the indicator's natural height for
    /// top and bottom edges, its width for leading and trailing ones. Finite, 1...2000; read once
    /// when the host makes the instance.
    var refreshLength: Double { get }
    /// Draws one frame into `canvas`, whose origin is the top-left of `frame.size`.
    func draw(in canvas: Canvas, frame: IndicatorFrame)
    /// What a screen reader should say when `state` begins at `edge`, in `locale` (a BCP 47 tag);
    /// nil or empty: nothing. By default `StateDescription`'s words.
    func stateDescription(_ state: RefreshState, edge: RefreshEdge, locale: String) -> String?
    /// The seconds after which what it draws while refreshing repeats exactly, for its parameters
    /// (a spinner's turn; a cycle through colours): `refresh-dump export` loops that long rather
    /// than search for a loop, and says so when the drawing does not repeat there. Read once when
    /// the host makes the instance. Default nil: not said.
    var refreshingPeriod: Double? { get }
    // Requirements are added at the end: a conformance compiled before one was added keeps the others where they were.
    /// The languages whose words it draws, BCP 47 tags (`["en", "zh-Hans", "ar"]`, at most 16):
    /// `refresh-dump export` and `handoff` write a file for each when not told which. Default none:
    /// it draws no words, and one export serves every language.
    static var drawnLocales: [String] { get }
    /// The names of its parameters that change nothing in this instance, as it was made (Path
    /// Drawing's colours when its SVG file has colours of its own): the preview's inspector shows
    /// those rows faded. Read once when the host makes the instance. Default none.
    var inactiveParameters: [String] { get }
}

extension RefreshIndicator {
    /// Turned by default.
    public static var rotatesForHorizontalEdges: Bool { true }

    /// No claim by default.
    public static var mirrorsForRightToLeft: Bool { false }

    /// Push by default.
    public static var placement: IndicatorPlacement { .push }

    /// None by default: no words drawn.
    public static var drawnLocales: [String] { [] }

    /// Not said by default.
    public var refreshingPeriod: Double? { nil }

    /// None by default: every parameter counts.
    public var inactiveParameters: [String] { [] }

    /// `StateDescription`'s words, in English, Simplified Chinese and Arabic.
    public func stateDescription(_ state: RefreshState, edge: RefreshEdge, locale: String) -> String? {
        StateDescription.text(for: state, edge: edge, locale: locale)
    }

    /// Draws `frame`, turning the canvas for leading and trailing edges when the indicator asks
    /// for it; what the export adapter and in-process hosts call (a plugin only writes ``draw(in:frame:)``).
    package func drawForEdge(in canvas: Canvas, frame: IndicatorFrame) {
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
