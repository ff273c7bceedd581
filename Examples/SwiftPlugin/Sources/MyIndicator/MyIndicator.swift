// A complete indicator plugin: copy Examples/SwiftPlugin, rename the type and the id, and build.
// See Documentation/PluginAuthorsGuide.md.
import Foundation
import RefreshPluginSDK

/// A dot that grows with the pull and breathes while refreshing.
public final class MyIndicator: RefreshIndicator {
    public static let info = IndicatorInfo(
        id: "com.example.my-indicator", name: "My Indicator", version: "0.1.0",
        summary: "A dot that grows with the pull and breathes while loading."
    )

    /// Each parameter is declared once, typed, and read as parameters[Self.name] (no try: creation checks it).
    static let color = Parameter.color("color", default: "#C75C00", help: "Dot colour")
    static let radius = Parameter.number("radius", default: 10, range: 2...40, help: "Dot radius at full pull, in points")
    public static let parameters = ParameterSpec.list(color, radius)

    public let refreshLength = 60.0
    let color: Color
    let radius: Double

    public init(parameters: ParameterValues) throws {
        color = parameters[Self.color]
        radius = parameters[Self.radius]
    }

    /// A pure function of `frame`: no clocks, no randomness.
    public func draw(in canvas: Canvas, frame: IndicatorFrame) {
        let visible = frame.visibleRect
        let scale: Double
        switch frame.state {
        case .pulling(let progress): scale = progress
        case .eligible: scale = 1.15
        case .refreshing: scale = frame.environment.reduceMotion ? 1 : 1 + 0.2 * sin(2 * .pi * frame.stateTime)
        case .finished, .noMoreData: scale = 0.6
        case .secondaryEligible: scale = 1 + 0.3 * min(max(frame.secondaryProgress, 0), 1)
        case .none, .unknown, .secondaryOpen, .secondaryClosing: return
        @unknown default: return  // a state a later SDK adds: drawn as none until handled
        }
        let r = radius * scale
        canvas.addEllipse(in: Rect(x: visible.center.x - r, y: visible.center.y - r, width: 2 * r, height: 2 * r))
        canvas.fill(.color(color))
    }
}

// The one export line: this function is what the host looks up.
@_cdecl("refresh_plugin_entry")
public func refreshPluginEntry(_ hostABI: UInt32, _ error: UnsafeMutablePointer<CChar>?, _ errorSize: Int) -> UnsafeRawPointer? {
    PluginExport.entry(MyIndicator.self, hostABI: hostABI, error: error, errorSize: errorSize)
}
