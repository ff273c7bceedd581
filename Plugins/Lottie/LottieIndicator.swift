import Foundation
import RefreshPluginSDK
import RefreshLottieSource

/// A designer's After Effects animation, exported with Bodymovin as Lottie JSON and drawn with
/// rlottie: pulling scrubs a range of frames by progress, eligible and refreshing play theirs on
/// the state's clock, a result plays its range once. Ranges are frame numbers, 0–1 progress or
/// marker names; a file's markers named after the states (`pulling`, or `pulling@bottom` for one
/// edge) are used when nothing is set.
public final class LottieIndicator: RefreshIndicator {
    public static let info = IndicatorInfo(
        id: "dev.refreshkit.lottie", name: "Lottie", version: "1.0.0",
        summary: "A Lottie animation: scrubbed by the pull, looped while loading, a segment for each result."
    )

    static let shippedFile = "Lottie/refresh.json"
    static let shippedDarkFile = "Lottie/refresh-dark.json"
    private static let rangeSyntax = "frames:A-B, progress:A-B (0-1) or marker:NAME"

    static let file = Parameter.string("file", default: "", help: "Lottie JSON or a .lottie archive (relative paths: Assets/, then the working folder). Empty: the shipped ring")
    static let darkFile = Parameter.string("darkFile", default: "", help: "The animation on dark backgrounds, with the same ranges. Empty: the shipped ring's dark version, or file")
    static let pulling = Parameter.string(LottieMarker.pulling.rawValue, default: "", help: "Scrubbed by the pull: \(rangeSyntax). Empty: marker 'pulling@<edge>' or 'pulling', else the whole animation")
    static let eligible = Parameter.string(LottieMarker.eligible.rawValue, default: "", help: "Past the trigger. Empty: marker 'eligible', else the last frame of pulling")
    static let eligiblePlay = Parameter.choice("eligiblePlay", default: "loop", options: FramePlan.Playback.allCases.map(\.rawValue),
        help: "How eligible plays: hold (once, then its last frame), loop, or pingPong")
    static let refreshing = Parameter.string(LottieMarker.refreshing.rawValue, default: "", help: "While loading. Empty: marker 'refreshing', else the whole animation")
    static let refreshingPlay = Parameter.choice("refreshingPlay", default: "loop", options: ["loop", "pingPong"], help: "How refreshing plays")
    static let success = Parameter.string(LottieMarker.success.rawValue, default: "", help: "Played once after a success. Empty: marker 'success', else the last frame of pulling")
    static let failure = Parameter.string(LottieMarker.failure.rawValue, default: "", help: "Played once after a failure. Empty: marker 'failure', else the last frame of pulling")
    static let noMoreData = Parameter.string(LottieMarker.noMoreData.rawValue, default: "", help: "Played once at the end of the list. Empty: marker 'noMoreData', else the last frame of pulling")
    static let speed = Parameter.number("speed", default: 1, range: 0.1...10, help: "Playback speed of eligible, refreshing and results")
    static let size = Parameter.number("size", default: 44, range: 12...240, help: "Height of the animation in points (an export of refresh-dump export plays at the size it was exported at)")
    static let animation = Parameter.string("animation", default: "", help: "In a .lottie archive, the animation's id. Empty: the manifest's initial one, else its first")
    public static let parameters = ParameterSpec.list(file, darkFile, animation, pulling, eligible, eligiblePlay, refreshing, refreshingPlay, success, failure, noMoreData, speed, size)

    /// An animation and which of its frames each state shows, at each edge.
    struct Rendition {
        let animation: LottieAnimation
        let plans: [RefreshEdge: FramePlan]
    }

    public let refreshLength: Double
    let light: Rendition
    let dark: Rendition
    let size: Double

    /// A shipped animation: from the bundle's resources when installed (the host's resource folder),
    /// else from the shared assets of a development build.
    static func shipped(_ name: String) -> String {
        PluginHost.resource((name as NSString).lastPathComponent) ?? name
    }

    public init(parameters: ParameterValues) throws {
        let file = parameters[Self.file], darkFile = parameters[Self.darkFile]
        let lightName = file.isEmpty ? Self.shipped(Self.shippedFile) : file
        let darkName = !darkFile.isEmpty ? darkFile : file.isEmpty ? Self.shipped(Self.shippedDarkFile) : file
        light = try Self.rendition(file: lightName, parameter: Self.file.name, parameters)
        dark = darkName == lightName ? light : try Self.rendition(file: darkName, parameter: (darkFile.isEmpty ? Self.file : Self.darkFile).name, parameters)
        // An export of `refresh-dump export` plays as its indicator drew it: the whole frame it was
        // exported at, with that indicator's refresh length.
        if let exported = light.animation.exportedRefreshLength {
            size = light.animation.height
            refreshLength = exported
        } else {
            size = parameters[Self.size]
            refreshLength = max(60, size + 16)
        }
    }

    private static func rendition(file: String, parameter: String, _ parameters: ParameterValues) throws(ParameterError) -> Rendition {
        let animation = try LottieAnimation(file: file, parameter: parameter, animation: parameters[Self.animation])
        var plans: [RefreshEdge: FramePlan] = [:]
        for edge in RefreshEdge.allCases {
            plans[edge] = try plan(for: edge, in: animation.timeline, exportedLoops: animation.exportedLoops, parameters)
        }
        return Rendition(animation: animation, plans: plans)
    }

    /// The ranges for one edge: only the automatic ones (markers such as `pulling@bottom`) differ.
    private static func plan(for edge: RefreshEdge, in timeline: AnimationTimeline, exportedLoops: [String]?,
                             _ parameters: ParameterValues) throws(ParameterError) -> FramePlan {
        func range(_ spec: Parameter<String>, otherwise fallback: FrameRange) throws(ParameterError) -> FrameRange {
            try FrameRangeSpec(parsing: parameters[spec], parameter: spec.name).resolve(in: timeline, parameter: spec.name, edge: edge, fallback: fallback)
        }
        let pulling = try range(Self.pulling, otherwise: timeline.whole)
        let rest = FrameRange(holding: pulling.last)
        // An export says which of its motions loop; the others play once and hold (eligible's pop).
        func exported(_ marker: LottieMarker) -> FramePlan.Playback? {
            guard let loops = exportedLoops else { return nil }
            return loops.contains { $0 == marker.rawValue || $0 == marker.name(on: edge) } ? .loop : .hold
        }
        // An export's start of refreshing (a wave's spring) plays once before its loop, where the loop is the file's marker.
        func refreshingStart() throws(ParameterError) -> FrameRange? {
            guard try FrameRangeSpec(parsing: parameters[Self.refreshing], parameter: Self.refreshing.name) == .automatic,
                  let marker = timeline.marker(named: LottieMarker.refreshingStart.name(on: edge)) ?? timeline.marker(named: LottieMarker.refreshingStart.rawValue) else { return nil }
            return try FrameRangeSpec.marker(marker.name).resolve(in: timeline, parameter: Self.refreshing.name, fallback: pulling)
        }
        let chosenEligible = FramePlan.Playback(rawValue: parameters[Self.eligiblePlay]) ?? .loop
        return FramePlan(
            pulling: pulling,
            eligible: try range(Self.eligible, otherwise: rest),
            refreshing: try range(Self.refreshing, otherwise: timeline.whole),
            refreshingStart: try refreshingStart(),
            success: try range(Self.success, otherwise: rest),
            failure: try range(Self.failure, otherwise: rest),
            noMoreData: try range(Self.noMoreData, otherwise: rest),
            eligiblePlayback: ParameterValue.string(parameters[Self.eligiblePlay]) == Self.eligiblePlay.spec.defaultValue ? exported(.eligible) ?? chosenEligible : chosenEligible,
            refreshingPlayback: FramePlan.Playback(rawValue: parameters[Self.refreshingPlay]) ?? .loop,
            noMoreDataPlayback: exported(.noMoreData),
            framesPerSecond: timeline.framesPerSecond * parameters[Self.speed]
        )
    }

    public func draw(in canvas: Canvas, frame: IndicatorFrame) {
        guard frame.visibleRect.height > 0 else { return }
        let rendition = frame.isDark ? dark : light
        guard let plan = rendition.plans[frame.edge],
              let number = plan.frame(for: frame.state, stateTime: frame.stateTime, reduceMotion: frame.environment.reduceMotion) else { return }
        let animation = rendition.animation
        let scale = frame.scale
        let width = size * animation.width / animation.height
        // Whole device pixels, placed on the pixel grid, so the image is copied and not resampled.
        let pixelWidth = max(1, Int((width * scale).rounded())), pixelHeight = max(1, Int((size * scale).rounded()))
        // An export is the whole frame its indicator drew: it sits against the content as that frame did.
        let center = light.animation.exportedRefreshLength == nil ? frame.anchoredCenter(height: size)
            : Point(x: frame.size.width / 2, y: frame.edge == .top ? frame.size.height - size / 2 : size / 2)
        let x = ((center.x - width / 2) * scale).rounded() / scale
        let y = ((center.y - size / 2) * scale).rounded() / scale
        guard let image = animation.image(frame: number, width: pixelWidth, height: pixelHeight) else { return }
        canvas.drawImage(image, in: Rect(x: x, y: y, width: Double(pixelWidth) / scale, height: Double(pixelHeight) / scale))
    }
}

@_cdecl("refresh_plugin_entry")
public func refreshPluginEntry(_ hostABI: UInt32, _ error: UnsafeMutablePointer<CChar>?, _ errorSize: Int) -> UnsafeRawPointer? {
    PluginExport.entry(LottieIndicator.self, hostABI: hostABI, error: error, errorSize: errorSize)
}
