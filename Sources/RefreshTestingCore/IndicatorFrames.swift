import Foundation
import RefreshHost
import RefreshPluginSDK
import CRefreshPlugin

/// Frames of an indicator drawn in the test's own process, straight from its Swift type: the same
/// pixels `refresh-dump render` draws from the built plugin (the theme's background, the
/// indicator on it), so a reference recorded either way is the other's too.
public enum IndicatorFrames {
    /// A frame of `indicator` as `spec` describes it (state, progress, time, size, scale, theme,
    /// direction, reduced motion, edge).
    public static func image<Indicator: RefreshIndicator>(of indicator: Indicator, _ spec: FrameSpec) throws -> ImageSurface {
        try FrameSpec.checkPixels(size: spec.size, scale: spec.scale)
        return try FrameRenderer.render(LocalIndicator(indicator), frame: spec.frame(refreshLength: indicator.refreshLength))
    }

    /// A sheet of `specs` (one labelled cell each, in order), for one reference of many states.
    public static func sheet<Indicator: RefreshIndicator>(of indicator: Indicator, _ specs: [FrameSpec], columns: Int = 3) throws -> ImageSurface {
        var cells: [(image: ImageSurface, label: String)] = []
        for spec in specs { cells.append((try image(of: indicator, spec), label(of: spec))) }
        return try ContactSheet.make(cells, columns: columns, cellWidth: specs.first.map { min($0.size.width, 260) } ?? 195)
    }

    /// `refreshing · t=0.30 s · dark` for a cell.
    static func label(of spec: FrameSpec) -> String {
        var parts = ["\(spec.state)"]
        if spec.time != 0 { parts.append(String(format: "t=%.2f s", spec.time)) }
        if spec.environment.colorScheme == .dark { parts.append("dark") }
        if spec.environment.layoutDirection == .rightToLeft { parts.append("rtl") }
        if spec.environment.reduceMotion { parts.append("reduced motion") }
        if spec.edge != .top { parts.append(spec.edge.rawValue) }
        return parts.joined(separator: " · ")
    }
}

extension RefreshIndicator {
    /// An instance with `values` over the declared defaults, checked as the host checks them:
    /// `try MyIndicator.make(["radius": .number(14)])`.
    public static func make(_ values: [String: ParameterValue] = [:]) throws -> Self {
        try Self(parameters: ParameterValues(specs: parameters, overrides: values))
    }
}

/// A Swift indicator standing in for a loaded plugin, so a scenario plays with it in process
/// (``MotionSnapshot/track(of:scenario:)``): every edge draws this one instance.
final class LocalPlugin<Indicator: RefreshIndicator>: LoadedPlugin {
    let indicator: Indicator
    let info: PluginInfo
    var logLines: [String] { [] }
    var stopped: PluginError? { nil }

    init(_ indicator: Indicator) {
        self.indicator = indicator
        info = PluginInfo(indicator: Indicator.info, parameters: Indicator.parameters, abiVersion: UInt32(REFRESH_PLUGIN_ABI_VERSION),
                          path: "(\(Indicator.self) in this process)", mirrorsForRightToLeft: Indicator.mirrorsForRightToLeft,
                          placement: Indicator.placement)
    }

    func makeIndicator(parametersJSON: String) throws(PluginError) -> LocalIndicator<Indicator> { LocalIndicator(indicator) }
}
