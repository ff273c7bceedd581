import Testing
@testable import RefreshCore

/// The transition table of `EdgeStateMachine.swift`, one test case per row (and the rows that
/// must *not* transition).
@Suite struct EdgeStateMachineTests {
    typealias Machine = EdgeStateMachine

    struct Row: CustomTestStringConvertible, Sendable {
        var from: Machine.Phase
        var loadsMore = true
        /// A refresh edge with a second floor (`refreshesBelow` as given).
        var floor: Bool? = nil
        var noMoreData = false
        var hidden = false
        var input: Machine.Input
        var policy = RefreshTriggerPolicy.onRelease
        var mayStart = true
        var to: Machine.Phase
        var effects: [Machine.Effect] = []
        var noMoreDataAfter: Bool? = nil
        var hiddenAfter: Bool? = nil
        var generationAfter: Int? = nil

        var testDescription: String {
            "\(from) + \(input) [\(floor.map { $0 ? "floor edge" : "floor-only edge" } ?? (loadsMore ? "load edge" : "refresh edge")), \(policy), mayStart \(mayStart), noMore \(noMoreData), hidden \(hidden)] → \(to)"
        }
    }

    static let generation = 3  // the running refresh's generation in every row

    static let rows: [Row] = [
        // idle
        Row(from: .idle, input: .pulled(progress: 1, tracking: true), to: .eligible, effects: [.becameEligible]),
        Row(from: .idle, input: .pulled(progress: 1.4, tracking: true), policy: .onReach, to: .refreshing, effects: [.began(.userGesture, generation: 4)]),
        Row(from: .idle, input: .pulled(progress: 0.99, tracking: true), to: .idle),
        Row(from: .idle, input: .pulled(progress: 2, tracking: false), to: .idle),
        Row(from: .idle, input: .pulled(progress: 2, tracking: true), mayStart: false, to: .idle),
        Row(from: .idle, noMoreData: true, input: .pulled(progress: 2, tracking: true), to: .idle, noMoreDataAfter: true),
        Row(from: .idle, input: .reachedPreload, to: .refreshing, effects: [.began(.automatic, generation: 4)]),
        Row(from: .idle, input: .reachedPreload, mayStart: false, to: .idle),
        Row(from: .idle, noMoreData: true, input: .reachedPreload, to: .idle),
        Row(from: .idle, input: .beginRequested, to: .refreshing, effects: [.began(.programmatic, generation: 4)]),
        Row(from: .idle, input: .beginRequested, mayStart: false, to: .idle),
        Row(from: .idle, noMoreData: true, input: .beginRequested, to: .idle),
        Row(from: .idle, input: .end(.success, generation: nil), to: .idle),
        Row(from: .idle, input: .released, to: .idle),
        Row(from: .idle, input: .setNoMoreData, to: .idle, noMoreDataAfter: true),
        Row(from: .idle, noMoreData: true, input: .reset, to: .idle, noMoreDataAfter: false),
        // eligible
        Row(from: .eligible, input: .pulled(progress: 0.9, tracking: true), to: .idle, effects: [.stoppedBeingEligible]),
        Row(from: .eligible, input: .pulled(progress: 1.5, tracking: true), to: .eligible),
        Row(from: .eligible, input: .pulled(progress: 1.5, tracking: true), mayStart: false, to: .idle, effects: [.stoppedBeingEligible]),
        Row(from: .eligible, input: .released, to: .refreshing, effects: [.began(.userGesture, generation: 4)]),
        Row(from: .eligible, input: .released, mayStart: false, to: .idle, effects: [.stoppedBeingEligible]),
        Row(from: .eligible, input: .beginRequested, to: .refreshing, effects: [.began(.programmatic, generation: 4)]),
        Row(from: .eligible, input: .setNoMoreData, to: .idle, effects: [.stoppedBeingEligible], noMoreDataAfter: true),
        Row(from: .eligible, input: .reset, to: .idle, effects: [.stoppedBeingEligible]),
        Row(from: .eligible, input: .end(.failure, generation: nil), to: .eligible),
        Row(from: .eligible, input: .cancelled, to: .idle, effects: [.stoppedBeingEligible]),
        Row(from: .eligible, input: .setHidden(true), to: .idle, effects: [.stoppedBeingEligible], hiddenAfter: true),
        Row(from: .idle, input: .cancelled, to: .idle),
        Row(from: .idle, hidden: true, input: .pulled(progress: 2, tracking: true), to: .idle),
        Row(from: .idle, hidden: true, input: .reachedPreload, to: .idle),
        Row(from: .idle, hidden: true, input: .beginRequested, to: .idle),
        Row(from: .idle, hidden: true, input: .setHidden(false), to: .idle, hiddenAfter: false),
        Row(from: .idle, noMoreData: true, input: .setHidden(true), to: .idle, hiddenAfter: true),
        // refreshing
        Row(from: .refreshing, input: .end(.success, generation: nil), to: .finished(.success, retracting: false), effects: [.finished(.success)]),
        Row(from: .refreshing, input: .end(.failure, generation: 3), to: .finished(.failure, retracting: false), effects: [.finished(.failure)]),
        Row(from: .refreshing, input: .end(.noMoreData, generation: 3), to: .finished(.noMoreData, retracting: false), effects: [.finished(.noMoreData)], noMoreDataAfter: true),
        Row(from: .refreshing, input: .end(.success, generation: 2), to: .refreshing),
        Row(from: .refreshing, input: .setNoMoreData, to: .finished(.noMoreData, retracting: false), effects: [.finished(.noMoreData)], noMoreDataAfter: true),
        // a refresh edge has no "no more data": the result counts as success, the flag is ignored
        Row(from: .refreshing, loadsMore: false, input: .end(.noMoreData, generation: 3), to: .finished(.success, retracting: false), effects: [.finished(.success)]),
        Row(from: .refreshing, loadsMore: false, input: .setNoMoreData, to: .refreshing),
        Row(from: .idle, loadsMore: false, input: .setNoMoreData, to: .idle),
        Row(from: .eligible, loadsMore: false, input: .setNoMoreData, to: .eligible),
        Row(from: .refreshing, input: .setHidden(true), to: .idle, hiddenAfter: true, generationAfter: 4),
        Row(from: .refreshing, input: .reset, to: .idle),
        Row(from: .refreshing, input: .beginRequested, to: .refreshing),
        Row(from: .refreshing, input: .released, to: .refreshing),
        Row(from: .refreshing, input: .pulled(progress: 3, tracking: true), to: .refreshing),
        Row(from: .refreshing, input: .reachedPreload, to: .refreshing),
        Row(from: .refreshing, input: .holdElapsed, to: .refreshing),
        // finished
        Row(from: .finished(.success, retracting: false), input: .holdElapsed, to: .finished(.success, retracting: true)),
        Row(from: .finished(.noMoreData, retracting: false), noMoreData: true, input: .holdElapsed, to: .idle),
        Row(from: .finished(.success, retracting: false), noMoreData: true, input: .holdElapsed, to: .idle),
        Row(from: .finished(.success, retracting: false), input: .retracted, to: .finished(.success, retracting: false)),
        Row(from: .finished(.failure, retracting: true), input: .retracted, to: .idle),
        Row(from: .finished(.noMoreData, retracting: true), noMoreData: true, input: .retracted, to: .idle, noMoreDataAfter: true),
        Row(from: .finished(.success, retracting: true), input: .pulled(progress: 2, tracking: true), to: .finished(.success, retracting: true)),
        Row(from: .finished(.success, retracting: false), input: .beginRequested, to: .refreshing, effects: [.began(.programmatic, generation: 4)]),
        Row(from: .finished(.success, retracting: false), input: .end(.failure, generation: nil), to: .finished(.success, retracting: false)),
        Row(from: .finished(.success, retracting: false), input: .setNoMoreData, to: .finished(.success, retracting: false), noMoreDataAfter: true),
        Row(from: .finished(.noMoreData, retracting: false), noMoreData: true, input: .reset, to: .idle, noMoreDataAfter: false),
        Row(from: .finished(.failure, retracting: false), input: .setHidden(true), to: .idle, hiddenAfter: true),
        // the second floor
        Row(from: .idle, floor: true, input: .floorPulled(progress: 1, tracking: true), to: .floorEligible, effects: [.becameFloorEligible]),
        Row(from: .eligible, floor: true, input: .floorPulled(progress: 1.2, tracking: true), to: .floorEligible, effects: [.stoppedBeingEligible, .becameFloorEligible]),
        Row(from: .eligible, floor: true, input: .floorPulled(progress: 1.2, tracking: true), mayStart: false, to: .eligible),
        Row(from: .idle, input: .floorPulled(progress: 2, tracking: true), to: .idle),  // no floor
        Row(from: .idle, floor: true, input: .floorPulled(progress: 2, tracking: false), to: .idle),
        Row(from: .floorEligible, floor: true, input: .floorPulled(progress: 0.5, tracking: true), to: .eligible, effects: [.stoppedBeingFloorEligible, .becameEligible]),
        Row(from: .floorEligible, floor: false, input: .floorPulled(progress: 0.5, tracking: true), to: .idle, effects: [.stoppedBeingFloorEligible]),
        Row(from: .floorEligible, floor: true, input: .floorPulled(progress: -0.2, tracking: true), to: .idle, effects: [.stoppedBeingFloorEligible]),
        Row(from: .floorEligible, floor: true, input: .floorPulled(progress: 1.5, tracking: true), to: .floorEligible),
        Row(from: .floorEligible, floor: true, input: .pulled(progress: 3, tracking: true), to: .floorEligible),
        Row(from: .floorEligible, floor: true, input: .released, to: .floorOpen, effects: [.openedFloor(.userGesture)]),
        Row(from: .floorEligible, floor: true, input: .released, mayStart: false, to: .idle, effects: [.stoppedBeingFloorEligible]),
        Row(from: .floorEligible, floor: true, input: .cancelled, to: .idle, effects: [.stoppedBeingFloorEligible]),
        Row(from: .floorEligible, floor: true, input: .reset, to: .idle, effects: [.stoppedBeingFloorEligible]),
        Row(from: .floorEligible, floor: true, input: .setHidden(true), to: .idle, effects: [.stoppedBeingFloorEligible], hiddenAfter: true),
        Row(from: .floorEligible, floor: true, input: .beginRequested, to: .floorEligible),
        Row(from: .idle, floor: true, input: .openFloorRequested, to: .floorOpen, effects: [.openedFloor(.programmatic)]),
        Row(from: .eligible, floor: true, input: .openFloorRequested, to: .floorOpen, effects: [.stoppedBeingEligible, .openedFloor(.programmatic)]),
        Row(from: .finished(.success, retracting: true), floor: true, input: .openFloorRequested, to: .floorOpen, effects: [.openedFloor(.programmatic)]),
        Row(from: .idle, floor: true, input: .openFloorRequested, mayStart: false, to: .idle),
        Row(from: .idle, floor: true, hidden: true, input: .openFloorRequested, to: .idle),
        Row(from: .idle, loadsMore: false, input: .openFloorRequested, to: .idle),  // no floor
        Row(from: .refreshing, floor: true, input: .openFloorRequested, to: .refreshing),
        Row(from: .floorOpen, floor: true, input: .closeFloorRequested, to: .floorClosing, effects: [.closingFloor]),
        Row(from: .floorOpen, floor: true, input: .beginRequested, to: .floorOpen),
        Row(from: .floorOpen, floor: true, input: .pulled(progress: 3, tracking: true), to: .floorOpen),
        Row(from: .floorOpen, floor: true, input: .released, to: .floorOpen),
        Row(from: .floorOpen, floor: true, input: .reset, to: .idle, effects: [.closingFloor]),
        Row(from: .floorOpen, floor: true, input: .setHidden(true), to: .idle, effects: [.closingFloor], hiddenAfter: true),
        Row(from: .floorClosing, floor: true, input: .retracted, to: .idle),
        Row(from: .floorClosing, floor: true, input: .closeFloorRequested, to: .floorClosing),
        Row(from: .floorClosing, floor: true, input: .openFloorRequested, to: .floorClosing),
        Row(from: .floorClosing, floor: true, input: .setHidden(true), to: .idle, hiddenAfter: true),
        Row(from: .idle, floor: false, input: .pulled(progress: 1.5, tracking: true), to: .idle),  // only the floor opens
        Row(from: .idle, floor: true, input: .pulled(progress: 1.5, tracking: true), to: .eligible, effects: [.becameEligible]),
    ]

    @Test(arguments: rows)
    func row(_ row: Row) {
        var machine = Machine(loadsMore: row.floor == nil && row.loadsMore, hasFloor: row.floor != nil, refreshesBelowFloor: row.floor ?? true, phase: row.from, hasNoMoreData: row.noMoreData, isHidden: row.hidden, generation: Self.generation)
        let effects = machine.handle(row.input, policy: row.policy, mayStart: row.mayStart)
        #expect(machine.phase == row.to)
        #expect(effects == row.effects)
        #expect(machine.hasNoMoreData == (row.noMoreDataAfter ?? row.noMoreData))
        #expect(machine.isHidden == (row.hiddenAfter ?? row.hidden))
        if let generation = row.generationAfter { #expect(machine.generation == generation) }
    }

    @Test func resetMakesTheRunningRefreshsCompletionStale() {
        var machine = Machine(phase: .refreshing, generation: 3)
        _ = machine.handle(.reset, policy: .onRelease, mayStart: true)
        _ = machine.handle(.beginRequested, policy: .onRelease, mayStart: true)
        #expect(machine.handle(.end(.success, generation: 3), policy: .onRelease, mayStart: true).isEmpty)
        #expect(machine.phase == .refreshing)
    }

    @Test func aHiddenEdgeShowsNothingAndHoldsNothingOpen() {
        let hidden = Machine(phase: .idle, hasNoMoreData: true, isHidden: true)
        #expect(!hidden.holdsOpen)
        #expect(hidden.shownState(distance: 40, progress: 0.5) == RefreshState.none)
    }

    @Test func anEdgeWithNoMoreDataStaysOpenAsTheEndMarker() {
        #expect(Machine(phase: .idle, hasNoMoreData: true).holdsOpen)
        #expect(!Machine(phase: .idle).holdsOpen)
        #expect(Machine(phase: .refreshing).holdsOpen && Machine(phase: .finished(.failure, retracting: false)).holdsOpen)
        #expect(!Machine(phase: .finished(.failure, retracting: true)).holdsOpen)
    }

    @Test(arguments: [
        (Machine.Phase.idle, false, 0.0, RefreshState.none),
        (.idle, false, 12, .pulling(progress: 0.2)),
        (.idle, true, 12, .noMoreData),
        (.eligible, false, 70, .eligible),
        (.refreshing, false, 60, .refreshing),
        (.finished(.failure, retracting: true), false, 20, .finished(.failure)),
    ])
    func shownState(phase: Machine.Phase, noMoreData: Bool, distance: Double, expected: RefreshState) {
        let machine = Machine(phase: phase, hasNoMoreData: noMoreData)
        #expect(machine.shownState(distance: distance, progress: distance / 60) == expected)
    }
}

/// The guards beside the table, each decision on its own.
@Suite struct EdgeGuardsTests {
    typealias Guards = EdgeStateMachine.Guards

    @Test func mayStart() {
        #expect(Guards.mayStart(otherEdgeRefreshing: false, allowsSimultaneousRefresh: false, gestureAlreadyTriggered: false))
        #expect(!Guards.mayStart(otherEdgeRefreshing: true, allowsSimultaneousRefresh: false, gestureAlreadyTriggered: false))
        #expect(Guards.mayStart(otherEdgeRefreshing: true, allowsSimultaneousRefresh: true, gestureAlreadyTriggered: false))
        // A second floor never beside anything else, simultaneous or not.
        #expect(!Guards.mayStart(otherEdgeRefreshing: false, allowsSimultaneousRefresh: true, gestureAlreadyTriggered: false, otherEdgeFloorBusy: true))
        #expect(!Guards.mayStart(otherEdgeRefreshing: true, allowsSimultaneousRefresh: true, gestureAlreadyTriggered: false, opensFloor: true))
        #expect(Guards.mayStart(otherEdgeRefreshing: false, allowsSimultaneousRefresh: false, gestureAlreadyTriggered: false, opensFloor: true))
        // One haptic tick per gesture; none without a gesture or with haptics off.
        #expect(Guards.ticks(haptics: .threshold, gesture: 3, lastTicked: 2))
        #expect(!Guards.ticks(haptics: .threshold, gesture: 3, lastTicked: 3))
        #expect(!Guards.ticks(haptics: .threshold, gesture: nil, lastTicked: nil))
        #expect(!Guards.ticks(haptics: .off, gesture: 3, lastTicked: nil))
        #expect(!Guards.mayStart(otherEdgeRefreshing: false, allowsSimultaneousRefresh: true, gestureAlreadyTriggered: true))
    }

    @Test func endOfTracking() {
        #expect(Guards.endOfTracking(wasTracking: true, isTracking: false, gestureChanged: false) == .released)
        #expect(Guards.endOfTracking(wasTracking: true, isTracking: false, gestureChanged: true) == .released)
        #expect(Guards.endOfTracking(wasTracking: true, isTracking: false, gestureChanged: false, abandoned: true) == .cancelled, "code moved the list away")
        #expect(Guards.endOfTracking(wasTracking: true, isTracking: true, gestureChanged: true) == .cancelled)
        #expect(Guards.endOfTracking(wasTracking: true, isTracking: true, gestureChanged: false) == nil)
        #expect(Guards.endOfTracking(wasTracking: false, isTracking: false, gestureChanged: true) == nil)
    }

    @Test func reachedPreloadFollowsTheUsersOwnMotion() {
        func reached(distance: Double = 10, velocity: Double = 100, tracking: Bool = false, user: Double = 100, oppositeOpen: Bool = false) -> Bool {
            Guards.reachedPreload(distanceToEnd: distance, preload: 50, velocity: velocity, isTracking: tracking, userVelocity: user, oppositeEdgeOpen: oppositeOpen)
        }
        #expect(reached())
        #expect(reached(tracking: true, user: 0), "a finger moving towards the end")
        #expect(!reached(user: 0), "free motion that is not the user's fling: a spring, a retraction")
        #expect(!reached(oppositeOpen: true), "the opposite edge springs back")
        #expect(!reached(distance: 60))
        #expect(!reached(velocity: 0.5), "a finger held still")
        #expect(!Guards.reachedPreload(distanceToEnd: 0, preload: nil, velocity: 100, isTracking: true, userVelocity: 100, oppositeEdgeOpen: false))
    }

    @Test func aFlingOnlySlowsDown() {
        #expect(Guards.flingContinues(300, 250) == 250)
        #expect(Guards.flingContinues(300, 320) == 0, "sped up: not the fling")
        #expect(Guards.flingContinues(300, -20) == 0, "turned: a bounce")
        #expect(Guards.flingContinues(0, 50) == 0, "once ended, ended until the next gesture")
    }

    @Test func holdAndRetraction() {
        #expect(Guards.holdElapsed(finishedAt: 1, now: 2, holdTime: 1))
        #expect(!Guards.holdElapsed(finishedAt: 1, now: 1.9, holdTime: 1))
        #expect(Guards.retracted(distance: 0.5) && !Guards.retracted(distance: 0.6))
    }

    @Test func onlyAProgrammaticRefreshAsksToBeRevealed() {
        #expect(Guards.reveals(.programmatic, revealsProgrammaticRefresh: true))
        #expect(!Guards.reveals(.programmatic, revealsProgrammaticRefresh: false))
        #expect(!Guards.reveals(.userGesture, revealsProgrammaticRefresh: true))
        #expect(!Guards.reveals(.automatic, revealsProgrammaticRefresh: true))
    }
}
