import Testing
@testable import RefreshCore

@Suite struct RefreshContainerTests {
    let pullPastTrigger = Point(x: 0, y: 200)  // shows ~84 pt on an 844 pt viewport
    let pullShort = Point(x: 0, y: 60)         // shows ~32 pt

    // MARK: Flows

    @Test func pullAndReleaseRefreshesShowsTheResultAndRetracts() throws {
        let top = RecordingIndicator()
        var events: [RefreshEvent] = []
        var completion: RefreshCompletion?
        let driver = try RefreshDriver.make(edges: [.top: (top, EdgeConfiguration(resultHoldTime: 0.5))], actions: [.top: { trigger, done in
            #expect(trigger == .userGesture)
            completion = done
        }])
        driver.container.onEvent = { if case .announce = $0 {} else { events.append($0) } }  // AnnouncementTests has those
        driver.drag(by: pullPastTrigger)
        #expect(top.refreshState == .eligible)
        driver.release()
        #expect(top.refreshState == .refreshing)
        driver.run(seconds: 1)
        #expect(driver.simulation.offset.y == -60, "held open at the hold extent")
        completion?(.success)
        #expect(top.refreshState == .finished(.success))
        driver.run(seconds: 0.4)
        #expect(driver.simulation.offset.y == -60, "still held while the result shows")
        driver.run(seconds: 1.5)
        #expect(top.refreshState == RefreshState.none)
        #expect(driver.simulation.offset.y == 0)
        #expect(top.kinds == [.unknown, .none, .pulling, .eligible, .refreshing, .finished, .none])
        #expect(events == [.becameEligible(.top), .beganRefreshing(.top, .userGesture), .finished(.top, .success)])
    }

    @Test func pullShortOfTheTriggerSpringsBackWithoutRefreshing() throws {
        let top = RecordingIndicator()
        var began = 0
        let driver = try RefreshDriver.make(edges: [.top: (top, EdgeConfiguration())], actions: [.top: { _, _ in began += 1 }])
        driver.drag(by: pullShort)
        guard case .pulling(let progress) = top.refreshState else {
            Issue.record("expected pulling, got \(top.refreshState)")
            return
        }
        #expect(progress > 0.4 && progress < 1)
        driver.release()
        driver.run(seconds: 1.5)
        #expect(began == 0)
        #expect(top.kinds == [.unknown, .none, .pulling, .none])
    }

    @Test func draggingBackUnderTheTriggerStopsBeingEligible() throws {
        let top = RecordingIndicator()
        var events: [RefreshEvent] = []
        let driver = try RefreshDriver.make(edges: [.top: (top, EdgeConfiguration())])
        driver.container.onEvent = { if case .announce = $0 {} else { events.append($0) } }  // AnnouncementTests has those
        driver.drag(by: pullPastTrigger)
        driver.simulation.dragMoved(by: Point(x: 0, y: -150))
        driver.advance(by: RefreshDriver.frame)
        driver.release()
        driver.run(seconds: 1)
        #expect(events == [.becameEligible(.top), .stoppedBeingEligible(.top)])
        #expect(top.refreshState == RefreshState.none)
    }

    @Test func onReachPolicyStartsWhileTheFingerIsDown() throws {
        let top = RecordingIndicator()
        let driver = try RefreshDriver.make(edges: [.top: (top, EdgeConfiguration(triggerPolicy: .onReach))])
        driver.drag(by: pullPastTrigger)
        #expect(driver.simulation.isTracking)
        #expect(top.refreshState == .refreshing)
        #expect(!top.kinds.contains(.eligible))
    }

    @Test func progressStartsAtTheStartOffset() throws {
        let top = RecordingIndicator()
        let driver = try RefreshDriver.make(edges: [.top: (top, EdgeConfiguration(triggerDistance: 80, startOffset: 40))])
        driver.drag(by: Point(x: 0, y: 60))  // ~32 pt visible: before the start offset
        #expect(top.refreshState == .pulling(progress: 0))
        let status = try #require(driver.container.status(of: .top))
        #expect(status.progress < 0)
        #expect(abs(status.progress - (status.pull.distance - 40) / 40) < 1e-12)
    }

    @Test func programmaticBeginRevealsTheHoldExtent() throws {
        let top = RecordingIndicator()
        var trigger: RefreshTrigger?
        let driver = try RefreshDriver.make(edges: [.top: (top, EdgeConfiguration(holdExtent: 50))], actions: [.top: { kind, _ in trigger = kind }])
        #expect(driver.container.begin(.top))
        #expect(trigger == .programmatic)
        driver.run(seconds: 1)
        #expect(driver.simulation.offset.y == -50)
        #expect(driver.container.status(of: .top)?.pull.distance == 50)
    }

    @Test func stateTimeCountsFromWhenTheStateBegan() throws {
        let top = RecordingIndicator()
        let driver = try RefreshDriver.make(edges: [.top: (top, EdgeConfiguration())])
        driver.run(seconds: 0.5)
        driver.container.begin(.top)
        let began = driver.time
        driver.run(seconds: 0.25)
        #expect(driver.container.status(of: .top)?.stateStartTime == began)
    }

    @Test func unusableConfigurationsNameTheEdgeAndField() {
        let container = RefreshContainer()
        let cases: [(RecordingIndicator, EdgeConfiguration, RefreshEdge, String)] = [
            (RecordingIndicator(refreshLength: .nan), EdgeConfiguration(), .top, "refreshLength"),
            (RecordingIndicator(refreshLength: -4), EdgeConfiguration(), .top, "refreshLength"),
            (RecordingIndicator(), EdgeConfiguration(triggerDistance: 30, startOffset: 30), .top, "triggerDistance"),
            (RecordingIndicator(), EdgeConfiguration(holdExtent: .infinity), .bottom, "holdExtent"),
            (RecordingIndicator(), EdgeConfiguration(preloadDistance: 100), .top, "preloadDistance"),
        ]
        for (indicator, configuration, edge, field) in cases {
            #expect {
                try container.enable(edge, indicator: indicator, configuration: configuration)
            } throws: { error in
                guard let error = error as? RefreshContainer.ConfigurationError else { return false }
                return error.edge == edge && error.field == field && error.description.contains(field)
            }
        }
        #expect(container.enabledEdges.isEmpty)
    }

    @Test func commandsAreIdempotent() throws {
        let top = RecordingIndicator()
        var began = 0, finished = 0
        let driver = try RefreshDriver.make(edges: [.top: (top, EdgeConfiguration())], actions: [.top: { _, _ in began += 1 }])
        driver.container.onEvent = { if case .finished = $0 { finished += 1 } }
        driver.container.end(.top, result: .success)  // nothing runs: no-op
        #expect(driver.container.begin(.top))
        #expect(!driver.container.begin(.top))
        driver.container.end(.top, result: .success)
        driver.container.end(.top, result: .failure)
        driver.container.reset(.top)
        driver.container.reset(.top)
        #expect(began == 1)
        #expect(finished == 1)
        #expect(top.refreshState == RefreshState.none)
        #expect(!driver.container.begin(.bottom), "a disabled edge does not begin")
    }

    @Test func aCompletionCalledInsideTheActionFinishesTheRefresh() throws {
        let top = RecordingIndicator()
        let driver = try RefreshDriver.make(edges: [.top: (top, EdgeConfiguration())], actions: [.top: { _, done in done(.failure) }])
        driver.container.begin(.top)
        #expect(top.refreshState == .finished(.failure))
        driver.run(seconds: 3)
        #expect(top.refreshState == RefreshState.none)
    }

    // MARK: The five bug classes users report most (ANCHORS §3)

    /// MJRefresh #718, #1119, #1433; EasyRefresh #574: an end that arrives before the begin
    /// animation has finished must not leave the spinner stuck.
    @Test func endBeforeTheBeginAnimationFinishesDoesNotStick() throws {
        let top = RecordingIndicator()
        var completion: RefreshCompletion?
        let driver = try RefreshDriver.make(edges: [.top: (top, EdgeConfiguration(resultHoldTime: 0.3))], actions: [.top: { _, done in completion = done }])
        driver.container.begin(.top)
        driver.advance(by: RefreshDriver.frame)  // the reveal has only just started
        #expect(driver.simulation.offset.y > -60 && driver.simulation.offset.y < 0)
        completion?(.success)
        driver.run(seconds: 2)
        #expect(top.refreshState == RefreshState.none)
        #expect(driver.simulation.offset.y == 0)
        #expect(driver.simulation.isResting)
    }

    /// MJRefresh #463, #991, #1378; EasyRefresh #415: load-more fires once per gesture and never
    /// while one is running.
    @Test func loadMoreFiresOncePerGestureAndNeverWhileRunning() throws {
        let bottom = RecordingIndicator()
        var completions: [RefreshCompletion] = []
        let driver = try RefreshDriver.make(
            edges: [.bottom: (bottom, EdgeConfiguration(preloadDistance: 300, resultHoldTime: 0))],
            actions: [.bottom: { trigger, done in
                #expect(trigger == .automatic)
                completions.append(done)
            }]
        )
        // Fling towards the end: the preload zone is crossed on many frames of one gesture.
        driver.simulation.fling(velocity: Point(x: 0, y: -4000))
        driver.run(seconds: 0.6)
        #expect(completions.count == 1)
        completions[0](.success)  // the page "arrives" mid-gesture: still the same gesture
        driver.run(seconds: 3)
        #expect(completions.count == 1)
        // A new gesture towards the end may load the next page, once.
        driver.drag(by: Point(x: 0, y: -100))
        driver.release()
        driver.run(seconds: 2)
        #expect(completions.count == 2)
        // While that one runs, more gestures do nothing.
        for _ in 0..<3 {
            driver.drag(by: Point(x: 0, y: -200))
            driver.release()
        }
        #expect(completions.count == 2)
    }

    /// MJRefresh #1025, #1013, #1147: an end after no-more-data must not lose no-more-data;
    /// only reset clears it.
    @Test func endAfterNoMoreDataKeepsNoMoreDataUntilReset() throws {
        let bottom = RecordingIndicator()
        var completion: RefreshCompletion?
        let driver = try RefreshDriver.make(edges: [.bottom: (bottom, EdgeConfiguration(resultHoldTime: 0))], actions: [.bottom: { _, done in completion = done }])
        driver.container.begin(.bottom)
        driver.container.setNoMoreData(.bottom)
        completion?(.success)                           // a late "success" from the same request
        driver.container.end(.bottom, result: .success) // and an explicit end
        driver.run(seconds: 1)
        #expect(bottom.refreshState == .noMoreData)
        #expect(driver.container.holdExtent(for: .bottom) == 60, "the end marker stays open")
        #expect(!driver.container.begin(.bottom))
        driver.simulation.fling(velocity: Point(x: 0, y: -8000))  // pull hard into the end
        driver.run(seconds: 3)
        #expect(bottom.refreshState == .noMoreData)
        driver.container.reset(.bottom)
        #expect(driver.container.holdExtent(for: .bottom) == 0)
        driver.run(seconds: 2)
        #expect(bottom.refreshState == RefreshState.none)
        #expect(driver.container.begin(.bottom))
    }

    /// MJRefresh PR #1328: with short content one pull reached both edges' conditions and fired
    /// refresh and load-more together.
    @Test func oneGestureNeverStartsBothRefreshAndLoadMore() throws {
        let top = RecordingIndicator(), bottom = RecordingIndicator()
        var began: [RefreshEdge] = []
        let driver = try RefreshDriver.make(
            content: 300,  // shorter than the viewport: the end is always within the preload distance
            edges: [.top: (top, EdgeConfiguration()), .bottom: (bottom, EdgeConfiguration(preloadDistance: 100))],
            actions: [.top: { _, _ in began.append(.top) }, .bottom: { _, _ in began.append(.bottom) }]
        )
        driver.drag(by: Point(x: 0, y: -200))  // pull up first: into the bottom edge
        driver.drag(by: Point(x: 0, y: 0))
        driver.simulation.dragMoved(by: Point(x: 0, y: 450))  // then down, past the top trigger
        driver.run(seconds: 0.1)
        driver.release()
        driver.run(seconds: 1)
        #expect(began.count == 1, "began: \(began)")
        // With both edges enabled, a pull from the top of short content refreshes only the top.
        let top2 = RecordingIndicator(), bottom2 = RecordingIndicator()
        var began2: [RefreshEdge] = []
        let driver2 = try RefreshDriver.make(
            content: 300,
            edges: [.top: (top2, EdgeConfiguration()), .bottom: (bottom2, EdgeConfiguration(preloadDistance: 100))],
            actions: [.top: { _, _ in began2.append(.top) }, .bottom: { _, _ in began2.append(.bottom) }]
        )
        driver2.drag(by: pullPastTrigger)
        driver2.release()
        driver2.run(seconds: 1)
        #expect(began2 == [.top])
        #expect(bottom2.refreshState == RefreshState.none)
    }

    /// EasyRefresh #559, #633; MJRefresh PR #1417: the answer of a refresh that a newer refresh
    /// superseded must not end the newer one.
    @Test func aSupersededRefreshsFinishIsIgnored() throws {
        let top = RecordingIndicator()
        var completions: [RefreshCompletion] = []
        let driver = try RefreshDriver.make(edges: [.top: (top, EdgeConfiguration(resultHoldTime: 0))], actions: [.top: { _, done in completions.append(done) }])
        driver.container.begin(.top)
        driver.container.reset(.top)   // e.g. the user switched the list's filter
        driver.container.begin(.top)   // and a new refresh started
        #expect(completions.count == 2)
        completions[0](.failure)       // the old request answers late
        #expect(top.refreshState == .refreshing)
        completions[1](.success)
        #expect(top.refreshState == .finished(.success))
        // Also across a finish: an old completion after end + new begin is ignored.
        driver.run(seconds: 1)
        driver.container.begin(.top)
        completions[1](.failure)
        #expect(top.refreshState == .refreshing)
    }

    @Test func aFingerHeldStillNeverLoadsMore() throws {
        // Short content: the end is always within the preload distance; only real scrolling
        // towards it may load, not the rounding noise of a finger that does not move.
        let bottom = RecordingIndicator()
        let container = RefreshContainer()
        try container.enable(.bottom, indicator: bottom, configuration: EdgeConfiguration(preloadDistance: 120))
        func observe(velocity: Double, at time: Double) {
            container.observe(ScrollObservation(isTracking: true, gesture: 1, pulls: PerEdge(repeating: .zero),
                                                distanceToEnd: Point(x: 0, y: 30), velocity: Point(x: 0, y: velocity)), at: time)
        }
        observe(velocity: 0, at: 0)
        observe(velocity: 3e-12, at: 0.1)
        observe(velocity: 0.4, at: 0.2)
        #expect(bottom.refreshState == RefreshState.none)
        observe(velocity: 40, at: 0.3)
        #expect(bottom.refreshState == .refreshing)
    }

    @Test func simultaneousRefreshIsOptIn() throws {
        let top = RecordingIndicator(), bottom = RecordingIndicator()
        let driver = try RefreshDriver.make(edges: [.top: (top, EdgeConfiguration()), .bottom: (bottom, EdgeConfiguration())])
        #expect(driver.container.begin(.top))
        #expect(!driver.container.begin(.bottom))
        driver.container.allowsSimultaneousRefresh = true
        #expect(driver.container.begin(.bottom))
    }
}
