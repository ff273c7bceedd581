import Foundation
import RefreshGraphics
import RefreshPluginSDK

/// Walks a recording's SVG tree (as Cairo writes it) into ``RecordedDrawing`` items: each element
/// with what it inherits (transform, style, opacity, clips), glyphs and groups through their `<use>`.
struct RecordedDrawingReader {
    typealias Bezier = RecordedDrawing.Bezier
    typealias Item = RecordedDrawing.Item
    typealias Kind = RecordedDrawing.Kind
    typealias Paint = RecordedDrawing.Paint
    typealias Stop = RecordedDrawing.Stop
    typealias Transform = RecordedDrawing.Transform
    typealias Unsupported = RecordedDrawing.Unsupported

    let size: Size
    let scale: Double
    var items: [Item] = []
    var byID: [String: SVGElementTree.Element] = [:]
    var vertexCount = 0

    init(size: Size, scale: Double) { (self.size, self.scale) = (size, max(1, scale)) }

    /// What an element inherits from its ancestors.
    struct State {
        var matrix = AffineTransform.identity
        var style: [String: String] = [:]
        var opacity = 1.0
        var clips: [[Bezier]] = []
        var depth = 0
    }

    mutating func index(_ element: SVGElementTree.Element) {
        if let id = element.attributes["id"] { byID[id] = element }
        for child in element.children { index(child) }
    }

    mutating func walk(_ element: SVGElementTree.Element, _ outer: State) throws(Unsupported) {
        guard outer.depth < 64 else { throw Unsupported(reason: "groups nested more than 64 deep") }
        var state = outer
        state.depth += 1
        let style = SVGValues.style(of: element)
        for (key, value) in style { state.style[key] = value }
        if let filter = style["filter"], filter != "none" { throw Unsupported(reason: "a filter (\(filter))") }
        if let blend = style["mix-blend-mode"], blend != "normal" { throw Unsupported(reason: "the blend mode \(blend)") }
        if let transform = element.attributes["transform"] {
            state.matrix = try SVGValues.transform(transform).concatenating(state.matrix)
        }
        if let opacity = style["opacity"] { state.opacity *= try SVGValues.number(opacity, "opacity") }
        // The group's opacity is given to each thing it draws: the same where they do not overlap.
        if let mask = element.attributes["mask"] { state.opacity *= try maskOpacity(mask) }
        if let clip = element.attributes["clip-path"] { try addClip(clip, rule: style["clip-rule"], to: &state) }
        switch element.name {
        case "g", "svg":
            for child in element.children { try walk(child, state) }
        case "symbol":
            for child in element.children { try walk(child, state) }
        case "use":
            guard let href = element.attributes["xlink:href"] ?? element.attributes["href"], href.hasPrefix("#"),
                  let target = byID[String(href.dropFirst())] else { throw Unsupported(reason: "a <use> of something not in the recording") }
            let x = try SVGValues.number(element.attributes["x"] ?? "0", "x"), y = try SVGValues.number(element.attributes["y"] ?? "0", "y")
            state.matrix = AffineTransform.translation(x: x, y: y).concatenating(state.matrix)
            if target.name == "symbol" {
                // A glyph: Cairo puts an image's glyphs on whole pixels, and so does the export.
                state.matrix.tx = (state.matrix.tx * scale).rounded() / scale
                state.matrix.ty = (state.matrix.ty * scale).rounded() / scale
            }
            try walk(target, state)
        case "path":
            // A glyph with no outline (a space) is an empty path.
            let data = element.attributes["d"] ?? ""
            guard !data.allSatisfy(\.isWhitespace) else { break }
            let path: Path
            do { path = try SVGPathParser.parse(data) } catch { throw Unsupported(reason: "a path Lottie cannot read (\(error))") }
            try addShape(path, state)
        case "rect":
            let x = try SVGValues.number(element.attributes["x"] ?? "0", "x"), y = try SVGValues.number(element.attributes["y"] ?? "0", "y")
            let width = try SVGValues.number(element.attributes["width"] ?? "0", "width"), height = try SVGValues.number(element.attributes["height"] ?? "0", "height")
            var path = Path()
            path.addRect(Rect(x: x, y: y, width: width, height: height))
            try addShape(path, state)
        case "image":
            try addImage(element, state)
        case "linearGradient", "radialGradient", "clipPath", "mask", "pattern", "filter", "defs", "title", "desc", "metadata":
            break
        default:
            throw Unsupported(reason: "an SVG <\(element.name)> element")
        }
    }

    // MARK: Shapes

    /// Refuses a frame of more shapes than a Lottie player draws smoothly (and the export converts in good time).
    func checkItemCount() throws(Unsupported) {
        guard items.count < RecordedDrawing.itemLimit else { throw Unsupported(reason: "more than \(RecordedDrawing.itemLimit) shapes in one frame") }
    }

    mutating func addShape(_ path: Path, _ state: State) throws(Unsupported) {
        try checkItemCount()
        let style = state.style
        let fill = style["fill"] ?? "rgb(0%,0%,0%)", stroke = style["stroke"] ?? "none"
        if fill != "none" {
            let paint = try self.paint(fill, opacity: try SVGValues.number(style["fill-opacity"] ?? "1", "fill-opacity"), matrix: state.matrix)
            let paths = try beziers(path, state.matrix)
            if !paths.isEmpty, let clips = try trimmed(state.clips, around: paths, spread: 0) {
                items.append(.shape(paths: paths, kind: .fill(evenOdd: style["fill-rule"] == "evenodd"), paint: paint,
                                    opacity: SVGValues.rounded(state.opacity, 1000), clips: clips))
            }
        }
        if stroke != "none" {
            let m = state.matrix
            // A stroke's width is in the space it was drawn in: one scale for both axes, or no Lottie stroke says it.
            let scaleX = (m.a * m.a + m.b * m.b).squareRoot(), scaleY = (m.c * m.c + m.d * m.d).squareRoot()
            guard abs(scaleX - scaleY) <= 1e-6 * max(1, scaleX), abs(m.a * m.c + m.b * m.d) <= 1e-6 * max(1, scaleX * scaleY) else {
                throw Unsupported(reason: "a stroke drawn under a scale that differs between the axes or a skew")
            }
            let width = try SVGValues.number(style["stroke-width"] ?? "1", "stroke-width") * scaleX
            let cap = ["butt": 1, "round": 2, "square": 3][style["stroke-linecap"] ?? "butt"] ?? 1
            let join = ["miter": 1, "round": 2, "bevel": 3][style["stroke-linejoin"] ?? "miter"] ?? 1
            let miter = try SVGValues.number(style["stroke-miterlimit"] ?? "4", "stroke-miterlimit")
            var dashes: [Double] = []
            if let list = style["stroke-dasharray"], list != "none" {
                guard let values = SVGPathParser.numbers(list), values.allSatisfy({ $0.isFinite && $0 >= 0 }) else {
                    throw Unsupported(reason: "a dash list Lottie cannot read (\(list))")
                }
                dashes = (values.count % 2 == 1 ? values + values : values).map { SVGValues.rounded($0 * scaleX, SVGValues.pointSteps) }
                if dashes.allSatisfy({ $0 == 0 }) { dashes = [] }
            }
            let offset = try SVGValues.number(style["stroke-dashoffset"] ?? "0", "stroke-dashoffset") * scaleX
            let paint = try self.paint(stroke, opacity: try SVGValues.number(style["stroke-opacity"] ?? "1", "stroke-opacity"), matrix: m)
            let paths = try beziers(path, m)
            let spread = width / 2 * (join == 1 ? max(1, miter) : 1.5)
            if !paths.isEmpty, let clips = try trimmed(state.clips, around: paths, spread: spread) {
                let kind = Kind.stroke(width: SVGValues.rounded(width, SVGValues.pointSteps), cap: cap, join: join, miterLimit: SVGValues.rounded(miter, 1000),
                                       dashes: dashes, dashOffset: SVGValues.rounded(offset, SVGValues.pointSteps))
                items.append(.shape(paths: paths, kind: kind, paint: paint, opacity: SVGValues.rounded(state.opacity, 1000), clips: clips))
            }
        }
    }

    /// `path` under `matrix` as Lottie paths, each subpath one; subpaths of one point drop out.
    mutating func beziers(_ path: Path, _ matrix: AffineTransform) throws(Unsupported) -> [Bezier] {
        var result: [Bezier] = [], current = Bezier()
        func point(_ p: Point) throws(Unsupported) -> Point {
            let q = matrix.apply(p)
            guard q.x.isFinite, q.y.isFinite, abs(q.x) <= RecordedDrawing.coordinateLimit, abs(q.y) <= RecordedDrawing.coordinateLimit else {
                throw Unsupported(reason: "a coordinate out of range (\(q.x), \(q.y))")
            }
            return Point(x: SVGValues.rounded(q.x, SVGValues.pointSteps), y: SVGValues.rounded(q.y, SVGValues.pointSteps))
        }
        func finish() {
            if current.vertices.count > 1 || current.closed && current.vertices.count > 0 {
                // A closed path that came back to its start by a segment: the start takes that segment's tangent.
                if current.closed, current.vertices.count > 1, current.vertices.last == current.vertices.first {
                    current.inTangents[0] = current.inTangents.removeLast()
                    current.vertices.removeLast()
                    current.outTangents.removeLast()
                }
                result.append(current)
            }
            current = Bezier()
        }
        for element in path.elements {
            switch element {
            case .move(let p):
                finish()
                current.vertices = [try point(p)]
                current.inTangents = [.zero]
                current.outTangents = [.zero]
            case .line(let p):
                current.vertices.append(try point(p))
                current.inTangents.append(.zero)
                current.outTangents.append(.zero)
            case .cubic(let c1, let c2, let end):
                guard let last = current.vertices.last else { continue }
                let (a, b, e) = (try point(c1), try point(c2), try point(end))
                current.outTangents[current.outTangents.count - 1] = Point(x: SVGValues.rounded(a.x - last.x, SVGValues.pointSteps), y: SVGValues.rounded(a.y - last.y, SVGValues.pointSteps))
                current.vertices.append(e)
                current.inTangents.append(Point(x: SVGValues.rounded(b.x - e.x, SVGValues.pointSteps), y: SVGValues.rounded(b.y - e.y, SVGValues.pointSteps)))
                current.outTangents.append(.zero)
            case .close:
                current.closed = true
                let start = current.vertices.first
                finish()
                // Cairo goes on from the closed subpath's start.
                if let start {
                    current.vertices = [start]
                    current.inTangents = [.zero]
                    current.outTangents = [.zero]
                }
            }
            vertexCount += 1
            guard vertexCount <= RecordedDrawing.vertexLimit else {
                throw Unsupported(reason: "more than \(RecordedDrawing.vertexLimit) path points in one frame")
            }
        }
        finish()
        return result
    }

    /// `clips` without those that cannot cut what is drawn (a rectangle holding the whole
    /// frame or the whole of `paths`, widened by `spread` for a stroke), as Lottie masks can
    /// say them; nil when a clip of nothing hides it all.
    func trimmed(_ clips: [[Bezier]], around paths: [Bezier], spread: Double) throws(Unsupported) -> [[Bezier]]? {
        guard !clips.isEmpty else { return [] }
        if clips.contains(where: \.isEmpty) { return nil }
        var bounds = Rect(x: 0, y: 0, width: size.width, height: size.height)
        if let drawn = Self.bounds(paths) { bounds = drawn.insetBy(-spread - 1) }
        let frame = Rect(x: 0, y: 0, width: size.width, height: size.height)
        let kept = clips.filter { clip in
            guard clip.count == 1, let box = Self.rectangle(clip[0]) else { return true }
            return !(Self.contains(box, frame) || Self.contains(box, bounds))
        }
        // Masks add up, then each later one intersects: only the first clip may have several paths.
        if kept.dropFirst().contains(where: { $0.count > 1 }) { throw Unsupported(reason: "a clip of several paths inside another clip") }
        return kept
    }

    static func contains(_ outer: Rect, _ inner: Rect) -> Bool {
        outer.minX <= inner.minX && outer.minY <= inner.minY && outer.maxX >= inner.maxX && outer.maxY >= inner.maxY
    }

    /// The box around every vertex and control point (a curve stays inside its control points).
    static func bounds(_ paths: [Bezier]) -> Rect? {
        var points: [Point] = []
        for path in paths {
            for (index, v) in path.vertices.enumerated() {
                points += [v, Point(x: v.x + path.inTangents[index].x, y: v.y + path.inTangents[index].y),
                           Point(x: v.x + path.outTangents[index].x, y: v.y + path.outTangents[index].y)]
            }
        }
        guard let first = points.first else { return nil }
        var (minX, minY, maxX, maxY) = (first.x, first.y, first.x, first.y)
        for p in points { (minX, minY, maxX, maxY) = (min(minX, p.x), min(minY, p.y), max(maxX, p.x), max(maxY, p.y)) }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// The rectangle a closed path of four straight, axis-aligned sides is; else nil.
    static func rectangle(_ path: Bezier) -> Rect? {
        guard path.closed, path.vertices.count == 4, (path.inTangents + path.outTangents).allSatisfy({ $0 == .zero }) else { return nil }
        let xs = Set(path.vertices.map(\.x)), ys = Set(path.vertices.map(\.y))
        guard xs.count <= 2, ys.count <= 2, let x0 = xs.min(), let x1 = xs.max(), let y0 = ys.min(), let y1 = ys.max() else { return nil }
        for index in 0..<4 {
            let p = path.vertices[index], q = path.vertices[(index + 1) % 4]
            guard p.x == q.x || p.y == q.y else { return nil }
        }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    // MARK: Clips, masks, paints

    mutating func addClip(_ reference: String, rule: String?, to state: inout State) throws(Unsupported) {
        guard let element = referenced(reference), element.name == "clipPath" else { throw Unsupported(reason: "a clip that is not in the recording (\(reference))") }
        var matrix = state.matrix
        if let transform = element.attributes["transform"] { matrix = try SVGValues.transform(transform).concatenating(matrix) }
        var paths: [Bezier] = []
        for child in element.children {
            var path = Path()
            var childMatrix = matrix
            if let transform = child.attributes["transform"] { childMatrix = try SVGValues.transform(transform).concatenating(matrix) }
            switch child.name {
            case "path":
                do { path = try SVGPathParser.parse(child.attributes["d"] ?? "") } catch { throw Unsupported(reason: "a clip path Lottie cannot read (\(error))") }
            case "rect":
                path.addRect(Rect(x: try SVGValues.number(child.attributes["x"] ?? "0", "x"), y: try SVGValues.number(child.attributes["y"] ?? "0", "y"),
                                  width: try SVGValues.number(child.attributes["width"] ?? "0", "width"),
                                  height: try SVGValues.number(child.attributes["height"] ?? "0", "height")))
            default:
                throw Unsupported(reason: "a clip made of <\(child.name)>")
            }
            paths += try beziers(path, childMatrix)
        }
        let evenOdd = (rule ?? SVGValues.style(of: element.children.first ?? element)["clip-rule"]) == "evenodd"
        if evenOdd && paths.count > 1 { throw Unsupported(reason: "an even-odd clip of several paths") }
        state.clips.append(paths)
    }

    /// The opacity a `mask` reference stands for: Cairo's mask for `paint_with_alpha` is a
    /// rectangle of one alpha over the whole group. Any other mask is unsupported.
    func maskOpacity(_ reference: String) throws(Unsupported) -> Double {
        guard let mask = referenced(reference), mask.name == "mask" else { throw Unsupported(reason: "a mask that is not in the recording (\(reference))") }
        var drawn: [SVGElementTree.Element] = []
        func collect(_ element: SVGElementTree.Element) {
            if element.name == "g" { element.children.forEach(collect) } else { drawn.append(element) }
        }
        mask.children.forEach(collect)
        guard drawn.count == 1, drawn[0].name == "rect", let opacity = SVGValues.style(of: drawn[0])["fill-opacity"],
              let width = drawn[0].attributes["width"].flatMap(Double.init), let height = drawn[0].attributes["height"].flatMap(Double.init),
              width >= size.width, height >= size.height else {
            throw Unsupported(reason: "a mask other than one alpha over a whole group")
        }
        return try SVGValues.number(opacity, "fill-opacity")
    }

    func referenced(_ reference: String) -> SVGElementTree.Element? {
        let trimmed = SVGAttributes.trimmed(reference)
        guard trimmed.hasPrefix("url(#"), trimmed.hasSuffix(")") else { return nil }
        return byID[String(trimmed.dropFirst(5).dropLast())]
    }

    func paint(_ value: String, opacity: Double, matrix: AffineTransform) throws(Unsupported) -> Paint {
        if value.hasPrefix("url(") {
            guard let gradient = referenced(value) else { throw Unsupported(reason: "a paint that is not in the recording (\(value))") }
            return try self.gradient(gradient, opacity: opacity, matrix: matrix)
        }
        guard var color = SVGValues.color(value) else { throw Unsupported(reason: "a colour Lottie cannot read (\(value))") }
        color.alpha = SVGValues.rounded(color.alpha * opacity, 1000)
        return .solid(color)
    }

    func gradient(_ element: SVGElementTree.Element, opacity: Double, matrix outer: AffineTransform) throws(Unsupported) -> Paint {
        let a = element.attributes
        guard a["gradientUnits"] == "userSpaceOnUse" else { throw Unsupported(reason: "a gradient in the shape's own units") }
        if let spread = a["spreadMethod"], spread != "pad" { throw Unsupported(reason: "a gradient that repeats (\(spread))") }
        var matrix = outer
        if let transform = a["gradientTransform"] { matrix = try SVGValues.transform(transform).concatenating(outer) }
        let scaleX = (matrix.a * matrix.a + matrix.b * matrix.b).squareRoot(), scaleY = (matrix.c * matrix.c + matrix.d * matrix.d).squareRoot()
        guard abs(scaleX - scaleY) <= 1e-6 * max(1, scaleX), abs(matrix.a * matrix.c + matrix.b * matrix.d) <= 1e-6 * max(1, scaleX * scaleY) else {
            throw Unsupported(reason: "a gradient under a scale that differs between the axes or a skew")
        }
        var stops: [Stop] = []
        let stopElements = element.children.filter { $0.name == "stop" }
        guard stopElements.count <= RecordedDrawing.stopLimit else { throw Unsupported(reason: "a gradient of more than \(RecordedDrawing.stopLimit) stops") }
        for stop in stopElements {
            let style = SVGValues.style(of: stop)
            guard var color = SVGValues.color(style["stop-color"] ?? "rgb(0%,0%,0%)") else { throw Unsupported(reason: "a gradient stop colour Lottie cannot read") }
            color.alpha = SVGValues.rounded(color.alpha * (try SVGValues.number(style["stop-opacity"] ?? "1", "stop-opacity")) * opacity, 1000)
            let offset = try SVGValues.number(stop.attributes["offset"] ?? "0", "offset")
            stops.append(Stop(offset: SVGValues.rounded(min(1, max(stops.last?.offset ?? 0, offset)), 1000), color: color))
        }
        guard !stops.isEmpty else { throw Unsupported(reason: "a gradient without stops") }
        func point(_ x: String, _ y: String) throws(Unsupported) -> Point {
            let p = matrix.apply(Point(x: try SVGValues.number(a[x] ?? "0", x), y: try SVGValues.number(a[y] ?? "0", y)))
            return Point(x: SVGValues.rounded(p.x, SVGValues.pointSteps), y: SVGValues.rounded(p.y, SVGValues.pointSteps))
        }
        if element.name == "linearGradient" {
            return .linear(start: try point("x1", "y1"), end: try point("x2", "y2"), stops: stops)
        }
        let center = try point("cx", "cy")
        if a["fx"] != nil || a["fy"] != nil {
            let focus = try point(a["fx"] == nil ? "cx" : "fx", a["fy"] == nil ? "cy" : "fy")
            guard abs(focus.x - center.x) < 0.01, abs(focus.y - center.y) < 0.01 else { throw Unsupported(reason: "a radial gradient whose focus is not its centre") }
        }
        let radius = try SVGValues.number(a["r"] ?? "0", "r") * scaleX
        return .radial(center: center, radius: SVGValues.rounded(radius, SVGValues.pointSteps), stops: stops)
    }

    mutating func addImage(_ element: SVGElementTree.Element, _ state: State) throws(Unsupported) {
        try checkItemCount()
        let a = element.attributes
        guard let href = a["xlink:href"] ?? a["href"], href.hasPrefix("data:image/png;base64,") else { throw Unsupported(reason: "an image that is not a PNG in the recording") }
        guard let width = a["width"].flatMap(Double.init), let height = a["height"].flatMap(Double.init), width >= 1, height >= 1 else {
            throw Unsupported(reason: "an image without a size")
        }
        guard width * height <= 4096 * 4096 else { throw Unsupported(reason: "an image of \(Int(width))×\(Int(height)) pixels") }
        let x = try SVGValues.number(a["x"] ?? "0", "x"), y = try SVGValues.number(a["y"] ?? "0", "y")
        let matrix = AffineTransform.translation(x: x, y: y).concatenating(state.matrix)
        let scaleX = (matrix.a * matrix.a + matrix.b * matrix.b).squareRoot(), scaleY = (matrix.c * matrix.c + matrix.d * matrix.d).squareRoot()
        guard abs(matrix.a * matrix.c + matrix.b * matrix.d) <= 1e-6 * max(1, scaleX * scaleY) else { throw Unsupported(reason: "an image drawn with a skew") }
        // Drawn at no size: nothing shows.
        guard abs(matrix.a * matrix.d - matrix.b * matrix.c) > 1e-9 else { return }
        let corners = [Point(x: 0, y: 0), Point(x: width, y: height)].map(matrix.apply)
        let box = Bezier(vertices: [corners[0], Point(x: corners[1].x, y: corners[0].y), corners[1], Point(x: corners[0].x, y: corners[1].y)],
                         inTangents: Array(repeating: .zero, count: 4), outTangents: Array(repeating: .zero, count: 4), closed: true)
        guard let clips = try trimmed(state.clips, around: [box], spread: 0) else { return }
        items.append(.image(png: String(href.dropFirst("data:image/png;base64,".count)), width: Int(width), height: Int(height),
                            transform: Transform(matrix), opacity: SVGValues.rounded(state.opacity, 1000), clips: clips))
    }
}
