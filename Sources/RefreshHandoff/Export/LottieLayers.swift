import Foundation
import RefreshPluginSDK

/// Lottie (Bodymovin) layers for what a ``RecordedDrawing`` holds: a shape layer for a run of
/// paths under the same clips (one group a path, its fill or stroke inside), an image layer for an
/// image, clips as masks. Values are static (`"a": 0`); a layer shows from frame `ip` to `op`.
enum LottieLayers {
    typealias JSON = LottieJSON
    typealias Item = RecordedDrawing.Item

    /// A static property.
    static func value(_ k: JSON) -> JSON { ["a": 0, "k": k] }
    /// A static list of numbers (a point, a colour).
    static func value(numbers: [Double]) -> JSON { value(.numbers(numbers)) }
    /// A static number.
    static func value(number: Double) -> JSON { value(.number(number)) }

    /// A layer showing `items` (shapes under the same clips, bottom first) from `from` to `to`.
    static func shapeLayer(_ items: [Item], index: Int, from: Int, to: Int) -> JSON {
        var layer = common(type: 4, name: "shapes \(index)", index: index, from: from, to: to, clips: items.first?.clips ?? [])
        // Lottie lists a layer's shapes top first.
        layer["shapes"] = .array(items.reversed().compactMap(group))
        return layer
    }

    /// A layer showing image asset `asset` as `item` places it.
    static func imageLayer(_ item: Item, asset: String, index: Int, from: Int, to: Int) -> JSON {
        guard case .image(_, _, _, let m, let opacity, let clips) = item else { return [:] }
        // A layer's masks are in its own space, before its transform.
        let determinant = m.a * m.d - m.b * m.c
        let inverse = (a: m.d / determinant, b: -m.b / determinant, c: -m.c / determinant, d: m.a / determinant)
        func unmapped(_ v: Point) -> Point { Point(x: rounded(inverse.a * v.x + inverse.c * v.y), y: rounded(inverse.b * v.x + inverse.d * v.y)) }
        let local = clips.map { paths in
            paths.map { path in
                RecordedDrawing.Bezier(vertices: path.vertices.map { unmapped(Point(x: $0.x - m.tx, y: $0.y - m.ty)) },
                                       inTangents: path.inTangents.map(unmapped), outTangents: path.outTangents.map(unmapped), closed: path.closed)
            }
        }
        var layer = common(type: 2, name: asset, index: index, from: from, to: to, clips: local)
        layer["refId"] = .string(asset)
        let angle = atan2(m.b, m.a)
        let scaleX = (m.a * m.a + m.b * m.b).squareRoot(), scaleY = -m.c * sin(angle) + m.d * cos(angle)
        layer["ks"] = ["o": value(number: rounded(opacity * 100)), "r": value(number: rounded(angle * 180 / .pi)), "p": value(numbers: [rounded(m.tx), rounded(m.ty), 0]),
                       "a": value([0, 0, 0]), "s": value(numbers: [rounded(scaleX * 100), rounded(scaleY * 100), 100])]
        return layer
    }

    /// A layer showing a whole frame's image (`asset`, `scale` pixels a point) from `from` to `to`.
    static func frameImageLayer(asset: String, index: Int, from: Int, to: Int, scale: Double) -> JSON {
        let percent = rounded(100 / scale)
        var layer = common(type: 2, name: asset, index: index, from: from, to: to, clips: [])
        layer["refId"] = .string(asset)
        layer["ks"] = ["o": value(100), "r": value(0), "p": value([0, 0, 0]), "a": value([0, 0, 0]), "s": value(numbers: [percent, percent, 100])]
        return layer
    }

    /// What every layer has: its index, span, identity transform and masks.
    private static func common(type: Int, name: String, index: Int, from: Int, to: Int, clips: [[RecordedDrawing.Bezier]]) -> JSON {
        var layer: JSON = ["ddd": 0, "ind": .number(Double(index)), "ty": .number(Double(type)), "nm": .string(name), "sr": 1,
                           "ks": ["o": value(100), "r": value(0), "p": value([0, 0, 0]), "a": value([0, 0, 0]), "s": value([100, 100, 100])],
                           "ao": 0, "ip": .number(Double(from)), "op": .number(Double(to)), "st": 0, "bm": 0]
        if !clips.isEmpty {
            layer["hasMask"] = true
            // The first clip is the union of its paths; each later one (one path) cuts it down.
            layer["masksProperties"] = .array(clips.enumerated().flatMap { number, paths in
                paths.map { path -> JSON in
                    ["inv": false, "mode": .string(number == 0 ? "a" : "i"), "pt": value(bezier(path)), "o": value(100), "x": value(0),
                     "nm": .string("clip \(number + 1)")]
                }
            })
        }
        return layer
    }

    /// A shape group: the item's paths, its fill or stroke, and the group's (identity) transform.
    private static func group(_ item: Item) -> JSON? {
        guard case .shape(let paths, let kind, let paint, let opacity, _) = item else { return nil }
        var shapes: [JSON] = paths.map { ["ty": "sh", "ks": value(bezier($0))] }
        let isGradient = if case .solid = paint { false } else { true }
        var style: JSON
        switch kind {
        case .fill: style = ["ty": .string(isGradient ? "gf" : "fl")]
        case .stroke: style = ["ty": .string(isGradient ? "gs" : "st")]
        }
        switch paint {
        case .solid(let color):
            style["c"] = value(numbers: [color.red, color.green, color.blue, 1])
            style["o"] = value(number: rounded(color.alpha * opacity * 100))
        case .linear(let start, let end, let stops):
            gradient(into: &style, type: 1, start: start, end: end, stops: stops, opacity: opacity)
        case .radial(let center, let radius, let stops):
            gradient(into: &style, type: 2, start: center, end: Point(x: center.x + radius, y: center.y), stops: stops, opacity: opacity)
        }
        switch kind {
        case .fill(let evenOdd):
            style["r"] = evenOdd ? 2 : 1
        case .stroke(let width, let cap, let join, let miterLimit, let dashes, let dashOffset):
            style["w"] = value(number: width)
            style["lc"] = .number(Double(cap))
            style["lj"] = .number(Double(join))
            style["ml"] = .number(miterLimit)
            if !dashes.isEmpty {
                var list: [JSON] = dashes.enumerated().map {
                    ["n": .string($0.offset % 2 == 0 ? "d" : "g"), "nm": .string($0.offset % 2 == 0 ? "dash" : "gap"), "v": value(number: $0.element)]
                }
                list.append(["n": "o", "nm": "offset", "v": value(number: dashOffset)])
                style["d"] = .array(list)
            }
        }
        shapes.append(style)
        shapes.append(["ty": "tr", "p": value([0, 0]), "a": value([0, 0]), "s": value([100, 100]), "r": value(0), "o": value(100),
                       "sk": value(0), "sa": value(0)])
        return ["ty": "gr", "it": .array(shapes)]
    }

    /// A gradient's colour stops then its opacity stops, as Lottie packs them.
    private static func gradient(into style: inout JSON, type: Int, start: Point, end: Point, stops given: [RecordedDrawing.Stop], opacity: Double) {
        let stops = given.count == 1 ? given + [RecordedDrawing.Stop(offset: 1, color: given[0].color)] : given
        let colors = stops.flatMap { [$0.offset, $0.color.red, $0.color.green, $0.color.blue] }
        let alphas = stops.flatMap { [$0.offset, $0.color.alpha] }
        style["o"] = value(number: rounded(opacity * 100))
        style["t"] = .number(Double(type))
        style["s"] = value(numbers: [start.x, start.y])
        style["e"] = value(numbers: [end.x, end.y])
        style["g"] = ["p": .number(Double(stops.count)), "k": value(numbers: colors + alphas)]
        if type == 2 {
            style["h"] = value(0)
            style["a"] = value(0)
        }
    }

    /// A path as Lottie writes one.
    static func bezier(_ path: RecordedDrawing.Bezier) -> JSON {
        ["c": .bool(path.closed), "v": .array(path.vertices.map { .numbers([$0.x, $0.y]) }), "i": .array(path.inTangents.map { .numbers([$0.x, $0.y]) }),
         "o": .array(path.outTangents.map { .numbers([$0.x, $0.y]) })]
    }

    /// `value` to a thousandth: finer than any player draws.
    static func rounded(_ value: Double) -> Double { (value * 1000).rounded() / 1000 }
}
