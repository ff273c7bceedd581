import RefreshLottieExport

/// MJRefresh with images: an `MJRefreshGifHeader` subclass showing the plugin's frames as
/// `refresh-dump export --format frames` writes them for iOS (`NAME-frames/ios/light` and `dark`,
/// `MARKER_NNN.png` and `dark_MARKER_NNN.png` at @2x and @3x): the pull's frames indexed by the pull (MJRefreshGifHeader's
/// idle images), the eligible frames past the trigger, the refreshing loop, and the result shown
/// in its `gifView` before the refresh ends. Names checked against MJRefresh 3.7.9.
enum MJRefreshGifHandoff {
    /// The Lottie header's limits (the same header, drawn with images), and one of images.
    static func limits(_ spec: HandoffSpec) -> [String] {
        MJRefreshLottieHandoff.limits(spec) + ["frames that differ in length: MJRefreshGifHeader shows a state's images at one rate"]
    }

    static func swift(_ spec: HandoffSpec) -> String {
        let type = HandoffPlatform.typeName(spec.name) + "GifHeader"
        let folder = CodeText.stringLiteral(LottieExport.fileName(spec.name), in: .swift) + "-frames"
        let fps = LottieExport.Options().framesPerSecond
        let words = spec.texts
        func said(_ text: String) -> String { "\"\(CodeText.stringLiteral(text, in: .swift))\"" }
        return """
        import MJRefresh
        import UIKit

        /// \(CodeText.lineComment(spec.name))'s header in frames: run `refresh-dump export --plugin \(CodeText.lineComment(CodeText.shellWord(spec.name))) --format frames`
        /// and add the images in \(folder)/ios/light and \(folder)/ios/dark (named `dark_…`) to the app's bundle.
        final class \(type): MJRefreshGifHeader {
            /// Points pulled at which a release refreshes; MJRefresh holds the header open this far too.
            static let triggerDistance: CGFloat = \(HandoffSpec.points(spec.trigger))
            /// Seconds the result shows before the refresh ends.
            static let resultHold: TimeInterval = \(HandoffSpec.number(spec.resultHold, 3))
            /// Frames a second the export was drawn at.
            static let framesPerSecond: Double = \(HandoffSpec.number(fps, 3))

            override func prepare() {
                super.prepare()
                mj_h = Self.triggerDistance
                slowAnimationDuration = \(HandoffSpec.number(Double(spec.springBackMilliseconds) / 1000, 3))
                stateLabel?.isHidden = true
                lastUpdatedTimeLabel?.isHidden = true
                loadFrames()
            }

            override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
                super.traitCollectionDidChange(previousTraitCollection)
                if traitCollection.userInterfaceStyle != previousTraitCollection?.userInterfaceStyle { loadFrames() }
            }

            /// A marker's images in order, as many as the bundle has.
            private func frames(_ marker: String) -> [UIImage] {
                let prefix = traitCollection.userInterfaceStyle == .dark ? "dark_" : ""
                return (0...).lazy.map { UIImage(named: prefix + marker + String(format: "_%03d", $0)) }.prefix { $0 != nil }.compactMap { $0 }
            }

            private func duration(_ images: [UIImage]) -> TimeInterval { Double(images.count) / Self.framesPerSecond }

            /// Idle: the pull's frames, shown by how far the pull is; then eligible and refreshing.
            private func loadFrames() {
                setImages(frames("pulling"), for: .idle)
                let eligible = frames("eligible"), refreshing = frames("refreshing")
                setImages(eligible, duration: duration(eligible), for: .pulling)
                setImages(refreshing, duration: duration(refreshing), for: .refreshing)
            }

            /// What VoiceOver says in each state.
            override var state: MJRefreshState {
                didSet {
                    isAccessibilityElement = true
                    switch state {
                    case .pulling: accessibilityLabel = \(said(words.eligible))
                    case .refreshing, .willRefresh: accessibilityLabel = \(said(words.refreshing))
                    case .noMoreData: accessibilityLabel = \(said(words.noMoreData))
                    default: accessibilityLabel = \(said(words.pulling))
                    }
                }
            }

            /// Shows the result, then ends the refresh: call it where the load finishes.
            func endRefreshing(succeeded: Bool) {
                let result = frames(succeeded ? "success" : "failure")
                gifView?.stopAnimating()
                gifView?.animationImages = result
                gifView?.animationDuration = duration(result)
                gifView?.animationRepeatCount = 1
                gifView?.image = result.last
                gifView?.startAnimating()
                accessibilityLabel = succeeded ? \(said(words.success)) : \(said(words.failure))
                DispatchQueue.main.asyncAfter(deadline: .now() + Self.resultHold) { [weak self] in self?.endRefreshing() }
            }
        }

        // tableView.mj_header = \(type)(refreshingBlock: { [weak tableView] in
        //     load { ok in (tableView?.mj_header as? \(type))?.endRefreshing(succeeded: ok) }
        // })

        """
    }
}
