import Foundation
import RefreshPluginSDK

/// The Lottie plugin's parameters and what they decide: which files it plays, the frames each
/// state shows (``FramePlan``), how big it draws and where. The plugin draws by them; the export
/// reads the same values and writes the same frames in the file's own layers.
package enum LottiePluginParameters {
    /// The Lottie plugin's id.
    package static let pluginID = "dev.refreshkit.lottie"

    /// The shipped ring, light and dark.
    package static let shippedFile = "Lottie/refresh.json"
    package static let shippedDarkFile = "Lottie/refresh-dark.json"
    private static let rangeSyntax = "frames:A-B, progress:A-B (0-1) or marker:NAME"

    package static let file = Parameter.file("file", default: "", help: "Lottie JSON or a .lottie archive (relative paths: Assets/, then the working folder). Empty: the shipped ring").labelled("Animation file")
    package static let darkFile = Parameter.string("darkFile", default: "", help: "The animation on dark backgrounds, with the same ranges. Empty: the shipped ring's dark version, or file").labelled("Dark file")
    package static let pulling = Parameter.string(LottieMarker.pulling.rawValue, default: "", help: "Scrubbed by the pull: \(rangeSyntax). Empty: marker 'pulling@<edge>' or 'pulling', else the whole animation").labelled("Pull frames")
    package static let eligible = Parameter.string(LottieMarker.eligible.rawValue, default: "", help: "Past the trigger. Empty: marker 'eligible', else the last frame of pulling").labelled("Past trigger")
    package static let eligiblePlay = Parameter.choice("eligiblePlay", default: "loop", options: FramePlan.Playback.allCases.map(\.rawValue),
        help: "How eligible plays: hold (once, then its last frame), loop, or pingPong").labelled("Past trigger plays")
    package static let refreshing = Parameter.string(LottieMarker.refreshing.rawValue, default: "", help: "While loading. Empty: marker 'refreshing', else the whole animation").labelled("Loop frames")
    package static let refreshingPlay = Parameter.choice("refreshingPlay", default: "loop", options: ["loop", "pingPong"], help: "How refreshing plays").labelled("Loop plays")
    package static let success = Parameter.string(LottieMarker.success.rawValue, default: "", help: "Played once after a success. Empty: marker 'success', else the last frame of pulling").labelled("Success frames")
    package static let failure = Parameter.string(LottieMarker.failure.rawValue, default: "", help: "Played once after a failure. Empty: marker 'failure', else the last frame of pulling").labelled("Failure frames")
    package static let noMoreData = Parameter.string(LottieMarker.noMoreData.rawValue, default: "", help: "Played once at the end of the list. Empty: marker 'noMoreData', else the last frame of pulling").labelled("No more data")
    package static let speed = Parameter.number("speed", default: 1, range: 0.1...10, help: "Playback speed of eligible, refreshing and results").labelled("Speed")
    package static let size = Parameter.number("size", default: 44, range: 12...240, help: "Height of the animation in points (an export of refresh-dump export plays at the size it was exported at)").labelled("Size")
    package static let animation = Parameter.string("animation", default: "", help: "In a .lottie archive, the animation's id. Empty: the manifest's initial one, else its first").labelled("Animation id")
    /// Every parameter, in the order the plugin lists them.
    package static let list = ParameterSpec.list(file, darkFile, animation, pulling, eligible, eligiblePlay, refreshing, refreshingPlay, success, failure, noMoreData, speed, size)

    /// The light and the dark animation's file names, as the parameters give them; `shipped` finds
    /// a shipped file (the plugin's resources when installed, the shared assets of a build).
    /// `darkParameter` is the parameter the dark file came from, for its errors.
    package static func files(_ parameters: ParameterValues, shipped: (String) -> String) -> (light: String, dark: String, darkParameter: String) {
        let file = parameters[Self.file], darkFile = parameters[Self.darkFile]
        let light = file.isEmpty ? shipped(shippedFile) : file
        let dark = !darkFile.isEmpty ? darkFile : file.isEmpty ? shipped(shippedDarkFile) : file
        return (light, dark, (darkFile.isEmpty ? Self.file : Self.darkFile).name)
    }

    /// How tall the animation draws and the indicator's refresh length: an export of `refresh-dump
    /// export` plays as its indicator drew it (the whole frame it was exported at, with that
    /// indicator's refresh length); any other file at the `size` parameter.
    /// `exportedRefreshLength` and `height`: the light animation's.
    package static func size(exportedRefreshLength: Double?, height: Double, _ parameters: ParameterValues) -> (height: Double, refreshLength: Double) {
        if let exported = exportedRefreshLength { return (height, exported) }
        let size = parameters[Self.size]
        return (size, max(60, size + 16))
    }

    /// Where the animation (`height` points tall, `aspect` its width over its height) draws in
    /// `frame`, in whole device pixels placed on the pixel grid, so the image is copied and not
    /// resampled: its rectangle in points and its size in pixels. An export sits against the
    /// content as its frame did; any other animation is centred in the gap (`anchoredCenter`).
    package static func placement(in frame: IndicatorFrame, height: Double, aspect: Double, exported: Bool) -> (rect: Rect, pixelWidth: Int, pixelHeight: Int) {
        let scale = frame.scale
        let width = height * aspect
        let pixelWidth = max(1, Int((width * scale).rounded())), pixelHeight = max(1, Int((height * scale).rounded()))
        let center = !exported ? frame.anchoredCenter(height: height)
            : Point(x: frame.size.width / 2, y: frame.edge == .top ? frame.size.height - height / 2 : height / 2)
        let x = ((center.x - width / 2) * scale).rounded() / scale
        let y = ((center.y - height / 2) * scale).rounded() / scale
        return (Rect(x: x, y: y, width: Double(pixelWidth) / scale, height: Double(pixelHeight) / scale), pixelWidth, pixelHeight)
    }

    /// The frames each state shows at `edge` of an animation with `timeline`: the ranges the
    /// parameters name, or the file's markers named after the states (`pulling@bottom` for one
    /// edge), else the fallbacks the parameters' help says. `exportedLoops`: what an export says loops;
    /// `exportedOverpullReach`: how far its `overpulling` goes (the marker is read only then).
    package static func plan(for edge: RefreshEdge, in timeline: AnimationTimeline, exportedLoops: [String]?, exportedOverpullReach: Double? = nil,
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
        // An export's pull past the trigger, scrubbed once eligible has played.
        func overpulling() throws(ParameterError) -> FramePlan.Overpull? {
            guard let reach = exportedOverpullReach, reach > 1,
                  let marker = timeline.marker(named: LottieMarker.overpulling.name(on: edge)) else { return nil }
            return FramePlan.Overpull(range: try FrameRangeSpec.marker(marker.name).resolve(in: timeline, parameter: Self.eligible.name, fallback: pulling), reach: reach)
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
            overpulling: try overpulling(),
            framesPerSecond: timeline.framesPerSecond * parameters[Self.speed]
        )
    }
}
