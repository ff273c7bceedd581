import RefreshContract
import RefreshLottieExport

/// MJRefresh with lottie-ios: an `MJRefreshHeader` subclass that plays the plugin's export (the
/// files `refresh-dump handoff` writes beside the code) as ``LottiePlayback`` says: the pull below
/// the trigger scrubs `pulling`, each state plays its marker once or in a loop, the result plays
/// for the result hold and its last frame stays while the list closes. In Objective-C through
/// lottie-ios's `CompatibleAnimationView`, whose marker look-ups (`frameTimeForMarker:`,
/// `durationFrameTimeForMarker:`) find `pulling` by name.
///
/// Read against MJRefresh 3.7.9 (`MJRefreshComponent.m`'s `initWithFrame:` calls `prepare` and only
/// then sets `slowAnimationDuration = 0.4`, so the close duration is set after `super.init`;
/// `MJRefreshHeader.m`'s `scrollViewContentOffsetDidChange:` sets `pullingPercent` while dragging and
/// while the list closes, so the scrub is held back once a result shows) and lottie-ios 4.6.1
/// (`LottieAnimationLayer.play(marker:loopMode:)` returns when the marker is missing;
/// `CompatibleAnimationView.loopAnimationCount` 1 is `.repeat(1)`, once, and -1 `.loop`).
enum MJRefreshLottieHandoff {
    static let versions = [
        "MJRefresh 3.7.9: CocoaPods pod 'MJRefresh', '~> 3.7.9'; SwiftPM package github.com/CoderMJLee/MJRefresh from 3.7.9",
        "lottie-ios 4.6.1: SwiftPM package github.com/airbnb/lottie-spm from 4.6.1; CocoaPods pod 'lottie-ios', '~> 4.6.1'",
    ]

    static func limits(_ spec: HandoffSpec) -> [String] {
        var limits: [String] = []
        if spec.hold != spec.trigger { limits.append("a hold extent (\(HandoffSpec.points(spec.hold)) pt) other than the trigger: the header's height (mj_h) is both") }
        if spec.policy == .onReach { limits.append("refreshing as soon as the trigger is reached: the header refreshes on release") }
        if spec.placement == .behind || spec.placement == .above { limits.append("placement '\(spec.placement.rawValue)': the header rides with the content (MJRefresh has no other), the export's bottom on the list's top edge") }
        limits.append("the spring back: UIView animations of slowAnimationDuration stand in for it")
        return limits
    }

    /// `Name`, `NameLottieHeader`, and the file's name (safe: letters, digits, `-`, `_`, `.`).
    private static func names(_ spec: HandoffSpec) -> (type: String, file: String) {
        (HandoffPlatform.typeName(spec.name) + "LottieHeader", CodeText.stringLiteral(LottieExport.fileName(spec.name), in: .swift))
    }

    /// lottie-ios's loop mode for a row that plays.
    private static func loopMode(_ play: LottiePlayback.Play) -> String { play == .loop ? ".loop" : ".playOnce" }

    static func swift(_ spec: HandoffSpec) -> String {
        let (type, name) = names(spec)
        let table = LottiePlayback(spec)
        let words = spec.texts
        func said(_ text: String) -> String { "\"\(CodeText.stringLiteral(text, in: .swift))\"" }
        return """
        import Lottie
        import MJRefresh
        import UIKit

        /// \(CodeText.lineComment(spec.name))'s header as RefreshKit exported it: add \(name).json and \(name)-dark.json (written
        /// beside this file by `refresh-dump handoff`) to the app's bundle.
        final class \(type): MJRefreshHeader {
            /// Points pulled at which a release refreshes; MJRefresh holds the header open this far too.
            static let triggerDistance: CGFloat = \(HandoffSpec.points(spec.trigger))
            /// Seconds the result plays before the refresh ends.
            static let resultHold: TimeInterval = \(HandoffSpec.number(spec.resultHold, 3))
            /// Seconds the list takes to close (MJRefresh's slowAnimationDuration).
            static let closeDuration: TimeInterval = \(HandoffSpec.number(Double(spec.springBackMilliseconds) / 1000, 3))
            /// The export's size in points: 1 pt of it is 1 pt on screen.
            static let exportSize = CGSize(width: \(HandoffSpec.points(table.exportSize.width)), height: \(HandoffSpec.points(table.exportSize.height)))
            /// Whether a header wider than the export scales it to its width (a scene that paints the whole gap).
            static let fillsWidth = \(table.fillsWidth)
            private let animationView = LottieAnimationView(animation: nil)
            /// A result is showing: its last frame stays while the list closes, the pull no longer scrubs.
            private var showsResult = false

        \(MJRefreshHandoff.swiftInitializers(["slowAnimationDuration = Self.closeDuration"]))

            override func prepare() {
                super.prepare()
                mj_h = Self.triggerDistance
                animationView.contentMode = .scaleAspectFit
                addSubview(animationView)
                loadAnimation()
            }

            /// 1 pt of the export is 1 pt on screen, centred, its bottom on the list's top edge; a scene
            /// that fills the width is scaled up to a wider header, never down.
            override func placeSubviews() {
                super.placeSubviews()
                let scale = Self.fillsWidth ? max(1, bounds.width / Self.exportSize.width) : 1
                let size = CGSize(width: Self.exportSize.width * scale, height: Self.exportSize.height * scale)
                animationView.frame = CGRect(x: (bounds.width - size.width) / 2, y: bounds.height - size.height, width: size.width, height: size.height)
            }

            override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
                super.traitCollectionDidChange(previousTraitCollection)
                if traitCollection.userInterfaceStyle != previousTraitCollection?.userInterfaceStyle { loadAnimation() }
            }

            /// The light or the dark export, as the system's appearance is.
            private func loadAnimation() {
                animationView.animation = LottieAnimation.named(traitCollection.userInterfaceStyle == .dark ? "\(name)-dark" : "\(name)")
                show(state)
            }

            /// 0 at rest, 1 at the trigger: below the trigger, and until a result shows, scrubs `\(table[.pulling].marker.rawValue)`.
            override var pullingPercent: CGFloat {
                didSet {
                    if pullingPercent <= 0 { showsResult = false }
                    scrub()
                }
            }

            private func scrub() {
                guard state == .idle, !showsResult, let start = animationView.frameTime(forMarker: "\(table[.pulling].marker.rawValue)"),
                      let length = animationView.durationFrameTime(forMarker: "\(table[.pulling].marker.rawValue)") else { return }
                animationView.currentFrame = start + min(1, max(0, pullingPercent)) * max(0, length - 1)
            }

            override var state: MJRefreshState {
                didSet { if state != oldValue { show(state) } }
            }

            /// The state's marker, and what VoiceOver says.
            private func show(_ state: MJRefreshState) {
                isAccessibilityElement = true
                switch state {
                case .pulling:
                    animationView.play(marker: "\(table[.eligible].marker.rawValue)", loopMode: \(loopMode(table[.eligible].play)))
                    accessibilityLabel = \(said(words.eligible))
                case .refreshing, .willRefresh:
                    playRefreshing()
                    accessibilityLabel = \(said(words.refreshing))
                case .noMoreData:
                    animationView.play(marker: "\(table[.noMoreData].marker.rawValue)", loopMode: \(loopMode(table[.noMoreData].play)))
                    accessibilityLabel = \(said(words.noMoreData))
                default:
                    guard !showsResult else { return }  // closing after a result: its last frame stays
                    animationView.stop()
                    scrub()
                    accessibilityLabel = \(said(words.pulling))
                }
            }

            /// `\(table[.refreshingStart].marker.rawValue)` once where the file has it (the start refreshing draws once), then
            /// `\(table[.refreshing].marker.rawValue)` \(table[.refreshing].play == .loop ? "looped" : "once"); a state that follows first stops the chain.
            private func playRefreshing() {
                guard animationView.frameTime(forMarker: "\(table[.refreshingStart].marker.rawValue)") != nil else {
                    return animationView.play(marker: "\(table[.refreshing].marker.rawValue)", loopMode: \(loopMode(table[.refreshing].play)))
                }
                animationView.play(marker: "\(table[.refreshingStart].marker.rawValue)", loopMode: .playOnce) { [weak self] finished in
                    guard finished, let self, self.state == .refreshing || self.state == .willRefresh else { return }
                    self.animationView.play(marker: "\(table[.refreshing].marker.rawValue)", loopMode: \(loopMode(table[.refreshing].play)))
                }
            }

            /// Plays the result for resultHold, then ends the refresh: call it where the load finishes.
            func endRefreshing(succeeded: Bool) {
                showsResult = true
                animationView.play(marker: succeeded ? "\(table[.success].marker.rawValue)" : "\(table[.failure].marker.rawValue)", loopMode: \(loopMode(table[.success].play)))
                accessibilityLabel = succeeded ? \(said(words.success)) : \(said(words.failure))
                DispatchQueue.main.asyncAfter(deadline: .now() + Self.resultHold) { [weak self] in self?.endRefreshing() }
            }
        }

        // tableView.mj_header = \(type)(refreshingBlock: { [weak tableView] in
        //     load { ok in (tableView?.mj_header as? \(type))?.endRefreshing(succeeded: ok) }
        // })

        """
    }

    static func objectiveC(_ spec: HandoffSpec) -> String {
        let (type, name) = names(spec)
        let table = LottiePlayback(spec)
        let words = spec.texts
        func said(_ text: String) -> String { "@\"\(CodeText.stringLiteral(text, in: .objectiveC))\"" }
        func loops(_ marker: LottieMarker) -> String { table[marker].play == .loop ? "YES" : "NO" }
        return """
        @import Lottie;
        #import <MJRefresh/MJRefresh.h>

        /// \(CodeText.lineComment(spec.name))'s header as RefreshKit exported it: add \(name).json and \(name)-dark.json (written
        /// beside this file by `refresh-dump handoff`) to the app's bundle.
        @interface \(type) : MJRefreshHeader
        /// Plays the result for the result hold, then ends the refresh: call it where the load finishes.
        - (void)endRefreshingSucceeded:(BOOL)succeeded;
        @end

        /// Points pulled at which a release refreshes; MJRefresh holds the header open this far too.
        static const CGFloat \(type)TriggerDistance = \(HandoffSpec.points(spec.trigger));
        /// Seconds the result plays before the refresh ends.
        static const NSTimeInterval \(type)ResultHold = \(HandoffSpec.number(spec.resultHold, 3));
        /// Seconds the list takes to close (MJRefresh's slowAnimationDuration).
        static const NSTimeInterval \(type)CloseDuration = \(HandoffSpec.number(Double(spec.springBackMilliseconds) / 1000, 3));
        /// The export's size in points: 1 pt of it is 1 pt on screen.
        static const CGSize \(type)ExportSize = {\(HandoffSpec.points(table.exportSize.width)), \(HandoffSpec.points(table.exportSize.height))};
        /// Whether a header wider than the export scales it to its width (a scene that paints the whole gap).
        static const BOOL \(type)FillsWidth = \(table.fillsWidth ? "YES" : "NO");

        @implementation \(type) {
            CompatibleAnimationView *_animationView;
            /// A result is showing: its last frame stays while the list closes, the pull no longer scrubs.
            BOOL _showsResult;
        }

        - (instancetype)initWithFrame:(CGRect)frame {
            // MJRefreshComponent's initWithFrame: sets slowAnimationDuration to 0.4 after -prepare: set it after.
            if (self = [super initWithFrame:frame]) {
                self.slowAnimationDuration = \(type)CloseDuration;
            }
            return self;
        }

        - (void)prepare {
            [super prepare];
            self.mj_h = \(type)TriggerDistance;
            _animationView = [[CompatibleAnimationView alloc] initWithCompatibleAnimation:[self animationForAppearance]];
            _animationView.contentMode = UIViewContentModeScaleAspectFit;
            [self addSubview:_animationView];
        }

        /// 1 pt of the export is 1 pt on screen, centred, its bottom on the list's top edge; a scene
        /// that fills the width is scaled up to a wider header, never down.
        - (void)placeSubviews {
            [super placeSubviews];
            CGFloat scale = \(type)FillsWidth ? MAX(1, self.bounds.size.width / \(type)ExportSize.width) : 1;
            CGSize size = CGSizeMake(\(type)ExportSize.width * scale, \(type)ExportSize.height * scale);
            _animationView.frame = CGRectMake((self.bounds.size.width - size.width) / 2, self.bounds.size.height - size.height, size.width, size.height);
        }

        /// The light or the dark export, as the system's appearance is.
        - (CompatibleAnimation *)animationForAppearance {
            BOOL dark = self.traitCollection.userInterfaceStyle == UIUserInterfaceStyleDark;
            return [[CompatibleAnimation alloc] initWithName:dark ? @"\(name)-dark" : @"\(name)" subdirectory:nil bundle:NSBundle.mainBundle];
        }

        - (void)traitCollectionDidChange:(UITraitCollection *)previousTraitCollection {
            [super traitCollectionDidChange:previousTraitCollection];
            if (self.traitCollection.userInterfaceStyle != previousTraitCollection.userInterfaceStyle) {
                _animationView.compatibleAnimation = [self animationForAppearance];
                [self show:self.state];
            }
        }

        /// 0 at rest, 1 at the trigger: below the trigger, and until a result shows, scrubs `\(table[.pulling].marker.rawValue)`.
        - (void)setPullingPercent:(CGFloat)pullingPercent {
            [super setPullingPercent:pullingPercent];
            if (pullingPercent <= 0) _showsResult = NO;
            [self scrub];
        }

        /// The pull's frame of `\(table[.pulling].marker.rawValue)`, read from the marker (0 frames when the file lacks it: nothing).
        - (void)scrub {
            if (self.state != MJRefreshStateIdle || _showsResult) return;
            CGFloat start = [_animationView frameTimeForMarker:@"\(table[.pulling].marker.rawValue)"];
            CGFloat length = [_animationView durationFrameTimeForMarker:@"\(table[.pulling].marker.rawValue)"];
            if (length <= 0) return;
            _animationView.currentFrame = start + MIN(1, MAX(0, self.pullingPercent)) * (length - 1);
        }

        - (void)setState:(MJRefreshState)state {
            MJRefreshCheckState
            [self show:state];
        }

        /// The state's marker, and what VoiceOver says.
        - (void)show:(MJRefreshState)state {
            self.isAccessibilityElement = YES;
            switch (state) {
                case MJRefreshStatePulling:
                    [self play:@"\(table[.eligible].marker.rawValue)" loop:\(loops(.eligible))];
                    self.accessibilityLabel = \(said(words.eligible));
                    break;
                case MJRefreshStateRefreshing:
                case MJRefreshStateWillRefresh:
                    [self playRefreshing];
                    self.accessibilityLabel = \(said(words.refreshing));
                    break;
                case MJRefreshStateNoMoreData:
                    [self play:@"\(table[.noMoreData].marker.rawValue)" loop:\(loops(.noMoreData))];
                    self.accessibilityLabel = \(said(words.noMoreData));
                    break;
                default:
                    if (_showsResult) break;  // closing after a result: its last frame stays
                    [_animationView stop];
                    [self scrub];
                    self.accessibilityLabel = \(said(words.pulling));
                    break;
            }
        }

        /// Plays `marker` once (its last frame then stays), or over and over.
        - (void)play:(NSString *)marker loop:(BOOL)loop {
            _animationView.loopAnimationCount = loop ? -1 : 1;
            [_animationView playWithMarker:marker completion:nil];
        }

        /// `\(table[.refreshingStart].marker.rawValue)` once where the file has it (the start refreshing draws once), then
        /// `\(table[.refreshing].marker.rawValue)`; a state that follows first stops the chain.
        - (void)playRefreshing {
            if ([_animationView durationFrameTimeForMarker:@"\(table[.refreshingStart].marker.rawValue)"] <= 0) {
                [self play:@"\(table[.refreshing].marker.rawValue)" loop:\(loops(.refreshing))];
                return;
            }
            _animationView.loopAnimationCount = 1;
            __weak typeof(self) weakSelf = self;
            [_animationView playWithMarker:@"\(table[.refreshingStart].marker.rawValue)" completion:^(BOOL finished) {
                typeof(self) strongSelf = weakSelf;
                if (!finished || strongSelf == nil || (strongSelf.state != MJRefreshStateRefreshing && strongSelf.state != MJRefreshStateWillRefresh)) return;
                [strongSelf play:@"\(table[.refreshing].marker.rawValue)" loop:\(loops(.refreshing))];
            }];
        }

        - (void)endRefreshingSucceeded:(BOOL)succeeded {
            _showsResult = YES;
            [self play:succeeded ? @"\(table[.success].marker.rawValue)" : @"\(table[.failure].marker.rawValue)" loop:\(loops(.success))];
            self.accessibilityLabel = succeeded ? \(said(words.success)) : \(said(words.failure));
            __weak typeof(self) weakSelf = self;
            dispatch_after(dispatch_time(DISPATCH_TIME_NOW, (int64_t)(\(type)ResultHold * NSEC_PER_SEC)), dispatch_get_main_queue(), ^{
                [weakSelf endRefreshing];
            });
        }

        @end

        // tableView.mj_header = [\(type) headerWithRefreshingBlock:^{
        //     [self load:^(BOOL ok) { [(\(type) *)self.tableView.mj_header endRefreshingSucceeded:ok]; }];
        // }];

        """
    }
}
