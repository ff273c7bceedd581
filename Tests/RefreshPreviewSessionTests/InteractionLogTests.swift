import Foundation
import Testing
@testable import RefreshHost
import RefreshPluginSDK

/// A designer's interaction in the preview, saved as a scenario, plays back headless the same way:
/// the refresh begins and ends at the same moments.
@MainActor
@Suite(.leavesNoPluginHost)
struct InteractionLogTests {
    /// When `session`'s top edge first showed each kind of state, in seconds after `start`.
    struct Timeline {
        var refreshing: Double?
        var finished: Double?
        mutating func note(_ state: RefreshState, at time: Double) {
            if state == .refreshing, refreshing == nil { refreshing = time }
            if case .finished = state, finished == nil { finished = time }
        }
    }

    @Test func aRecordedPullPlaysBackTheSame() async throws {
        let session = try SessionTests().makeSession()
        var clock = SessionTests.Clock()
        func frame() async throws { try await clock.run(session, seconds: 1.0 / 120) }
        for _ in 0..<180 { try await frame() }  // the first page arrives
        session.beginInteractionLog()
        let start = session.time
        var live = Timeline()
        // Wait a little, pull 160 pt over a quarter second, hold, let go, and wait for the server.
        for _ in 0..<30 { try await frame() }
        session.perform(.pointerDown(Point(x: 195, y: 300)))
        for k in 1...30 {
            session.perform(.pointerMoved(Point(x: 195, y: 300 + 160 * Double(k) / 30)))
            try await frame()
            live.note(session.driver.container.state(of: .top), at: session.time - start)
        }
        for _ in 0..<12 { try await frame() }
        session.perform(.pointerUp)
        for _ in 0..<360 {
            try await frame()
            live.note(session.driver.container.state(of: .top), at: session.time - start)
        }
        let data = try #require(session.endInteractionLog(name: "recorded", fps: 60)).fileData()
        let scenario = try Scenario.decode(data)
        // A recording is written as any scenario is, and reads back the same.
        #expect(try scenario.fileData() == data)
        #expect(try Scenario.decode(scenario.fileData()) == scenario)
        #expect(scenario.edges[.top]?.plugin == "dev.refreshkit.spinner")
        #expect(scenario.steps.contains { if case .release = $0 { true } else { false } })

        let player = try ScenarioPlayer(scenario: scenario, searchPath: PluginSearchPath(directories: [products]))
        var replay = Timeline()
        while try player.advance() { replay.note(player.driver.container.state(of: .top), at: player.time) }
        let began = try #require(live.refreshing), ended = try #require(live.finished)
        #expect(abs((replay.refreshing ?? -1) - began) <= 2.0 / 60, "refreshing at \(String(describing: replay.refreshing)) s, live \(began) s")
        #expect(abs((replay.finished ?? -1) - ended) <= 2.0 / 60, "finished at \(String(describing: replay.finished)) s, live \(ended) s")
        #expect(abs(Double(player.totalFrames) / 60 - (session.time - start)) <= 1.0 / 60)
    }

    /// V with the list scrolled: the recording starts where the list was, and a drag from there
    /// (held still before the lift, so nothing flings) ends where it ended live.
    @Test func aRecordingBegunWithTheListScrolledStartsThere() async throws {
        let session = try SessionTests().makeSession()
        var clock = SessionTests.Clock()
        func frame() async throws { try await clock.run(session, seconds: 1.0 / 120) }
        for _ in 0..<180 { try await frame() }
        session.perform(.wheel(Point(x: 0, y: -150)))  // short of the footer's preload distance
        for _ in 0..<120 { try await frame() }  // the wheel's gesture ends, the list rests
        let scrolled = session.driver.simulation.scrolled(along: .vertical)
        #expect(scrolled > 100)
        session.beginInteractionLog()
        for _ in 0..<12 { try await frame() }
        try await SessionTests().drag(session, &clock, from: Point(x: 195, y: 300), by: 120, lift: false)
        for _ in 0..<24 { try await frame() }  // held still: no fling
        session.perform(.pointerUp)
        for _ in 0..<120 { try await frame() }
        let scenario = try #require(session.endInteractionLog(name: "scrolled", fps: 60))
        #expect(abs(scenario.offset - scrolled) < 1e-9)
        #expect(try Scenario.decode(scenario.fileData()) == scenario)
        let player = try ScenarioPlayer(scenario: scenario, searchPath: PluginSearchPath(directories: [products]))
        try player.advance()
        #expect(abs(player.driver.simulation.scrolled(along: .vertical) - scrolled) < 1e-9, "the first frame is where the list was")
        while try player.advance() {}
        let live = session.driver.simulation.scrolled(along: .vertical), replayed = player.driver.simulation.scrolled(along: .vertical)
        #expect(abs(replayed - live) < 2 && abs(live - (scrolled - 120)) < 30, "live \(live), replayed \(replayed), from \(scrolled)")
    }

    /// A parameter changed while recording is a step at its moment, from the values the take began
    /// with; a theme changed ends what the take can replay, and the scenario keeps the first theme.
    @Test func aParameterChangedWhileRecordingIsAStepAndAThemeChangeEndsTheTake() async throws {
        let (session, clock) = try await SessionTests().ready()
        var time = clock
        func frame() async throws { try await time.run(session, seconds: 1.0 / 120) }
        session.perform(.changeParameter(by: 1))  // spokes, before the take
        let before = session.plugins[session.current].overrides
        session.beginInteractionLog()
        for _ in 0..<30 { try await frame() }
        session.perform(.changeParameter(by: 1))
        session.perform(.changeParameter(by: 1))
        let changed = try #require(session.plugins[session.current].overrides["spokes"])
        for _ in 0..<30 { try await frame() }
        #expect(session.logInterruption == nil)
        session.perform(.toggleTheme)
        try await frame()
        #expect(session.logInterruption == "the theme, motion or locale changed")
        let scenario = try #require(session.endInteractionLog(name: "changed", fps: 60))
        #expect(scenario.edges[.top]?.parameters == before)
        #expect(scenario.environment.colorScheme == .light)
        #expect(scenario.steps.contains(.setParameter(edge: .top, name: "spokes", value: changed)), "\(scenario.steps)")
        // The step comes after the first quarter second, and the replay's indicator takes the value there.
        let player = try ScenarioPlayer(scenario: scenario, searchPath: PluginSearchPath(directories: [products]))
        try player.advance()
        #expect(player.slots[.top]?.indicator.parameters.values["spokes"] == before["spokes"])
        while try player.advance() {}
        #expect(player.slots[.top]?.indicator.parameters.values["spokes"] == changed)
    }

    @Test func aRecordingWithTheSecondFloorAndAPlacementPlaysBackTheSame() async throws {
        let session = try SessionTests().makeSession()
        var clock = SessionTests.Clock()
        func frame() async throws { try await clock.run(session, seconds: 1.0 / 120) }
        for _ in 0..<180 { try await frame() }
        session.perform(.toggleSecondFloor)
        session.perform(.nextPlacement)  // behind
        session.beginInteractionLog()
        let start = session.time
        var live: [(RefreshState.Kind, Double)] = []
        func note(_ state: RefreshState, _ at: Double, into list: inout [(RefreshState.Kind, Double)]) {
            if list.last?.0 != state.kind { list.append((state.kind, at)) }
        }
        session.perform(.pointerDown(Point(x: 195, y: 10)))
        for k in 1...60 {
            session.perform(.pointerMoved(Point(x: 195, y: 10 + 800 * Double(k) / 60)))
            try await frame()
            note(session.driver.container.state(of: .top), session.time - start, into: &live)
        }
        session.perform(.pointerUp)
        for _ in 0..<120 { try await frame(); note(session.driver.container.state(of: .top), session.time - start, into: &live) }
        session.perform(.closeSecondFloor)
        for _ in 0..<240 { try await frame(); note(session.driver.container.state(of: .top), session.time - start, into: &live) }
        #expect(live.map(\.0).contains(.secondaryOpen) && live.map(\.0).contains(.secondaryClosing), "\(live)")

        let data = try #require(session.endInteractionLog(name: "recorded-floor", fps: 60)).fileData()
        let scenario = try Scenario.decode(data)
        #expect(try Scenario.decode(scenario.fileData()) == scenario)
        #expect(scenario.edges[.top]?.configuration.placement == .behind)
        #expect(scenario.edges[.top]?.configuration.secondFloor?.triggerDistance == 150)
        #expect(scenario.steps.contains { if case .closeSecondFloor(.top) = $0 { true } else { false } })
        let player = try ScenarioPlayer(scenario: scenario, searchPath: PluginSearchPath(directories: [products]))
        var replay: [(RefreshState.Kind, Double)] = []
        while try player.advance() { note(player.driver.container.state(of: .top), player.time, into: &replay) }
        #expect(replay.map(\.0) == live.map(\.0), "replay \(replay), live \(live)")
        for ((_, a), (_, b)) in zip(replay, live) { #expect(abs(a - b) <= 2.0 / 60, "replay \(replay), live \(live)") }
    }
}
