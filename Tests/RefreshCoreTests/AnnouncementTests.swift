import Testing
@testable import RefreshCore

/// What a screen reader hears: one announcement when a state a user should hear begins, in the
/// container's locale, in the indicator's words or the defaults; never one per progress step.
@Suite struct AnnouncementTests {
    final class Worded: AnimatableRefresh {
        let refreshLength = 60.0
        var refreshState = RefreshState.unknown
        func stateDescription(_ state: RefreshState, edge: RefreshEdge, locale: String) -> String? {
            state == .refreshing ? "Fetching \(locale)" : state.kind == .pulling ? "" : StateDescription.text(for: state, edge: edge, locale: locale)
        }
    }

    func announcements(_ events: [RefreshEvent]) -> [String] {
        events.compactMap { if case .announce(_, let text) = $0 { text } else { nil } }
    }

    @Test func eachStateIsAnnouncedOnceWhenItBegins() throws {
        var events: [RefreshEvent] = []
        let driver = try RefreshDriver.make(edges: [.top: (RecordingIndicator(), EdgeConfiguration(resultHoldTime: 0.3))], actions: [.top: { _, _ in }])
        driver.container.onEvent = { events.append($0) }
        driver.drag(by: Point(x: 0, y: 40), over: 0.3)  // many progress steps, one state
        #expect(announcements(events) == ["Pull to refresh"])
        driver.drag(by: Point(x: 0, y: 200))
        driver.release()
        driver.container.end(.top, result: .failure)
        driver.run(seconds: 2)
        #expect(announcements(events) == ["Pull to refresh", "Release to refresh", "Refreshing", "Refresh failed"])
    }

    @Test func aBounceIsNotAPull() throws {
        var events: [RefreshEvent] = []
        let driver = try RefreshDriver.make(edges: [.top: (RecordingIndicator(), EdgeConfiguration())])
        driver.container.onEvent = { events.append($0) }
        driver.simulation.fling(velocity: Point(x: 0, y: 3000))  // towards the top: the list bounces there
        driver.run(seconds: 2)
        #expect(driver.container.status(of: .top)!.progress.isFinite)
        #expect(announcements(events).isEmpty)
    }

    @Test func theContainersLocaleAndTheIndicatorsOwnWords() throws {
        var events: [RefreshEvent] = []
        let container = RefreshContainer()
        container.locale = "zh-Hans"
        try container.enable(.top, indicator: Worded())
        try container.enable(.bottom, indicator: RecordingIndicator())
        container.onEvent = { events.append($0) }
        let driver = RefreshDriver(simulation: makeSimulation(), container: container)
        driver.drag(by: Point(x: 0, y: 40))
        #expect(announcements(events).isEmpty, "an empty description says nothing")
        #expect(container.begin(.top))
        container.end(.top, result: .success)
        container.locale = "ar"
        driver.run(seconds: 2)
        container.setNoMoreData(.bottom)
        #expect(announcements(events) == ["Fetching zh-Hans", "刷新完成", "لا توجد عناصر أخرى"])
    }

    @Test func everyStateHasWordsInEveryShippedLocale() {
        let states: [RefreshState] = [.pulling(progress: 0.5), .eligible, .refreshing, .finished(.success), .finished(.failure),
                                      .finished(.noMoreData), .noMoreData, .secondaryEligible, .secondaryOpen, .secondaryClosing]
        for locale in StateDescription.locales {
            for edge in RefreshEdge.allCases {
                for state in states { #expect(StateDescription.text(for: state, edge: edge, locale: locale)?.isEmpty == false) }
            }
        }
        #expect(StateDescription.text(for: .none, edge: .top, locale: "en") == nil)
        #expect(StateDescription.text(for: .refreshing, edge: .bottom, locale: "zh-CN") == "正在加载")
        #expect(StateDescription.text(for: .refreshing, edge: .top, locale: "fr") == "Refreshing", "others fall back to English")
    }
}
