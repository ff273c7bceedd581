import Testing
@testable import RefreshContract

/// What a screen reader hears for each state, and which words a locale gets.
@Suite struct StateDescriptionTests {
    /// A tag is read for its language: Simplified Chinese in any of its spellings, Traditional
    /// Chinese and unknown languages in English, Arabic of any region.
    @Test func aLocaleTagFindsItsWords() {
        for (tag, language) in [("zh", "zh-Hans"), ("zh-CN", "zh-Hans"), ("zh_Hans_CN", "zh-Hans"), ("zh-Hant-TW", "en"), ("zh-HK", "en"),
                                ("ar-EG", "ar"), ("AR", "ar"), ("fr", "en"), ("", "en")] {
            #expect(StateDescription.language(tag) == language, "\(tag)")
        }
    }

    /// Every state someone needs to hear has words at both ends and in every locale; the end of
    /// a list speaks of loading more, not refreshing; unknown and none say nothing.
    @Test func everyStateHeardHasWordsAtBothEnds() {
        let states: [RefreshState] = [.pulling(progress: 0.5), .eligible, .refreshing, .finished(.success), .finished(.failure), .noMoreData]
        for locale in StateDescription.locales {
            for state in states {
                let top = StateDescription.text(for: state, edge: .top, locale: locale), bottom = StateDescription.text(for: state, edge: .bottom, locale: locale)
                #expect(top?.isEmpty == false && bottom?.isEmpty == false, "\(state) in \(locale)")
            }
        }
        #expect(StateDescription.text(for: .refreshing, edge: .top, locale: "en") != StateDescription.text(for: .refreshing, edge: .bottom, locale: "en"))
        #expect(StateDescription.text(for: .none, edge: .top, locale: "en") == nil && StateDescription.text(for: .unknown, edge: .top, locale: "en") == nil)
    }
}
