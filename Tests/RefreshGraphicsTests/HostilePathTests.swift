import Foundation
import Testing
@testable import RefreshGraphics

/// Path data an attacker or a careless export sends: every stage after parsing survives it, and
/// geometry that is not finite is an error that names the command (input-hardening issue,
/// items 1–6).
@Suite struct HostilePathTests {
    /// Item 1: these trapped in `flattened()` and `PathMeasure` (Double → Int of NaN or ∞).
    @Test func hugeControlPointsBuiltInCodeNeitherTrapNorGiveInfiniteLengths() {
        for control in [1e38, 1e300, .greatestFiniteMagnitude, -.greatestFiniteMagnitude] {
            var path = Path()
            path.move(to: Point(x: 0, y: 0))
            path.curve(to: Point(x: 1, y: 1), control1: Point(x: control, y: 0), control2: Point(x: 0, y: 0))
            path.line(to: Point(x: 1e308, y: 0))
            let polylines = path.flattened()
            #expect(!polylines.isEmpty)
            #expect(polylines.allSatisfy { $0.points.count <= 2 * 4096 + 2 })
            let measure = PathMeasure(path)
            #expect(measure.length.isFinite, "control \(control): length \(measure.length)")
            _ = measure.trimmed(from: 0.2, to: 0.8)
            _ = measure.position(at: measure.length / 2)
            _ = Path.fit([path], into: Rect(x: 0, y: 0, width: 64, height: 40), flipY: false)
        }
    }

    /// Items 1–2: geometry beyond ±1e9 (or infinite, by relative steps summing up) is an error at
    /// the command that reached it.
    @Test(arguments: [
        ("M-1e308 0 L1e308 0 C 0 1 0 1 0 0", 0, "'M' reaching -1e+308"),
        ("M0 0 l9e8 0 l9e8 0", 12, "'l' reaching 1800000000.0"),
        ("M0 0 C 1e38 0 0 0 1 1", 5, "'C' reaching 1e+38"),
        ("M0 0 L1 1 1e10 1", 10, "'L' reaching 10000000000.0"),
    ])
    func geometryBeyondRangeNamesTheCommand(data: String, offset: Int, found: String) {
        #expect(throws: SVGPathError(offset: offset, expected: "coordinates within ±1e9", found: found)) {
            try SVGPathParser.parse(data)
        }
    }

    /// Item 3: a rotation of 1e308 degrees is a rotation (taken modulo 360), not a vanished arc.
    @Test func anArcWithAHugeRotationIsStillTheArc() throws {
        let path = try SVGPathParser.parse("M0 0 A 5 5 1e308 0 1 10 0 l 5 0")
        let bounds = try #require(path.bounds)
        #expect(abs(bounds.minX) < 1e-9 && abs(bounds.maxX - 15) < 1e-9)
        #expect(abs(bounds.minY + 5) < 1e-3 && abs(bounds.maxY) < 1e-9, "\(bounds)")
        #expect(path.currentPoint == Point(x: 15, y: 0), "the relative line starts where the arc ended")
    }

    @Test func arcsWithHugeRadiiAreTheirChord() throws {
        let path = try SVGPathParser.parse("M0 0 A 1e308 1e308 0 0 1 10 0")
        let bounds = try #require(path.bounds)
        #expect(bounds.maxX == 10 && abs(bounds.minY) < 1e-6 && abs(bounds.maxY) < 1e-6)
    }

    /// Item 4: MRefresh's depth d gives 2^(d+1) pieces per segment, points on the true curve, and a
    /// curve is never coarser than the standard tolerance.
    @Test func depthAddsPointsOnTheTrueCurve() throws {
        let line = try SVGPathParser.parse("M0 0 L80 0")
        #expect(line.flattened(.depth(2))[0].points.count == 9, "depth 2: 2³ pieces")
        let arc = try SVGPathParser.parse("M0 0 A 40 40 0 0 1 80 0")
        let center = Point(x: 40, y: 0)
        for depth in 0...3 {
            let points = arc.flattened(.depth(depth))[0].points
            #expect(points.count >= arc.flattened(.standard)[0].points.count, "depth \(depth) is coarser than the standard")
            #expect(points.count - 1 >= 2 << depth, "depth \(depth): 2^(depth+1) pieces at least")
            for point in points {
                // Within the cubic arc approximation's own error (2.7e-4 of the radius).
                #expect(abs(hypot(point.x - center.x, point.y - center.y) - 40) < 0.012, "a point off the circle at depth \(depth)")
            }
        }
    }

    /// Item 5: lengths relative to the drawing's size: a small circle in a 24-unit icon within 0.05 %.
    @Test(arguments: [0.5, 1.0, 3.0]) func smallArcsInAnIconMeasureWithinAFractionOfAPercent(radius: Double) throws {
        let r = radius
        let icon = try SVGPathParser.parse("M0 0 H24 V24 H0 Z M\(12 - r) 12 a\(r) \(r) 0 1 0 \(2 * r) 0 a\(r) \(r) 0 1 0 \(-2 * r) 0")
        let circle = PathMeasure(icon).length - 96
        let error = abs(circle - 2 * .pi * r) / (2 * .pi * r)
        #expect(error < 0.0005, "radius \(r): \(error * 100) %")
    }

    @Test func aTinyToleranceIsClampedNotIgnored() throws {
        let arc = try SVGPathParser.parse("M0 0 A 40 40 0 0 1 80 0")
        let fine = arc.flattened(.tolerance(1e-300))[0].points.count
        #expect(fine > arc.flattened(.tolerance(0.25))[0].points.count, "fell back to the coarse default")
        #expect(fine <= 2 * 4096 + 1)
    }

    /// Item 6: a late error keeps the valid prefix for lenient callers; a Unicode minus is named.
    @Test func theValidPrefixIsKeptWithTheError() throws {
        let (path, error) = SVGPathParser.parseValidPrefix("M0 0 L10 10 L 20 5,")
        #expect(error == SVGPathError(offset: 19, expected: "a number", found: "end of data"))
        #expect(path.elements.count == 3 && path.currentPoint == Point(x: 20, y: 5))
        let (none, refused) = SVGPathParser.parseValidPrefix("M0 0 Lx")
        #expect(none.isEmpty && refused != nil)
        let (geometry, tooFar) = SVGPathParser.parseValidPrefix("M0 0 L5 5 l1e300 0 L9 9")
        #expect(tooFar?.offset == 10 && geometry.elements.count == 2, "the command that went too far is taken back")
    }

    @Test func aUnicodeMinusIsNamed() {
        #expect(throws: SVGPathError(offset: 6, expected: "a number", found: "'−' (U+2212 MINUS SIGN; use '-')")) {
            try SVGPathParser.parse("M0 0 L−5 5")
        }
        #expect(throws: SVGPathError(offset: 6, expected: "a number", found: "'é' (U+00E9)")) {
            try SVGPathParser.parse("M0 0 Lé")
        }
    }

    @Test func arcSweepsAreBounded() {
        var path = Path()
        path.addArc(center: Point(x: 0, y: 0), radius: 10, startAngle: 0, endAngle: 1e300)
        #expect(path.elements.count <= 2 + Int(Path.maximumArcSweep / (.pi / 2)) + 1)
    }
}
