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
/// (`LottieAnimationLayer.play(marker:loopMode:)` plays from the marker's frame to that frame plus
/// its duration and, once, stays there: on the frame after the marker, the next marker's first
/// (`CABasicAnimation` with `fillMode = .both`, LottieAnimationLayer.swift), so a marker played once
/// is played to its own last frame, `play(fromFrame:toFrame:)`; `frameTime(forMarker:)` is nil for
/// a missing marker, `CompatibleAnimationView`'s is 0 with a duration of 0;
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

    /// The header's type: `NameLottieHeader`.
    private static func typeName(_ spec: HandoffSpec) -> String { HandoffPlatform.typeName(spec.name) + "LottieHeader" }


    static func swift(_ spec: HandoffSpec) -> String {
        let type = typeName(spec)
        let table = LottiePlayback(spec)
        let words = spec.texts
        func said(_ text: String) -> String { "\"\(CodeText.stringLiteral(text, in: .swift))\"" }
        return """
        import Lottie
        import MJRefresh
        import UIKit

        /// \(CodeText.lineComment(spec.name))'s header as RefreshKit exported it: add \(ExportLocales.files(spec)) (written
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
            /// Pulled this many triggers, `\(table[.overpulling].marker.rawValue)` (where the file has it) shows its last frame.
            static let overpullReach: CGFloat = \(HandoffSpec.number(table.overpullReach, 3))
            private let animationView = LottieAnimationView(animation: nil)
            /// A result is showing: its last frame stays while the list closes, the pull no longer scrubs.
            private var showsResult = false
        \(ExportLocales.swift(spec))
            /// `\(table[.eligible].marker.rawValue)` has played: its last frame is `\(table[.overpulling].marker.rawValue)`'s first, which the pull now scrubs.
            private var eligiblePlayed = false

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
                animationView.animation = LottieAnimation.named(Self.exportName(dark: traitCollection.userInterfaceStyle == .dark))
                show(state)
            }

            /// 0 at rest, 1 at the trigger: below the trigger, and until a result shows, scrubs `\(table[.pulling].marker.rawValue)`.
            override var pullingPercent: CGFloat {
                didSet {
                    if pullingPercent <= 0 { showsResult = false }
                    scrub()
                    overscrub()
                }
            }

            /// Past the trigger, the finger down, once `\(table[.eligible].marker.rawValue)` has played: 1 → the first frame of
            /// `\(table[.overpulling].marker.rawValue)`, overpullReach → its last (MJRefresh sets pullingPercent while dragging).
            private func overscrub() {
                guard state == .pulling, eligiblePlayed, Self.overpullReach > 1,
                      let start = animationView.frameTime(forMarker: "\(table[.overpulling].marker.rawValue)"),
                      let length = animationView.durationFrameTime(forMarker: "\(table[.overpulling].marker.rawValue)") else { return }
                animationView.currentFrame = start + min(1, max(0, (pullingPercent - 1) / (Self.overpullReach - 1))) * max(0, length - 1)
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
                    eligiblePlayed = false
                    play("\(table[.eligible].marker.rawValue)", loop: \(table[.eligible].play == .loop)) { [weak self] finished in
                        guard finished, let self, self.state == .pulling else { return }
                        self.eligiblePlayed = true
                        self.overscrub()
                    }
                    accessibilityLabel = \(said(words.eligible))
                case .refreshing, .willRefresh:
                    playRefreshing()
                    accessibilityLabel = \(said(words.refreshing))
                case .noMoreData:
                    play("\(table[.noMoreData].marker.rawValue)", loop: \(table[.noMoreData].play == .loop))
                    accessibilityLabel = \(said(words.noMoreData))
                default:
                    guard !showsResult else { return }  // closing after a result: its last frame stays
                    animationView.stop()
                    scrub()
                    accessibilityLabel = \(said(words.pulling))
                }
            }

            /// Plays `marker` from its first frame: looped, or once to its own last frame, which stays
            /// (lottie-ios's play(marker:) would end on the next marker's first). A marker the file lacks: nothing.
            private func play(_ marker: String, loop: Bool, completion: LottieCompletionBlock? = nil) {
                guard let start = animationView.frameTime(forMarker: marker), let length = animationView.durationFrameTime(forMarker: marker) else { return }
                animationView.play(fromFrame: start, toFrame: start + (loop ? length : max(0, length - 1)), loopMode: loop ? .loop : .playOnce, completion: completion)
            }

            /// `\(table[.refreshingStart].marker.rawValue)` once where the file has it (the start refreshing draws once), then
            /// `\(table[.refreshing].marker.rawValue)` \(table[.refreshing].play == .loop ? "looped" : "once"); a state that follows first stops the chain.
            private func playRefreshing() {
                guard animationView.frameTime(forMarker: "\(table[.refreshingStart].marker.rawValue)") != nil else {
                    return play("\(table[.refreshing].marker.rawValue)", loop: \(table[.refreshing].play == .loop))
                }
                play("\(table[.refreshingStart].marker.rawValue)", loop: false) { [weak self] finished in
                    guard finished, let self, self.state == .refreshing || self.state == .willRefresh else { return }
                    self.play("\(table[.refreshing].marker.rawValue)", loop: \(table[.refreshing].play == .loop))
                }
            }

            /// Plays the result for resultHold, then ends the refresh: call it where the load finishes.
            func endRefreshing(succeeded: Bool) {
                showsResult = true
                play(succeeded ? "\(table[.success].marker.rawValue)" : "\(table[.failure].marker.rawValue)", loop: \(table[.success].play == .loop))
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
        let type = typeName(spec)
        let table = LottiePlayback(spec)
        let words = spec.texts
        func said(_ text: String) -> String { "@\"\(CodeText.stringLiteral(text, in: .objectiveC))\"" }
        func loops(_ marker: LottieMarker) -> String { table[marker].play == .loop ? "YES" : "NO" }
        return """
        @import Lottie;
        #import <MJRefresh/MJRefresh.h>

        /// \(CodeText.lineComment(spec.name))'s header as RefreshKit exported it: add \(ExportLocales.files(spec)) (written
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
        /// Pulled this many triggers, `\(table[.overpulling].marker.rawValue)` (where the file has it) shows its last frame.
        static const CGFloat \(type)OverpullReach = \(HandoffSpec.number(table.overpullReach, 3));

        \(ExportLocales.objectiveC(spec, type: type))

        @implementation \(type) {
            CompatibleAnimationView *_animationView;
            /// A result is showing: its last frame stays while the list closes, the pull no longer scrubs.
            BOOL _showsResult;
            /// `\(table[.eligible].marker.rawValue)` has played: its last frame is `\(table[.overpulling].marker.rawValue)`'s first, which the pull now scrubs.
            BOOL _eligiblePlayed;
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
            return [[CompatibleAnimation alloc] initWithName:\(type)ExportName(dark) subdirectory:nil bundle:NSBundle.mainBundle];
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
            [self overscrub];
        }

        /// Past the trigger, the finger down, once `\(table[.eligible].marker.rawValue)` has played: 1 → the first frame of
        /// `\(table[.overpulling].marker.rawValue)`, the reach → its last (0 frames when the file lacks it: nothing).
        - (void)overscrub {
            if (self.state != MJRefreshStatePulling || !_eligiblePlayed || \(type)OverpullReach <= 1) return;
            CGFloat start = [_animationView frameTimeForMarker:@"\(table[.overpulling].marker.rawValue)"];
            CGFloat length = [_animationView durationFrameTimeForMarker:@"\(table[.overpulling].marker.rawValue)"];
            if (length <= 0) return;
            _animationView.currentFrame = start + MIN(1, MAX(0, (self.pullingPercent - 1) / (\(type)OverpullReach - 1))) * (length - 1);
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
                case MJRefreshStatePulling: {
                    _eligiblePlayed = NO;
                    __weak typeof(self) weakSelf = self;
                    [self play:@"\(table[.eligible].marker.rawValue)" loop:\(loops(.eligible)) completion:^(BOOL finished) {
                        typeof(self) strongSelf = weakSelf;
                        if (!finished || strongSelf == nil || strongSelf.state != MJRefreshStatePulling) return;
                        strongSelf->_eligiblePlayed = YES;
                        [strongSelf overscrub];
                    }];
                    self.accessibilityLabel = \(said(words.eligible));
                    break;
                }
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

        /// Plays `marker` from its first frame: over and over, or once to its own last frame, which stays
        /// (playWithMarker: would end on the next marker's first). A marker the file lacks (0 frames): nothing.
        - (void)play:(NSString *)marker loop:(BOOL)loop completion:(void (^)(BOOL finished))completion {
            CGFloat length = [_animationView durationFrameTimeForMarker:marker];
            if (length <= 0) return;
            CGFloat start = [_animationView frameTimeForMarker:marker];
            _animationView.loopAnimationCount = loop ? -1 : 1;
            [_animationView playFromFrame:start toFrame:start + (loop ? length : length - 1) completion:completion];
        }

        - (void)play:(NSString *)marker loop:(BOOL)loop {
            [self play:marker loop:loop completion:nil];
        }

        /// `\(table[.refreshingStart].marker.rawValue)` once where the file has it (the start refreshing draws once), then
        /// `\(table[.refreshing].marker.rawValue)`; a state that follows first stops the chain.
        - (void)playRefreshing {
            if ([_animationView durationFrameTimeForMarker:@"\(table[.refreshingStart].marker.rawValue)"] <= 0) {
                [self play:@"\(table[.refreshing].marker.rawValue)" loop:\(loops(.refreshing))];
                return;
            }
            __weak typeof(self) weakSelf = self;
            [self play:@"\(table[.refreshingStart].marker.rawValue)" loop:NO completion:^(BOOL finished) {
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
