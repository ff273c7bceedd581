import Foundation
import RefreshPluginSDK

/// Yalantis' Phoenix: a town at sunrise. The scene is fixed to the viewport and the list uncovers
/// it: sky and the tower's top first, the sun rising from behind the town from about half the pull
/// and turning its rays, outlined clouds drifting down the sky; while refreshing the sun spins (in
/// the dark theme a crescent moon, stars circling it). A failure clouds the sun over; the end of
/// the data is night.
///
/// Matched with SunRefreshView.java and its pictures: the teal sky (#39AEC2), the flat outlined
/// town (a shop with a red awning, a townhouse, a blue tower, a beige block, a gabled house), hills
/// of round trees at both sides with a darker slope by the town, the town's scale from 1.2 to 1.3
/// over the second half of the pull and its 10-point dip, the sun at a third of the width, its top
/// from 0.6 to 0.1 of the scene down, shrinking to 0.75, its rays turning 1.2 → 1.5 times the pull,
/// white rays and rim, a full spin a second while refreshing. Ours: drawn, not bitmaps (no clouds'
/// texture, simpler windows, the trees' crowns without their inner lines); pulled past the scene,
/// the ground goes on below the town (the original's bitmap shows more sky there); a night palette
/// for the dark theme and the end of the data, and a cloud over the sun for a failure (the
/// original has neither).
public final class Phoenix: RefreshIndicator {
    public static let info = IndicatorInfo(
        id: "dev.refreshkit.phoenix", name: "Phoenix", version: "1.3.0",
        summary: "A town at sunrise: the sun climbs from behind it with the pull and spins while loading (Yalantis' Phoenix)."
    )

    static let skyColor = Parameter.color("skyColor", default: "#39AEC2", help: "Sky colour by day").labelled("Sky")
    static let sunColor = Parameter.color("sunColor", default: "#F4E69D", help: "Sun colour").labelled("Sun")
    static let cityColor = Parameter.color("cityColor", default: "#86ADC0", help: "The tower's colour").labelled("Tower")
    static let height = Parameter.number("height", default: 120, range: 60...240, help: "Pull distance, in points, at which the sun is up").labelled("Sunrise at")
    static let seed = Parameter.number("seed", default: 0, range: 0...999, help: "Which town (the order of its buildings, the tower's height)").labelled("Town")
    public static let parameters = ParameterSpec.list(skyColor, sunColor, cityColor, height, seed)

    /// A scene: its sky runs to the viewport's edge at any pull.
    public static var placement: IndicatorPlacement { .stretch }
    public var refreshLength: Double { height }
    let sky: Color, sun: Color, city: Color
    let height: Double
    let town: PhoenixTown

    public init(parameters: ParameterValues) throws {
        sky = parameters[Self.skyColor]
        sun = parameters[Self.sunColor]
        city = parameters[Self.cityColor]
        height = parameters[Self.height]
        town = PhoenixTown(seed: Int(parameters[Self.seed].rounded()))
    }

    public func draw(in canvas: Canvas, frame: IndicatorFrame) {
        let v = frame.visibleRect
        guard v.height > 0, frame.state.showsIndicator else { return }
        let night = frame.state.isEndOfData
        let dark = frame.isDark || night
        let p: Double = if case .pulling(let p) = frame.state { min(max(p, 0), 1) } else { 1 }
        // The scene is `height` tall and fixed to the viewport, as the original's is: the list
        // uncovers it from the viewport's edge, sky and the tower's top first at the top edge.
        let sceneTop = frame.edge == .bottom ? v.maxY - height : v.minY
        let ground = sceneTop + height
        let u = height / 120
        canvas.addRect(v)
        canvas.fill(.color(dark ? Color(red: 0.09, green: 0.14, blue: 0.26) : sky))
        // Outlined clouds, drifting down a little with the pull.
        clouds(canvas, v, top: sceneTop + 8 * u + 10 * u * p, unit: u, color: Color(red: 1, green: 1, blue: 1, alpha: dark ? 0.18 : 0.45))
        // The sun (or moon) climbs from behind the town: its top from 0.6 to 0.1 of the scene down,
        // shrinking to 0.75 over the second half of the pull.
        let grow = max(0, (p - 0.5) / 0.5)
        let r = 16 * u * (1 - 0.25 * grow)
        let sunCenter = Point(x: v.minX + v.width * 0.3 + 16 * u, y: sceneTop + height * (0.1 + 0.5 * (1 - p)) + r)
        let refreshing = frame.state == .refreshing && !frame.environment.reduceMotion
        let turn = refreshing ? -frame.stateTime : p * (1.2 + 0.3 * grow)
        if dark {
            // A crescent moon; while loading, stars circle it where the sun's rays turn.
            let moon = Color(red: 0.95, green: 0.95, blue: 0.85)
            canvas.addEllipse(in: Rect(x: sunCenter.x - r, y: sunCenter.y - r, width: 2 * r, height: 2 * r))
            canvas.fill(.color(frame.state == .finished(.failure) ? moon.withAlpha(0.5) : moon))
            canvas.addEllipse(in: Rect(x: sunCenter.x - r * 0.5, y: sunCenter.y - r * 1.25, width: 2 * r, height: 2 * r))
            canvas.fill(.color(Color(red: 0.09, green: 0.14, blue: 0.26)))
            if !night {
                for k in 0..<6 {
                    let a = 2 * .pi * (Double(k) / 6 + turn / 2), d = r * (1.6 + 0.25 * Double(k % 2))
                    let star = (k % 2 == 0 ? 1.6 : 1.1) * u
                    canvas.addEllipse(in: Rect(x: sunCenter.x + d * cos(a) - star, y: sunCenter.y + d * sin(a) - star, width: 2 * star, height: 2 * star))
                }
                canvas.fill(.color(moon.withAlpha(0.8)))
            }
        } else {
            // White rays and a white rim around the sun, as the original's picture has them.
            for k in 0..<12 {
                let a = 2 * .pi * (Double(k) / 12 + turn)
                canvas.move(to: Point(x: sunCenter.x + r * 1.3 * cos(a), y: sunCenter.y + r * 1.3 * sin(a)))
                canvas.line(to: Point(x: sunCenter.x + r * 1.75 * cos(a), y: sunCenter.y + r * 1.75 * sin(a)))
            }
            canvas.stroke(.color(Color(red: 1, green: 1, blue: 1, alpha: 0.9)), style: StrokeStyle(lineWidth: 2 * u, cap: .round))
            canvas.addEllipse(in: Rect(x: sunCenter.x - r, y: sunCenter.y - r, width: 2 * r, height: 2 * r))
            canvas.fill(.color(frame.state == .finished(.failure) ? sun.withAlpha(0.5) : sun))
            canvas.addEllipse(in: Rect(x: sunCenter.x - r, y: sunCenter.y - r, width: 2 * r, height: 2 * r))
            canvas.stroke(.color(.white), style: StrokeStyle(lineWidth: 2 * u))
        }
        if frame.state == .finished(.failure) {
            cloud(canvas, Point(x: sunCenter.x - r * 0.3, y: sunCenter.y + r * 0.2), r, Color(red: 0.6, green: 0.63, blue: 0.68))
        }
        // The town stands on the scene's ground, growing from 1.2 to 1.3 over the second half of the
        // pull; it sinks 10 points over the first half and comes back over the second, as the original's.
        let scale = (1.2 + 0.1 * grow) / 1.3
        let sink = 10 * u * (p < 0.5 ? p / 0.5 : 1 - grow)
        if ground < v.maxY {
            // Pulled past the scene: the ground goes on below the town.
            canvas.addRect(Rect(x: v.minX, y: ground, width: v.width, height: v.maxY - ground))
            canvas.fill(.color(PhoenixTown.Palette.of(night: dark, tower: city).bushLine))
        }
        canvas.withSavedState {
            canvas.translate(x: v.center.x, y: ground + sink)
            canvas.scale(x: scale, y: scale)
            town.draw(canvas, centerX: 0, ground: 0, unit: u, width: v.width / scale, palette: .of(night: dark, tower: city))
        }
        // The end of the data: night, and the words over the sky.
        if night {
            canvas.drawEndOfData(frame, color: Color(red: 0.95, green: 0.95, blue: 0.88), center: Point(x: v.minX + v.width * 0.8, y: max(v.minY + 12, ground - height * 0.8)))
        }
    }

    /// Two outlined clouds with their long base lines, in the upper sky.
    private func clouds(_ canvas: Canvas, _ v: Rect, top: Double, unit u: Double, color: Color) {
        for (cx, scale) in [(0.22, 1.0), (0.72, 0.8)] {
            let x = v.minX + v.width * cx, base = top + 24 * u * scale
            canvas.move(to: Point(x: x - 45 * u * scale, y: base))
            canvas.line(to: Point(x: x - 22 * u * scale, y: base))
            canvas.arc(center: Point(x: x - 14 * u * scale, y: base), radius: 8 * u * scale, startAngle: .pi, endAngle: 1.6 * .pi)
            canvas.arc(center: Point(x: x, y: base - 6 * u * scale), radius: 12 * u * scale, startAngle: 1.05 * .pi, endAngle: 1.95 * .pi)
            canvas.arc(center: Point(x: x + 14 * u * scale, y: base), radius: 8 * u * scale, startAngle: 1.4 * .pi, endAngle: 2 * .pi)
            canvas.line(to: Point(x: x + 50 * u * scale, y: base))
            canvas.move(to: Point(x: x - 30 * u * scale, y: base + 7 * u * scale))
            canvas.line(to: Point(x: x - 12 * u * scale, y: base + 7 * u * scale))
        }
        canvas.stroke(.color(color), style: StrokeStyle(lineWidth: 1.2 * u, cap: .round))
    }

    private func cloud(_ canvas: Canvas, _ c: Point, _ r: Double, _ color: Color) {
        for (dx, dy, k) in [(-0.9, 0.2, 0.7), (0.0, -0.2, 1.0), (0.9, 0.15, 0.75), (0.3, 0.35, 0.8)] {
            canvas.addEllipse(in: Rect(x: c.x + dx * r - k * r, y: c.y + dy * r - k * r, width: 2 * k * r, height: 2 * k * r))
        }
        canvas.fill(.color(color))
    }
}

@_cdecl("refresh_plugin_entry")
public func refreshPluginEntry(_ hostABI: UInt32, _ error: UnsafeMutablePointer<CChar>?, _ errorSize: Int) -> UnsafeRawPointer? {
    PluginExport.entry(Phoenix.self, hostABI: hostABI, error: error, errorSize: errorSize)
}
