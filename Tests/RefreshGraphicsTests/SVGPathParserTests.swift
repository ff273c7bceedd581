import Foundation
import Testing
@testable import RefreshGraphics

@Suite struct SVGPathParserTests {
    typealias E = Path.Element
    func p(_ x: Double, _ y: Double) -> Point { Point(x: x, y: y) }

    func elements(_ data: String) throws -> [E] { try SVGPathParser.parse(data).elements }

    func expectClose(_ a: Point, _ b: Point, _ tolerance: Double = 1e-9, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance, "\(a) ≠ \(b)", sourceLocation: sourceLocation)
    }

    // MARK: Commands, absolute and relative

    @Test(arguments: [
        ("M10 20L30 40", [E.move(Point(x: 10, y: 20)), .line(Point(x: 30, y: 40))]),
        ("m10 20l5 5", [.move(Point(x: 10, y: 20)), .line(Point(x: 15, y: 25))]),
        ("M10 20H50V60h-5v-5", [.move(Point(x: 10, y: 20)), .line(Point(x: 50, y: 20)), .line(Point(x: 50, y: 60)), .line(Point(x: 45, y: 60)), .line(Point(x: 45, y: 55))]),
        ("M0 0C10 0 20 10 20 20", [.move(.zero), .cubic(control1: Point(x: 10, y: 0), control2: Point(x: 20, y: 10), end: Point(x: 20, y: 20))]),
        ("m5 5c10 0 20 10 20 20", [.move(Point(x: 5, y: 5)), .cubic(control1: Point(x: 15, y: 5), control2: Point(x: 25, y: 15), end: Point(x: 25, y: 25))]),
        // S reflects the previous C's second control point about the current point.
        ("M0 0C10 0 20 10 20 20S30 40 40 40", [.move(.zero), .cubic(control1: Point(x: 10, y: 0), control2: Point(x: 20, y: 10), end: Point(x: 20, y: 20)),
                                                .cubic(control1: Point(x: 20, y: 30), control2: Point(x: 30, y: 40), end: Point(x: 40, y: 40))]),
        // Without a previous C, S's first control point is the current point.
        ("M0 0s10 10 20 0", [.move(.zero), .cubic(control1: .zero, control2: Point(x: 10, y: 10), end: Point(x: 20, y: 0))]),
        // Q becomes the cubic with controls 2/3 of the way to the quadratic control.
        ("M0 0Q30 0 30 30", [.move(.zero), .cubic(control1: Point(x: 20, y: 0), control2: Point(x: 30, y: 10), end: Point(x: 30, y: 30))]),
        ("M0 0Q30 0 30 30T60 60", [.move(.zero), .cubic(control1: Point(x: 20, y: 0), control2: Point(x: 30, y: 10), end: Point(x: 30, y: 30)),
                                   .cubic(control1: Point(x: 30, y: 50), control2: Point(x: 40, y: 60), end: Point(x: 60, y: 60))]),
        ("M10 10L20 10L20 20Z", [.move(Point(x: 10, y: 10)), .line(Point(x: 20, y: 10)), .line(Point(x: 20, y: 20)), .close]),
        // After Z the next segment starts at the closed subpath's start, absolute or relative.
        ("M10 10L20 10ZL30 30", [.move(Point(x: 10, y: 10)), .line(Point(x: 20, y: 10)), .close, .move(Point(x: 10, y: 10)), .line(Point(x: 30, y: 30))]),
        ("M10 10l10 0zl5 5", [.move(Point(x: 10, y: 10)), .line(Point(x: 20, y: 10)), .close, .move(Point(x: 10, y: 10)), .line(Point(x: 15, y: 15))]),
        // Implicit repeats: after M they are L, after m they are l, other commands repeat themselves.
        ("M10 20 30 40", [.move(Point(x: 10, y: 20)), .line(Point(x: 30, y: 40))]),
        ("m10 20 5 5 1 1", [.move(Point(x: 10, y: 20)), .line(Point(x: 15, y: 25)), .line(Point(x: 16, y: 26))]),
        ("M0 0h10 10v5 5", [.move(.zero), .line(Point(x: 10, y: 0)), .line(Point(x: 20, y: 0)), .line(Point(x: 20, y: 5)), .line(Point(x: 20, y: 10))]),
    ] as [(String, [E])])
    func command(_ data: String, expected: [E]) throws {
        #expect(try elements(data) == expected)
    }

    // MARK: Numbers and separators

    @Test(arguments: [
        ("M-1-2l1 1", Point(x: -1, y: -2)),
        ("M.5.5l1 1", Point(x: 0.5, y: 0.5)),
        ("M0.1.2l1 1", Point(x: 0.1, y: 0.2)),
        ("M1e-3 1E+2l1 1", Point(x: 0.001, y: 100)),
        ("M1.5e2,3l1 1", Point(x: 150, y: 3)),
        ("M+1 +2l1 1", Point(x: 1, y: 2)),
        ("  M \t10 ,\n 20 l1 1", Point(x: 10, y: 20)),
        ("M-.5-.5l1 1", Point(x: -0.5, y: -0.5)),
        ("M12345678901234567890e-12 0l1 1", Point(x: 12345678.901234567890, y: 0)),
        ("M0.30000000000000004 7e-23l1 1", Point(x: 0.30000000000000004, y: 7e-23)),
    ])
    func numberForms(_ data: String, expected: Point) throws {
        #expect(try elements(data).first == .move(expected))
    }

    @Test func compactArcFlags() throws {
        let spaced = try elements("M0 0a1 1 0 0 0 1 1")
        #expect(try elements("M0 0a1 1 0 00 1 1") == spaced)
        #expect(try elements("M0 0a1 1 0 0,0 1,1") == spaced)
        #expect(try elements("M0 0a1 1 0 001 1") == spaced)
        #expect(try elements("M0 0a1 1 0 111 1") == elements("M0 0a1 1 0 1 1 1 1"))
    }

    // MARK: Arcs (SVG implementation notes F.6)

    @Test func semicircleWithSweepGoesThroughTheTop() throws {
        let path = try SVGPathParser.parse("M0 0 A10 10 0 0 1 20 0")
        #expect(path.elements.count == 3, "two quarter-circle cubics")
        let bounds = try #require(path.bounds)
        #expect(abs(bounds.minY + 10) < 1e-3 && abs(bounds.maxY) < 1e-9)
        #expect(path.currentPoint == Point(x: 20, y: 0))
        let down = try SVGPathParser.parse("M0 0 A10 10 0 0 0 20 0").bounds!
        #expect(abs(down.maxY - 10) < 1e-3 && abs(down.minY) < 1e-9)
    }

    @Test(arguments: [(false, false, 1), (false, true, 1), (true, false, 3), (true, true, 3)])
    func allFourFlagCombinations(large: Bool, sweep: Bool, quarterCurves: Int) throws {
        // From (0,0) to (10,10) on a circle of radius 10: the centre is (10,0) or (0,10); the
        // small arcs span 90°, the large ones 270°.
        let data = "M0 0 A10 10 0 \(large ? 1 : 0) \(sweep ? 1 : 0) 10 10"
        let path = try SVGPathParser.parse(data)
        #expect(path.elements.count == 1 + quarterCurves, "\(data)")
        // F.6.5: sweep 1 with large 0 (and sweep 0 with large 1) uses the centre (10,0).
        let center = large != sweep ? Point(x: 0, y: 10) : Point(x: 10, y: 0)
        let measure = PathMeasure(path, flattening: .tolerance(0.001))
        for i in 0...20 {
            let point = try #require(measure.position(at: measure.length * Double(i) / 20)).point
            #expect(abs(hypot(point.x - center.x, point.y - center.y) - 10) < 0.01, "\(data): \(point) is off the circle around \(center)")
        }
        #expect(abs(measure.length - Double(quarterCurves) * .pi * 5) < 0.01)
    }

    @Test func radiiTooSmallAreScaledUp() throws {
        let bounds = try #require(SVGPathParser.parse("M0 0 A1 1 0 0 1 20 0").bounds)
        #expect(abs(bounds.minY + 10) < 1e-3, "scaled to radius 10: a semicircle")
    }

    @Test func zeroRadiusIsALine() throws {
        #expect(try elements("M0 0 A0 5 0 0 1 20 0") == [.move(.zero), .line(Point(x: 20, y: 0))])
        #expect(try elements("M0 0 A5 0 0 0 1 20 0") == [.move(.zero), .line(Point(x: 20, y: 0))])
    }

    @Test func arcToTheCurrentPointIsOmitted() throws {
        #expect(try elements("M5 5 A10 10 0 0 1 5 5 L10 10") == [.move(Point(x: 5, y: 5)), .line(Point(x: 10, y: 10))])
    }

    @Test func negativeRadiiCountAsPositive() throws {
        #expect(try elements("M0 0 A-10 -10 0 0 1 20 0") == elements("M0 0 A10 10 0 0 1 20 0"))
    }

    @Test func rotatedEllipse() throws {
        // Rotated 90°, rx runs along y: from (0,0) to (0,40) is half of an ellipse 10 wide.
        let bounds = try #require(SVGPathParser.parse("M0 0 A20 10 90 0 1 0 40").bounds)
        #expect(abs(bounds.width - 10) < 1e-3 && abs(bounds.height - 40) < 1e-6)
        #expect(abs(bounds.maxX - 10) < 1e-3, "sweep 1 (clockwise on screen) from the top goes round the right side")
    }

    @Test func arcEndsExactlyAtItsEndPoint() throws {
        let path = try SVGPathParser.parse("M0.1 0.2 A7.3 3.1 17 1 0 13.37 -4.2")
        #expect(path.currentPoint == Point(x: 13.37, y: -4.2))
    }

    // MARK: Errors

    @Test(arguments: [
        ("", 0, "a moveto command (M or m)", "end of data"),
        ("L10 10", 0, "a moveto command (M or m)", "'L'"),
        ("M10", 3, "a number", "end of data"),
        ("M10 20 L30 x", 11, "a number", "'x'"),
        ("M10 20", 6, "a drawing command (L, H, V, C, S, Q, T, A or Z) after the moveto", "end of data"),
        ("M1e 2l1 1", 3, "the digits of an exponent", "' '"),
        ("M0 0 A1 1 0 2 1 5 5", 12, "an arc flag (0 or 1)", "'2'"),
        ("M0 0 L1 2,", 10, "a number", "end of data"),
        ("M0 0 L1e999 0", 6, "a number within range", "'1'"),
        ("M0 0 # 1", 5, "a path command letter", "'#'"),
        ("M, 0 0", 1, "a number", "','"),
        ("M0 0 L1 1 é", 10, "a path command letter", "'é' (U+00E9)"),
        ("M0 0 Z 1 1", 7, "a path command letter", "'1'"),
        ("M0 0 L.", 6, "a number", "'.'"),
    ] as [(String, Int, String, String)])
    func errorsNameOffsetAndExpectation(_ data: String, offset: Int, expected: String, found: String) {
        #expect(throws: SVGPathError(offset: offset, expected: expected, found: found)) {
            try SVGPathParser.parse(data)
        }
    }

    @Test func errorMessageReadsNaturally() {
        let error = SVGPathError(offset: 17, expected: "a number", found: "'x'")
        #expect(error.description == "expected a number at offset 17, found 'x'")
    }
}
