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
        id: LottiePluginParameters.pluginID, name: "Lottie", version: "1.1.0",
        summary: "A Lottie animation: scrubbed by the pull, looped while loading, a segment for each result."
    )

    public static let parameters = LottiePluginParameters.list

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
        let files = LottiePluginParameters.files(parameters, shipped: Self.shipped)
        light = try Self.rendition(file: files.light, parameter: LottiePluginParameters.file.name, parameters)
        dark = files.dark == files.light ? light : try Self.rendition(file: files.dark, parameter: files.darkParameter, parameters)
        (size, refreshLength) = LottiePluginParameters.size(exportedRefreshLength: light.animation.exportedRefreshLength, height: light.animation.height, parameters)
    }

    private static func rendition(file: String, parameter: String, _ parameters: ParameterValues) throws(ParameterError) -> Rendition {
        let animation = try LottieAnimation(file: file, parameter: parameter, animation: parameters[LottiePluginParameters.animation])
        var plans: [RefreshEdge: FramePlan] = [:]
        for edge in RefreshEdge.allCases {
            plans[edge] = try LottiePluginParameters.plan(for: edge, in: animation.timeline, exportedLoops: animation.exportedLoops,
                                                          exportedOverpullReach: animation.exportedOverpullReach, parameters)
        }
        return Rendition(animation: animation, plans: plans)
    }

    public func draw(in canvas: Canvas, frame: IndicatorFrame) {
        guard frame.visibleRect.height > 0 else { return }
        let rendition = frame.isDark ? dark : light
        guard let plan = rendition.plans[frame.edge],
              let number = plan.frame(for: frame.state, progress: frame.progress, stateTime: frame.stateTime,
                                         reduceMotion: frame.environment.reduceMotion) else { return }
        let animation = rendition.animation
        let (rect, pixelWidth, pixelHeight) = LottiePluginParameters.placement(in: frame, height: size, aspect: animation.width / animation.height,
                                                                               exported: light.animation.exportedRefreshLength != nil)
        guard let image = animation.image(frame: number, width: pixelWidth, height: pixelHeight) else { return }
        canvas.drawImage(image, in: rect)
    }
}

@_cdecl("refresh_plugin_entry")
public func refreshPluginEntry(_ hostABI: UInt32, _ error: UnsafeMutablePointer<CChar>?, _ errorSize: Int) -> UnsafeRawPointer? {
    PluginExport.entry(LottieIndicator.self, hostABI: hostABI, error: error, errorSize: errorSize)
}
