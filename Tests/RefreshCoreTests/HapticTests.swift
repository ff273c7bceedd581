import Testing
@testable import RefreshCore

/// One haptic tick where a designer can feel it: once per gesture at the threshold (a wobble does
/// not repeat it), an impact when a gesture starts a refresh, nothing unless the edge asks.
@Suite struct HapticTests {
    /// A driver with the top edge under `haptics` (trigger 60 pt), and every event it sends.
    func make(_ haptics: HapticFeedback) throws -> (RefreshDriver, () -> [RefreshEvent]) {
        var events: [RefreshEvent] = []
        let driver = try RefreshDriver.make(edges: [.top: (RecordingIndicator(), EdgeConfiguration(haptics: haptics))],
                                            actions: [.top: { _, _ in }])
        driver.container.onEvent = { events.append($0) }
        return (driver, { events })
    }

    func haptics(_ events: [RefreshEvent]) -> [HapticKind] {
        events.compactMap { if case .haptic(_, let kind) = $0 { kind } else { nil } }
    }

    /// Pulls past the trigger, wobbles back under it and past it twice, all in one gesture.
    func wobble(_ driver: RefreshDriver) {
        driver.drag(by: Point(x: 0, y: 150))  // past the 60 pt trigger through the rubber band (about 118 pt of finger)
        for _ in 0..<2 {
            for _ in 0..<15 { driver.simulation.dragMoved(by: Point(x: 0, y: -4)); driver.advance(by: RefreshDriver.frame) }
            for _ in 0..<15 { driver.simulation.dragMoved(by: Point(x: 0, y: 4)); driver.advance(by: RefreshDriver.frame) }
        }
    }

    @Test func offByDefault() throws {
        let (driver, events) = try make(.off)
        wobble(driver)
        driver.release()
        #expect(events().contains(.beganRefreshing(.top, .userGesture)))
        #expect(haptics(events()).isEmpty)
    }

    @Test func oneTickPerGestureWhateverTheWobble() throws {
        let (driver, events) = try make(.threshold)
        wobble(driver)
        // The wobble crossed the threshold three times; the tick came once.
        #expect(events().filter { $0 == .becameEligible(.top) }.count == 3)
        #expect(haptics(events()) == [.selection])
        driver.release()
        #expect(haptics(events()) == [.selection], "threshold only: no impact")
    }

    @Test func anImpactWhenAGestureStartsARefreshNotWhenCodeDoes() throws {
        let (driver, events) = try make(.thresholdAndStart)
        driver.drag(by: Point(x: 0, y: 300))
        driver.release()
        #expect(haptics(events()) == [.selection, .impact])
        let impact = try #require(events().firstIndex(of: .haptic(.top, .impact)))
        #expect(events()[impact - 1] == .beganRefreshing(.top, .userGesture))
        driver.container.end(.top, result: .success)
        driver.run(seconds: 2)
        let before = haptics(events()).count
        #expect(driver.container.begin(.top))
        driver.run(seconds: 0.1)
        #expect(haptics(events()).count == before, "a refresh begun from code plays nothing")
        // A new gesture ticks again.
        driver.container.end(.top, result: .success)
        driver.run(seconds: 2)
        driver.drag(by: Point(x: 0, y: 300))
        #expect(haptics(events()).count == before + 1)
    }
}
