import Foundation
import Testing
import TestSupport
@testable import RefreshGraphics
import RefreshGoldens

@Suite struct PathGeometryTests {
    @Test func circleOfArcsMeasuresTwoPiR() throws {
        let r = 50.0
        let circle = try SVGPathParser.parse("M100 50 a50 50 0 0 1 -50 50 a50 50 0 0 1 -50 -50 a50 50 0 0 1 50 -50 a50 50 0 0 1 50 50z")
        let length = PathMeasure(circle).length
        #expect(abs(length - 2 * .pi * r) / (2 * .pi * r) < 0.001, "length \(length)")
        var path = Path()
        path.addEllipse(in: Rect(x: 0, y: 0, width: 2 * r, height: 2 * r))
        #expect(abs(PathMeasure(path).length - 2 * .pi * r) / (2 * .pi * r) < 0.001)
    }

    @Test func trimmingHalfALineEndsAtItsMiddle() throws {
        let line = try SVGPathParser.parse("M0 0 L100 40")
        let half = PathMeasure(line).trimmed(from: 0, to: 0.5)
        #expect(half.elements == [.move(.zero), .line(Point(x: 50, y: 20))])
        #expect(PathMeasure(line).trimmed(from: 0.5, to: 0.5).isEmpty)
        #expect(PathMeasure(line).trimmed(from: 0.25, to: 1).elements.first == .move(Point(x: 25, y: 10)))
    }

    @Test func positionAndDirectionAlongAPath() throws {
        let measure = PathMeasure(try SVGPathParser.parse("M0 0 H10 V10"))
        #expect(measure.length == 20)
        let corner = try #require(measure.position(at: 15))
        #expect(corner.point == Point(x: 10, y: 5))
        #expect(abs(corner.angle - .pi / 2) < 1e-12, "travelling down")
        #expect(measure.position(at: -5)?.point == .zero)
        #expect(measure.position(at: 99)?.point == Point(x: 10, y: 10))
    }

    @Test func trimmingKeepsSubpathBreaks() throws {
        let measure = PathMeasure(try SVGPathParser.parse("M0 0 H10 M0 10 H10"))
        let trimmed = measure.trimmed(from: 0.25, to: 0.75)
        #expect(trimmed.elements == [.move(Point(x: 5, y: 0)), .line(Point(x: 10, y: 0)), .move(Point(x: 0, y: 10)), .line(Point(x: 5, y: 10))])
    }

    @Test(arguments: 0...4)
    func depthSubdivisionMultipliesSegments(depth: Int) throws {
        // Three segments (a line, a cubic and the close), each in 2^(depth+1) pieces as MRefresh
        // counts, the cubic never in fewer than the standard tolerance's 7.
        let path = try SVGPathParser.parse("M0 0 L10 0 C20 0 20 10 10 10 Z")
        let polylines = path.flattened(.depth(depth))
        let pieces = 2 << depth
        #expect(polylines.count == 1 && polylines[0].isClosed)
        #expect(polylines[0].points.count == 1 + pieces + max(pieces, 7) + pieces - 1, "closing segment implied")
    }

    @Test func toleranceFlatteningStaysOnTheCurve() throws {
        var circle = Path()
        circle.addEllipse(in: Rect(x: -100, y: -100, width: 200, height: 200))
        let points = try #require(circle.flattened(.tolerance(0.25)).first).points
        for (a, b) in zip(points, points.dropFirst()) {
            #expect(abs(hypot(a.x, a.y) - 100) < 0.05)
            let middle = Point(x: (a.x + b.x) / 2, y: (a.y + b.y) / 2)
            #expect(100 - hypot(middle.x, middle.y) < 0.3, "a chord strays more than the tolerance from the circle")
        }
        #expect(points.count < 200, "adaptive: \(points.count) points")
    }

    @Test func fittingIsAspectFitAndCentred() throws {
        let square = try SVGPathParser.parse("M0 0 H10 V10 H0 Z")
        let fitted = Path.fit([square], into: Rect(x: 0, y: 0, width: 100, height: 50), padding: 5)[0]
        #expect(fitted.bounds == Rect(x: 30, y: 5, width: 40, height: 40))
    }

    @Test func fittingSeveralPathsUsesTheirUnionAndCanFlipY() throws {
        // Glyph-style: y points up, so the stem at y 0...100 must end up at the bottom after the flip.
        let stem = try SVGPathParser.parse("M0 0 V100")
        let dot = try SVGPathParser.parse("M0 150 h1")
        let fitted = Path.fit([stem, dot], into: Rect(x: 0, y: 0, width: 200, height: 150), flipY: true)
        let stemBounds = try #require(fitted[0].bounds), dotBounds = try #require(fitted[1].bounds)
        #expect(abs(stemBounds.maxY - 150) < 1e-9 && abs(stemBounds.minY - 50) < 1e-9)
        #expect(abs(dotBounds.minY) < 1e-9)
    }

    @Test func progressivePartsStartAtTheirProportion() throws {
        let line = try SVGPathParser.parse("M0 0 H100")
        let drawing = ProgressivePath(parts: [.init(path: line, startProportion: 0), .init(path: line, startProportion: 0.5)])
        #expect(drawing.fraction(ofPart: 0, at: 0.5) == 0.5)
        #expect(drawing.fraction(ofPart: 1, at: 0.5) == 0)
        #expect(drawing.fraction(ofPart: 1, at: 0.75) == 0.5)
        #expect(drawing.paths(at: 0.75).map { PathMeasure($0).length } == [75, 50])
        #expect(drawing.paths(at: 0).allSatisfy { $0.isEmpty })
    }

    @Test func boundsFollowCurveExtremaNotControlPoints() throws {
        let bounds = try #require(SVGPathParser.parse("M0 0 C0 -40 40 -40 40 0").bounds)
        #expect(abs(bounds.minY + 30) < 1e-9, "a cubic with controls at -40 peaks at -30")
    }
}

@Suite struct ColorTests {
    @Test(arguments: [
        ("#FFF", Color.white), ("#000000", .black), ("0A84FF", Color(red: 10.0 / 255, green: 132.0 / 255, blue: 1)),
        ("#FF000080", Color(red: 1, green: 0, blue: 0, alpha: 128.0 / 255)), ("#abc", Color(red: 0xAA / 255.0, green: 0xBB / 255.0, blue: 0xCC / 255.0)),
    ])
    func validHex(_ text: String, expected: Color) throws {
        #expect(try Color(hex: text) == expected)
    }

    @Test(arguments: ["", "#", "#12", "#GGG", "#1234567", "#12345", "red", "#12 34 56"])
    func invalidHexIsAnErrorNotBlack(_ text: String) {
        #expect(throws: Color.HexError(text: text)) { try Color(hex: text) }
    }

    @Test func hexRoundTrips() throws {
        #expect(try Color(hex: "#0A84FF").hex == "#0A84FF")
        #expect(try Color(hex: "#0A84FF80").hex == "#0A84FF80")
    }

    @Test func hslAndHsb() {
        #expect(Color(hue: 0, saturation: 1, lightness: 0.5) == Color(red: 1, green: 0, blue: 0))
        #expect(Color(hue: 120, saturation: 1, brightness: 1) == Color(red: 0, green: 1, blue: 0))
        #expect(Color(hue: -120, saturation: 1, lightness: 0.5) == Color(red: 0, green: 0, blue: 1))
        let c = Color(red: 0.2, green: 0.4, blue: 0.8)
        let hsl = c.hsl, hsb = c.hsb
        let back1 = Color(hue: hsl.hue, saturation: hsl.saturation, lightness: hsl.lightness)
        let back2 = Color(hue: hsb.hue, saturation: hsb.saturation, brightness: hsb.brightness)
        for back in [back1, back2] {
            #expect(abs(back.red - 0.2) < 1e-9 && abs(back.green - 0.4) < 1e-9 && abs(back.blue - 0.8) < 1e-9)
        }
    }

    @Test func interpolationFadesWithoutDarkening() {
        let halfway = Color.white.interpolated(to: .clear, fraction: 0.5)
        #expect(halfway.alpha == 0.5 && halfway.red == 1 && halfway.green == 1)
        #expect(Color.black.interpolated(to: .white, fraction: 0.25) == Color(red: 0.25, green: 0.25, blue: 0.25))
    }
}

@Suite struct ImageTests {
    func sample() throws -> ImageSurface {
        let canvas = try makeCanvas(width: 40, height: 20, background: .clear)
        canvas.addEllipse(in: Rect(x: 2, y: 2, width: 36, height: 16))
        canvas.fill(.color(Color(red: 0.1, green: 0.5, blue: 0.9, alpha: 0.7)))
        return canvas.surface!
    }

    @Test func pngRoundTripKeepsEveryPixel() throws {
        let image = try sample()
        let back = try ImageSurface.readPNG(data: image.pngData(), scale: 2)
        #expect(back.width == 80 && back.height == 40)
        #expect(back.pixelWords() == image.pixelWords())
        let file = scratchDirectory("png-roundtrip-\(UUID().uuidString.prefix(8))") + "/roundtrip.png"
        try image.writePNG(to: file)
        #expect(try ImageSurface.readPNG(at: file).pixelWords() == image.pixelWords())
    }

    @Test func badPNGsNameTheFileAndReason() throws {
        let file = scratchDirectory("png-bad-\(UUID().uuidString.prefix(8))") + "/not-a.png"
        try "not a png".write(toFile: file, atomically: true, encoding: .utf8)
        #expect(throws: GraphicsError.png(path: file, reason: "not a PNG file (no PNG signature)")) { try ImageSurface.readPNG(at: file) }
        var truncated = try sample().pngData()
        truncated.removeLast(truncated.count / 2)
        #expect(throws: GraphicsError.png(path: "(memory)", reason: "corrupt or truncated PNG data")) { try ImageSurface.readPNG(data: truncated) }
        #expect(throws: GraphicsError.png(path: "/nonexistent/x.png", reason: "no such file")) { try ImageSurface.readPNG(at: "/nonexistent/x.png") }
        #expect(throws: GraphicsError.invalidSize(width: 0, height: 10)) { try ImageSurface(width: 0, height: 10) }
        // Xcode's iPhone-optimised PNG: a CgBI chunk before the header, read as a size it was not.
        let standard = try sample().pngData()
        let cgbi = Array(standard.prefix(8)) + [0, 0, 0, 4] + Array("CgBI".utf8) + [0x50, 0x00, 0x20, 0x02] + [0x2B, 0xD5, 0xB3, 0x7F] + Array(standard.dropFirst(8))
        #expect(throws: GraphicsError.png(path: "(memory)", reason: "is an Apple CgBI PNG (iPhone-optimised, as Xcode packs them): save it again as a standard PNG")) {
            try ImageSurface.readPNG(data: cgbi)
        }
        var headless = standard
        headless.replaceSubrange(12..<16, with: Array("tEXt".utf8))
        #expect(throws: GraphicsError.png(path: "(memory)", reason: "is not a valid PNG: its first chunk is not the header (IHDR)")) { try ImageSurface.readPNG(data: headless) }
    }

    @Test func comparisonCountsPixelsAndDrawsADiff() throws {
        let a = try sample(), b = try sample()
        let same = try ImageComparison(expected: a, actual: b)
        #expect(same.matches && same.maxChannelDifference == 0 && same.psnr == .infinity)
        b.withPixels { $0.storeBytes(of: 0xFF00_FF00 as UInt32, toByteOffset: 5 * b.bytesPerRow + 7 * 4, as: UInt32.self) }
        let changed = try ImageComparison(expected: a, actual: b, tolerance: 3)
        #expect(changed.pixelsOverTolerance == 1 && changed.maxChannelDifference == 255 && changed.psnr.isFinite)
        let diff = try PerceptualComparison(expected: a, actual: b, options: .init(channelTolerance: 3, countsAntiAliasing: true)).diffImage(of: b)
        #expect(diff.pixel(x: 7, y: 5) == Color(red: 1, green: 0, blue: 0))
        #expect(diff.pixel(x: 8, y: 5).green > 0.5, "unchanged pixels are grey, not red")
        #expect(throws: GraphicsError.self) { try ImageComparison(expected: a, actual: try ImageSurface(width: 3, height: 3)) }
    }

    @Test func goldenCheckWritesActualAndDiffOnMismatch() throws {
        let directory = scratchDirectory("golden")
        // Every pixel counts: the one changed below is in a corner, where it could pass as anti-aliasing.
        let golden = GoldenImage(path: directory + "/g.png", tolerance: 0, options: .init(countsAntiAliasing: true))
        let image = try sample()
        guard case .missing = try golden.check(image, record: .never, failureDirectory: directory + "/failures") else { Issue.record("expected missing"); return }
        #expect(try golden.check(image, record: .all, failureDirectory: directory) == .recorded("recorded (record all)"))
        #expect(try golden.check(image, record: .never, failureDirectory: directory).passed)
        image.withPixels { $0.storeBytes(of: 0xFFFF_FFFF as UInt32, toByteOffset: 0, as: UInt32.self) }
        let outcome = try golden.check(image, record: .never, failureDirectory: directory + "/failures")
        guard case .mismatched(let comparison?, let actual, let diff?, _) = outcome else { Issue.record("expected mismatch, got \(outcome)"); return }
        #expect(comparison.pixelsOverTolerance == 1)
        #expect(FileManager.default.fileExists(atPath: actual) && FileManager.default.fileExists(atPath: diff))
        #expect(outcome.description.contains(diff))
    }
}

@Suite struct RectTests {
    @Test func intersectionIsWhatBothCover() {
        let band = Rect(x: 0, y: -120, width: 390, height: 120), screen = Rect(x: 0, y: 0, width: 390, height: 844)
        #expect(band.intersection(screen) == Rect(x: 0, y: 0, width: 390, height: 0))
        let pulled = Rect(x: 0, y: -40, width: 390, height: 120)
        #expect(pulled.intersection(screen) == Rect(x: 0, y: 0, width: 390, height: 80))
        #expect(Rect(x: 500, y: 0, width: 10, height: 10).intersection(screen).width == 0)
    }
}
