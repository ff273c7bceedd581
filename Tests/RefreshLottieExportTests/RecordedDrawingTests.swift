import Foundation
import Testing
import TestSupport
import RefreshPluginSDK
@testable import RefreshLottieExport

/// A drawing recorded by Cairo's SVG surface, read back as what Lottie says: each kind of thing a
/// plugin draws, with its numbers, and what Lottie cannot say named.
@Suite(.leavesNoPluginHost) struct RecordedDrawingTests {
    let size = Size(width: 200, height: 100)

    func read(_ draw: (Canvas) -> Void) throws -> [RecordedDrawing.Item] {
        try RecordedDrawing(svg: VectorRecording.svg(size: size, scale: 2, draw), size: size, scale: 2).items
    }

    @Test func fillsStrokesGradientsAndClipsReadBackWithTheirNumbers() throws {
        let items = try read { canvas in
            canvas.addRect(Rect(x: 10, y: 20, width: 30, height: 40))
            canvas.fill(.color(Color(red: 1, green: 0, blue: 0, alpha: 0.5)))
            canvas.move(to: Point(x: 50, y: 50))
            canvas.line(to: Point(x: 90, y: 50))
            canvas.stroke(.color(Color(red: 0, green: 0, blue: 1)), style: StrokeStyle(lineWidth: 3, cap: .round, join: .bevel, dashes: [4, 2]))
            canvas.addRect(Rect(x: 100, y: 10, width: 40, height: 40))
            canvas.fill(.linearGradient(start: Point(x: 100, y: 0), end: Point(x: 140, y: 0),
                                        stops: [GradientStop(0, Color(red: 1, green: 1, blue: 0)), GradientStop(1, Color(red: 0, green: 1, blue: 1))]))
            canvas.withSavedState {
                canvas.addRect(Rect(x: 150, y: 0, width: 20, height: 100))
                canvas.clip()
                canvas.addEllipse(in: Rect(x: 150, y: 40, width: 40, height: 40))
                canvas.fill(.color(Color(red: 0, green: 0.5, blue: 0)))
            }
        }
        try #require(items.count == 4)
        guard case .shape(let rect, .fill(evenOdd: false), .solid(let red), 1, let rectClips) = items[0] else { Issue.record("\(items[0])"); return }
        #expect(rect.count == 1 && rect[0].closed && Set(rect[0].vertices.map { "\($0.x),\($0.y)" }) == ["10.0,20.0", "40.0,20.0", "40.0,60.0", "10.0,60.0"])
        #expect(red == RecordedDrawing.RGBA(red: 1, green: 0, blue: 0, alpha: 0.5) && rectClips.isEmpty)
        guard case .shape(let line, .stroke(3, 2, 3, _, [4, 2], 0), .solid, _, _) = items[1] else { Issue.record("\(items[1])"); return }
        #expect(line[0].vertices == [Point(x: 50, y: 50), Point(x: 90, y: 50)] && !line[0].closed)
        guard case .shape(_, .fill, .linear(Point(x: 100, y: 0), Point(x: 140, y: 0), let stops), _, _) = items[2] else { Issue.record("\(items[2])"); return }
        #expect(stops.map(\.offset) == [0, 1])
        // The circle reaches past its clip: the clip stays, one rectangle (Cairo cuts it to the circle's box).
        guard case .shape(let circle, .fill, _, _, let clips) = items[3] else { Issue.record("\(items[3])"); return }
        #expect(circle[0].vertices.count == 4 && circle[0].inTangents.allSatisfy { $0 != .zero })
        #expect(clips.count == 1 && RecordedDrawingReader.rectangle(clips[0][0]) == Rect(x: 150, y: 40, width: 20, height: 40))
    }

    @Test func aTransformIsAppliedAndAGroupsAlphaGoesToWhatItDraws() throws {
        let items = try read { canvas in
            canvas.translate(x: 100, y: 50)
            canvas.rotate(.pi / 2)
            canvas.withAlpha(0.25) {
                canvas.move(to: .zero)
                canvas.line(to: Point(x: 10, y: 0))
                canvas.stroke(.color(Color(red: 0, green: 0, blue: 0)), style: StrokeStyle(lineWidth: 2))
            }
        }
        try #require(items.count == 1)
        guard case .shape(let paths, .stroke(2, _, _, _, _, _), _, let opacity, _) = items[0] else { Issue.record("\(items[0])"); return }
        #expect(paths[0].vertices == [Point(x: 100, y: 50), Point(x: 100, y: 60)])
        #expect(opacity == 0.25)
    }

    @Test func whatLottieCannotSayIsNamed() throws {
        #expect(throws: RecordedDrawing.Unsupported(reason: "a stroke drawn under a scale that differs between the axes or a skew")) {
            try read { canvas in
                canvas.scale(x: 2, y: 1)
                canvas.addEllipse(in: Rect(x: 10, y: 10, width: 20, height: 20))
                canvas.stroke(.color(Color(red: 0, green: 0, blue: 0)))
            }
        }
        #expect(throws: RecordedDrawing.Unsupported.self) { try RecordedDrawing(svg: "<svg><text>hi</text></svg>", size: size, scale: 2) }
        #expect(throws: RecordedDrawing.Unsupported.self) { try RecordedDrawing(svg: "not svg", size: size, scale: 2) }
        #expect(throws: RecordedDrawing.Unsupported.self) {
            try RecordedDrawing(svg: "<svg><path d=\"M 0 0 L 1e300 0\" style=\"fill:rgb(0%,0%,0%)\"/></svg>", size: size, scale: 2)
        }
        // A path of more points than a player should be handed: the frame becomes an image.
        #expect(throws: RecordedDrawing.Unsupported(reason: "more than \(RecordedDrawing.vertexLimit) path points in one frame")) {
            try read { canvas in
                canvas.move(to: .zero)
                // A zigzag: Cairo merges segments that go on in one direction.
                for step in 0...RecordedDrawing.vertexLimit { canvas.line(to: Point(x: Double(step % 200), y: Double(step % 2 * 10))) }
                canvas.stroke(.color(Color(red: 0, green: 0, blue: 0)))
            }
        }
    }

    /// What a hostile or careless plugin records is converted within bounds: past them the frame is an image, and says why.
    @Test func aFrameOfTooManyShapesStopsOrTooManyBytesIsRefusedByName() throws {
        let fills = try read { canvas in
            for index in 0..<RecordedDrawing.itemLimit - 1 {
                canvas.addRect(Rect(x: Double(index % 200), y: Double(index / 200), width: 1, height: 1))
                canvas.fill(.color(Color(red: 0, green: 0, blue: 0)))
            }
        }
        #expect(fills.count == RecordedDrawing.itemLimit - 1)
        #expect(throws: RecordedDrawing.Unsupported(reason: "more than \(RecordedDrawing.itemLimit) shapes in one frame")) {
            try read { canvas in
                for index in 0...RecordedDrawing.itemLimit {
                    canvas.addRect(Rect(x: Double(index % 200), y: Double(index / 200), width: 1, height: 1))
                    canvas.fill(.color(Color(red: 0, green: 0, blue: 0)))
                }
            }
        }
        #expect(throws: RecordedDrawing.Unsupported(reason: "a gradient of more than \(RecordedDrawing.stopLimit) stops")) {
            try read { canvas in
                canvas.addRect(Rect(x: 0, y: 0, width: 100, height: 100))
                let stops = (0...RecordedDrawing.stopLimit).map { GradientStop(Double($0) / Double(RecordedDrawing.stopLimit), Color(red: Double($0 % 2), green: 0, blue: 0)) }
                canvas.fill(.linearGradient(start: .zero, end: Point(x: 100, y: 0), stops: stops))
            }
        }
        let large = "<svg>" + String(repeating: " ", count: RecordedDrawing.recordingLimit) + "</svg>"
        #expect(throws: RecordedDrawing.Unsupported(reason: "a recording of \(large.utf8.count >> 10) KB, more than the \(RecordedDrawing.recordingLimit >> 20) MB read")) {
            try RecordedDrawing(svg: large, size: size, scale: 2)
        }
    }

    @Test func aShapeThatMovesTurnsAndScalesIsFoundAgain() throws {
        let square = try read { canvas in
            canvas.addRect(Rect(x: 0, y: 0, width: 10, height: 10))
            canvas.fill(.color(Color(red: 0, green: 0, blue: 0)))
        }
        let moved = try read { canvas in
            canvas.translate(x: 50, y: 20)
            canvas.rotate(0.3)
            canvas.scale(x: 1.5, y: 1.5)
            canvas.addRect(Rect(x: 0, y: 0, width: 10, height: 10))
            canvas.fill(.color(Color(red: 0, green: 0, blue: 0)))
        }
        let bent = try read { canvas in
            canvas.addRect(Rect(x: 0, y: 0, width: 10, height: 20))
            canvas.fill(.color(Color(red: 0, green: 0, blue: 0)))
        }
        func paths(_ items: [RecordedDrawing.Item]) -> [RecordedDrawing.Bezier] {
            if case .shape(let paths, _, _, _, _) = items[0] { paths } else { [] }
        }
        let found = try #require(Similarity(from: paths(square), to: paths(moved)))
        #expect(abs(found.scale - 1.5) < 0.01 && abs(found.degrees - 0.3 * 180 / .pi) < 0.1 && abs(found.wx - 50) < 0.05 && abs(found.wy - 20) < 0.05)
        #expect(Similarity(from: paths(square), to: paths(bent)) == nil)
    }
}
