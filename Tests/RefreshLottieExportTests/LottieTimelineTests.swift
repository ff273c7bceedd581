import Foundation
import Testing
import TestSupport
import RefreshPluginSDK
@testable import RefreshLottieExport

/// Spans of recorded drawings as Lottie layers: what only moves is drawn once under an animated
/// transform, what changes colour is a keyframe, what comes and goes is a layer of its own in
/// every span's order, and a shape's type comes first in its JSON.
@Suite(.leavesNoPluginHost) struct LottieTimelineTests {
    let size = Size(width: 100, height: 100)

    func span(_ start: Int, _ draw: (Canvas) -> Void) throws -> LottieTimeline.Span {
        let items = try RecordedDrawing(svg: VectorRecording.svg(size: size, scale: 2, draw), size: size, scale: 2).items
        return LottieTimeline.Span(start: start, end: start + 1, content: .drawn(items))
    }

    func square(at x: Double, red: Double = 0) -> (Canvas) -> Void {
        { canvas in
            canvas.addRect(Rect(x: x, y: 10, width: 10, height: 10))
            canvas.fill(.color(Color(red: red, green: 0, blue: 0)))
        }
    }

    func text(_ json: LottieJSON) -> String { String(decoding: json.data, as: UTF8.self) }

    @Test func aShapeThatMovesIsOnePathUnderAnAnimatedPosition() throws {
        let spans = try (0..<3).map { try span($0, square(at: 10 + 5 * Double($0))) }
        let (layers, assets) = LottieTimeline.layers(spans, scale: 2, pixels: (200, 200))
        #expect(layers.count == 1 && assets.isEmpty)
        let json = text(layers[0])
        #expect(json.contains(#""ip":0,"op":3"#))
        // One path, static; the group's position moves along a line frame by frame: one keyframe that
        // interpolates to the line's end, not a hold a frame.
        #expect(json.components(separatedBy: #""ty":"sh","ks":{"a":0"#).count == 2)
        #expect(json.contains(#""p":{"a":1,"k":[{"t":0,"s":[0,0],"o":{"x":0,"y":0},"i":{"x":1,"y":1}},{"t":2,"s":[10,0],"h":1}]}"#), "\(json)")
    }

    /// Off the line by more than a player shows apart (a jump, a curve), or held longer than a frame: a hold keyframe each.
    @Test func aMotionOffALineOrHeldLongerIsAHoldKeyframeEach() throws {
        let jumps = try [0.0, 5, 20].enumerated().map { try span($0.offset, square(at: 10 + $0.element)) }
        let jumped = text(LottieTimeline.layers(jumps, scale: 2, pixels: (200, 200)).layers[0])
        #expect(jumped.contains(#""p":{"a":1,"k":[{"t":0,"s":[0,0],"h":1},{"t":1,"s":[5,0],"h":1},{"t":2,"s":[20,0],"h":1}]}"#), "\(jumped)")
        var held = try (0..<3).map { try span($0, square(at: 10 + 5 * Double($0))) }
        held[1].end = 3
        held[2].start = 3
        held[2].end = 4
        let holds = text(LottieTimeline.layers(held, scale: 2, pixels: (200, 200)).layers[0])
        #expect(holds.contains(#""p":{"a":1,"k":[{"t":0,"s":[0,0],"h":1},{"t":1,"s":[5,0],"h":1},{"t":3,"s":[10,0],"h":1}]}"#), "\(holds)")
    }

    /// The first square is one track through the three spans (its colour keyed at each); the second,
    /// drawn over it in the last span only, is a layer of its own for that span, on top.
    @Test func aColourThatChangesIsAKeyframeAndWhatComesLaterIsALayerOnTop() throws {
        let spans = [try span(0, square(at: 10)), try span(1, square(at: 10, red: 1)),
                     try span(2) { canvas in square(at: 10)(canvas); square(at: 40)(canvas) }]
        let (layers, _) = LottieTimeline.layers(spans, scale: 2, pixels: (200, 200))
        try #require(layers.count == 2)
        let (top, bottom) = (text(layers[0]), text(layers[1]))
        #expect(top.contains(#""ip":2,"op":3"#) && bottom.contains(#""ip":0,"op":3"#))
        #expect(bottom.contains(#""c":{"a":1,"k":[{"t":0,"s":[0,0,0,1],"h":1},{"t":1,"s":[1,0,0,1],"h":1},{"t":2,"s":[0,0,0,1],"h":1}]}"#))
    }

    /// A thing drawn between two others from the second span on: the two keep their tracks, and the
    /// layers keep every span's order (the new one between them).
    @Test func whatComesBetweenKeepsTheOrderOfEverySpan() throws {
        func circle(_ canvas: Canvas) {
            canvas.addEllipse(in: Rect(x: 60, y: 60, width: 20, height: 20))
            canvas.fill(.color(Color(red: 0, green: 0, blue: 1)))
        }
        func line(_ canvas: Canvas) {
            canvas.move(to: Point(x: 0, y: 50))
            canvas.line(to: Point(x: 100, y: 50))
            canvas.stroke(.color(Color(red: 0, green: 1, blue: 0)), style: StrokeStyle(lineWidth: 4))
        }
        let spans = [try span(0) { square(at: 10)($0); circle($0) }, try span(1) { square(at: 10)($0); line($0); circle($0) }]
        let (layers, _) = LottieTimeline.layers(spans, scale: 2, pixels: (200, 200))
        try #require(layers.count == 3)
        // Top first: the circle (both spans), the line (the second), the square (both).
        #expect(text(layers[0]).contains(#""ty":"fl""#) && text(layers[0]).contains(#""ip":0,"op":2"#) && text(layers[0]).contains("[0,0,1,1]"))
        #expect(text(layers[1]).contains(#""ty":"st""#) && text(layers[1]).contains(#""ip":1,"op":2"#))
        #expect(text(layers[2]).contains(#""ip":0,"op":2"#) && text(layers[2]).contains("[0,0,0,1]"))
    }

    @Test func anObjectKeepsItsMembersInTheOrderWritten() {
        let shape: LottieJSON = ["ty": "gr", "it": [], "nm": "a", "a": 1.5]
        #expect(text(shape) == #"{"ty":"gr","it":[],"nm":"a","a":1.5}"#)
    }
}
