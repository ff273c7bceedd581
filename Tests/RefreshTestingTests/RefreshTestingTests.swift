import Foundation
import RefreshGoldens
import RefreshHost
import RefreshPluginSDK
import RefreshTesting
import SnapshotTesting
import Testing

/// An indicator as an author writes one: a ring that fills with the pull and turns while refreshing.
final class Ring: RefreshIndicator {
    static let info = IndicatorInfo(id: "test.ring", name: "Ring", version: "1.0.0", summary: "A ring for RefreshTesting's tests.")
    static let colour = Parameter.color("color", default: "#0A84FF", help: "Ring colour")
    static let radius = Parameter.number("radius", default: 12, range: 4...30, help: "Radius in points")
    static let parameters = ParameterSpec.list(colour, radius)
    let refreshLength = 60.0
    let color: Color, radius: Double
    /// Set by ``RefreshTestingTests/validationInProcess()`` alone (the suite runs one test at a time).
    nonisolated(unsafe) static var countsItsFrames = false
    nonisolated(unsafe) static var drawn = 0

    init(parameters: ParameterValues) throws {
        color = parameters[Self.colour]
        radius = parameters[Self.radius]
    }

    func draw(in canvas: Canvas, frame: IndicatorFrame) {
        guard frame.state.showsIndicator else { return }
        if Self.countsItsFrames {
            // The bug validate's determinism check is for: a frame that depends on how often it was drawn.
            Self.drawn += 1
            canvas.addRect(Rect(x: 10, y: 10, width: 40, height: 20))
            canvas.fill(.color(Color(red: 1, green: 0.6, blue: 0, alpha: 1 / Double(Self.drawn))))
        }
        let centre = frame.visibleRect.center
        let start = -Double.pi / 2 + (frame.state == .refreshing ? 2 * .pi * frame.stateTime : 0)
        let sweep = frame.state == .refreshing ? 1.5 * .pi : 2 * .pi * min(max(frame.progress, 0), 1)
        guard sweep > 0 else { return }
        canvas.arc(center: centre, radius: radius, startAngle: start, endAngle: start + sweep)
        canvas.stroke(.color(color), style: StrokeStyle(lineWidth: 3, cap: .round))
    }
}

/// A second indicator type, which the plugin ABI cannot export from the same process.
final class Other: RefreshIndicator {
    static let info = IndicatorInfo(id: "test.other", name: "Other", version: "1.0.0", summary: "")
    static let parameters: [ParameterSpec] = []
    let refreshLength = 60.0
    init(parameters: ParameterValues) throws {}
    func draw(in canvas: Canvas, frame: IndicatorFrame) {}
}

/// RefreshTesting as a plugin author uses it: references beside this file, recorded once and committed.
@Suite(.serialized) struct RefreshTestingTests {
    @Test func aFrameMatchesItsReference() throws {
        try expectFrame(of: try Ring.make(), .frame(.refreshing, time: 0.25), named: "refreshing")
        try expectFrames(of: try Ring.make(), named: "every-state")
    }

    /// A changed indicator fails with the comparator's words, and the reference is not touched.
    @Test func aChangedIndicatorFails() throws {
        let reference = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("__Frames__/RefreshTestingTests/refreshing.png").path
        let before = try Data(contentsOf: URL(fileURLWithPath: reference))
        let bigger = try Ring.make(["radius": .number(20)])
        let error = try #require(throws: FrameMismatch.self) {
            try expectFrame(of: bigger, .frame(.refreshing, time: 0.25), named: "refreshing", record: .never)
        }
        #expect(error.description.contains("pixels differ (geometry") && error.description.contains("diff: "), "\(error)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: reference)) == before)
        // Under `never` a reference nobody recorded is a failure, and none is written.
        let missing = try #require(throws: FrameMismatch.self) {
            try expectFrame(of: bigger, .frame(.eligible), named: "never-recorded", record: .never)
        }
        #expect(missing.description.contains("no golden yet"), "\(missing)")
        #expect(!FileManager.default.fileExists(atPath: missing.reference))
    }

    /// The motion of a shipped scenario without swift-snapshot-testing: the committed reference
    /// matches; a changed look fails when pixels are compared, naming the played track and leaving
    /// the reference as it was; another motion fails by default; a reference nobody recorded fails
    /// under `never` and is not written.
    @Test func aMotionMatchesItsReference() throws {
        try expectMotion(of: try Ring.make(), scenario: "pull-short", named: "pull-short", record: .never)
        let reference = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("__Motion__/RefreshTestingTests/pull-short.motion.json").path
        let before = try Data(contentsOf: URL(fileURLWithPath: reference))
        let bigger = try Ring.make(["radius": .number(20)])
        try expectMotion(of: bigger, scenario: "pull-short", named: "pull-short", record: .never)
        let changed = try #require(throws: MotionMismatch.self) {
            try expectMotion(of: bigger, scenario: "pull-short", named: "pull-short", pixels: .exact, record: .never)
        }
        #expect(changed.reference == reference && changed.description.contains("the frame's pixels differ"), "\(changed)")
        let played = try #require(changed.description.firstRange(of: "(played: ").map { changed.description[$0.upperBound...].prefix { $0 != ")" } })
        #expect(FileManager.default.fileExists(atPath: String(played)), "\(changed)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: reference)) == before)
        let other = try #require(throws: MotionMismatch.self) {
            try expectMotion(of: bigger, scenario: "pull-to-refresh", named: "pull-short", record: .never)
        }
        #expect(other.description.contains("the motion differs from the reference"), "\(other)")
        let missing = try #require(throws: MotionMismatch.self) {
            try expectMotion(of: bigger, scenario: "pull-short", named: "never-recorded", record: .never)
        }
        #expect(missing.description.contains("no reference yet"), "\(missing)")
        #expect(!FileManager.default.fileExists(atPath: missing.reference))
        let unplayable = try #require(throws: MotionMismatch.self) {
            try expectMotion(of: bigger, scenario: "no-such-scenario", named: "pull-short", record: .never)
        }
        #expect(unplayable.description.contains("the motion could not be played"), "\(unplayable)")
    }

    /// The same frame through swift-snapshot-testing's `assertSnapshot`, and the motion of a
    /// shipped scenario.
    @Test func snapshotStrategies() throws {
        let indicator = try Ring.make()
        assertSnapshot(of: indicator, as: .frame(.pulling(progress: 0.5)), named: "pulling")
        assertSnapshot(of: indicator, as: .frames([.frame(.eligible), .frame(.refreshing, colorScheme: .dark)]), named: "sheet")
        assertSnapshot(of: indicator, as: .motion(scenario: "pull-short"), named: "pull-short")
    }

    /// validate's checks in this process: the indicator passes; made to depend on how often it
    /// drew, it fails with the words `validate` prints. A second type cannot be exported beside it.
    @Test func validationInProcess() throws {
        try validateIndicator(Ring.self)
        Ring.countsItsFrames = true
        defer { Ring.countsItsFrames = false }
        let failure = try #require(throws: IndicatorValidationFailure.self) { try validateIndicator(Ring.self, level: 1) }
        #expect(failure.failures.count == 1 && failure.failures[0].hasPrefix("✗ determinism: ") && failure.failures[0].contains("differ between two renders"), "\(failure.lines)")
        #expect(failure.lines.contains { $0.hasPrefix("✓ bounds: ") })
        let other = try #require(throws: IndicatorValidationFailure.self) { try validateIndicator(Other.self) }
        #expect(other.description.contains("it can export one indicator type, not also Other"), "\(other)")
    }

    /// The strategies' comparisons fail on a change and on a reference that cannot be read.
    @Test func theDiffingsFailClosed() throws {
        let image = try IndicatorFrames.image(of: try Ring.make(), .frame(.refreshing))
        let other = try IndicatorFrames.image(of: try Ring.make(["color": .color(Color(red: 0, green: 0.5, blue: 1))]), .frame(.refreshing))
        let diffing = Diffing<SnapshotImage>.refreshKit()
        let same = diffing.fromData(diffing.toData(SnapshotImage(image)))
        #expect(diffing.diffV2(same, SnapshotImage(image)) == nil)
        #expect(diffing.diffV2(same, SnapshotImage(other))?.0.contains("pixels differ (colour") == true)
        #expect(diffing.diffV2(diffing.fromData(Data("not a png".utf8)), SnapshotImage(image))?.0.contains("cannot compare: the reference cannot be read") == true)
        let track = try MotionSnapshot.track(of: try Ring.make(), scenario: "pull-short")
        let bigger = try MotionSnapshot.track(of: try Ring.make(["radius": .number(20)]), scenario: "pull-short")
        let motion = Diffing<String>.motionTrack(pixels: .exact)
        #expect(motion.diffV2(try track.fileText(), try track.fileText()) == nil)
        #expect(motion.diffV2(try track.fileText(), try bigger.fileText())?.0.contains("the frame's pixels differ") == true)
        // By default a track's pixels are not compared: the same motion in another look passes.
        #expect(Diffing<String>.motionTrack().diffV2(try track.fileText(), try bigger.fileText()) == nil)
        // Another motion does not: an edge that never leaves rest.
        let still = try track.fileText().replacingOccurrences(of: "\"state\":\"pulling\"", with: "\"state\":\"none\"")
        #expect(try still != track.fileText())
        #expect(Diffing<String>.motionTrack().diffV2(try track.fileText(), still)?.0.contains("none") == true)
        #expect(motion.diffV2("{", try track.fileText())?.0 == "cannot compare: the reference is not a motion track")
    }
}
