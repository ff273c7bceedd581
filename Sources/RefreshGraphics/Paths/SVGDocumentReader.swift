import Foundation

extension SVGDocument {
    /// Fill and stroke as inherited down the tree (`fill` defaults to black, `stroke` to none).
    struct Paint {
        var fill = "black"
        var stroke = "none"
        var strokeWidth = 1.0

        /// With `element`'s own `fill` and `stroke` (attributes, then its `style`, which wins).
        func merged(with element: SVGElementTree.Element) -> Paint {
            var paint = self
            let style = SVGAttributes.style(element.attributes["style"])
            if let fill = style["fill"] ?? element.attributes["fill"] { paint.fill = SVGAttributes.trimmed(fill) }
            if let stroke = style["stroke"] ?? element.attributes["stroke"] { paint.stroke = SVGAttributes.trimmed(stroke) }
            if let width = SVGAttributes.length(style["stroke-width"] ?? element.attributes["stroke-width"]), width >= 0 { paint.strokeWidth = width }
            return paint
        }

        var filled: Bool { fill != "none" && fill != "transparent" }
        var stroked: Bool { stroke != "none" && stroke != "transparent" }
    }

    /// Walks an element tree into shapes, keeping count of what it could not draw.
    struct Reader {
        let file: String
        var shapes: [Shape] = []
        private var ids: [String: SVGElementTree.Element] = [:]
        /// Each thing not drawn, in the order first met, with how many times.
        private var skipped: [(what: String, count: Int)] = []

        init(file: String) { self.file = file }

        /// Remembers every element with an `id`, for `use`.
        mutating func index(_ element: SVGElementTree.Element) {
            if let id = element.attributes["id"], ids[id] == nil { ids[id] = element }
            element.children.forEach { index($0) }
        }

        mutating func note(_ what: String) {
            if let i = skipped.firstIndex(where: { $0.what == what }) { skipped[i].count += 1 } else { skipped.append((what, 1)) }
        }

        func noticeLines() -> [String] {
            skipped.map { $0.count == 1 ? $0.what : "\($0.what) (×\($0.count))" }
        }

        func fail(_ element: SVGElementTree.Element, _ reason: String) -> SVGDocumentError {
            SVGDocumentError(file: file, line: element.line, reason: "<\(element.name)>: \(reason)")
        }

        mutating func walk(_ element: SVGElementTree.Element, transform parent: AffineTransform, paint inherited: Paint, depth: Int) throws(SVGDocumentError) {
            guard depth < 64 else { throw fail(element, "nested more than 64 deep (a <use> of itself?)") }
            let a = element.attributes
            if a["display"] == "none" || SVGAttributes.style(a["style"])["display"] == "none" { return }
            var own = AffineTransform.identity
            if let text = a["transform"] {
                if let t = SVGAttributes.transform(text) { own = t } else { note("a transform that does not parse is ignored: '\(text.prefix(40))'") }
            }
            let ctm = own.concatenating(parent)
            let paint = inherited.merged(with: element)
            switch element.name {
            case "svg" where depth > 0:
                let shift = AffineTransform.translation(x: SVGAttributes.length(a["x"]) ?? 0, y: SVGAttributes.length(a["y"]) ?? 0)
                for child in element.children { try walk(child, transform: shift.concatenating(ctm), paint: paint, depth: depth + 1) }
            case "svg", "g", "a", "switch":
                for child in element.children { try walk(child, transform: ctm, paint: paint, depth: depth + 1) }
            case "defs", "symbol", "title", "desc", "metadata", "linearGradient", "radialGradient", "pattern":
                return  // drawn only where used
            case "use":
                guard let href = a["href"], href.hasPrefix("#"), let target = ids[String(href.dropFirst())] else {
                    return note("<use> of an element not in the file is not drawn")
                }
                let placed = AffineTransform.translation(x: SVGAttributes.length(a["x"]) ?? 0, y: SVGAttributes.length(a["y"]) ?? 0).concatenating(ctm)
                if target.name == "symbol" {
                    for child in target.children { try walk(child, transform: placed, paint: paint.merged(with: target), depth: depth + 1) }
                } else {
                    try walk(target, transform: placed, paint: paint, depth: depth + 1)
                }
            case "path", "circle", "ellipse", "rect", "line", "polyline", "polygon":
                guard let shape = try shape(element), shape.hasSegments else { return }
                // The limit path data has, after the transforms too: a scale(1e308) is not drawn as nothing.
                let path = shape.transformed(by: ctm), limit = SVGPathParser.coordinateLimit
                if let b = path.bounds, [b.minX, b.minY, b.maxX, b.maxY].contains(where: { !$0.isFinite || abs($0) > limit }) {
                    throw fail(element, "coordinates beyond ±1e9 (after its transforms)")
                }
                if paint.fill.hasPrefix("url(") || paint.stroke.hasPrefix("url(") { note("gradient and pattern paints are drawn as plain outlines") }
                guard paint.filled || paint.stroked else { return note("shapes with neither fill nor stroke are not drawn") }
                shapes.append(Shape(path: path, element: element.name, line: element.line,
                                    fill: paint.filled ? paint.fill : nil, stroke: paint.stroked ? paint.stroke : nil, strokeWidth: paint.strokeWidth))
            case "text", "tspan", "textPath": note("<\(element.name)>: text is not drawn")
            case "image": note("<image>: pictures are not drawn")
            case "filter", "mask", "clipPath", "marker", "foreignObject": note("<\(element.name)> is not applied")
            case "style": note("<style>: CSS is not applied (attributes and style= are)")
            case "script": note("<script> is not run")
            default: note("<\(element.name)> is not drawn")
            }
        }

        /// The outline of a basic shape or path, in its own user units; nil when it has no size, or
        /// when a length is not one this reader takes (a percentage, an em, text: said in a notice).
        mutating func shape(_ element: SVGElementTree.Element) throws(SVGDocumentError) -> Path? {
            let a = element.attributes
            var unreadable: [String] = []
            var beyond: String?
            func number(_ key: String, _ otherwise: Double = 0) -> Double {
                guard let text = a[key] else { return otherwise }
                guard let value = SVGAttributes.length(text) else {
                    unreadable.append("\(key)=\"\(text.prefix(20))\"")
                    return otherwise
                }
                if abs(value) > SVGPathParser.coordinateLimit { beyond = beyond ?? key }
                return value
            }
            defer {
                if !unreadable.isEmpty { note("<\(element.name)>: \(unreadable.joined(separator: ", ")) is not a length in user units (a number, or px); the shape is not drawn") }
            }
            var path = Path()
            switch element.name {
            case "path":
                do { path = try SVGPathParser.parse(a["d"] ?? "") } catch { throw fail(element, "d: \(error.description)") }
            case "circle":
                let r = number("r")
                guard r > 0 else { return nil }
                path.addEllipse(in: Rect(x: number("cx") - r, y: number("cy") - r, width: 2 * r, height: 2 * r))
            case "ellipse":
                let rx = number("rx"), ry = number("ry")
                guard rx > 0, ry > 0 else { return nil }
                path.addEllipse(in: Rect(x: number("cx") - rx, y: number("cy") - ry, width: 2 * rx, height: 2 * ry))
            case "rect":
                let x = number("x"), y = number("y"), w = number("width"), h = number("height")
                guard w > 0, h > 0 else { return nil }
                var rx = a["rx"].map { _ in number("rx") }, ry = a["ry"].map { _ in number("ry") }
                if rx == nil { rx = ry }
                if ry == nil { ry = rx }
                let cornerX = min(max(0, rx ?? 0), w / 2), cornerY = min(max(0, ry ?? 0), h / 2)
                guard cornerX > 0, cornerY > 0 else { path.addRect(Rect(x: x, y: y, width: w, height: h)); break }
                path.move(to: Point(x: x + cornerX, y: y))
                for (center, start) in [(Point(x: x + w - cornerX, y: y + cornerY), -Double.pi / 2), (Point(x: x + w - cornerX, y: y + h - cornerY), 0),
                                        (Point(x: x + cornerX, y: y + h - cornerY), Double.pi / 2), (Point(x: x + cornerX, y: y + cornerY), Double.pi)] {
                    path.addArc(center: center, radiusX: cornerX, radiusY: cornerY, startAngle: start, sweep: .pi / 2)
                }
                path.close()
            case "line":
                path.move(to: Point(x: number("x1"), y: number("y1")))
                path.line(to: Point(x: number("x2"), y: number("y2")))
            default:  // polyline, polygon
                guard var values = SVGAttributes.numbers(a["points"] ?? "") else { throw fail(element, "points: not a list of numbers") }
                if values.count % 2 == 1 {
                    note("<\(element.name)>: an odd number of coordinates; the last one is dropped")
                    values.removeLast()
                }
                guard values.count >= 4 else { return nil }
                path.move(to: Point(x: values[0], y: values[1]))
                for i in stride(from: 2, to: values.count, by: 2) { path.line(to: Point(x: values[i], y: values[i + 1])) }
                if element.name == "polygon" { path.close() }
            }
            if beyond != nil { throw fail(element, "coordinates beyond ±1e9 (after its transforms)") }
            return unreadable.isEmpty ? path : nil
        }
    }
}
