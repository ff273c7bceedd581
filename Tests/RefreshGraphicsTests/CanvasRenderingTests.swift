import Foundation
import Testing
import RefreshCore
import RefreshGraphics

@Suite struct CanvasRenderingTests {
    static let accent = try! Color(hex: "#0A84FF")

    /// Fills, strokes (caps, joins, dashes), gradients, clip, group alpha and a blend mode.
    static func drawShapes(on canvas: Canvas) {
        canvas.addRoundedRect(Rect(x: 10, y: 10, width: 80, height: 50), radius: 12)
        canvas.fill(.linearGradient(start: Point(x: 10, y: 10), end: Point(x: 90, y: 60),
                                    stops: [GradientStop(0, accent), GradientStop(1, try! Color(hex: "#FF375F"))]))
        canvas.addEllipse(in: Rect(x: 100, y: 10, width: 70, height: 50))
        canvas.fill(.radialGradient(center: Point(x: 135, y: 35), startRadius: 2, endRadius: 35,
                                    stops: [GradientStop(0, .white), GradientStop(1, try! Color(hex: "#30D158"))]))
        for (i, cap) in [LineCap.butt, .round, .square].enumerated() {
            let y = 75.0 + Double(i) * 12
            canvas.move(to: Point(x: 20, y: y))
            canvas.line(to: Point(x: 80, y: y))
            canvas.stroke(.color(.black), style: StrokeStyle(lineWidth: 6, cap: cap))
        }
        for (i, join) in [LineJoin.miter, .round, .bevel].enumerated() {
            let x = 100.0 + Double(i) * 25
            canvas.move(to: Point(x: x, y: 105))
            canvas.line(to: Point(x: x + 10, y: 75))
            canvas.line(to: Point(x: x + 20, y: 105))
            canvas.stroke(.color(accent), style: StrokeStyle(lineWidth: 5, join: join))
        }
        canvas.move(to: Point(x: 180, y: 20))
        canvas.line(to: Point(x: 180, y: 110))
        canvas.stroke(.color(.black), style: StrokeStyle(lineWidth: 2, cap: .round, dashes: [6, 4]))
        canvas.withSavedState {
            canvas.addRect(Rect(x: 190, y: 10, width: 40, height: 100))
            canvas.clip()
            canvas.withAlpha(0.5) {
                canvas.addEllipse(in: Rect(x: 185, y: 20, width: 40, height: 40))
                canvas.fill(.color(Color(red: 1, green: 0.6, blue: 0)))
                canvas.addEllipse(in: Rect(x: 200, y: 40, width: 40, height: 40))
                canvas.fill(.color(Color(red: 1, green: 0.6, blue: 0)))
            }
            canvas.blendMode = .multiply
            canvas.addRect(Rect(x: 190, y: 80, width: 40, height: 25))
            canvas.fill(.color(accent))
        }
    }

    @Test func shapes() throws {
        let canvas = try makeCanvas(width: 240, height: 120)
        Self.drawShapes(on: canvas)
        try expectMatchesGolden(canvas.surface!, "shapes")
    }

    @Test func svgArcsInAllFourFlagCombinations() throws {
        let canvas = try makeCanvas(width: 240, height: 120)
        // The SVG spec's figure: two ellipses through the same two points; each flag pair picks one arc.
        let combinations: [(String, Color)] = [("0 0", .black), ("0 1", Color(red: 0.9, green: 0.2, blue: 0.2)),
                                               ("1 0", Color(red: 0.2, green: 0.6, blue: 0.2)), ("1 1", Self.accent)]
        for (i, (flags, color)) in combinations.enumerated() {
            let x = 10.0 + Double(i) * 57
            let path = try SVGPathParser.parse("M\(x + 10) 60 a 20 14 0 \(flags) 28 0")
            canvas.add(path)
            canvas.stroke(.color(color), style: StrokeStyle(lineWidth: 2.5, cap: .round))
        }
        // A heart made of arcs and a rotated ellipse arc, filled.
        canvas.add(try SVGPathParser.parse("M20 100 a10 10 0 0 1 20 0 a10 10 0 0 1 20 0 q0 15 -20 25 q-20 -10 -20 -25z").transformed(by: .translation(x: 0, y: -20)))
        canvas.fill(.color(Color(red: 1, green: 0.22, blue: 0.37)))
        canvas.add(try SVGPathParser.parse("M120 100 A30 12 30 1 1 180 95"))
        canvas.stroke(.color(.black), style: StrokeStyle(lineWidth: 2))
        try expectMatchesGolden(canvas.surface!, "svg-arcs")
    }

    @Test func progressiveDrawingAtHalf() throws {
        let canvas = try makeCanvas(width: 120, height: 120)
        let circle = try SVGPathParser.parse("M50 10 a40 40 0 1 1 0 80 a40 40 0 1 1 0 -80")
        let tick = try SVGPathParser.parse("M30 52 L45 66 L72 36")
        let placed = Path.fit([circle, tick], into: Rect(x: 0, y: 0, width: 120, height: 120), padding: 12)
        let drawing = ProgressivePath(parts: [
            .init(path: placed[0], startProportion: 0),
            .init(path: placed[1], startProportion: 0.4),
        ])
        for (path, alpha) in zip(drawing.paths(at: 1), [0.15, 0.15]) {
            canvas.add(path)
            canvas.stroke(.color(Self.accent.withAlpha(alpha)), style: StrokeStyle(lineWidth: 6, cap: .round, join: .round))
        }
        for path in drawing.paths(at: 0.7) {
            canvas.add(path)
            canvas.stroke(.color(Self.accent), style: StrokeStyle(lineWidth: 6, cap: .round, join: .round))
        }
        try expectMatchesGolden(canvas.surface!, "progressive-0.7")
    }

    @Test func textInLatinArabicAndChinese() throws {
        let canvas = try makeCanvas(width: 240, height: 150)
        let lines: [(String, TextStyle)] = [
            ("Pull to refresh", TextStyle(size: 17, weight: .semibold)),
            ("اسحب للتحديث", TextStyle(size: 17, alignment: .leading, width: 220)),
            ("下拉刷新 · 加载中…", TextStyle(size: 17)),
            ("A long status line that does not fit", TextStyle(size: 13, width: 150, truncation: .end)),
        ]
        var y = 8.0
        for (text, style) in lines {
            let layout = canvas.makeTextLayout(text, style: style)
            #expect(!layout.hasMissingGlyphs, "\(text) has glyphs missing from the pinned fonts")
            canvas.draw(layout, at: Point(x: 10, y: y), color: .black)
            y += layout.size.height + 10
        }
        try expectMatchesGolden(canvas.surface!, "text", tolerance: 4)
    }

    @Test func rightToLeftTextStartsOnTheRight() throws {
        let canvas = try makeCanvas(width: 200, height: 40)
        let layout = canvas.makeTextLayout("اسحب للتحديث", style: TextStyle(size: 16, direction: .rightToLeft, width: 200))
        canvas.draw(layout, at: Point(x: 0, y: 5), color: .black)
        let image = canvas.surface!
        func inkColumns(_ range: Range<Int>) -> Int {
            range.filter { x in (0..<image.height).contains { image.pixel(x: x, y: $0).red < 0.5 } }.count
        }
        #expect(inkColumns(0..<120) == 0, "right-to-left leading text should leave the left side empty")
        #expect(inkColumns(280..<400) > 40)
    }

    @Test func measuringWrapsAndTruncates() throws {
        let canvas = try makeCanvas(width: 10, height: 10)
        let one = canvas.makeTextLayout("Loading more rows", style: TextStyle(size: 15))
        let wrapped = canvas.makeTextLayout("Loading more rows", style: TextStyle(size: 15, width: 60))
        let truncated = canvas.makeTextLayout("Loading more rows", style: TextStyle(size: 15, width: 60, truncation: .end))
        #expect(one.lineCount == 1 && wrapped.lineCount >= 2 && truncated.lineCount == 1)
        #expect(wrapped.size.height > one.size.height * 1.8)
        #expect(one.size.width > 100 && one.baseline > 10 && one.baseline < one.size.height)
    }

    @Test func theSameDrawingGivesTheSameBytes() throws {
        func render() throws -> [UInt8] {
            let canvas = try makeCanvas(width: 240, height: 120)
            Self.drawShapes(on: canvas)
            canvas.draw(canvas.makeTextLayout("Release to refresh 松开刷新"), at: Point(x: 5, y: 90), color: .black)
            return try canvas.surface!.pngData()
        }
        #expect(try render() == render())
    }

    @Test func fontsArePinnedToTheAssetsConfiguration() {
        guard case .pinned(let path) = Fonts.pin() else {
            Issue.record("fonts not pinned: \(Fonts.pin())")
            return
        }
        #expect(path.hasSuffix("Assets/Fonts/fonts.conf"))
    }
}
