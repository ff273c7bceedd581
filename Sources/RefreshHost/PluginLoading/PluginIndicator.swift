import CCairo
import CRefreshPlugin
import RefreshPluginSDK
import RefreshCore

/// What the host draws: something it can put at an edge (the container holds it as an
/// `AnimatableRefresh`) and draw, or fail to draw with a ``PluginError``. One of three indicator
/// words: a plugin writes a `RefreshIndicator`, the container holds an `AnimatableRefresh`, the
/// host draws a `HostedIndicator`. The host's kinds: ``IndicatorSlot`` (a place whose indicator
/// can be swapped), ``PluginIndicator`` (a plugin loaded in this process), ``RemoteIndicator`` (one
/// in a plugin-host child), ``LocalIndicator`` (a Swift type linked in), `FailedIndicator` (an
/// error card). A plugin made the first two, through its ``LoadedPlugin``.
public protocol HostedIndicator: AnimatableRefresh {
    /// Who it is.
    var info: IndicatorInfo { get }
    /// The parameter values it was made with, defaults filled in (none where nothing was declared).
    var parameters: ParameterValues { get }
    /// Draws `frame` into `canvas` (origin at the indicator's top-left, in points).
    func draw(in canvas: Canvas, frame: IndicatorFrame) throws(PluginError)
    /// What ``draw(in:frame:)`` draws for `frame`, as drawing operations: an SVG document of
    /// `frame.size` points written by Cairo's SVG surface (RefreshGraphics' `VectorRecording`), nothing behind
    /// and no clip but the frame's. The default draws into such a recording in this process; an
    /// indicator in a plugin-host child records there.
    func recordDrawing(frame: IndicatorFrame) throws(PluginError) -> String
    /// The seconds after which what it draws while refreshing repeats exactly, as the plugin says
    /// (`RefreshIndicator.refreshingPeriod`, the C ABI's `refreshing_period`): finite and > 0, or
    /// nil when it does not say. The default: nil.
    var refreshingPeriod: Double? { get }
    /// The names of its declared parameters that change nothing in it, as it was made, as the plugin
    /// says (`RefreshIndicator.inactiveParameters`, the C ABI's `inactive_params`): the inspector
    /// shows those rows faded. The default: none.
    var inactiveParameters: [String] { get }
}

extension HostedIndicator {
    /// Draws into Cairo's SVG surface in this process (what Cairo cannot say in SVG, it draws as an
    /// image at `frame.scale` pixels a point).
    public func recordDrawing(frame: IndicatorFrame) throws(PluginError) -> String {
        try VectorRecording.svg(size: frame.size, scale: frame.scale) { (canvas) throws(PluginError) in try draw(in: canvas, frame: frame) }
    }

    /// Not said.
    public var refreshingPeriod: Double? { nil }

    /// None.
    public var inactiveParameters: [String] { [] }

    /// Of the names a plugin says (`said`), those of parameters it declares (`specs`), each once, in order.
    package static func checkedInactive(_ said: [String], declared specs: [ParameterSpec]) -> [String] {
        var names: [String] = []
        for name in said where specs.contains(where: { $0.name == name }) && !names.contains(name) { names.append(name) }
        return names
    }

    /// `period` when it is one (finite, > 0, at most an hour), else nil: what a plugin says, checked.
    package static func checkedPeriod(_ period: Double?) -> Double? { period.flatMap { $0.isFinite && $0 > 0 && $0 <= 3600 ? $0 : nil } }
}

/// A plugin instance behind the `AnimatableRefresh` protocol: the container drives it like any
/// indicator, the renderer draws it through the C ABI.
public final class PluginIndicator: HostedIndicator {
    /// The library it came from.
    public let library: PluginLibrary
    /// The values it was created with.
    public let parameters: ParameterValues
    /// Its refresh length, checked to be finite and > 0.
    public let refreshLength: Double
    private let instance: UnsafeMutableRawPointer

    /// The state the container set; passed on to the plugin when it changes.
    public var refreshState: RefreshState = .unknown {
        didSet {
            let codes = CFrame.codes(refreshState)
            guard codes != CFrame.codes(oldValue), let setState = library.descriptor.set_state else { return }
            let path = library.info.path, instance = instance
            library.call("plugin \(path): set_state") { setState(instance, codes.state, codes.result) }
        }
    }

    /// What the last `render(_:into:)` left behind in its Cairo context that a plugin must not
    /// (a `cairo_save` without its restore, a changed operator or matrix): the host's own context
    /// never sees it, but `validate` fails the plugin for it. Empty when the plugin was tidy.
    public private(set) var lastUntidiness: [String] = []

    init(library: PluginLibrary, parameters: ParameterValues) throws(PluginError) {
        let d = library.descriptor
        var message = [CChar](repeating: 0, count: PluginError.textCapacity)
        let path = library.info.path
        let made = library.call("plugin \(path): create") {
            parameters.json.withCString { json in
                message.withUnsafeMutableBufferPointer { buffer in
                    guard let createWithHost = d.create_with_host else { return d.create(json, buffer.baseAddress, buffer.count) }
                    return library.withHostServices { createWithHost($0, json, buffer.baseAddress, buffer.count) }
                }
            }
        }
        guard let made else { throw PluginError(file: library.info.path, reason: .createFailed(String(errorBuffer: message))) }
        let length = library.call("plugin \(path): refresh_length") { d.refresh_length(made) }
        guard length.isFinite, length > 0 else {
            library.call("plugin \(path): destroy") { d.destroy(made) }
            throw PluginError(file: library.info.path, reason: .invalidRefreshLength(length))
        }
        self.library = library
        self.parameters = parameters
        self.instance = made
        refreshLength = length
        refreshingPeriod = d.refreshing_period.flatMap { period in Self.checkedPeriod(library.call("plugin \(path): refreshing_period") { period(made) }) }
        let said: [String] = d.inactive_params.map { inactive in
            var names = [CChar](repeating: 0, count: 4096)
            let wrote = library.call("plugin \(path): inactive_params") { inactive(made, &names, names.count) }
            guard wrote == 1 else { return [] }
            return String(errorBuffer: names).split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        } ?? []
        inactiveParameters = Self.checkedInactive(said, declared: library.info.parameters)
    }

    /// What the plugin says of its refreshing period (``HostedIndicator/refreshingPeriod``).
    public let refreshingPeriod: Double?
    /// What the plugin says of its parameters that change nothing (``HostedIndicator/inactiveParameters``).
    public let inactiveParameters: [String]

    deinit {
        let destroy = library.descriptor.destroy, instance = instance, path = library.info.path
        library.call("plugin \(path): destroy") { destroy?(instance) }
    }

    /// The plugin's identity.
    public var info: IndicatorInfo { library.info.indicator }

    /// The plugin's `describe`, or `StateDescription`'s words when it has none or gives none.
    public func stateDescription(_ state: RefreshState, edge: RefreshEdge, locale: String) -> String? {
        pluginDescription(state, edge: edge, locale: locale) ?? StateDescription.text(for: state, edge: edge, locale: locale)
    }

    /// What the plugin's own `describe` says: nil when it has none, declines, or writes nothing.
    package func pluginDescription(_ state: RefreshState, edge: RefreshEdge, locale: String) -> String? {
        guard let describe = library.descriptor.describe else { return nil }
        var text = [CChar](repeating: 0, count: PluginError.textCapacity)
        let codes = CFrame.codes(state), edgeCode = UInt32(CFrame.edges.firstIndex(of: edge) ?? 0)
        let path = library.info.path, instance = instance
        let wrote = library.call("plugin \(path): describe (\(state))") {
            locale.withCString { l in text.withUnsafeMutableBufferPointer { describe(instance, codes.state, codes.result, edgeCode, l, $0.baseAddress, $0.count) } }
        }
        guard wrote != 0 else { return nil }
        let words = String(errorBuffer: text).trimmingCharacters(in: .whitespacesAndNewlines)
        return words.isEmpty ? nil : words
    }

    /// Draws through the plugin's `render` on a context of its own over the same pixels, with the
    /// canvas's transformation, clipped to the frame: whatever state the plugin leaves there (an unbalanced
    /// `cairo_save`, an error status, another operator) is dropped with that context and cannot
    /// reach the host's drawing. A plugin that leaves its context in an error state fails the frame.
    public func draw(in canvas: Canvas, frame: IndicatorFrame) throws(PluginError) {
        var message = [CChar](repeating: 0, count: PluginError.textCapacity)
        let host = canvas.cairoContext
        guard let cr = PluginContext.make(like: host, frame: frame.size) else {
            throw PluginError(file: library.info.path, reason: .renderFailed("the host could not make a drawing context"))
        }
        defer { cairo_destroy(cr) }
        let sentinel = PluginContext.Sentinel(cr)
        let path = library.info.path, state = frame.state, stateTime = frame.stateTime
        let status = library.call("plugin \(path): \(RenderStep.describe(state, time: stateTime))") {
            CFrame.withCFrame(frame, cairo: cr) { cFrame in
                message.withUnsafeMutableBufferPointer { library.descriptor.render(instance, cFrame, $0.baseAddress, $0.count) }
            }
        }
        lastUntidiness = sentinel.check(cr)
        guard status == 0 else { throw PluginError(file: library.info.path, reason: .renderFailed(String(errorBuffer: message))) }
        let cairoStatus = cairo_status(cr)
        guard cairoStatus == CAIRO_STATUS_SUCCESS else {
            throw PluginError(file: library.info.path, reason: .renderFailed("left its Cairo context in an error state: \(String(cString: cairo_status_to_string(cairoStatus)))"))
        }
    }
}

/// A Swift `RefreshIndicator` hosted in-process, without a library in between.
public final class LocalIndicator<Indicator: RefreshIndicator>: HostedIndicator {
    /// The indicator.
    public let indicator: Indicator
    /// The values it was made with, when the maker said (``init(_:parameters:)``); else none.
    public let parameters: ParameterValues

    /// Wraps `indicator`, made from `parameters`.
    public init(_ indicator: Indicator, parameters: ParameterValues) {
        self.indicator = indicator
        self.parameters = parameters
    }

    /// Wraps `indicator`, whose parameter values are not known here.
    public init(_ indicator: Indicator) {
        self.indicator = indicator
        self.parameters = ParameterValues()
    }

    /// The indicator's length.
    public var refreshLength: Double { indicator.refreshLength }
    /// The indicator's refreshing period, checked.
    public var refreshingPeriod: Double? { Self.checkedPeriod(indicator.refreshingPeriod) }
    /// The indicator's parameters that change nothing, of those its type declares.
    public var inactiveParameters: [String] { Self.checkedInactive(indicator.inactiveParameters, declared: Indicator.parameters) }
    /// Set by the container; the indicator reads the state from each frame.
    public var refreshState = RefreshState.unknown
    /// The indicator type's identity.
    public var info: IndicatorInfo { Indicator.info }
    /// The indicator's own words.
    public func stateDescription(_ state: RefreshState, edge: RefreshEdge, locale: String) -> String? {
        indicator.stateDescription(state, edge: edge, locale: locale)
    }

    /// Draws through the SDK's rendering (turning the canvas for horizontal edges).
    public func draw(in canvas: Canvas, frame: IndicatorFrame) throws(PluginError) {
        indicator.drawForEdge(in: canvas, frame: frame)
    }
}
