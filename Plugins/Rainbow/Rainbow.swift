import Foundation
import RefreshPluginSDK

/// The rainbow of the Miso app in MSPullToRefreshController's demo: coloured bands that fill the
/// revealed gap as the pull grows, and flow while refreshing.
public final class Rainbow: RefreshIndicator {
    public static let info = IndicatorInfo(
        id: "dev.refreshkit.rainbow", name: "Rainbow", version: "1.0.0",
        summary: "Coloured bands that grow with the pull and flow while loading (Miso's rainbow)."
    )

    static let bands = Parameter.number("bands", default: 6, range: 3...12, help: "Number of colour bands").labelled("Bands")
    static let speed = Parameter.number("speed", default: 1.5, range: 0.1...10, help: "Bands the colours move per second while refreshing").labelled("Speed")
    static let palette = Parameter.choice("palette", default: "miso", options: ["miso", "pastel", "mono"], help: "Colours of the bands").labelled("Palette")
    static let height = Parameter.number("height", default: 64, range: 16...200, help: "Pull distance, in points, that completes the rainbow").labelled("Full at")
    public static let parameters = ParameterSpec.list(bands, speed, palette, height)

    public let refreshLength: Double
    let bands: Int
    let speed: Double
    let palette: String

    public init(parameters: ParameterValues) throws {
        bands = Int(parameters[Self.bands].rounded())
        speed = parameters[Self.speed]
        palette = parameters[Self.palette]
        refreshLength = parameters[Self.height]
    }

    /// Band i's colour, `shift` bands along the cycle.
    private func color(_ position: Double, dark: Bool) -> Color {
        let hue = 360 * position / Double(bands)
        switch palette {
        case "pastel": return Color(hue: hue, saturation: dark ? 0.45 : 0.6, lightness: dark ? 0.55 : 0.8)
        case "mono":
            let level = 0.35 + 0.5 * (0.5 + 0.5 * cos(2 * .pi * position / Double(bands)))
            return dark ? Color(red: level * 0.8, green: level * 0.8, blue: level * 0.85) : Color(red: level, green: level, blue: level * 1.05)
        default: return Color(hue: hue, saturation: dark ? 0.65 : 0.8, lightness: dark ? 0.5 : 0.62)
        }
    }

    public func draw(in canvas: Canvas, frame: IndicatorFrame) {
        let visible = frame.visibleRect
        guard visible.height > 0 else { return }
        let dark = frame.isDark
        var shift = 0.0, alpha = 1.0, saturated = true
        var fill = 1.0  // how much of the gap the bands fill, 0...1
        switch frame.state {
        case .pulling(let progress): alpha = 0.35 + 0.65 * progress  // vivid at the trigger
        case .eligible, .secondaryEligible: break
        case .refreshing:
            if frame.environment.reduceMotion {
                alpha = 0.7 + 0.3 * cos(2 * .pi * frame.stateTime / 2)
            } else {
                shift = frame.stateTime * speed
            }
        case .finished(.success): break
        case .finished(.failure): saturated = false
        case .finished(.noMoreData), .noMoreData: fill = 0.15; saturated = false
        case .none, .unknown, .secondaryOpen, .secondaryClosing: return
        @unknown default: return  // a state a later SDK adds: drawn as none until handled
        }
        // Bands stack away from the content: the one touching the content is drawn first.
        let total = visible.height * min(max(fill, 0), 1)
        let bandHeight = total / Double(bands)
        let towardsTop = frame.edge != .bottom
        canvas.withAlpha(alpha) {
            for i in 0..<bands {
                let offset = Double(i) * bandHeight
                let y = towardsTop ? visible.maxY - offset - bandHeight : visible.minY + offset
                var c = color(Double(i) + shift, dark: dark)
                if !saturated {
                    let grey = 0.3 * c.red + 0.59 * c.green + 0.11 * c.blue
                    c = Color(red: grey, green: grey, blue: grey)
                }
                // Overlap by a hair so no seam shows between bands.
                canvas.addRect(Rect(x: visible.minX, y: y - 0.25, width: visible.width, height: bandHeight + 0.5))
                canvas.fill(.color(c))
            }
        }
        if frame.state.isEndOfData {
            canvas.drawEndOfData(frame, color: dark ? Color(red: 0.78, green: 0.78, blue: 0.8) : Color(red: 0.35, green: 0.35, blue: 0.38))
        }
    }
}

@_cdecl("refresh_plugin_entry")
public func refreshPluginEntry(_ hostABI: UInt32, _ error: UnsafeMutablePointer<CChar>?, _ errorSize: Int) -> UnsafeRawPointer? {
    PluginExport.entry(Rainbow.self, hostABI: hostABI, error: error, errorSize: errorSize)
}
