import Foundation
import Testing
@testable import RefreshHost
import RefreshPluginSDK
@testable import RefreshPreviewSession

/// The timeline under the list, driven through the session's commands with synthetic pointer
/// events on the strip (no window): a gesture kept as a track with its phases and events, a
/// moment scrubbed to drawn exactly as it was shown, playing and looping a range, stepping, the
/// range as a scenario and a clip, and the strip shown or hidden.
@MainActor
@Suite(.leavesNoPluginHost)
struct TimelineTests {
    let base = SessionTests()

    /// The window point on the strip at `target`'s control, at `x` (strip points) when given.
    func point(_ session: Session, _ target: TimelineLayout.Target, x: Double? = nil) throws -> Point {
        let r = try #require(session.timelineLayout.control(target)?.rect, "no \(target)")
        return Point(x: x ?? r.minX + r.width / 2, y: session.viewport.height + r.minY + r.height / 2)
    }

    @discardableResult
    func click(_ session: Session, _ p: Point) -> PreviewEffect {
        let effect = session.perform(.pointerDown(p))
        session.perform(.pointerUp)
        return effect
    }

    /// The list as drawn now.
    func picture(_ session: Session) throws -> [UInt32] {
        let image = try ImageSurface(size: session.viewport, scale: 1)
        session.draw(in: Canvas(surface: image), scale: 1)
        return image.pixelWords()
    }

    /// A ready session after a pull of 160 pt, let go and left to refresh and close; with the
    /// list as drawn at some frames of the gesture.
    func pulled() async throws -> (Session, SessionTests.Clock, shown: [(time: Double, pixels: [UInt32])]) {
        var (session, clock) = try await base.ready()
        var shown: [(Double, [UInt32])] = []
        session.perform(.pointerDown(Point(x: 195, y: 300)))
        for k in 1...30 {
            session.perform(.pointerMoved(Point(x: 195, y: 300 + 160 * Double(k) / 30)))
            try await clock.run(session, seconds: 1.0 / 120)
            if k % 10 == 0 { shown.append((session.time, try picture(session))) }
        }
        session.perform(.pointerUp)
        for k in 1...480 {
            try await clock.run(session, seconds: 1.0 / 120)
            if k % 60 == 0 { shown.append((session.time, try picture(session))) }
        }
        return (session, clock, shown)
    }

    @Test func aGestureIsKeptWithItsPhasesAndEvents() async throws {
        let (session, _, _) = try await pulled()
        let track = try #require(session.timeline.track)
        #expect(!track.isOpen, "the list is back at rest: the gesture is over")
        #expect(track.mainEdge == .top)
        let phases = track.bands(of: .top).map(\.phase)
        #expect(phases == [.pulling, .eligible, .refreshing, .success, .closing], "\(phases)")
        let labels = track.ticks.map(\.label).filter { $0 != "haptic" }
        #expect(labels == ["eligible", "refreshing", "success"], "\(labels)")
        #expect(track.ticks.contains { $0.label == "haptic" })
        // A moment at least every 120 Hz frame.
        let gaps = zip(track.moments, track.moments.dropFirst()).map { $1.time - $0.time }
        #expect(gaps.allSatisfy { $0 <= 1.0 / 120 + 1e-9 }, "largest gap \(gaps.max() ?? 0)")
        #expect(track.duration > 2 && track.duration < 4, "\(track.duration)")
    }

    @Test func aMomentScrubbedToIsDrawnAsItWasShown() async throws {
        var (session, clock, shown) = try await pulled()
        let live = session.time
        let layout = session.timelineLayout
        // Pressing on the track shows the moment under the pointer; dragging follows it.
        session.perform(.pointerDown(try point(session, .track, x: layout.x(at: shown[0].time))))
        let track = try #require(session.timeline.track)
        #expect(shown.filter { $0.time <= track.end }.count >= 6, "frames of the pull, the refresh and the result")
        for (time, pixels) in shown where time <= track.end {
            session.perform(.pointerMoved(try point(session, .track, x: layout.x(at: time))))
            #expect(abs(session.listMoment.time - time) < 1e-9)
            #expect(try picture(session) == pixels, "the moment at \(time) s is drawn as it was shown")
        }
        session.perform(.pointerUp)
        #expect(session.timeline.isReviewing)
        // The live list waits while a moment shows, and the panel says the moment's state.
        try await clock.run(session, seconds: 1)
        #expect(session.time == live)
        #expect(session.isAtRest, "nothing plays: the window may wait for input")
        #expect(session.panelLines().contains { $0.hasPrefix("timeline t=") })
        // A touch on the list goes back to it (and is the list's).
        session.perform(.pointerDown(Point(x: 195, y: 300)))
        #expect(!session.timeline.isReviewing)
        try await clock.run(session, seconds: 0.1)
        #expect(session.time > live)
        #expect(session.timeline.track?.isOpen == true, "the touch began a new gesture")
        #expect(session.timeline.track?.moments.count ?? 0 < 20)
    }

    @Test func aRangePlaysLoopsAndSteps() async throws {
        var (session, clock, _) = try await pulled()
        let track = try #require(session.timeline.track)
        let layout = session.timelineLayout
        let a = track.start + 0.3, b = track.start + 0.9
        // Drag under the track to mark the range; loop; play.
        session.perform(.pointerDown(try point(session, .rangeLane, x: layout.x(at: b))))
        session.perform(.pointerMoved(try point(session, .rangeLane, x: layout.x(at: a))))
        session.perform(.pointerUp)
        let range = try #require(session.timeline.range)
        #expect(abs(range.lowerBound - a) < 0.01 && abs(range.upperBound - b) < 0.01, "\(range)")
        click(session, try point(session, .loop))
        click(session, try point(session, .playPause))
        #expect(session.timeline.playing && abs((session.timeline.playhead ?? 0) - range.lowerBound) < 1e-9, "▶ from live plays the range from its start")
        var wrapped = 0, last = session.timeline.playhead ?? 0
        for _ in 0..<240 {
            try await clock.run(session, seconds: 1.0 / 120)
            let t = try #require(session.timeline.playhead)
            #expect(range.contains(t), "\(t) outside \(range)")
            if t < last { wrapped += 1 }
            last = t
        }
        #expect(wrapped == 3, "2 s over a 0.6-s range loops three times: \(wrapped)")
        #expect(!session.isAtRest)
        // Space pauses; . and the step buttons move a 120 Hz frame.
        session.perform(.togglePause)
        #expect(!session.timeline.playing)
        let stood = try #require(session.timeline.playhead)
        session.perform(.step)
        click(session, try point(session, .stepForward))
        click(session, try point(session, .stepBack))
        #expect(abs((session.timeline.playhead ?? 0) - (stood + 1.0 / 120)) < 1e-9)
        // At ½× the playhead moves half as far; without the loop, it stops at the range's end.
        click(session, try point(session, .speed))
        #expect(session.speed == 0.5)
        click(session, try point(session, .loop))
        click(session, try point(session, .playPause))
        let before = try #require(session.timeline.playhead)
        try await clock.run(session, seconds: 0.2)
        #expect(abs((session.timeline.playhead ?? 0) - before - 0.1) < 0.01)
        try await clock.run(session, seconds: 2)
        #expect(session.timeline.playhead == range.upperBound && !session.timeline.playing)
        // A click under the track without a drag clears the range; live goes back.
        click(session, try point(session, .rangeLane, x: layout.x(at: a)))
        #expect(session.timeline.range == nil)
        click(session, try point(session, .live))
        #expect(!session.timeline.isReviewing)
    }

    @Test func theRangeBecomesAScenarioAndAClip() async throws {
        let (session, _, _) = try await pulled()
        let track = try #require(session.timeline.track)
        let layout = session.timelineLayout
        session.perform(.pointerDown(try point(session, .rangeLane, x: layout.x(at: track.start + 0.2))))
        session.perform(.pointerMoved(try point(session, .rangeLane, x: layout.x(at: track.start + 1.5))))
        session.perform(.pointerUp)
        let range = try #require(session.timeline.range)
        guard case .saveScenario(let data) = click(session, try point(session, .scenario)) else {
            Issue.record("↓ scenario gives no scenario")
            return
        }
        let scenario = try Scenario.decode(data)
        #expect(scenario.checkpoints.count == 2 && abs(scenario.checkpoints[0] - (range.lowerBound - track.start)) < 0.001)
        // The scenario replays the gesture up to the range's end: its refresh begins when the track's did.
        let player = try ScenarioPlayer(scenario: scenario, searchPath: PluginSearchPath(directories: [products]))
        var began: Double?
        while try player.advance() {
            if began == nil, player.driver.container.state(of: .top) == .refreshing { began = player.time }
        }
        let band = try #require(track.bands(of: .top).first { $0.phase == .refreshing })
        #expect(abs((began ?? -1) - (band.start - track.start)) <= 2.0 / 60, "replayed \(String(describing: began)), kept \(band.start - track.start)")
        #expect(abs(Double(player.totalFrames) / scenario.fps - (range.upperBound - track.start)) <= 1.0 / 60)
        // ● asks the front end to record the same range, with the same scenario beside it.
        #expect(click(session, try point(session, .clip)) == .recordClip(range, scenario: data))
    }

    @Test func withoutAGestureTheStripSaysSoAndWHidesIt() throws {
        let session = try base.makeSession()
        #expect(session.windowSize.height == session.viewport.height + TimelineLayout.height)
        #expect(click(session, try point(session, .scenario)) == .none)
        #expect(session.message.contains("drag the list first"))
        #expect(!session.timeline.isReviewing)
        session.perform(KeyMap.command(forPress: .character("w"), shift: false)!)
        #expect(session.windowSize.height == session.viewport.height)
        // Hidden, the strip's place is outside the window: nothing there is the timeline's.
        #expect(session.perform(.pointerDown(Point(x: 100, y: session.viewport.height + 50))) == .none)
        #expect(session.timeline.track == nil)
    }

    /// The strip's hint before any gesture is whole: on one line it was cut ("…see any moment a…").
    @Test func theIdleHintIsNotCut() throws {
        let session = try base.makeSession()
        let image = try ImageSurface(width: Int(session.viewport.width), height: Int(TimelineLayout.height))
        let canvas = Canvas(surface: image)
        canvas.truncatedTexts = []
        session.timelineLayout.draw(in: canvas, at: Point(x: 0, y: 0), state: session.timeline, speed: 1, dark: false)
        #expect(canvas.truncatedTexts == [], "cut: \(String(describing: canvas.truncatedTexts))")
        let narrow = TimelineLayout(width: 200, span: nil)
        let narrowCanvas = Canvas(surface: image)
        narrowCanvas.truncatedTexts = []
        narrow.draw(in: narrowCanvas, at: Point(x: 0, y: 0), state: session.timeline, speed: 1, dark: false)
        #expect(narrowCanvas.truncatedTexts?.contains { $0.hasPrefix("Each gesture shows here") } == true, "a strip too narrow for it says so")
    }

    @Test func anotherLayoutStartsWithoutATrack() async throws {
        let (session, _, _) = try await pulled()
        #expect(session.timeline.track != nil)
        session.perform(.nextLayout)
        #expect(session.timeline.track == nil && !session.timeline.isReviewing)
    }
}
