import Foundation
import RefreshPluginSDK

/// Yalantis' Phoenix: a city at dawn. The sun rises behind two rows of buildings as you pull (the
/// far row moves less: parallax), and turns its rays while refreshing; a failure clouds it over,
/// the end of the data is night.
public final class Phoenix: RefreshIndicator {
    public static let info = IndicatorInfo(
        id: "dev.refreshkit.phoenix", name: "Phoenix", version: "1.0.0",
        summary: "A sun rising over a skyline with the pull, its rays turning while loading (Yalantis' Phoenix)."
    )

    static let skyColor = ParameterSpec.color("skyColor", default: "#8FD3F4", help: "Sky colour by day")
    static let sunColor = ParameterSpec.color("sunColor", default: "#FFC93C", help: "Sun colour")
    static let cityColor = ParameterSpec.color("cityColor", default: "#3D5A80", help: "Near buildings' colour")
    static let height = ParameterSpec.number("height", default: 120, range: 60...240, help: "Pull distance, in points, at which the sun is up")
    static let seed = ParameterSpec.number("seed", default: 7, range: 0...999, help: "Which skyline (the buildings' heights)")
    public static let parameters: [ParameterSpec] = [skyColor, sunColor, cityColor, height, seed]

    /// A scene: its sky runs to the viewport's edge at any pull.
    public static var placement: IndicatorPlacement { .stretch }
    public var refreshLength: Double { height }
    let sky: Color, sun: Color, city: Color
    let height: Double
    /// Building heights, 0...1, for the far and the near row: fixed by the seed.
    let far: [Double], near: [Double]

    public init(parameters: ParameterValues) throws {
        sky = try parameters.color(Self.skyColor)
        sun = try parameters.color(Self.sunColor)
        city = try parameters.color(Self.cityColor)
        height = try parameters.number(Self.height)
        var state = UInt64(try parameters.number(Self.seed).rounded()) &* 0x9E37_79B9_7F4A_7C15 | 1
        func next() -> Double {
            state ^= state << 13; state ^= state >> 7; state ^= state << 17
            return Double(state % 1000) / 1000
        }
        far = (0..<14).map { _ in 0.35 + 0.5 * next() }
        near = (0..<10).map { _ in 0.2 + 0.45 * next() }
    }

    public func draw(in canvas: Canvas, frame: IndicatorFrame) {
        let v = frame.visibleRect
        guard v.height > 0, frame.state.showsIndicator else { return }
        let night = frame.state == .noMoreData || frame.state == .finished(.noMoreData)
        let dark = frame.isDark || night
        let p: Double = if case .pulling(let p) = frame.state { min(max(p, 0), 1) } else { 1 }
        // The scene is `height` tall, anchored to the content; the gap shows its lower part first.
        let sceneTop = frame.edge == .bottom ? v.minY : v.maxY - height
        let ground = sceneTop + height
        let skyTop = dark ? Color(red: 0.05, green: 0.08, blue: 0.2) : sky
        let skyBottom = dark ? Color(red: 0.16, green: 0.2, blue: 0.38) : Color(red: 1, green: 0.87, blue: 0.72)
        canvas.addRect(v)
        canvas.fill(.linearGradient(start: Point(x: 0, y: sceneTop), end: Point(x: 0, y: ground), stops: [GradientStop(0, skyTop), GradientStop(1, skyBottom)]))
        let refreshing = frame.state == .refreshing && !frame.environment.reduceMotion
        // The sun (or moon): from behind the buildings to a third of the way down the scene.
        let r = height * 0.16
        let sunY = ground - height * 0.2 - (height * 0.5) * p
        let sunCenter = Point(x: v.center.x + v.width * 0.12, y: sunY)
        if night {
            canvas.addEllipse(in: Rect(x: sunCenter.x - r * 0.8, y: sunCenter.y - r * 0.8, width: r * 1.6, height: r * 1.6))
            canvas.fill(.color(Color(red: 0.95, green: 0.95, blue: 0.85)))
            canvas.addEllipse(in: Rect(x: sunCenter.x - r * 0.4, y: sunCenter.y - r * 1.0, width: r * 1.6, height: r * 1.6))
            canvas.fill(.color(skyTop))
        } else {
            let turn = refreshing ? frame.stateTime * 0.5 : p * 0.25
            for k in 0..<12 {
                let a = 2 * .pi * (Double(k) / 12 + turn)
                canvas.move(to: Point(x: sunCenter.x + r * 1.3 * cos(a), y: sunCenter.y + r * 1.3 * sin(a)))
                canvas.line(to: Point(x: sunCenter.x + r * (1.6 + 0.2 * p) * cos(a), y: sunCenter.y + r * (1.6 + 0.2 * p) * sin(a)))
            }
            canvas.stroke(.color(sun.withAlpha(0.8)), style: StrokeStyle(lineWidth: 2, cap: .round))
            canvas.addEllipse(in: Rect(x: sunCenter.x - r, y: sunCenter.y - r, width: 2 * r, height: 2 * r))
            canvas.fill(.color(frame.state == .finished(.failure) ? sun.withAlpha(0.5) : sun))
        }
        if frame.state == .finished(.failure) {
            cloud(canvas, Point(x: sunCenter.x - r * 0.3, y: sunCenter.y + r * 0.2), r, Color(red: 0.6, green: 0.63, blue: 0.68))
        }
        // Two rows of buildings; the far one rises less with the pull (parallax) and drifts while refreshing.
        let drift = refreshing ? frame.stateTime * 6 : 0
        row(canvas, v, heights: far, ground: ground + (1 - p) * height * 0.08, tall: height * 0.45, offset: drift,
            color: dark ? Color(red: 0.14, green: 0.18, blue: 0.3) : city.withAlpha(0.55), windows: dark ? sun.withAlpha(0.5) : nil)
        row(canvas, v, heights: near, ground: ground + (1 - p) * height * 0.2, tall: height * 0.4, offset: drift * 2.2,
            color: dark ? Color(red: 0.08, green: 0.1, blue: 0.18) : city, windows: dark ? sun.withAlpha(0.8) : nil)
        // The end of the data: night, and the words over the sky.
        if night { canvas.drawEndOfData(frame, color: Color(red: 0.95, green: 0.95, blue: 0.88)) }
    }

    /// A row of buildings standing on `ground`, repeating along the width, shifted by `offset`.
    private func row(_ canvas: Canvas, _ v: Rect, heights: [Double], ground: Double, tall: Double, offset: Double, color: Color, windows: Color?) {
        let width = 34.0, pitch = width + 4, span = pitch * Double(heights.count)
        var x = v.minX - (offset.truncatingRemainder(dividingBy: span)) - span
        var i = 0
        var lit: [Rect] = []
        while x < v.maxX {
            let h = heights[i % heights.count] * tall
            let building = Rect(x: x, y: ground - h, width: width, height: h)
            canvas.addRect(building)
            if windows != nil {
                for wy in stride(from: building.minY + 5, to: building.maxY - 6, by: 9) where (Int(wy) + i) % 3 != 0 {
                    lit.append(Rect(x: x + 6, y: wy, width: 5, height: 4))
                }
            }
            x += pitch
            i += 1
        }
        canvas.fill(.color(color))
        if let windows, !lit.isEmpty {
            for w in lit { canvas.addRect(w) }
            canvas.fill(.color(windows))
        }
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
