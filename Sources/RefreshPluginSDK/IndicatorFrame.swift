/// The surroundings an indicator draws for.
public struct IndicatorEnvironment: Equatable, Sendable {
    /// Light or dark.
    public enum ColorScheme: String, Sendable, CaseIterable {
        /// Dark content on a light background.
        case light
        /// Light content on a dark background.
        case dark
    }

    /// Light or dark surroundings.
    public var colorScheme: ColorScheme
    /// When true: no spinning or sliding, a calm pulse or a still pose instead.
    public var reduceMotion: Bool
    /// The layout's reading direction.
    public var layoutDirection: TextDirection
    /// BCP 47 language tag, e.g. `en`, `zh-Hans`, `ar`.
    public var locale: String

    /// Whether a BCP 47 locale tag is written right to left (Arabic, Hebrew, Persian, Urdu, …).
    public static func isRightToLeft(locale: String) -> Bool {
        let language = locale.split(whereSeparator: { $0 == "-" || $0 == "_" }).first.map { $0.lowercased() } ?? ""
        return ["ar", "he", "fa", "ur", "yi", "ps"].contains(language)
    }

    /// An environment; light, full motion, left to right, English by default.
    public init(colorScheme: ColorScheme = .light, reduceMotion: Bool = false, layoutDirection: TextDirection = .leftToRight, locale: String = "en") {
        self.colorScheme = colorScheme
        self.reduceMotion = reduceMotion
        self.layoutDirection = layoutDirection
        self.locale = locale
    }
}

/// Everything one frame of an indicator may depend on: a frame is a pure function of this and the
/// indicator's parameters.
public struct IndicatorFrame: Equatable, Sendable {
    /// The drawing area in points. For leading and trailing edges the SDK turns the canvas so an
    /// indicator draws as for a top edge; `size` is then the turned size.
    public var size: Size
    /// Pixels per point.
    public var scale: Double
    /// The edge the indicator sits at.
    public var edge: RefreshEdge
    /// The state to show.
    public var state: RefreshState
    /// Pull progress: 0 at the start offset, 1 at the trigger distance; not clamped.
    public var progress: Double
    /// How far the edge is open.
    public var pull: EdgePull
    /// Seconds on the animation clock.
    public var time: Double
    /// Seconds since the current state began.
    public var stateTime: Double
    /// Theme, motion, direction and locale.
    public var environment: IndicatorEnvironment
    /// How the host places the indicator and the content.
    public var placement: IndicatorPlacement
    /// The part of the frame the user sees, in the frame's points, when the host says; nil: the
    /// part the pull uncovers next to the content (see ``visibleRect``).
    public var drawRect: Rect?
    /// Second-floor progress: 0 at the trigger distance, 1 at the second floor's; 0 without one.
    public var secondaryProgress: Double

    /// A frame with these values.
    public init(size: Size, scale: Double = 2, edge: RefreshEdge = .top, state: RefreshState, progress: Double = 0, pull: EdgePull = .zero,
                time: Double = 0, stateTime: Double = 0, environment: IndicatorEnvironment = IndicatorEnvironment(),
                placement: IndicatorPlacement = .push, drawRect: Rect? = nil, secondaryProgress: Double = 0) {
        self.size = size
        self.scale = scale
        self.edge = edge
        self.state = state
        self.progress = progress
        self.pull = pull
        self.time = time
        self.stateTime = stateTime
        self.environment = environment
        self.placement = placement
        self.drawRect = drawRect
        self.secondaryProgress = secondaryProgress
    }

    /// The longest time, in seconds, a plugin is handed (about 11.6 days): any finite or infinite
    /// time from a host is clamped to 0...this, so `Int(time * speed)` and the like cannot trap.
    public static let maximumTime = 1_000_000.0

    /// `time` as plugins receive it: NaN → 0, negative → 0, beyond ``maximumTime`` → that.
    public static func safeTime(_ time: Double) -> Double {
        time.isNaN ? 0 : min(max(time, 0), maximumTime)
    }

    /// Whether the surroundings are dark.
    public var isDark: Bool { environment.colorScheme == .dark }
}

extension IndicatorFrame {
    /// The part of the frame the pull has revealed, in points: the host's ``drawRect`` when it
    /// gives one, otherwise as follows.
    ///
    /// A frame is anchored to the content: for a top edge (and for leading and trailing edges,
    /// which the SDK turns to look like one) its bottom touches the content, so the revealed part
    /// is the bottom `pull.distance` points; for a bottom edge it is the top. A pull of 0 with a
    /// visible state (refreshing, a result) counts as fully open, so a frame rendered on its own
    /// shows the whole indicator.
    public var visibleRect: Rect {
        if let drawRect { return drawRect }
        let open = pull.distance > 0 ? min(pull.distance, size.height) : (state.kind == .none || state.kind == .unknown ? 0 : size.height)
        return edge == .bottom
            ? Rect(x: 0, y: 0, width: size.width, height: open)
            : Rect(x: 0, y: size.height - open, width: size.width, height: open)
    }
}

extension IndicatorFrame {
    /// Where to centre something `height` points tall: in the middle of the revealed gap when it
    /// fits with `margin` to spare, otherwise resting against the content so that it is revealed
    /// as the gap grows instead of sliding under the content.
    public func anchoredCenter(height: Double, margin: Double = 4) -> Point {
        let visible = visibleRect
        let needed = height + 2 * margin
        guard visible.height < needed else { return visible.center }
        let y = edge == .bottom ? visible.minY + needed / 2 : visible.maxY - needed / 2
        return Point(x: visible.center.x, y: y)
    }
}

extension TextDirection {
    /// The layout direction of a BCP 47 locale tag: right to left where
    /// ``IndicatorEnvironment/isRightToLeft(locale:)`` says so, else left to right.
    public init(locale: String) {
        self = IndicatorEnvironment.isRightToLeft(locale: locale) ? .rightToLeft : .leftToRight
    }
}
