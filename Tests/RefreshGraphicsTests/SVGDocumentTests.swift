import Foundation
import Testing
import RefreshGraphics
import TestSupport

/// The whole-file SVG reader: shapes against outlines written by hand, transforms, viewBox and
/// preserveAspectRatio, what it names instead of drawing, its errors, and icon files against an
/// independent renderer (rsvg-convert, Debian's librsvg2-bin).
@Suite struct SVGDocumentTests {
    func read(_ body: String, root: String = #"viewBox="0 0 24 24""#) throws -> SVGDocument {
        try SVGDocument(data: Data("<svg xmlns=\"http://www.w3.org/2000/svg\" \(root)>\(body)</svg>".utf8), file: "test.svg")
    }

    func points(_ path: Path) -> [Point] {
        path.elements.compactMap { element -> Point? in
            switch element {
            case .move(let p), .line(let p): p
            default: nil
            }
        }
    }

    @Test func basicShapesAreTheirOutlines() async throws {
        let doc = try read(#"<circle cx="12" cy="12" r="10"/><rect x="2" y="3" width="10" height="6"/><line x1="1" y1="2" x2="3" y2="4"/>"# +
                           #"<polyline points="1,1 5,1 5,5"/><polygon points="0 0 4 0 2 3"/><ellipse cx="5" cy="6" rx="4" ry="2"/>"#)
        #expect(doc.shapes.map(\.element) == ["circle", "rect", "line", "polyline", "polygon", "ellipse"])
        var circle = Path()
        circle.addEllipse(in: Rect(x: 2, y: 2, width: 20, height: 20))
        #expect(doc.shapes[0].path == circle)
        var rect = Path()
        rect.addRect(Rect(x: 2, y: 3, width: 10, height: 6))
        #expect(doc.shapes[1].path == rect)
        #expect(points(doc.shapes[2].path) == [Point(x: 1, y: 2), Point(x: 3, y: 4)])
        #expect(points(doc.shapes[3].path) == [Point(x: 1, y: 1), Point(x: 5, y: 1), Point(x: 5, y: 5)])
        #expect(doc.shapes[4].path.elements.last == .close)
        #expect(doc.shapes[5].path.bounds.map { abs($0.minX - 1) < 1e-9 && abs($0.maxX - 9) < 1e-9 && abs($0.minY - 4) < 1e-9 && abs($0.maxY - 8) < 1e-9 } == true)
        #expect(doc.shapes.allSatisfy { $0.filled && !$0.stroked }, "fill defaults to black, stroke to none")
    }

    @Test func roundedRectsKeepTheirCornersInside() async throws {
        let doc = try read(#"<rect x="0" y="0" width="20" height="10" rx="4"/><rect x="0" y="0" width="20" height="10" rx="30" ry="2"/>"#)
        let bounds = try #require(doc.shapes[0].path.bounds)
        #expect(abs(bounds.width - 20) < 1e-9 && abs(bounds.height - 10) < 1e-9)
        #expect(points(doc.shapes[0].path).first == Point(x: 4, y: 0), "the top edge starts after the corner")
        #expect(points(doc.shapes[1].path).first == Point(x: 10, y: 0), "rx is limited to half the width")
    }

    @Test func transformsApplyRightToLeftAndNest() async throws {
        let doc = try read(#"<g transform="translate(10 0)"><line x1="0" y1="0" x2="1" y2="0" transform="rotate(90) scale(2)"/></g>"# +
                           #"<line x1="1" y1="1" x2="2" y2="1" transform="matrix(1 0 0 1 5 5)"/><line x1="0" y1="2" x2="0" y2="2" transform="skewX(45)"/>"#)
        let first = points(doc.shapes[0].path)
        // scale first (1,0 → 2,0), then rotate 90° (→ 0,2), then the group's translate (→ 10,2).
        #expect(abs(first[1].x - 10) < 1e-9 && abs(first[1].y - 2) < 1e-9, "\(first)")
        #expect(points(doc.shapes[1].path) == [Point(x: 6, y: 6), Point(x: 7, y: 6)])
        #expect(abs(points(doc.shapes[2].path)[0].x - 2) < 1e-9, "skewX(45) moves y = 2 by 2")
    }

    @Test func useDrawsASymbolWhereItIsPlaced() async throws {
        let doc = try read(##"<defs><symbol id="s"><line x1="0" y1="0" x2="1" y2="0"/></symbol></defs><use href="#s" x="3" y="4"/><use href="#missing"/>"##)
        #expect(doc.shapes.count == 1)
        #expect(points(doc.shapes[0].path) == [Point(x: 3, y: 4), Point(x: 4, y: 4)])
        #expect(doc.notices == ["<use> of an element not in the file is not drawn"])
    }

    @Test func whatIsNotDrawnIsNamed() async throws {
        let doc = try read(#"<text>a</text><text>b</text><image href="x.png"/><filter id="f"/><style>circle{}</style>"# +
                           ##"<linearGradient id="g"/><circle cx="1" cy="1" r="1" fill="url(#g)"/><circle cx="1" cy="1" r="1" fill="none"/>"##)
        #expect(doc.shapes.count == 1)
        #expect(doc.notices == ["<text>: text is not drawn (×2)", "<image>: pictures are not drawn", "<filter> is not applied",
                                "<style>: CSS is not applied (attributes and style= are)", "gradient and pattern paints are drawn as plain outlines",
                                "shapes with neither fill nor stroke are not drawn"])
    }

    /// A length this reader does not take is said, and its shape left out — not drawn at the
    /// length 0 stands for; a coordinate past path data's ±1e9, after transforms too, is an error.
    @Test func unreadableLengthsAndHugeCoordinatesAreSaid() async throws {
        let doc = try read(#"<rect width="100%" height="10"/><line x1="0" y1="0" x2="NaN" y2="1"/><circle cx="1" cy="1" r="1"/>"#)
        #expect(doc.shapes.map(\.element) == ["circle"])
        #expect(doc.notices == [#"<rect>: width="100%" is not a length in user units (a number, or px); the shape is not drawn"#,
                                #"<line>: x2="NaN" is not a length in user units (a number, or px); the shape is not drawn"#])
        func error(_ body: String) -> String {
            do { _ = try read(body); return "read" } catch { return "\(error)" }
        }
        #expect(error(#"<circle cx="12" cy="12" r="1e308"/>"#) == "test.svg, line 1: <circle>: coordinates beyond ±1e9 (after its transforms)")
        #expect(error(#"<g transform="scale(1e308)"><rect width="2" height="2"/></g>"#) == "test.svg, line 1: <rect>: coordinates beyond ±1e9 (after its transforms)")
    }

    @Test func theViewBoxIsPlacedAsABrowserPlacesIt() async throws {
        let doc = try read(#"<rect x="0" y="0" width="20" height="10"/>"#, root: #"viewBox="0 0 20 10" preserveAspectRatio="xMinYMax meet""#)
        let placed = try #require(doc.paths(fittedInto: Rect(x: 0, y: 0, width: 40, height: 40)).first?.bounds)
        #expect(placed.minX == 0 && placed.width == 40 && placed.maxY == 40 && placed.height == 20, "\(placed)")
        let stretched = try read(#"<rect x="0" y="0" width="20" height="10"/>"#, root: #"viewBox="0 0 20 10" preserveAspectRatio="none""#)
        #expect(stretched.paths(fittedInto: Rect(x: 0, y: 0, width: 40, height: 40)).first?.bounds == Rect(x: 0, y: 0, width: 40, height: 40))
    }

    @Test func badFilesSayWhatAndWhere() async {
        func error(_ text: String) -> String {
            do { _ = try SVGDocument(data: Data(text.utf8), file: "bad.svg"); return "read" } catch { return error.description }
        }
        #expect(error("<svg><path d=\"M0 0 L\"/></svg>").hasPrefix("bad.svg, line 1: <path>: d: "))
        #expect(error("<html></html>") == "bad.svg, line 1: the root element is <html>, not <svg>")
        #expect(error("<svg><g></svg>").contains("not well-formed XML"))
        #expect(error("<svg>\n<symbol id=\"a\"><use href=\"#a\"/></symbol>\n<use href=\"#a\"/></svg>").contains("nested more than 64 deep"))
        #expect(!SVGDocument.looksLikeSVG(Data("M0 0 L 10 10".utf8)) && SVGDocument.looksLikeSVG(Data("\u{FEFF}  <?xml version=\"1.0\"?><svg/>".utf8)))
        // Any markup is read as a document, so a root that is not <svg> says so (it was taken for path data).
        #expect(SVGDocument.looksLikeSVG(Data("\n<html><body/></html>".utf8)))
        // libxml2's numbers in words, the number kept.
        #expect(error("<svg><g></svg>").contains("an end tag that does not match its start tag (XML error 76) at line 1"), "\(error("<svg><g></svg>"))")
        #expect(error("<svg a='1' a='2'/>").contains("an attribute given twice (XML error 42)"))
        let loop = "<?xml version=\"1.0\"?><!DOCTYPE svg [<!ENTITY a \"&b;\"><!ENTITY b \"&a;\">]><svg>&a;</svg>"
        #expect(error(loop).contains("an entity loop"), "\(error(loop))")
    }

    /// Icon files drawn from our outlines (strokes with the file's width, round ends, fills in
    /// their colour) cover the same pixels as rsvg-convert's rendering, within 4 % of the ink (96 px wide).
    @Test(arguments: ["clock", "card", "spokes", "shapes", "filled"])
    func iconsMatchAnIndependentRenderer(icon: String) async throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/rsvg-convert") else {
            Issue.record("rsvg-convert is missing: `make test` installs librsvg2-bin")
            return
        }
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("SVGIcons/\(icon).svg").path
        let reference = scratchDirectory("svg-\(icon)") + "/rsvg.png"
        // 96 px wide, the height by the file's aspect (given both, rsvg-convert would stretch).
        let (status, output) = try await runProgram("/usr/bin/rsvg-convert", ["-w", "96", "--keep-aspect-ratio", file, "-o", reference])
        #expect(status == 0, "\(output)")
        let theirs = try ImageSurface.readPNG(at: reference)
        let doc = try SVGDocument(data: Data(contentsOf: URL(fileURLWithPath: file)), file: file)
        let (width, height) = (theirs.width, theirs.height)
        let frame = Rect(x: 0, y: 0, width: Double(width), height: Double(height))
        let scale = try #require(doc.viewBox.map { min(frame.width / $0.width, frame.height / $0.height) })
        let ours = try ImageSurface(width: width, height: height)
        let canvas = Canvas(surface: ours)
        for (shape, path) in zip(doc.shapes, doc.paths(fittedInto: frame)) {
            if let fill = shape.fill {
                canvas.add(path)
                canvas.fill(.color(fill == "white" ? .white : .black))
            }
            if shape.stroke != nil {
                canvas.add(path)
                canvas.stroke(.color(.black), style: StrokeStyle(lineWidth: shape.strokeWidth * scale, cap: .round, join: .round))
            }
        }
        var union = 0, differ = 0
        for y in 0..<height {
            for x in 0..<width {
                let a = Self.isInk(ours.pixel(x: x, y: y)), b = Self.isInk(theirs.pixel(x: x, y: y))
                if a || b { union += 1 }
                if a != b { differ += 1 }
            }
        }
        #expect(union > 200, "\(icon): something is drawn")
        #expect(Double(differ) <= 0.04 * Double(union), "\(icon): \(differ) of \(union) ink pixels differ")
    }

    /// Dark and opaque enough to be ink (a white fill over black is a hole, as in the file).
    static func isInk(_ c: Color) -> Bool { c.alpha > 0.5 && (c.red + c.green + c.blue) / 3 < 0.5 }
}
