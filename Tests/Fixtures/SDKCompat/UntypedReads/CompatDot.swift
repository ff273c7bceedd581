// Kept as it was written: a plugin against the SDK before its reads threw (untyped reads by name,
// no `try`). It must keep building against every 1.x SDK and draw what the template draws. Never edit.
import Foundation
import RefreshPluginSDK

public final class CompatDot: RefreshIndicator {
    public static let info = IndicatorInfo(id: "dev.refreshkit.fixture-compat-untyped", name: "Compat (untyped reads)", version: "1.0.0",
                                           summary: "The template's dot, written against the SDK's untyped reads.")
    public static let parameters: [ParameterSpec] = [
        .color("color", default: "#C75C00", help: "Dot colour"),
        .number("radius", default: 10, range: 2...40, help: "Dot radius at full pull, in points"),
    ]

    public let refreshLength = 60.0
    let color: Color
    let radius: Double

    public init(parameters: ParameterValues) throws {
        color = parameters.color("color")
        radius = parameters.number("radius")
    }

    public func draw(in canvas: Canvas, frame: IndicatorFrame) {
        let visible = frame.visibleRect
        let scale: Double
        switch frame.state {
        case .pulling(let progress): scale = progress
        case .eligible: scale = 1.15
        case .refreshing: scale = frame.environment.reduceMotion ? 1 : 1 + 0.2 * sin(2 * .pi * frame.stateTime)
        case .finished, .noMoreData: scale = 0.6
        case .secondaryEligible: scale = 1 + 0.3 * min(max(frame.secondaryProgress, 0), 1)
        default: return
        }
        let r = radius * scale
        canvas.addEllipse(in: Rect(x: visible.center.x - r, y: visible.center.y - r, width: 2 * r, height: 2 * r))
        canvas.fill(.color(color))
    }
}

@_cdecl("refresh_plugin_entry")
public func refreshPluginEntry(_ hostABI: UInt32, _ error: UnsafeMutablePointer<CChar>?, _ errorSize: Int) -> UnsafeRawPointer? {
    PluginExport.entry(CompatDot.self, hostABI: hostABI, error: error, errorSize: errorSize)
}
