import Foundation
import RefreshPluginSDK
import RefreshCore

/// A frame described the way command lines and scenario files write it, with the defaults a
/// person expects: `--state pulling:0.4` opens the edge to 40 % of the indicator's length,
/// `refreshing` holds it open by the full length.
public struct FrameSpec: Equatable, Sendable {
    /// A frame description that cannot be used; names the field.
    public struct Error: Swift.Error, Equatable, CustomStringConvertible {
        /// The field, e.g. `state`.
        public var field: String
        /// What is wrong.
        public var reason: String
        /// `state: …`.
        public var description: String { "\(field): \(reason)" }
    }

    /// The state to draw.
    public var state: RefreshState
    /// Progress; for `pulling:p` it is p, otherwise 1 unless given.
    public var progress: Double
    /// Visible pull distance in points; nil: derived from progress and the indicator's length.
    public var pullDistance: Double?
    /// The animation clock, seconds.
    public var time: Double = 0
    /// Seconds since the state began.
    public var stateTime: Double = 0
    /// The edge the indicator sits at.
    public var edge: RefreshEdge = .top
    /// The frame size in points.
    public var size = Defaults.bandSize
    /// Pixels per point.
    public var scale: Double = 2
    /// Theme, reduce motion, direction and locale.
    public var environment = IndicatorEnvironment()

    /// A spec for `state` with its default progress.
    public init(state: RefreshState, progress: Double? = nil) {
        self.state = state
        if case .pulling(let p) = state { self.progress = progress ?? p } else { self.progress = progress ?? 1 }
    }

    /// Parses `none`, `pulling:0.4`, `eligible`, `refreshing`, `finished:success|failure|noMoreData`, `noMoreData`.
    public static func parseState(_ text: String) throws(Error) -> RefreshState {
        let parts = text.split(separator: ":", maxSplits: 1).map(String.init)
        let name = parts.first ?? ""
        let argument = parts.count > 1 ? parts[1] : nil
        func fail(_ reason: String) -> Error { Error(field: "state", reason: reason) }
        switch (name, argument) {
        case ("unknown", nil): return .unknown
        case ("none", nil): return .none
        case ("pulling", let value?):
            guard let p = Double(value), p.isFinite else { throw fail("'\(value)' is not a number (pulling:0.4)") }
            return .pulling(progress: min(max(p, 0), 1))
        case ("pulling", nil): throw fail("pulling needs a progress, e.g. pulling:0.4")
        case ("eligible", nil): return .eligible
        case ("refreshing", nil): return .refreshing
        case ("finished", let value?):
            guard let result = RefreshResult(rawValue: value) else {
                throw fail("'\(value)' is not a result (\(RefreshResult.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            return .finished(result)
        case ("finished", nil): throw fail("finished needs a result, e.g. finished:success")
        case ("noMoreData", nil): return .noMoreData
        default:
            throw fail("'\(text)' is not a state (none, pulling:P, eligible, refreshing, finished:RESULT, noMoreData)")
        }
    }

    /// Parses `390x120`.
    public static func parseSize(_ text: String) throws(Error) -> Size {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false).map { Double($0) }
        guard parts.count == 2, let width = parts[0], let height = parts[1], width.isFinite, height.isFinite else {
            throw Error(field: "size", reason: "'\(PluginError.shortened(text))' is not WIDTHxHEIGHT in points, e.g. 390x120")
        }
        for (name, value) in [("width", width), ("height", height)] where !(1...4096).contains(value) {
            throw Error(field: "size", reason: "\(name) \(value.rounded() == value && abs(value) < 1e15 ? String(Int(value)) : String(value)) is \(value < 1 ? "under the least of 1 pt" : "over the limit of 4096 pt")")
        }
        return Size(width: width, height: height)
    }

    /// The most pixels one frame may have: 64 megapixels (256 MB of ARGB). Larger asks are refused
    /// before any memory is taken.
    public static let maximumPixels = 64 << 20

    /// Checks a frame of `size` points at `scale` pixels per point against ``maximumPixels`` and
    /// the scale's range (0.5...8); `field` names the option in the message.
    public static func checkPixels(size: Size, scale: Double, field: String = "size") throws(Error) {
        guard scale >= 0.5, scale <= 8 else { throw Error(field: "scale", reason: "\(scale) is outside 0.5...8") }
        let width = (size.width * scale).rounded(.up), height = (size.height * scale).rounded(.up)
        guard width * height <= Double(maximumPixels) else {
            throw Error(field: field, reason: "\(Int(width))×\(Int(height)) pixels is over the limit of \(maximumPixels >> 20) megapixels")
        }
    }

    /// The frame for an indicator of `refreshLength`.
    public func frame(refreshLength: Double) -> IndicatorFrame {
        let distance: Double = pullDistance ?? {
            switch state {
            case .none, .unknown: 0
            case .pulling: max(0, progress) * refreshLength
            default: max(1, progress) * refreshLength
            }
        }()
        return IndicatorFrame(
            size: size, scale: scale, edge: edge, state: state, progress: progress,
            pull: EdgePull(distance: distance, rawDistance: RubberBand().raw(distance, dimension: Defaults.viewport.height)),
            time: time, stateTime: stateTime, environment: environment
        )
    }
}

extension FrameSpec {
    /// A frame of `state` at `progress` (default: the state's own), `time` seconds into the
    /// animation and the state, of `size` points (default: the 390 × 120 band) at `scale`, in
    /// `colorScheme`, `direction` and with `reduceMotion`, at `edge`.
    public static func frame(_ state: RefreshState, progress: Double? = nil, time: Double = 0, size: Size? = nil, scale: Double = 2,
                             colorScheme: IndicatorEnvironment.ColorScheme = .light, direction: TextDirection = .leftToRight,
                             reduceMotion: Bool = false, locale: String = "en", edge: RefreshEdge = .top) -> FrameSpec {
        var spec = FrameSpec(state: state, progress: progress)
        spec.time = time
        spec.stateTime = time
        if let size { spec.size = size }
        spec.scale = scale
        spec.edge = edge
        spec.environment = IndicatorEnvironment(colorScheme: colorScheme, reduceMotion: reduceMotion, layoutDirection: direction, locale: locale)
        return spec
    }

    /// The states a sheet usually shows: at rest, pulling at a quarter and three quarters,
    /// eligible, refreshing at two times, each result, and no more data.
    public static let everyState: [FrameSpec] = [
        .frame(.none), .frame(.pulling(progress: 0.25)), .frame(.pulling(progress: 0.75)), .frame(.eligible),
        .frame(.refreshing), .frame(.refreshing, time: 0.3), .frame(.finished(.success)), .frame(.finished(.failure)),
        .frame(.finished(.noMoreData)), .frame(.noMoreData),
    ]
}
