import RefreshLottieExport

/// MJRefresh with lottie-ios: an `MJRefreshHeader` subclass that plays the plugin's export
/// (`refresh-dump export`, the files `refresh-dump handoff` writes beside the code): the pull scrubs
/// the `pulling` marker, past the trigger `eligible` loops, refreshing loops `refreshing`, and the
/// result plays before the refresh ends. In Objective-C through lottie-ios's `CompatibleAnimationView`.
/// Names checked against lottie-ios 4.6.1 and MJRefresh 3.7.9.
enum MJRefreshLottieHandoff {
    static func limits(_ spec: HandoffSpec) -> [String] {
        var limits: [String] = []
        if spec.hold != spec.trigger { limits.append("a hold extent (\(HandoffSpec.points(spec.hold)) pt) other than the trigger: the header's height (mj_h) is both") }
        if spec.policy == .onReach { limits.append("refreshing as soon as the trigger is reached: the header refreshes on release") }
        limits.append("the spring back: UIView animations of slowAnimationDuration stand in for it")
        return limits
    }

    static func swift(_ spec: HandoffSpec) -> String {
        let type = HandoffPlatform.typeName(spec.name) + "LottieHeader"
        let name = CodeText.stringLiteral(LottieExport.fileName(spec.name), in: .swift)
        let words = spec.texts
        func said(_ text: String) -> String { "\"\(CodeText.stringLiteral(text, in: .swift))\"" }
        return """
        import Lottie
        import MJRefresh
        import UIKit

        /// \(CodeText.lineComment(spec.name))'s header as RefreshKit exported it: add \(name).json and \(name)-dark.json (written
        /// beside this file by `refresh-dump handoff`, or by `refresh-dump export`) to the app's bundle.
        final class \(type): MJRefreshHeader {
            /// Points pulled at which a release refreshes; MJRefresh holds the header open this far too.
            static let triggerDistance: CGFloat = \(HandoffSpec.points(spec.trigger))
            /// Seconds the result plays before the refresh ends.
            static let resultHold: TimeInterval = \(HandoffSpec.number(spec.resultHold, 3))
            private let animationView = LottieAnimationView(animation: nil)

            override func prepare() {
                super.prepare()
                mj_h = Self.triggerDistance
                slowAnimationDuration = \(HandoffSpec.number(Double(spec.springBackMilliseconds) / 1000, 3))
                animationView.contentMode = .scaleAspectFit
                addSubview(animationView)
                loadAnimation()
            }

            override func placeSubviews() {
                super.placeSubviews()
                animationView.frame = bounds
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

            /// 0 at rest, 1 at the trigger: scrubs the `pulling` marker.
            override var pullingPercent: CGFloat {
                didSet {
                    guard state == .idle, let start = animationView.frameTime(forMarker: "pulling"),
                          let length = animationView.durationFrameTime(forMarker: "pulling") else { return }
                    animationView.currentFrame = start + min(1, max(0, pullingPercent)) * max(0, length - 1)
                }
            }

            override var state: MJRefreshState {
                didSet { if state != oldValue { show(state) } }
            }

            /// The state's marker, and what VoiceOver says.
            private func show(_ state: MJRefreshState) {
                isAccessibilityElement = true
                switch state {
                case .pulling:
                    animationView.play(marker: "eligible", loopMode: .loop)
                    accessibilityLabel = \(said(words.eligible))
                case .refreshing, .willRefresh:
                    animationView.play(marker: "refreshing", loopMode: .loop)
                    accessibilityLabel = \(said(words.refreshing))
                case .noMoreData:
                    animationView.play(marker: "noMoreData", loopMode: .playOnce)
                    accessibilityLabel = \(said(words.noMoreData))
                default:
                    animationView.stop()  // idle: the pull scrubs
                    accessibilityLabel = \(said(words.pulling))
                }
            }

            /// Plays the result, then ends the refresh: call it where the load finishes.
            func endRefreshing(succeeded: Bool) {
                animationView.play(marker: succeeded ? "success" : "failure", loopMode: .playOnce)
                accessibilityLabel = succeeded ? \(said(words.success)) : \(said(words.failure))
                DispatchQueue.main.asyncAfter(deadline: .now() + Self.resultHold) { [weak self] in self?.endRefreshing() }
            }
        }

        // tableView.mj_header = \(type)(refreshingBlock: { [weak tableView] in
        //     load { ok in (tableView?.mj_header as? \(type))?.endRefreshing(succeeded: ok) }
        // })

        """
    }

    /// The Objective-C header: lottie-ios's `CompatibleAnimationView` (its Objective-C face) has no
    /// marker's frames, so the pull scrubs the `pulling` marker by its frames, which an export puts
    /// first (`pullFrames` of them, from frame 0).
    static func objectiveC(_ spec: HandoffSpec) -> String {
        let type = HandoffPlatform.typeName(spec.name) + "LottieHeader"
        let name = CodeText.stringLiteral(LottieExport.fileName(spec.name), in: .swift)
        let words = spec.texts
        func said(_ text: String) -> String { "@\"\(CodeText.stringLiteral(text, in: .objectiveC))\"" }
        let pullFrames = LottieExport.Options().pullFrames
        return """
        @import Lottie;
        #import <MJRefresh/MJRefresh.h>

        /// \(CodeText.lineComment(spec.name))'s header as RefreshKit exported it: add \(name).json and \(name)-dark.json (written
        /// beside this file by `refresh-dump handoff`, or by `refresh-dump export`) to the app's bundle.
        @interface \(type) : MJRefreshHeader
        /// Plays the result, then ends the refresh: call it where the load finishes.
        - (void)endRefreshingSucceeded:(BOOL)succeeded;
        @end

        /// Points pulled at which a release refreshes; MJRefresh holds the header open this far too.
        static const CGFloat \(type)TriggerDistance = \(HandoffSpec.points(spec.trigger));
        /// Seconds the result plays before the refresh ends.
        static const NSTimeInterval \(type)ResultHold = \(HandoffSpec.number(spec.resultHold, 3));
        /// The `pulling` marker's frames: the export's first \(pullFrames), from frame 0.
        static const CGFloat \(type)PullingFrames = \(pullFrames);

        @implementation \(type) {
            CompatibleAnimationView *_animationView;
        }

        - (void)prepare {
            [super prepare];
            self.mj_h = \(type)TriggerDistance;
            self.slowAnimationDuration = \(HandoffSpec.number(Double(spec.springBackMilliseconds) / 1000, 3));
            _animationView = [[CompatibleAnimationView alloc] initWithCompatibleAnimation:[self animationForAppearance]];
            _animationView.contentMode = UIViewContentModeScaleAspectFit;
            [self addSubview:_animationView];
        }

        - (void)placeSubviews {
            [super placeSubviews];
            _animationView.frame = self.bounds;
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

        /// 0 at rest, 1 at the trigger: scrubs the `pulling` marker.
        - (void)setPullingPercent:(CGFloat)pullingPercent {
            [super setPullingPercent:pullingPercent];
            if (self.state != MJRefreshStateIdle) return;
            _animationView.currentFrame = MIN(1, MAX(0, pullingPercent)) * (\(type)PullingFrames - 1);
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
                    [self play:@"eligible" loop:YES];
                    self.accessibilityLabel = \(said(words.eligible));
                    break;
                case MJRefreshStateRefreshing:
                case MJRefreshStateWillRefresh:
                    [self play:@"refreshing" loop:YES];
                    self.accessibilityLabel = \(said(words.refreshing));
                    break;
                case MJRefreshStateNoMoreData:
                    [self play:@"noMoreData" loop:NO];
                    self.accessibilityLabel = \(said(words.noMoreData));
                    break;
                default:
                    [_animationView stop];  // idle: the pull scrubs
                    self.accessibilityLabel = \(said(words.pulling));
                    break;
            }
        }

        /// Plays `marker` once, or over and over.
        - (void)play:(NSString *)marker loop:(BOOL)loop {
            _animationView.loopAnimationCount = loop ? -1 : 1;
            [_animationView playWithMarker:marker completion:nil];
        }

        - (void)endRefreshingSucceeded:(BOOL)succeeded {
            [self play:succeeded ? @"success" : @"failure" loop:NO];
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
