import Foundation
import RefreshPluginSDK

/// Phoenix's town: a flat, outlined illustration after the original's picture: a low shop with a
/// red awning, a narrow townhouse, a blue office tower with its grid of windows, a beige block
/// with a vaulted top and a gabled house, between two hills of round trees.
struct PhoenixTown {
    /// The colours of a scene: by day, or at night (dark theme, end of the data) with lit windows.
    struct Palette {
        var outline, cream, tower, block, awning, bush, bushLine, window: Color
        /// The trees' outline, lighter than their green.
        var bushRim: Color { Color(red: bush.red + (1 - bush.red) * 0.3, green: bush.green + (1 - bush.green) * 0.3, blue: bush.blue + (1 - bush.blue) * 0.3) }

        static func of(night: Bool, tower: Color) -> Palette {
            night
                ? Palette(outline: Color(red: 0.07, green: 0.08, blue: 0.13), cream: Color(red: 0.22, green: 0.24, blue: 0.33),
                          tower: Color(red: tower.red * 0.35, green: tower.green * 0.35, blue: tower.blue * 0.45), block: Color(red: 0.25, green: 0.24, blue: 0.27),
                          awning: Color(red: 0.42, green: 0.2, blue: 0.2), bush: Color(red: 0.13, green: 0.27, blue: 0.3),
                          bushLine: Color(red: 0.09, green: 0.2, blue: 0.23), window: Color(red: 1, green: 0.85, blue: 0.45))
                : Palette(outline: Color(red: 0.27, green: 0.27, blue: 0.27), cream: Color(red: 0.96, green: 0.93, blue: 0.88),
                          tower: tower, block: Color(red: 0.79, green: 0.74, blue: 0.61),
                          awning: Color(red: 0.69, green: 0.32, blue: 0.27), bush: Color(red: 0.42, green: 0.71, blue: 0.69),
                          bushLine: Color(red: 0.35, green: 0.6, blue: 0.58), window: Color(red: 0.96, green: 0.93, blue: 0.88))
        }
    }

    /// The town's buildings, left to right; `seed` swaps the two outer pairs and sets the tower's height.
    let order: [Int]
    let towerStoreys: Int

    init(seed: Int) {
        order = seed % 2 == 0 ? [0, 1, 2, 3, 4] : [3, 4, 2, 0, 1]
        towerStoreys = 8 + seed % 3
    }

    /// Draws the town standing on `ground`, centred on `centerX`, `unit` points to the original's
    /// point (1 for a 120-point scene).
    func draw(_ canvas: Canvas, centerX: Double, ground: Double, unit u: Double, width: Double, palette: Palette) {
        hill(canvas, from: centerX - width / 2 - 20 * u, to: centerX - 105 * u, inner: centerX - 105 * u, ground: ground, unit: u, palette: palette)
        hill(canvas, from: centerX + 105 * u, to: centerX + width / 2 + 20 * u, inner: centerX + 105 * u, ground: ground, unit: u, palette: palette)
        let widths: [Double] = [62, 26, 40, 56, 30]
        var x = centerX - widths.reduce(0, +) * u / 2
        for index in order {
            let w = widths[index] * u
            building(index, canvas, Rect(x: x, y: ground, width: w, height: 0), unit: u, palette: palette)
            x += w
        }
        canvas.addRect(Rect(x: centerX - width / 2 - 20 * u, y: ground - 1.5 * u, width: width + 40 * u, height: 3 * u))
        canvas.fill(.color(palette.bushLine))
    }

    /// A hill of trees between `from` and `to` (`inner` is the end beside the town): round
    /// crowns along a mound low at its outer end, cresting about 30 points high a third of the way
    /// in and down to 14 by the town, with one light line around the whole; a darker slope runs
    /// down to the town's feet.
    private func hill(_ canvas: Canvas, from: Double, to: Double, inner: Double, ground: Double, unit u: Double, palette: Palette) {
        let span = to - from
        guard span > 0 else { return }
        func crest(_ x: Double) -> Double {
            // 0 at the outer end, 1 beside the town.
            let t = min(max(inner == to ? (x - from) / span : (to - x) / span, 0), 1)
            return (t < 0.35 ? 8 + 22 * sin(.pi / 2 * t / 0.35) : 14 + 16 * cos(.pi / 2 * (t - 0.35) / 0.65)) * u
        }
        var crowns: [Rect] = []
        var x = from - 6 * u, k = 0
        while x < to + 6 * u {
            let r = (10 + 4 * (0.5 + 0.5 * sin(Double(k) * 2.3))) * u
            let top = ground - crest(x)
            crowns.append(Rect(x: x - r, y: top, width: 2 * r, height: 2 * r))
            x += r * 1.45
            k += 1
        }
        func shape() {
            for crown in crowns { canvas.addEllipse(in: crown) }
            for crown in crowns { canvas.addRect(Rect(x: crown.minX, y: crown.center.y, width: crown.width, height: ground - crown.center.y)) }
        }
        // The line twice as wide, then the fill over its inner half: one line around the whole.
        shape()
        canvas.stroke(.color(palette.bushRim), style: StrokeStyle(lineWidth: 3 * u))
        shape()
        canvas.fill(.color(palette.bush))
        // The slope beside the town, in the darker colour.
        let outward = inner == to ? -1.0 : 1.0
        canvas.move(to: Point(x: inner + outward * 30 * u, y: ground))
        canvas.line(to: Point(x: inner, y: ground - 18 * u))
        canvas.line(to: Point(x: inner, y: ground))
        canvas.close()
        canvas.fill(.color(palette.bushLine))
    }

    /// One building whose footprint starts at `base` (x, width; y is the ground).
    private func building(_ index: Int, _ canvas: Canvas, _ base: Rect, unit u: Double, palette p: Palette) {
        let line = StrokeStyle(lineWidth: 1.6 * u, join: .round)
        func box(_ r: Rect, _ fill: Color) {
            canvas.addRect(r)
            canvas.fill(.color(fill), preserve: true)
            canvas.stroke(.color(p.outline), style: line)
        }
        func windows(_ area: Rect, columns: Int, rows: Int, size: Size) {
            for c in 0..<columns {
                for r in 0..<rows {
                    let x = area.minX + (Double(c) + 0.5) * area.width / Double(columns) - size.width / 2
                    let y = area.minY + (Double(r) + 0.5) * area.height / Double(rows) - size.height / 2
                    canvas.addRect(Rect(x: x, y: y, width: size.width, height: size.height))
                }
            }
            canvas.fill(.color(p.window), preserve: true)
            canvas.stroke(.color(p.outline), style: StrokeStyle(lineWidth: 1 * u))
        }
        let x = base.minX, w = base.width, g = base.minY
        switch index {
        case 0:  // The shop: low and wide, a red awning, a band of trim.
            let body = Rect(x: x, y: g - 34 * u, width: w, height: 34 * u)
            box(body, p.cream)
            box(Rect(x: x, y: body.minY, width: w, height: 5 * u), p.cream)
            canvas.addRoundedRect(Rect(x: x - 5 * u, y: g - 17 * u, width: w + 5 * u, height: 5 * u), radius: 2.5 * u)
            canvas.fill(.color(p.awning), preserve: true)
            canvas.stroke(.color(p.outline), style: line)
            windows(Rect(x: x + 6 * u, y: body.minY + 8 * u, width: w - 12 * u, height: 7 * u), columns: 3, rows: 1, size: Size(width: 10 * u, height: 2 * u))
        case 1:  // The townhouse: narrow, two by two windows, a balustrade.
            let body = Rect(x: x, y: g - 44 * u, width: w, height: 44 * u)
            box(body, p.cream)
            windows(Rect(x: body.minX + 2 * u, y: body.minY + 10 * u, width: w - 4 * u, height: 26 * u), columns: 2, rows: 2, size: Size(width: 5 * u, height: 7 * u))
        case 2:  // The tower: blue, a grid of windows, a box on its roof.
            let tall = (18 + 8.5 * Double(towerStoreys)) * u
            box(Rect(x: x + w * 0.25, y: g - tall - 10 * u, width: w * 0.5, height: 10 * u), p.tower)
            let body = Rect(x: x, y: g - tall, width: w, height: tall)
            box(body, p.tower)
            windows(body.insetBy(6 * u), columns: 3, rows: towerStoreys, size: Size(width: 6 * u, height: 4 * u))
        case 3:  // The block: beige, a grid of squares, a vaulted box on top.
            let body = Rect(x: x, y: g - 50 * u, width: w, height: 50 * u)
            box(Rect(x: x + w * 0.28, y: body.minY - 15 * u, width: w * 0.44, height: 15 * u), p.block)
            canvas.arc(center: Point(x: x + w / 2, y: body.minY), radius: 6 * u, startAngle: .pi, endAngle: 2 * .pi)
            canvas.stroke(.color(p.outline), style: line)
            box(body, p.block)
            windows(Rect(x: x + 3 * u, y: body.minY + 6 * u, width: w - 6 * u, height: 40 * u), columns: 7, rows: 5, size: Size(width: 5 * u, height: 5 * u))
        default:  // The gabled house.
            let body = Rect(x: x, y: g - 38 * u, width: w, height: 38 * u)
            canvas.move(to: Point(x: x - 2 * u, y: body.minY))
            canvas.line(to: Point(x: x + w / 2, y: body.minY - 13 * u))
            canvas.line(to: Point(x: x + w + 2 * u, y: body.minY))
            canvas.close()
            canvas.fill(.color(p.cream), preserve: true)
            canvas.stroke(.color(p.outline), style: line)
            box(body, p.cream)
            windows(Rect(x: body.minX + 2 * u, y: body.minY + 5 * u, width: w - 4 * u, height: 18 * u), columns: 2, rows: 2, size: Size(width: 5 * u, height: 6 * u))
            box(Rect(x: x + w / 2 - 4 * u, y: g - 12 * u, width: 8 * u, height: 12 * u), p.block)
        }
    }
}
