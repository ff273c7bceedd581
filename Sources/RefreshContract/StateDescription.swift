/// What a screen reader says for a refresh state: the words an indicator gives unless it has its
/// own (``AnimatableRefresh/stateDescription(_:edge:locale:)``), in English, Simplified Chinese and
/// Arabic; other locales get English.
public enum StateDescription {
    /// The locales with their own words; others fall back to `en`.
    public static let locales = ["en", "zh-Hans", "ar"]

    /// The description of `state` at `edge` in `locale` (a BCP 47 tag), or nil for states nobody
    /// needs to hear (`unknown`, `none`).
    public static func text(for state: RefreshState, edge: RefreshEdge, locale: String) -> String? {
        guard let key = Key(state) else { return nil }
        let words = table[language(locale)] ?? table["en"]!
        let pair = words[key]!
        return edge.isAtEnd ? pair.loadMore : pair.refresh
    }

    /// The table's language for a BCP 47 tag: `zh`, `zh-CN`, `zh-Hans-CN` → `zh-Hans`; `ar-EG` → `ar`.
    static func language(_ locale: String) -> String {
        let parts = locale.split(whereSeparator: { $0 == "-" || $0 == "_" }).map { $0.lowercased() }
        switch parts.first {
        case "zh": return parts.contains("hant") || parts.contains("tw") || parts.contains("hk") ? "en" : "zh-Hans"
        case "ar": return "ar"
        default: return "en"
        }
    }

    private enum Key: Hashable {
        case pulling, eligible, refreshing, success, failure, noMoreData, floorEligible, floorOpen, floorClosing

        init?(_ state: RefreshState) {
            switch state {
            case .unknown, .none: return nil
            case .pulling: self = .pulling
            case .eligible: self = .eligible
            case .refreshing: self = .refreshing
            case .finished(.success): self = .success
            case .finished(.failure): self = .failure
            case .finished(.noMoreData), .noMoreData: self = .noMoreData
            case .secondaryEligible: self = .floorEligible
            case .secondaryOpen: self = .floorOpen
            case .secondaryClosing: self = .floorClosing
            }
        }
    }

    /// Per language and state: the words at a refresh edge (top, leading) and at a load edge.
    private static let table: [String: [Key: (refresh: String, loadMore: String)]] = [
        "en": [
            .pulling: ("Pull to refresh", "Pull to load more"),
            .eligible: ("Release to refresh", "Release to load more"),
            .refreshing: ("Refreshing", "Loading more"),
            .success: ("Refreshed", "Loaded"),
            .failure: ("Refresh failed", "Loading failed"),
            .noMoreData: ("No more items", "No more items"),
            .floorEligible: ("Release to open the second floor", "Release to open the second floor"),
            .floorOpen: ("Second floor open", "Second floor open"),
            .floorClosing: ("Closing the second floor", "Closing the second floor"),
        ],
        "zh-Hans": [
            .pulling: ("下拉刷新", "上拉加载更多"),
            .eligible: ("释放立即刷新", "释放加载更多"),
            .refreshing: ("正在刷新", "正在加载"),
            .success: ("刷新完成", "加载完成"),
            .failure: ("刷新失败", "加载失败"),
            .noMoreData: ("没有更多数据了", "没有更多数据了"),
            .floorEligible: ("释放进入二楼", "释放进入二楼"),
            .floorOpen: ("已进入二楼", "已进入二楼"),
            .floorClosing: ("正在返回", "正在返回"),
        ],
        "ar": [
            .pulling: ("اسحب للتحديث", "اسحب لتحميل المزيد"),
            .eligible: ("أفلت للتحديث", "أفلت لتحميل المزيد"),
            .refreshing: ("جارٍ التحديث", "جارٍ تحميل المزيد"),
            .success: ("تم التحديث", "تم التحميل"),
            .failure: ("فشل التحديث", "فشل التحميل"),
            .noMoreData: ("لا توجد عناصر أخرى", "لا توجد عناصر أخرى"),
            .floorEligible: ("أفلت لفتح الطابق الثاني", "أفلت لفتح الطابق الثاني"),
            .floorOpen: ("الطابق الثاني مفتوح", "الطابق الثاني مفتوح"),
            .floorClosing: ("جارٍ إغلاق الطابق الثاني", "جارٍ إغلاق الطابق الثاني"),
        ],
    ]
}
