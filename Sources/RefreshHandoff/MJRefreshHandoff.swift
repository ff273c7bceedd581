/// MJRefresh: a `MJRefreshStateHeader` subclass. The header's height is both the trigger and the
/// inset held while refreshing; durations are the component's fast and slow animation durations.
/// Read against MJRefresh 3.7.9: `MJRefreshComponent.m`'s `initWithFrame:` calls `prepare` and only
/// then sets `fastAnimationDuration = 0.25` and `slowAnimationDuration = 0.4`, so both are set after
/// `super.init`, never in `prepare`.
enum MJRefreshHandoff {
    static let versions = [MJRefreshLottieHandoff.versions[0]]

    static func limits(_ spec: HandoffSpec) -> [String] {
        var limits: [String] = []
        if spec.hold != spec.trigger { limits.append("a hold extent (\(HandoffSpec.points(spec.hold)) pt) other than the trigger: the header's height (mj_h) is both") }
        if spec.policy == .onReach { limits.append("refreshing as soon as the trigger is reached: the header refreshes on release") }
        if spec.startOffset != 0 { limits.append("a start offset (\(HandoffSpec.points(spec.startOffset)) pt): pullingPercent starts at the top") }
        limits.append("the spring back: UIView animations of slowAnimationDuration (\(spec.springBackMilliseconds) ms) with the default curve stand in for it")
        limits.append("a success or failure state held \(Int((spec.resultHold * 1000).rounded())) ms: end the refresh after resultHold (below) and show the result in your view meanwhile")
        if spec.haptics != .off { limits.append("haptics: add a UISelectionFeedbackGenerator tick where pullingPercent first reaches 1") }
        if spec.placement != .push { limits.append("placement '\(spec.placement.rawValue)': the header is always pushed down with the content") }
        if spec.secondFloorTrigger != nil { limits.append("a second floor") }
        return limits
    }

    /// A header's initializers that set `assignments` after MJRefreshComponent's `initWithFrame:`,
    /// which calls `prepare()` and then sets both animation durations (0.25 s, 0.4 s): set in
    /// `prepare()`, they would be overwritten.
    static func swiftInitializers(_ assignments: [String]) -> String {
        let lines = assignments.map { "        \($0)" }.joined(separator: "\n")
        return """
            override init(frame: CGRect) {
                super.init(frame: frame)
                // MJRefreshComponent's initWithFrame: sets the animation durations after prepare(): set them after.
        \(lines)
            }

            required init?(coder: NSCoder) {
                super.init(coder: coder)
        \(lines)
            }
        """
    }

    static func swift(_ spec: HandoffSpec) -> String {
        let type = HandoffPlatform.typeName(spec.name) + "RefreshHeader"
        let color = spec.accentColor.map(HandoffPlatform.components)
        let ink = color.map { "\n        stateLabel?.textColor = UIColor(red: \(HandoffSpec.number($0.red, 3)), green: \(HandoffSpec.number($0.green, 3)), blue: \(HandoffSpec.number($0.blue, 3)), alpha: \(HandoffSpec.number($0.alpha, 3)))" } ?? ""
        return """
        import MJRefresh
        import UIKit

        /// \(CodeText.lineComment(spec.name))'s header, as tuned in RefreshKit.
        final class \(type): MJRefreshStateHeader {
            /// Points pulled at which a release refreshes; MJRefresh holds the header open this far too.
            static let triggerDistance: CGFloat = \(HandoffSpec.points(spec.trigger))
            /// Seconds to show the result before ending the refresh.
            static let resultHold: TimeInterval = \(HandoffSpec.number(spec.resultHold, 3))

            /// Seconds the list takes to open to the hold, and to close (MJRefresh's fast and slow animation durations).
            static let openDuration: TimeInterval = \(HandoffSpec.number(Double(spec.springBackMilliseconds) / 2000, 3))
            static let closeDuration: TimeInterval = \(HandoffSpec.number(Double(spec.springBackMilliseconds) / 1000, 3))

        \(swiftInitializers(["fastAnimationDuration = Self.openDuration", "slowAnimationDuration = Self.closeDuration"]))

            override func prepare() {
                super.prepare()
                mj_h = Self.triggerDistance
                setTitle("\(CodeText.stringLiteral(spec.texts.pulling, in: .swift))", for: .idle)
                setTitle("\(CodeText.stringLiteral(spec.texts.eligible, in: .swift))", for: .pulling)
                setTitle("\(CodeText.stringLiteral(spec.texts.refreshing, in: .swift))", for: .refreshing)
                setTitle("\(CodeText.stringLiteral(spec.texts.noMoreData, in: .swift))", for: .noMoreData)
                lastUpdatedTimeLabel?.isHidden = true\(ink)
            }

            /// 0 at rest, 1 at the trigger, more past it: drive \(CodeText.lineComment(spec.name))'s drawing with it.
            override var pullingPercent: CGFloat {
                didSet { setNeedsDisplay() }
            }
        }

        // tableView.mj_header = \(type)(refreshingBlock: { [weak tableView] in
        //     load { DispatchQueue.main.asyncAfter(deadline: .now() + \(type).resultHold) { tableView?.mj_header?.endRefreshing() } }
        // })

        """
    }

    static func objectiveC(_ spec: HandoffSpec) -> String {
        let type = HandoffPlatform.typeName(spec.name) + "RefreshHeader"
        let color = spec.accentColor.map(HandoffPlatform.components)
        let ink = color.map { "\n    self.stateLabel.textColor = [UIColor colorWithRed:\(HandoffSpec.number($0.red, 3)) green:\(HandoffSpec.number($0.green, 3)) blue:\(HandoffSpec.number($0.blue, 3)) alpha:\(HandoffSpec.number($0.alpha, 3))];" } ?? ""
        return """
        #import <MJRefresh/MJRefresh.h>

        /// \(CodeText.lineComment(spec.name))'s header, as tuned in RefreshKit.
        @interface \(type) : MJRefreshStateHeader
        @end

        /// Seconds to show the result before ending the refresh.
        static const NSTimeInterval \(type)ResultHold = \(HandoffSpec.number(spec.resultHold, 3));

        @implementation \(type)

        - (instancetype)initWithFrame:(CGRect)frame {
            // MJRefreshComponent's initWithFrame: sets both durations after -prepare: set them after.
            if (self = [super initWithFrame:frame]) {
                self.fastAnimationDuration = \(HandoffSpec.number(Double(spec.springBackMilliseconds) / 2000, 3));
                self.slowAnimationDuration = \(HandoffSpec.number(Double(spec.springBackMilliseconds) / 1000, 3));
            }
            return self;
        }

        - (void)prepare {
            [super prepare];
            self.mj_h = \(HandoffSpec.points(spec.trigger)); // the trigger, and the inset held while refreshing
            [self setTitle:@"\(CodeText.stringLiteral(spec.texts.pulling, in: .objectiveC))" forState:MJRefreshStateIdle];
            [self setTitle:@"\(CodeText.stringLiteral(spec.texts.eligible, in: .objectiveC))" forState:MJRefreshStatePulling];
            [self setTitle:@"\(CodeText.stringLiteral(spec.texts.refreshing, in: .objectiveC))" forState:MJRefreshStateRefreshing];
            [self setTitle:@"\(CodeText.stringLiteral(spec.texts.noMoreData, in: .objectiveC))" forState:MJRefreshStateNoMoreData];
            self.lastUpdatedTimeLabel.hidden = YES;\(ink)
        }

        /// 0 at rest, 1 at the trigger, more past it: drive \(CodeText.lineComment(spec.name))'s drawing with it.
        - (void)setPullingPercent:(CGFloat)pullingPercent {
            [super setPullingPercent:pullingPercent];
            [self setNeedsDisplay];
        }

        @end

        """
    }
}
