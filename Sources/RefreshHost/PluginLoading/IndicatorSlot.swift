import RefreshPluginSDK

/// What a container holds at an edge: a place whose indicator can be swapped (new parameters,
/// a hot-reloaded build) without the container noticing, so the edge keeps its state.
public final class IndicatorSlot: HostedIndicator {
    /// The indicator drawn now; a new one gets the current state.
    public var indicator: any HostedIndicator {
        didSet { indicator.refreshState = state }
    }
    private var state: RefreshState = .unknown

    /// A slot holding `indicator`.
    public init(_ indicator: any HostedIndicator) {
        self.indicator = indicator
    }

    /// The length of the indicator in the slot.
    public var refreshLength: Double { indicator.refreshLength }
    /// The indicator's refreshing period.
    public var refreshingPeriod: Double? { indicator.refreshingPeriod }
    /// The indicator's parameters that change nothing.
    public var inactiveParameters: [String] { indicator.inactiveParameters }
    /// Kept here and passed on to whichever indicator is in the slot.
    public var refreshState: RefreshState {
        get { state }
        set {
            state = newValue
            indicator.refreshState = newValue
        }
    }
    /// The indicator's identity.
    public var info: IndicatorInfo { indicator.info }
    /// The values of the indicator in the slot.
    public var parameters: ParameterValues { indicator.parameters }
    /// The words of the indicator in the slot.
    public func stateDescription(_ state: RefreshState, edge: RefreshEdge, locale: String) -> String? {
        indicator.stateDescription(state, edge: edge, locale: locale)
    }

    /// Draws through the indicator in the slot.
    public func draw(in canvas: Canvas, frame: IndicatorFrame) throws(PluginError) {
        try indicator.draw(in: canvas, frame: frame)
    }

    /// Records through the indicator in the slot (in its child, for one in a plugin-host child).
    public func recordDrawing(frame: IndicatorFrame) throws(PluginError) -> String {
        try indicator.recordDrawing(frame: frame)
    }
}
