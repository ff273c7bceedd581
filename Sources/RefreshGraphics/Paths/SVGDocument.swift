import Foundation

/// A whole SVG file read as outlines: `path`, `circle`, `ellipse`, `rect` (rounded corners too),
/// `line`, `polyline` and `polygon`, inside nested `g` (and `a`, `switch`), with `transform` on any
/// element, `viewBox` and `preserveAspectRatio`, whether each shape is stroked or filled, and `use`
/// of a local `symbol` or element. What it cannot draw (text, images, gradients, filters, masks,
/// clip paths, CSS) is named in ``notices``, never dropped in silence.
public struct SVGDocument: Sendable {
    /// One shape, in the document's user units with every transform applied.
    public struct Shape: Sendable {
        public var path: Path
        /// The element it came from (`circle`, `path`…) and its line.
        public var element: String
        public var line: Int
        /// The fill and stroke paint as written (`black`, `#0A84FF`, `currentColor`, `url(#g)`); nil for none.
        public var fill: String?
        public var stroke: String?
        /// The stroke width in the shape's own user units (before its transforms).
        public var strokeWidth: Double
        /// Whether it is stroked, filled.
        public var stroked: Bool { stroke != nil }
        public var filled: Bool { fill != nil }
    }

    /// The shapes in document order.
    public var shapes: [Shape]
    /// The viewBox (else `0 0 width height`, when both are given); nil when the file gives neither.
    public var viewBox: Rect?
    /// `preserveAspectRatio`: where the viewBox sits in a frame of another shape, and whether it
    /// is scaled to fit inside (`meet`), to cover (`slice`) or stretched (`none`).
    public var alignment: (x: Double, y: Double)? = (0.5, 0.5)
    public var slice = false
    /// What was not drawn and why, one line each ("2 <text> elements: text is not drawn").
    public var notices: [String]

    /// The largest file read: far more than any icon.
    public static let fileLimit = 4 << 20

    /// Whether `data` starts like markup, after a byte order mark and blanks: an SVG or XML document
    /// is read as one, and any other markup (`<html>`) is then refused by its root, with its line.
    /// Path data never starts with `<`.
    public static func looksLikeSVG(_ data: Data) -> Bool {
        let head = String(decoding: data.prefix(1024), as: UTF8.self).drop { $0 == "\u{FEFF}" || $0.isWhitespace }
        return head.hasPrefix("<")
    }

    /// Reads `data`, the contents of `file` (named in errors).
    public init(data: Data, file: String) throws(SVGDocumentError) {
        guard data.count <= Self.fileLimit else { throw SVGDocumentError(file: file, line: 0, reason: "over \(Self.fileLimit >> 20) MB") }
        let tree = try SVGElementTree(data: data, file: file)
        var reader = Reader(file: file)
        reader.index(tree.root)
        try reader.walk(tree.root, transform: .identity, paint: .init(), depth: 0)
        shapes = reader.shapes
        notices = reader.noticeLines()
        let root = tree.root.attributes
        if let box = root["viewBox"].flatMap(SVGAttributes.numbers), box.count == 4, box[2] > 0, box[3] > 0 {
            viewBox = Rect(x: box[0], y: box[1], width: box[2], height: box[3])
        } else if let w = SVGAttributes.length(root["width"]), let h = SVGAttributes.length(root["height"]), w > 0, h > 0 {
            viewBox = Rect(x: 0, y: 0, width: w, height: h)
        }
        let aspect = (root["preserveAspectRatio"] ?? "xMidYMid meet").split(separator: " ").map(String.init)
        if aspect.first == "none" {
            alignment = nil
        } else if let align = aspect.first, align.count == 8 {
            let x = align.prefix(4), y = align.suffix(4)
            alignment = (x == "xMin" ? 0 : x == "xMax" ? 1 : 0.5, y == "YMin" ? 0 : y == "YMax" ? 1 : 0.5)
        }
        slice = aspect.dropFirst().first == "slice"
    }

    /// The shapes' paths placed in `rect` as a browser places the viewBox in a viewport of that
    /// shape (the shapes' bounds stand in for a missing viewBox).
    public func paths(fittedInto rect: Rect) -> [Path] {
        let paths = shapes.map(\.path)
        guard let frame = viewBox ?? paths.compactMap(\.bounds).reduce(nil, { (u: Rect?, b: Rect) in u?.union(b) ?? b }),
              frame.width > 0, frame.height > 0 else { return paths }
        var sx = rect.width / frame.width, sy = rect.height / frame.height
        var dx = rect.minX, dy = rect.minY
        if let alignment {
            let s = slice ? max(sx, sy) : min(sx, sy)
            sx = s
            sy = s
            dx += (rect.width - frame.width * s) * alignment.x
            dy += (rect.height - frame.height * s) * alignment.y
        }
        let transform = AffineTransform.translation(x: -frame.minX, y: -frame.minY).concatenating(.scale(x: sx, y: sy)).concatenating(.translation(x: dx, y: dy))
        return paths.map { $0.transformed(by: transform) }
    }
}
