import RefreshPluginSDK

/// The Label indicator's texts, per language, for refresh (top, leading) and load-more (bottom,
/// trailing) edges. English and Chinese are MJRefresh's own words (its `MJRefresh.bundle`
/// `Localizable.strings` at 5647d82: `MJRefreshHeaderIdleText`, `…BackFooter…`, `…LastTimeText`),
/// but for the results, which MJRefresh does not show; the three dots are an ellipsis.
struct LabelStrings: Sendable {
    var pull: String, release: String, loading: String, success: String, failure: String, noMore: String
    /// "Last updated: %@"; `%@` is replaced by the time given as a parameter.
    var lastUpdated: String

    struct Language: Sendable {
        var refresh: LabelStrings
        var loadMore: LabelStrings
        /// The load-more pull text at a trailing edge, where the finger moves sideways, not up.
        var pullSideways: String

        /// The texts for `edge`.
        func strings(for edge: RefreshEdge) -> LabelStrings {
            guard edge.isAtEnd else { return refresh }
            var strings = loadMore
            if edge == .trailing { strings.pull = pullSideways }
            return strings
        }
    }

    static let tables: [String: Language] = [
        "en": Language(
            refresh: LabelStrings(pull: "Pull down to refresh", release: "Release to refresh", loading: "Loading…",
                                  success: "Updated just now", failure: "Couldn’t refresh", noMore: "No more data", lastUpdated: "Last update: %@"),
            loadMore: LabelStrings(pull: "Pull up to load more", release: "Release to load more", loading: "Loading…",
                                   success: "Loaded", failure: "Couldn’t load more", noMore: "No more data", lastUpdated: "Last update: %@"),
            pullSideways: "Pull left to load more"
        ),
        "zh-Hans": Language(
            refresh: LabelStrings(pull: "下拉可以刷新", release: "松开立即刷新", loading: "正在刷新数据中…",
                                  success: "刚刚更新", failure: "刷新失败", noMore: "已经全部加载完毕", lastUpdated: "最后更新：%@"),
            loadMore: LabelStrings(pull: "上拉可以加载更多", release: "松开立即加载更多", loading: "正在加载更多的数据…",
                                   success: "加载完成", failure: "加载失败", noMore: "已经全部加载完毕", lastUpdated: "最后更新：%@"),
            pullSideways: "左拉加载更多"
        ),
        "ar": Language(
            refresh: LabelStrings(pull: "اسحب للتحديث", release: "أفلت للتحديث", loading: "جارٍ التحديث…",
                                  success: "تم التحديث الآن", failure: "تعذّر التحديث", noMore: "لا مزيد من البيانات", lastUpdated: "آخر تحديث: %@"),
            loadMore: LabelStrings(pull: "اسحب لتحميل المزيد", release: "أفلت لتحميل المزيد", loading: "جارٍ تحميل المزيد…",
                                   success: "تم التحميل", failure: "تعذّر التحميل", noMore: "لا مزيد من البيانات", lastUpdated: "آخر تحديث: %@"),
            pullSideways: "اسحب لتحميل المزيد"
        ),
    ]

    /// The table for a BCP 47 tag: the exact tag, then its language (`zh-CN` → `zh-Hans`,
    /// `ar-EG` → `ar`), then English.
    static func language(for locale: String) -> Language {
        if let exact = tables[locale] { return exact }
        let language = locale.split(whereSeparator: { $0 == "-" || $0 == "_" }).first.map(String.init) ?? ""
        if language == "zh" { return tables["zh-Hans"]! }
        return tables[language] ?? tables["en"]!
    }
}
