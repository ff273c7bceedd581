import RefreshContract
import RefreshLottieExport

/// MJRefresh with images: an `MJRefreshGifHeader` subclass showing the plugin's frames as
/// `refresh-dump export --format frames` writes them for iOS (`NAME-frames/ios/light` and `dark`,
/// `MARKER_NNN.png` and `dark_MARKER_NNN.png` at @2x and @3x), played as ``LottiePlayback`` says:
/// the idle images indexed by the pull, each state's images once or in a loop, past the trigger (once
/// eligible's images have played) the over-pull's images indexed by the pull, the result for the
/// result hold with its last frame kept while the list closes. Each image is shown 1 pt to 1 pt at
/// its own size: the over-pull's are taller than the band's where a scene fills the gap.
///
/// Read against MJRefresh 3.7.9: `MJRefreshGifHeader.m`'s `setImages:duration:forState:` raises
/// `mj_h` to the first image's height (so the trigger is set again after the images), its
/// `placeSubviews` makes the image view the header's bounds, centred (so the frame is placed after
/// it), its `setState:` starts a state's images without touching `animationRepeatCount` (so each
/// state sets its own: a count left at 1 by a result would freeze every later loop), and
/// `MJRefreshComponent.m`'s `initWithFrame:` sets `slowAnimationDuration` after `prepare`;
/// `MJRefreshHeader.m`'s `scrollViewContentOffsetDidChange:` sets `pullingPercent` (the pull over
/// `mj_h`, past 1 beyond the trigger) on every move while the finger drags, in every state, and
/// `MJRefreshGifHeader.m`'s `setPullingPercent:` picks an idle image only in the idle state.
enum MJRefreshGifHandoff {
    static let versions = [MJRefreshLottieHandoff.versions[0]]

    /// The Lottie header's limits (the same header, drawn with images), and one of images.
    static func limits(_ spec: HandoffSpec) -> [String] {
        MJRefreshLottieHandoff.limits(spec) + ["frames that differ in length: MJRefreshGifHeader shows a state's images at one rate"]
    }

    static func swift(_ spec: HandoffSpec) -> String {
        let type = HandoffPlatform.typeName(spec.name) + "GifHeader"
        let folder = CodeText.stringLiteral(LottieExport.fileName(spec.name), in: .swift) + "-frames"
        let fps = LottieExport.Options().framesPerSecond
        let table = LottiePlayback(spec)
        let words = spec.texts
        func said(_ text: String) -> String { "\"\(CodeText.stringLiteral(text, in: .swift))\"" }
        /// UIImageView's repeat count for a row: 0 is for ever.
        func repeats(_ marker: LottieMarker) -> Int { table[marker].play == .loop ? 0 : 1 }
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
            /// Seconds the list takes to close (MJRefresh's slowAnimationDuration).
            static let closeDuration: TimeInterval = \(HandoffSpec.number(Double(spec.springBackMilliseconds) / 1000, 3))
            /// Frames a second the export was drawn at.
            static let framesPerSecond: Double = \(HandoffSpec.number(fps, 3))
            /// The band's frames' size in points (each image is shown at its own: 1 pt of it is 1 pt on screen).
            static let bandSize = CGSize(width: \(HandoffSpec.points(table.exportSize.width)), height: \(HandoffSpec.points(table.band.height)))
            /// Pulled this many triggers, the over-pull's last image shows (1: the export has none).
            static let overpullReach: CGFloat = \(HandoffSpec.number(table.overpullReach, 3))
            /// Whether a header wider than the frames scales them to its width (a scene that paints the whole gap).
            static let fillsWidth = \(table.fillsWidth)
            /// The result's frames while it shows: their last stays while the list closes.
            private var result: [UIImage]?
            /// Refreshes begun: the loop after a start plays only in the refresh that started it.
            private var refreshes = 0
            /// The over-pull's images, and when eligible's images began and how long they play.
            private var overpull: [UIImage] = []
            private var eligibleBegan: Date?, eligibleDuration: TimeInterval = 0

        \(MJRefreshHandoff.swiftInitializers(["slowAnimationDuration = Self.closeDuration"]))

            override func prepare() {
                super.prepare()
                stateLabel?.isHidden = true
                lastUpdatedTimeLabel?.isHidden = true
                loadFrames()
            }

            /// 1 pt of the image shown is 1 pt on screen, centred, its bottom on the list's top edge; a scene
            /// that fills the width is scaled up to a wider header, never down.
            override func placeSubviews() {
                super.placeSubviews()
                let shown = gifView?.image?.size ?? Self.bandSize
                let scale = Self.fillsWidth ? max(1, bounds.width / shown.width) : 1
                let size = CGSize(width: shown.width * scale, height: shown.height * scale)
                gifView?.contentMode = .scaleToFill
                gifView?.frame = CGRect(x: (bounds.width - size.width) / 2, y: bounds.height - size.height, width: size.width, height: size.height)
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
                setImages(frames("\(table[.pulling].marker.rawValue)"), for: .idle)
                let eligible = frames("\(table[.eligible].marker.rawValue)"), refreshing = frames("\(table[.refreshing].marker.rawValue)")
                setImages(eligible, duration: duration(eligible), for: .pulling)
                setImages(refreshing, duration: duration(refreshing), for: .refreshing)
                overpull = frames("\(table[.overpulling].marker.rawValue)")
                eligibleDuration = duration(eligible)
                // setImages raised mj_h to the images' height: the trigger is the header's height.
                mj_h = Self.triggerDistance
            }

            /// Below the trigger the pull picks the idle frame (MJRefreshGifHeader); past it, once eligible's
            /// images have played, the over-pull's (the trigger its first, overpullReach triggers its last);
            /// once a result shows, its last frame stays. The image's size can change: placed again.
            override var pullingPercent: CGFloat {
                didSet {
                    if pullingPercent <= 0, state == .idle { result = nil }
                    if let last = result?.last { gifView?.stopAnimating(); gifView?.image = last }
                    if state == .pulling, result == nil, overpull.count > 0, Self.overpullReach > 1,
                       let began = eligibleBegan, Date().timeIntervalSince(began) >= eligibleDuration {
                        let f = min(max((pullingPercent - 1) / (Self.overpullReach - 1), 0), 1)
                        gifView?.stopAnimating()
                        gifView?.image = overpull[Int((f * CGFloat(overpull.count - 1)).rounded())]
                    }
                    setNeedsLayout()
                }
            }

            /// Each state's images play as the table says (MJRefreshGifHeader starts them; the repeat
            /// count is set here for every state, never left from the one before); what VoiceOver says.
            override var state: MJRefreshState {
                didSet {
                    guard state != oldValue else { return }
                    isAccessibilityElement = true
                    eligibleBegan = state == .pulling ? Date() : nil
                    switch state {
                    case .pulling:
                        play(frames("\(table[.eligible].marker.rawValue)"), repeats: \(repeats(.eligible)))
                        accessibilityLabel = \(said(words.eligible))
                    case .refreshing, .willRefresh:
                        playRefreshing()
                        accessibilityLabel = \(said(words.refreshing))
                    case .noMoreData:
                        accessibilityLabel = \(said(words.noMoreData))
                    default:
                        if let last = result?.last { gifView?.image = last }
                        accessibilityLabel = \(said(words.pulling))
                    }
                }
            }

            /// Plays `images` `repeats` times (0: for ever); after a count runs out, the last image stays.
            private func play(_ images: [UIImage], repeats: Int) {
                guard let gifView, let last = images.last else { return }
                gifView.stopAnimating()
                gifView.image = last
                guard images.count > 1 else { return }
                gifView.animationImages = images
                gifView.animationDuration = duration(images)
                gifView.animationRepeatCount = repeats
                gifView.startAnimating()
            }

            /// `\(table[.refreshingStart].marker.rawValue)`'s images once where the bundle has them (the start refreshing
            /// draws once), then `\(table[.refreshing].marker.rawValue)`'s; a state that follows first stops the chain.
            private func playRefreshing() {
                refreshes += 1
                let start = frames("\(table[.refreshingStart].marker.rawValue)"), run = refreshes
                guard !start.isEmpty else { return play(frames("\(table[.refreshing].marker.rawValue)"), repeats: \(repeats(.refreshing))) }
                play(start, repeats: \(repeats(.refreshingStart)))
                DispatchQueue.main.asyncAfter(deadline: .now() + duration(start)) { [weak self] in
                    guard let self, self.refreshes == run, self.state == .refreshing || self.state == .willRefresh else { return }
                    self.play(self.frames("\(table[.refreshing].marker.rawValue)"), repeats: \(repeats(.refreshing)))
                }
            }

            /// Shows the result for resultHold, then ends the refresh: call it where the load finishes.
            func endRefreshing(succeeded: Bool) {
                let images = frames(succeeded ? "\(table[.success].marker.rawValue)" : "\(table[.failure].marker.rawValue)")
                result = images
                play(images, repeats: \(repeats(.success)))
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
