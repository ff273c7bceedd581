import Foundation
import RefreshGraphics
import RefreshPluginSDK

/// The drawing's transforms here (Foundation has a type of the same name).
typealias AffineTransform = RefreshGraphics.AffineTransform

/// A frame's drawing as a ``VectorRecording`` wrote it (Cairo's SVG), read into what a Lottie shape
/// layer can say: filled and stroked paths with their paints, clips, opacity and images, in the
/// frame's points with every transform applied. What Lottie cannot say is an ``Unsupported``
/// naming it, and the frame is exported as an image instead.
struct RecordedDrawing {
    /// A path in Lottie's form: vertices with in and out tangents relative to them.
    struct Bezier: Equatable, Hashable {
        var vertices: [Point] = [], inTangents: [Point] = [], outTangents: [Point] = []
        var closed = false
    }

    /// A colour with its alpha, 0...1.
    struct RGBA: Equatable, Hashable {
        var red, green, blue, alpha: Double
    }

    /// A gradient stop.
    struct Stop: Equatable, Hashable {
        var offset: Double
        var color: RGBA
    }

    /// What a path is filled or stroked with.
    enum Paint: Equatable, Hashable {
        case solid(RGBA)
        case linear(start: Point, end: Point, stops: [Stop])
        /// A gradient from `center` to a circle of `radius` around it.
        case radial(center: Point, radius: Double, stops: [Stop])
    }

    /// How a path is drawn.
    enum Kind: Equatable, Hashable {
        case fill(evenOdd: Bool)
        case stroke(width: Double, cap: Int, join: Int, miterLimit: Double, dashes: [Double], dashOffset: Double)
    }

    /// One thing drawn, under the clips that apply to it (each the union of its paths; all of them intersected).
    enum Item: Equatable, Hashable {
        case shape(paths: [Bezier], kind: Kind, paint: Paint, opacity: Double, clips: [[Bezier]])
        /// A PNG (base64) of `width` × `height` pixels drawn with `transform`.
        case image(png: String, width: Int, height: Int, transform: Transform, opacity: Double, clips: [[Bezier]])

        var clips: [[Bezier]] {
            switch self {
            case .shape(_, _, _, _, let clips), .image(_, _, _, _, _, let clips): clips
            }
        }
    }

    /// An affine transform that can be compared and hashed.
    struct Transform: Equatable, Hashable {
        var a, b, c, d, tx, ty: Double
        init(_ m: AffineTransform) { (a, b, c, d, tx, ty) = (m.a, m.b, m.c, m.d, m.tx, m.ty) }
    }

    /// Why a drawing cannot be a Lottie shape layer.
    struct Unsupported: Error, Equatable {
        var reason: String
    }

    /// What was drawn, bottom first.
    let items: [Item]

    /// The most path vertices a frame may have: a drawing with more is exported as an image.
    static let vertexLimit = 50_000
    /// The most shapes (fills, strokes, images) a frame may have: a drawing with more is exported as an image.
    static let itemLimit = 2_000
    /// The most stops a gradient may have.
    static let stopLimit = 256
    /// The largest recording read, in bytes of SVG: a larger one is exported as an image, unread.
    static let recordingLimit = 2 << 20
    /// The largest coordinate taken, in points: beyond it a drawing is exported as an image.
    static let coordinateLimit = 100_000.0

    /// Reads `svg`, a frame of `size` points whose image has `scale` pixels a point.
    init(svg: String, size: Size, scale: Double) throws(Unsupported) {
        guard svg.utf8.count <= Self.recordingLimit else {
            throw Unsupported(reason: "a recording of \(svg.utf8.count >> 10) KB, more than the \(Self.recordingLimit >> 20) MB read")
        }
        let tree: SVGElementTree
        do {
            tree = try SVGElementTree(data: Data(svg.utf8), file: "the recording")
        } catch {
            throw Unsupported(reason: "the recording is not SVG (\(error.reason))")
        }
        var reader = RecordedDrawingReader(size: size, scale: scale)
        reader.index(tree.root)
        for child in tree.root.children where child.name != "defs" {
            try reader.walk(child, RecordedDrawingReader.State())
        }
        items = reader.items
    }
}
