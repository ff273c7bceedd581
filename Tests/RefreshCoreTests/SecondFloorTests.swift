import Testing
@testable import RefreshCore

/// The second floor (二楼): a pull past a second trigger distance opens a panel instead of
/// refreshing; pushing it back or a call closes it; it never runs beside a refresh.
@Suite struct SecondFloorTests {
    /// The top edge with a 60 pt trigger and a floor at 150 pt; every event it sends.
    func make(_ floor: SecondFloor = SecondFloor(triggerDistance: 150), bottom: Bool = false) throws -> (RefreshDriver, RecordingIndicator, () -> [RefreshEvent]) {
        var events: [RefreshEvent] = []
        let indicator = RecordingIndicator()
        var edges: [RefreshEdge: (RecordingIndicator, EdgeConfiguration)] = [.top: (indicator, EdgeConfiguration(secondFloor: floor))]
        if bottom { edges[.bottom] = (RecordingIndicator(), EdgeConfiguration()) }
        let driver = try RefreshDriver.make(edges: edges, actions: [.top: { _, _ in }, .bottom: { _, _ in }])
        driver.container.onEvent = { events.append($0) }
        return (driver, indicator, { events })
    }

    @Test func aLongPullOpensTheFloorToTheViewportAndNoRefreshRuns() throws {
        let (driver, indicator, events) = try make()
        driver.drag(by: Point(x: 0, y: 700), over: 0.5)
        #expect(driver.container.state(of: .top) == .secondaryEligible)
        #expect(try #require(driver.container.status(of: .top)).secondaryProgress >= 1)
        driver.release()
        #expect(driver.container.state(of: .top) == .secondaryOpen)
        #expect(driver.container.holdExtent(for: .top) == 844, "no open extent: the whole viewport")
        driver.run(seconds: 1.5)
        #expect(abs(driver.simulation.pull(at: .top).distance - 844) < 1, "the floor is held open")
        #expect(!events().contains { if case .beganRefreshing = $0 { true } else { false } })
        #expect(indicator.kinds == [.unknown, .none, .pulling, .eligible, .secondaryEligible, .secondaryOpen])
        #expect(events().contains(.openedSecondFloor(.top, .userGesture)))
    }

    @Test func pushingItBackClosesItAndTheEdgeComesToRest() throws {
        let (driver, indicator, events) = try make()
        driver.drag(by: Point(x: 0, y: 700), over: 0.5)
        driver.release()
        driver.run(seconds: 1.5)
        // A small push springs back open.
        driver.drag(by: Point(x: 0, y: -30))
        driver.release()
        #expect(driver.container.state(of: .top) == .secondaryOpen)
        driver.run(seconds: 1)
        // A push of more than the first trigger distance closes it.
        driver.drag(by: Point(x: 0, y: -300))
        driver.release()
        #expect(driver.container.state(of: .top) == .secondaryClosing)
        #expect(events().last(where: { if case .closingSecondFloor = $0 { true } else { false } }) == .closingSecondFloor(.top))
        driver.run(seconds: 2)
        #expect(driver.container.state(of: .top) == .none, "nothing stuck open once closed")
        #expect(driver.container.holdExtent(for: .top) == 0)
        #expect(indicator.kinds.suffix(2) == [.secondaryClosing, .none])
    }

    @Test func aReleaseBetweenTheThresholdsRefreshesUnlessTheFloorSaysNot() throws {
        let (driver, _, events) = try make()
        driver.drag(by: Point(x: 0, y: 150))  // past 60 pt, short of 150 pt
        #expect(driver.container.state(of: .top) == .eligible)
        driver.release()
        #expect(driver.container.state(of: .top) == .refreshing)
        #expect(events().contains(.beganRefreshing(.top, .userGesture)))

        let (quiet, _, quietEvents) = try make(SecondFloor(triggerDistance: 150, refreshesBelow: false))
        quiet.drag(by: Point(x: 0, y: 150))
        #expect(quiet.container.state(of: .top).kind == .pulling, "only the floor opens: no eligible")
        quiet.release()
        quiet.run(seconds: 1)
        #expect(quiet.container.state(of: .top) == .none)
        #expect(quietEvents().filter { if case .announce = $0 { false } else { true } }.isEmpty)
    }

    @Test func pullingBackUnderTheSecondTriggerIsEligibleToRefreshAgain() throws {
        let (driver, _, events) = try make()
        driver.drag(by: Point(x: 0, y: 700), over: 0.5)
        #expect(driver.container.state(of: .top) == .secondaryEligible)
        driver.simulation.dragMoved(by: Point(x: 0, y: -560))
        driver.advance(by: RefreshDriver.frame)
        #expect(driver.container.state(of: .top) == .eligible)
        #expect(events().suffix(3).contains(.stoppedBeingSecondaryEligible(.top)))
        driver.release()
        #expect(driver.container.state(of: .top) == .refreshing)
    }

    @Test func aFlungPushClosesItToo() throws {
        let (driver, _, _) = try make()
        driver.drag(by: Point(x: 0, y: 700), over: 0.5)
        driver.release()
        driver.run(seconds: 1)
        driver.drag(by: Point(x: 0, y: -400), over: 0.4)
        driver.simulation.dragEnded()  // with the finger's own velocity: a fling up
        for _ in 0..<240 {
            driver.advance(by: RefreshDriver.frame)
            if driver.container.state(of: .top) == .none { break }
        }
        #expect(driver.container.state(of: .top) == .none, "pull \(driver.simulation.pull(at: .top).distance)")
    }

    @Test func codeOpensAndClosesItAndTheScrollViewRevealsIt() throws {
        let (driver, _, events) = try make(SecondFloor(triggerDistance: 150, openExtent: 400))
        driver.drag(by: Point(x: 0, y: -600))  // scrolled away from the top
        driver.release()
        driver.run(seconds: 1)
        #expect(driver.container.openSecondFloor(.top))
        #expect(events().contains(.openedSecondFloor(.top, .programmatic)))
        driver.run(seconds: 2)
        #expect(abs(driver.simulation.pull(at: .top).distance - 400) < 1, "revealed to its open extent")
        #expect(!driver.container.openSecondFloor(.top), "already open")
        #expect(!driver.container.begin(.top), "no refresh while the floor is open")
        driver.container.closeSecondFloor(.top)
        driver.run(seconds: 2)
        #expect(driver.container.state(of: .top) == .none)
        #expect(driver.container.begin(.top), "and after it closed, a refresh may begin")
    }

    @Test func noRefreshAndSecondFloorAtOnce() throws {
        let (driver, _, _) = try make(bottom: true)
        #expect(driver.container.openSecondFloor(.top))
        #expect(!driver.container.begin(.bottom), "the floor is busy like a refresh")
        driver.container.closeSecondFloor(.top)
        driver.run(seconds: 2)
        #expect(driver.container.begin(.bottom))
        #expect(!driver.container.openSecondFloor(.top), "a load-more runs: the floor stays shut")
    }

    @Test func resetAndHideCloseAnOpenFloor() throws {
        let (driver, _, events) = try make()
        #expect(driver.container.openSecondFloor(.top))
        driver.container.reset(.top)
        #expect(driver.container.state(of: .top).kind != .secondaryOpen)
        #expect(events().contains(.closingSecondFloor(.top)))
        #expect(driver.container.openSecondFloor(.top))
        driver.container.setHidden(true, .top)
        #expect(driver.container.state(of: .top) == .none)
        #expect(driver.container.holdExtent(for: .top) == 0)
    }

    @Test func badFloorsAreRefusedNamingTheField() {
        let indicator = RecordingIndicator()
        func error(_ edge: RefreshEdge, _ configuration: EdgeConfiguration) -> String? {
            do { try RefreshContainer().enable(edge, indicator: indicator, configuration: configuration); return nil } catch { return error.field }
        }
        #expect(error(.top, EdgeConfiguration(secondFloor: SecondFloor(triggerDistance: 50))) == "secondFloor.triggerDistance")
        #expect(error(.top, EdgeConfiguration(secondFloor: SecondFloor(triggerDistance: .nan))) == "secondFloor.triggerDistance")
        #expect(error(.top, EdgeConfiguration(secondFloor: SecondFloor(triggerDistance: 150, openExtent: 100))) == "secondFloor.openExtent")
        #expect(error(.bottom, EdgeConfiguration(secondFloor: SecondFloor(triggerDistance: 150))) == "secondFloor")
        #expect(error(.top, EdgeConfiguration(triggerPolicy: .onReach, secondFloor: SecondFloor(triggerDistance: 150))) == "secondFloor")
        #expect(error(.top, EdgeConfiguration(secondFloor: SecondFloor(triggerDistance: 150))) == nil)
    }
}
