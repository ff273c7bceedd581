import Foundation
import RefreshPluginSDK

/// Lottie (Bodymovin) layers for tracks of ``RecordedDrawing`` items (one item a span, from frame
/// `times[k]`): a shape layer for a run of shape tracks under the same clips (one group a track),
/// an image layer for an image track, clips as masks. A value the same in every span is static
/// (`"a": 0`); one that changes is a hold keyframe a span, or, where it changes frame by frame along a
/// straight line (a shape the pull scrubs), one keyframe that interpolates to the line's end.
enum LottieLayers {
    typealias JSON = LottieJSON
    typealias Item = RecordedDrawing.Item
    typealias Bezier = RecordedDrawing.Bezier

    /// A static property.
    static func value(_ k: JSON) -> JSON { ["a": 0, "k": k] }

    /// How a kind of value is told along a straight line: its numbers (the same count for values a
    /// line may join) and how far a frame may be from the line, in the value's own units, and still
    /// be drawn from it (what no player shows apart).
    struct Line<T> {
        var numbers: (T) -> [Double]
        var tolerance: Double
    }

    /// A line through lists of numbers: a point, a colour, a transform's part.
    static func line(_ tolerance: Double) -> Line<[Double]> { Line(numbers: { $0 }, tolerance: tolerance) }

    /// A line through paths: their points and tangents, open and closed never joined.
    static var pathLine: Line<Bezier> {
        Line(numbers: { path in [path.closed ? 1e12 : 0] + (path.vertices + path.inTangents + path.outTangents).flatMap { [$0.x, $0.y] } }, tolerance: 0.05)
    }

    /// `values` (one a span, starting at `times`) as a property: static when they are all the same.
    /// A keyframe's value is `keyframe`'s when given (a path or a number is held in a list of one).
    /// With `line`, values that change frame by frame along a straight line are one keyframe that
    /// interpolates (linearly) to the line's last, instead of a hold keyframe a frame.
    static func animated<T: Equatable>(_ values: [T], times: [Int], keyframe: ((T) -> JSON)? = nil, line: Line<T>? = nil, _ json: (T) -> JSON) -> JSON {
        guard values.contains(where: { $0 != values[0] }) else { return value(json(values[0])) }
        var changes: [(time: Int, value: T)] = []
        for (index, value) in values.enumerated() where index == 0 || value != values[index - 1] { changes.append((times[index], value)) }
        // Each change's numbers, once: a line is tried from each keyframe over those after it.
        let changeTimes = changes.map(\.time)
        let lines = line.map { line in (numbers: changes.map { line.numbers($0.value) }, tolerance: line.tolerance) }
        var keys: [JSON] = [], next = 0
        while next < changes.count {
            let start = next
            let end = lines.map { straightRun(changeTimes, $0.numbers, from: start, tolerance: $0.tolerance) } ?? start + 1
            var key: JSON = ["t": .number(Double(changes[start].time)), "s": keyframe.map { $0(changes[start].value) } ?? json(changes[start].value)]
            if end > start + 1 {
                key["o"] = ["x": 0, "y": 0]
                key["i"] = ["x": 1, "y": 1]
            } else {
                key["h"] = 1
            }
            keys.append(key)
            next = end
        }
        return ["a": 1, "k": .array(keys)]
    }

    /// The furthest change a straight line from change `start` reaches (changes at `times`, each
    /// as its `numbers`): every change on the way one frame after the last, within `tolerance` of
    /// where the line is at its frame.
    private static func straightRun(_ times: [Int], _ numbers: [[Double]], from start: Int, tolerance: Double) -> Int {
        guard start + 1 < times.count, times[start + 1] - times[start] == 1 else { return start + 1 }
        let first = numbers[start]
        var reached = start + 1, candidate = start + 2
        while candidate < times.count, times[candidate] - times[candidate - 1] == 1 {
            let last = numbers[candidate]
            guard last.count == first.count, (start + 1..<candidate).allSatisfy({ between in
                let f = Double(between - start) / Double(candidate - start)
                return numbers[between].count == first.count
                    && zip(numbers[between].indices, numbers[between]).allSatisfy { i, x in abs(first[i] + (last[i] - first[i]) * f - x) <= tolerance }
            }) else { break }
            reached = candidate
            candidate += 1
        }
        return reached
    }

    /// A number a span; a keyframe holds it as a list of one, as Lottie writes a number's keyframes.
    static func animated(numbers values: [Double], times: [Int], tolerance: Double? = nil) -> JSON {
        guard values.contains(where: { $0 != values[0] }) else { return value(.number(values[0])) }
        return animated(values, times: times, keyframe: { .numbers([$0]) }, line: tolerance.map { Line(numbers: { [$0] }, tolerance: $0) }) { .number($0) }
    }

    /// A layer showing shape tracks `run` (each one item a span, bottom first, under the same clips).
    static func shapeLayer(_ run: [[Item]], times: [Int], index: Int, from: Int, to: Int) -> JSON {
        var layer = common(type: 4, name: "shapes", index: index, from: from, to: to, clips: run[0].map(\.clips), times: times, local: nil)
        // Lottie lists a layer's shapes top first.
        layer["shapes"] = .array(run.reversed().map { group($0, times: times) })
        return layer
    }

    /// A layer showing an image track (one placement a span) of image asset `asset`.
    static func imageLayer(_ track: [Item], times: [Int], asset: String, index: Int, from: Int, to: Int) -> JSON {
        let placements: [(matrix: RecordedDrawing.Transform, opacity: Double)] = track.map {
            if case .image(_, _, _, let m, let opacity, _) = $0 { (m, opacity) } else { (RecordedDrawing.Transform(.identity), 0) }
        }
        // A layer's masks are in its own space, before its transform.
        let local: [(Point) -> Point] = placements.map { placement in
            let m = placement.matrix
            let determinant = m.a * m.d - m.b * m.c
            return { p in
                let (x, y) = (p.x - m.tx, p.y - m.ty)
                return Point(x: (m.d * x - m.c * y) / determinant, y: (-m.b * x + m.a * y) / determinant)
            }
        }
        var layer = common(type: 2, name: asset, index: index, from: from, to: to, clips: track.map(\.clips), times: times, local: local)
        layer["refId"] = .string(asset)
        let parts = placements.map { placement -> [Double] in
            let m = placement.matrix
            let angle = atan2(m.b, m.a)
            let scaleX = (m.a * m.a + m.b * m.b).squareRoot(), scaleY = -m.c * sin(angle) + m.d * cos(angle)
            return [rounded(placement.opacity * 100), rounded(angle * 180 / .pi), rounded(m.tx), rounded(m.ty), rounded(scaleX * 100), rounded(scaleY * 100)]
        }
        layer["ks"] = ["o": animated(numbers: parts.map { $0[0] }, times: times, tolerance: 0.5), "r": animated(numbers: parts.map { $0[1] }, times: times, tolerance: 0.1),
                       "p": animated(parts.map { [$0[2], $0[3], 0] }, times: times, line: line(0.05)) { .numbers($0) }, "a": value([0, 0, 0]),
                       "s": animated(parts.map { [$0[4], $0[5], 100] }, times: times, line: line(0.1)) { .numbers($0) }]
        return layer
    }

    /// A layer showing a whole frame's image (`asset`, `scale` pixels a point) from `from` to `to`.
    static func frameImageLayer(asset: String, index: Int, from: Int, to: Int, scale: Double) -> JSON {
        let percent = rounded(100 / scale)
        var layer = common(type: 2, name: asset, index: index, from: from, to: to, clips: [[]], times: [from], local: nil)
        layer["refId"] = .string(asset)
        layer["ks"] = ["o": value(100), "r": value(0), "p": value([0, 0, 0]), "a": value([0, 0, 0]), "s": value(.numbers([percent, percent, 100]))]
        return layer
    }

    /// A precomposition layer showing asset `asset` (`width` × `height`) through a mask of `shown`
    /// (a rectangle a keyframe): what a list reveals of each frame.
    static func revealedLayer(asset: String, width: Double, height: Double, from: Int = 0, frames: Int, shown: [Rect], times: [Int]) -> JSON {
        var layer = common(type: 0, name: "revealed", index: 1, from: from, to: frames, clips: [[]], times: [from], local: nil)
        layer["refId"] = .string(asset)
        layer["w"] = .number(width)
        layer["h"] = .number(height)
        layer["hasMask"] = true
        let boxes = shown.map { rect in
            Bezier(vertices: [Point(x: rect.minX, y: rect.minY), Point(x: rect.maxX, y: rect.minY), Point(x: rect.maxX, y: rect.maxY), Point(x: rect.minX, y: rect.maxY)],
                   inTangents: Array(repeating: .zero, count: 4), outTangents: Array(repeating: .zero, count: 4), closed: true)
        }
        layer["masksProperties"] = [["inv": false, "mode": "a", "pt": animated(boxes, times: times, keyframe: { .array([bezier($0)]) }, line: pathLine, bezier), "o": value(100), "x": value(0), "nm": "revealed"]]
        return layer
    }

    /// A precomposition layer showing asset `asset` (`width` × `height`) from `from` to `to`, its
    /// top-left at `origin`: an export's band, below its taller over-pull.
    static func placedLayer(asset: String, width: Double, height: Double, index: Int, from: Int, to: Int, origin: Point) -> JSON {
        var layer = common(type: 0, name: asset, index: index, from: from, to: to, clips: [[]], times: [from], local: nil)
        layer["refId"] = .string(asset)
        layer["w"] = .number(width)
        layer["h"] = .number(height)
        layer["ks"] = ["o": value(100), "r": value(0), "p": value(.numbers([origin.x, origin.y, 0])), "a": value([0, 0, 0]), "s": value([100, 100, 100])]
        return layer
    }

    /// A precomposition layer showing asset `asset` (another file's animation, `width` × `height`
    /// in its own units) for `frames` frames: at frame `k`, its frame `shown[k]` (its own frame
    /// numbers) with its top-left at `places[k]` and scaled to `places[k]`'s size.
    static func remappedLayer(asset: String, width: Double, height: Double, frames: Int, shown: [Int], places: [Rect], framesPerSecond fps: Double) -> JSON {
        var layer = common(type: 0, name: "source", index: 1, from: 0, to: frames, clips: [[]], times: [0], local: nil)
        layer["refId"] = .string(asset)
        layer["w"] = .number(width)
        layer["h"] = .number(height)
        let times = Array(places.indices)
        layer["ks"] = ["o": value(100), "r": value(0),
                       "p": animated(places.map { [rounded($0.minX), rounded($0.minY), 0] }, times: times, line: line(0.05)) { .numbers($0) }, "a": value([0, 0, 0]),
                       "s": animated(places.map { [rounded($0.width / width * 100), rounded($0.height / height * 100), 100] }, times: times, line: line(0.1)) { .numbers($0) }]
        // A time remap is in seconds of the composition, times its frame rate; a 64th of a frame
        // past the frame, for players that round the frame down (rlottie). A remap that never
        // changes is two keyframes: rlottie ignores a static one.
        let seconds = shown.map { (Double($0) + 1.0 / 64) / fps }
        var remap = animated(numbers: seconds, times: Array(shown.indices), tolerance: 0.01 / fps)
        if case .number(let only) = remap["k"] ?? .null {
            remap = ["a": 1, "k": [["t": 0, "s": .numbers([only]), "h": 1], ["t": .number(Double(max(1, frames - 1))), "s": .numbers([only]), "h": 1]]]
        }
        layer["tm"] = remap
        return layer
    }

    /// What every layer has: its index, span, identity transform and masks (clip paths a span,
    /// through `local` into the layer's own space).
    private static func common(type: Int, name: String, index: Int, from: Int, to: Int, clips: [[[Bezier]]], times: [Int],
                               local: [(Point) -> Point]?) -> JSON {
        var layer: JSON = ["ddd": 0, "ind": .number(Double(index)), "ty": .number(Double(type)), "nm": .string(name), "sr": 1,
                           "ks": ["o": value(100), "r": value(0), "p": value([0, 0, 0]), "a": value([0, 0, 0]), "s": value([100, 100, 100])],
                           "ao": 0, "ip": .number(Double(from)), "op": .number(Double(to)), "st": 0, "bm": 0]
        guard let first = clips.first, !first.isEmpty else { return layer }
        layer["hasMask"] = true
        var masks: [JSON] = []
        // The first clip is the union of its paths; each later one (one path) cuts it down.
        for (number, paths) in first.enumerated() {
            for path in paths.indices {
                let shapes = clips.enumerated().map { span, spanClips -> Bezier in
                    let shape = spanClips[number][path]
                    guard let map = local?[span] else { return shape }
                    return Bezier(vertices: shape.vertices.map { rounded(map($0)) },
                                  inTangents: shape.inTangents.map { rounded(vector(map, $0)) }, outTangents: shape.outTangents.map { rounded(vector(map, $0)) },
                                  closed: shape.closed)
                }
                masks.append(["inv": false, "mode": .string(number == 0 ? "a" : "i"), "pt": animated(shapes, times: times, keyframe: { .array([bezier($0)]) }, line: pathLine, bezier),
                              "o": value(100), "x": value(0), "nm": .string("clip \(number + 1)")])
            }
        }
        layer["masksProperties"] = .array(masks)
        return layer
    }

    private static func vector(_ map: (Point) -> Point, _ v: Point) -> Point {
        let origin = map(.zero), tip = map(v)
        return Point(x: tip.x - origin.x, y: tip.y - origin.y)
    }

    /// A shape group for a track: its paths (a keyframe only where they change other than by a
    /// move, turn or scale; those are the group's animated transform), its fill or stroke, and the
    /// group's transform.
    private static func group(_ track: [Item], times: [Int]) -> JSON {
        let shapes = track.compactMap { item -> (paths: [Bezier], kind: RecordedDrawing.Kind, paint: RecordedDrawing.Paint, opacity: Double)? in
            if case .shape(let paths, let kind, let paint, let opacity, _) = item { (paths, kind, paint, opacity) } else { nil }
        }
        // Each span's paths as the last drawn paths they are a move of, and the move.
        var drawn: [[Bezier]] = [], placement: [Similarity] = []
        for shape in shapes {
            if let base = drawn.last, let move = Similarity(from: base, to: shape.paths) {
                drawn.append(base)
                placement.append(move)
            } else {
                drawn.append(shape.paths)
                placement.append(.identity)
            }
        }
        var items: [JSON] = shapes[0].paths.indices.map { path in
            ["ty": "sh", "ks": animated(drawn.map { $0[path] }, times: times, keyframe: { .array([bezier($0)]) }, line: pathLine, bezier)]
        }
        let isGradient = if case .solid = shapes[0].paint { false } else { true }
        var style: JSON
        switch shapes[0].kind {
        case .fill: style = ["ty": .string(isGradient ? "gf" : "fl")]
        case .stroke: style = ["ty": .string(isGradient ? "gs" : "st")]
        }
        switch shapes[0].paint {
        case .solid:
            let colors = shapes.map { if case .solid(let c) = $0.paint { c } else { RecordedDrawing.RGBA(red: 0, green: 0, blue: 0, alpha: 0) } }
            style["c"] = animated(colors.map { [$0.red, $0.green, $0.blue, 1] }, times: times, line: line(0.002)) { .numbers($0) }
            style["o"] = animated(numbers: zip(colors, shapes).map { rounded($0.alpha * $1.opacity * 100) }, times: times, tolerance: 0.5)
        case .linear, .radial:
            gradient(into: &style, shapes.map(\.paint), opacities: shapes.map(\.opacity), placement: placement, times: times)
        }
        switch shapes[0].kind {
        case .fill(let evenOdd):
            style["r"] = evenOdd ? 2 : 1
        case .stroke(_, let cap, let join, let miterLimit, let dashes, _):
            let strokes = zip(shapes, placement).map { shape, move -> (width: Double, dashes: [Double], offset: Double) in
                guard case .stroke(let width, _, _, _, let dashes, let offset) = shape.kind else { return (0, [], 0) }
                let scale = move.scale
                return (rounded(width / scale), dashes.map { rounded($0 / scale) }, rounded(offset / scale))
            }
            style["w"] = animated(numbers: strokes.map(\.width), times: times, tolerance: 0.02)
            style["lc"] = .number(Double(cap))
            style["lj"] = .number(Double(join))
            style["ml"] = .number(miterLimit)
            if !dashes.isEmpty {
                var list: [JSON] = dashes.indices.map { dash in
                    ["n": .string(dash % 2 == 0 ? "d" : "g"), "nm": .string(dash % 2 == 0 ? "dash" : "gap"),
                     "v": animated(numbers: strokes.map { $0.dashes[dash] }, times: times, tolerance: 0.05)]
                }
                list.append(["n": "o", "nm": "offset", "v": animated(numbers: strokes.map(\.offset), times: times, tolerance: 0.05)])
                style["d"] = .array(list)
            }
        }
        items.append(style)
        items.append(["ty": "tr", "p": animated(placement.map { [rounded($0.wx), rounded($0.wy)] }, times: times, line: line(0.05)) { .numbers($0) },
                      "a": value([0, 0]), "s": animated(placement.map { [rounded($0.scale * 100), rounded($0.scale * 100)] }, times: times, line: line(0.1)) { .numbers($0) },
                      "r": animated(numbers: placement.map { rounded($0.degrees) }, times: times, tolerance: 0.1), "o": value(100), "sk": value(0), "sa": value(0)])
        return ["ty": "gr", "it": .array(items)]
    }

    /// A gradient's ends (in the group's own space) and its colour stops then opacity stops, as Lottie packs them.
    private static func gradient(into style: inout JSON, _ paints: [RecordedDrawing.Paint], opacities: [Double], placement: [Similarity], times: [Int]) {
        var ends: [[Double]] = [], packed: [[Double]] = [], type = 1, count = 0
        for (paint, move) in zip(paints, placement) {
            let (start, end, given): (Point, Point, [RecordedDrawing.Stop]) = switch paint {
            case .linear(let start, let end, let stops): (start, end, stops)
            case .radial(let center, let radius, let stops): (center, Point(x: center.x + radius, y: center.y), stops)
            case .solid: (.zero, .zero, [])
            }
            if case .radial = paint { type = 2 }
            let stops = given.count == 1 ? given + [RecordedDrawing.Stop(offset: 1, color: given[0].color)] : given
            count = stops.count
            var (s, e) = (rounded(move.inverted(start)), rounded(move.inverted(end)))
            // A radial gradient's edge point: its radius from the centre, in the group's own space.
            if case .radial = paint { e = Point(x: rounded(s.x + hypot(e.x - s.x, e.y - s.y)), y: s.y) }
            ends.append([s.x, s.y, e.x, e.y])
            packed.append(stops.flatMap { [$0.offset, $0.color.red, $0.color.green, $0.color.blue] } + stops.flatMap { [$0.offset, $0.color.alpha] })
        }
        style["o"] = animated(numbers: opacities.map { rounded($0 * 100) }, times: times, tolerance: 0.5)
        style["t"] = .number(Double(type))
        style["s"] = animated(ends.map { [$0[0], $0[1]] }, times: times, line: line(0.05)) { .numbers($0) }
        style["e"] = animated(ends.map { [$0[2], $0[3]] }, times: times, line: line(0.05)) { .numbers($0) }
        style["g"] = ["p": .number(Double(count)), "k": animated(packed, times: times, line: line(0.002)) { .numbers($0) }]
        if type == 2 {
            style["h"] = value(0)
            style["a"] = value(0)
        }
    }

    /// A path as Lottie writes one.
    static func bezier(_ path: Bezier) -> JSON {
        ["c": .bool(path.closed), "v": .array(path.vertices.map { .numbers([$0.x, $0.y]) }), "i": .array(path.inTangents.map { .numbers([$0.x, $0.y]) }),
         "o": .array(path.outTangents.map { .numbers([$0.x, $0.y]) })]
    }

    /// `value` to a hundredth (of a point, a degree, a percent): finer than any player draws.
    static func rounded(_ value: Double) -> Double { (value * 100).rounded() / 100 }

    static func rounded(_ point: Point) -> Point { Point(x: rounded(point.x), y: rounded(point.y)) }
}
