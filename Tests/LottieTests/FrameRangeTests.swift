import Testing
import RefreshPluginSDK
import RefreshLottieSource
@testable import Lottie

@Suite struct FrameRangeTests {
    let timeline = AnimationTimeline(name: "ring.json", firstFrame: 10, frameCount: 91, framesPerSecond: 30, markers: [
        .init(name: "pulling", start: 10, duration: 30),
        .init(name: "spin", start: 40, duration: 20),
        .init(name: "blink", start: 70, duration: 0),
        .init(name: "pulling@bottom", start: 80, duration: 10),
    ])
    let fallback = FrameRange(holding: 42)

    func resolve(_ text: String, _ parameter: String = "refreshing") throws(ParameterError) -> FrameRange {
        try FrameRangeSpec(parsing: text, parameter: parameter).resolve(in: timeline, parameter: parameter, fallback: fallback)
    }

    @Test func theThreeWaysOfWritingARange() throws {
        #expect(try FrameRangeSpec(parsing: "frames:12-40", parameter: "p") == .frames(12, 40))
        #expect(try FrameRangeSpec(parsing: " frames: 12 - 40 ", parameter: "p") == .frames(12, 40))
        #expect(try FrameRangeSpec(parsing: "frames:25", parameter: "p") == .frames(25, 25))
        #expect(try FrameRangeSpec(parsing: "progress:0.25-0.5", parameter: "p") == .progress(0.25, 0.5))
        #expect(try FrameRangeSpec(parsing: "marker:spin-fast", parameter: "p") == .marker("spin-fast"))
        #expect(try FrameRangeSpec(parsing: "", parameter: "p") == .automatic)
    }

    @Test(arguments: [
        ("12-40", "'12-40' is not a range"),
        ("frame:1-2", "'frame:1-2' is not a range"),
        ("frames:a-b", "'frames:a-b' is not a range"),
        ("frames:1-2-3", "'frames:1-2-3' is not a range"),
        ("frames:1.5-3", "frame numbers are whole numbers"),
        ("progress:0-1.5", "progress runs from 0 to 1"),
        ("marker:", "names no marker"),
    ])
    func malformedRangesSayHowToWriteOne(text: String, message: String) {
        #expect {
            try FrameRangeSpec(parsing: text, parameter: "pulling")
        } throws: { error in
            let description = "\(error)"
            return description.hasPrefix("parameter 'pulling': ") && description.contains(message)
        }
    }

    @Test func framesAndMarkersAreInTheFilesNumbering() throws {
        #expect(try resolve("frames:12-40") == FrameRange(first: 12, last: 40))
        #expect(try resolve("frames:40-12") == FrameRange(first: 40, last: 12), "backwards is allowed")
        #expect(try resolve("marker:spin") == FrameRange(first: 40, last: 59), "a marker covers start ..< start + duration")
        #expect(try resolve("marker:blink") == FrameRange(holding: 70), "a marker without duration is one frame")
    }

    @Test func progressSpansFirstToLastFrame() throws {
        #expect(try resolve("progress:0-1") == FrameRange(first: 10, last: 100))
        #expect(try resolve("progress:0.5") == FrameRange(holding: 55))
    }

    @Test func emptyMeansTheMarkerOfTheSameNameElseTheFallback() throws {
        #expect(try resolve("", "pulling") == FrameRange(first: 10, last: 39))
        #expect(try resolve("", "refreshing") == fallback)
    }

    @Test func anEdgesOwnMarkerComesFirst() throws {
        let spec = FrameRangeSpec.automatic
        #expect(try spec.resolve(in: timeline, parameter: "pulling", edge: .bottom, fallback: fallback) == FrameRange(first: 80, last: 89))
        #expect(try spec.resolve(in: timeline, parameter: "pulling", edge: .trailing, fallback: fallback) == FrameRange(first: 10, last: 39))
        #expect(try FrameRangeSpec.marker("pulling").resolve(in: timeline, parameter: "pulling", edge: .bottom, fallback: fallback) == FrameRange(first: 10, last: 39),
                "a range the user names is the same at every edge")
    }

    @Test func outsideTheAnimationOrAMissingMarkerIsAnError() {
        #expect {
            try resolve("frames:5-20")
        } throws: { "\($0)" == "parameter 'refreshing': frames 5-20 are outside 'ring.json', which has frames 10-100" }
        #expect {
            try resolve("frames:90-101")
        } throws: { "\($0)".contains("frames 90-101 are outside") }
        #expect {
            try resolve("marker:spinning")
        } throws: { "\($0)" == "parameter 'refreshing': no marker 'spinning' in 'ring.json' (it has 'pulling', 'spin', 'blink', 'pulling@bottom')" }
    }

    @Test func aRunHandsOutItsFramesClamped() {
        let forwards = FrameRange(first: 3, last: 6), backwards = FrameRange(first: 6, last: 3)
        #expect((0..<4).map(forwards.frame(at:)) == [3, 4, 5, 6])
        #expect((0..<4).map(backwards.frame(at:)) == [6, 5, 4, 3])
        #expect(forwards.frame(at: -2) == 3 && forwards.frame(at: 99) == 6)
    }
}
