import Foundation
import RefreshCore
import RefreshPluginSDK
import RefreshHost

/// An indicator as a Lottie (Bodymovin) animation an app's own Lottie player plays: its frames in
/// the markers RefreshKit's Lottie plugin reads (`pulling`, `eligible`, `refreshing`, `success`,
/// `failure`, `noMoreData`; `pulling@bottom` … for another edge), each frame what `refresh-dump
/// render --transparent` draws for that state and time.
///
/// This first form carries every distinct frame as an image asset (a PNG in the file, at
/// ``Options/scale`` pixels a point) shown for its span of identical frames: what the vector
/// export will fall back to for a frame it cannot express. The composition is in points; each
/// image layer is scaled to them.
package struct LottieExport {
    /// What to export.
    package struct Options: Sendable {
        /// The frame in points (render's default band).
        package var size = Defaults.bandSize
        /// Pixels a point in the images.
        package var scale = 2.0
        package var edge: RefreshEdge = .top
        package var colorScheme: IndicatorEnvironment.ColorScheme = .light
        /// Frames across the pull, progress 0 → 1.
        package var pullFrames = 60
        /// Frames a second of the animation.
        package var framesPerSecond = 60.0
        /// The longest refreshing loop looked for, in seconds.
        package var longestLoop = 4.0
        /// Seconds a result shows (RefreshCore's default hold).
        package var resultHold = EdgeConfiguration.defaultResultHoldTime

        package init() {}
    }

    /// A marker: a name and its frames.
    package struct Marker: Equatable, Sendable {
        package var name: String
        package var start: Int
        package var frames: Int
    }

    /// The animation as Lottie JSON.
    package let json: Data
    /// The markers, in order.
    package let markers: [Marker]
    /// The refreshing loop's length in frames, and whether it is seamless (the frame after it is
    /// the first again); a loop that is not was chosen for the least visible seam.
    package let loop: (frames: Int, seamless: Bool)
    /// Distinct images the file holds.
    package let imageCount: Int

    /// The file an export of the plugin named `pluginName` is written to, without `.json`, in
    /// `theme` (the dark one ends in `-dark`): what `export` and `handoff` write and the handoff's
    /// code loads.
    package static func fileName(_ pluginName: String, theme: IndicatorEnvironment.ColorScheme = .light) -> String {
        Scenario.safeFileName(pluginName) + (theme == .light ? "" : "-dark")
    }

    /// The light and the dark export of `indicator`, in that order, with `options` otherwise.
    package static func bothThemes(_ indicator: any HostedIndicator, info: IndicatorInfo, options: Options) throws
        -> [(theme: IndicatorEnvironment.ColorScheme, export: LottieExport)] {
        try [IndicatorEnvironment.ColorScheme.light, .dark].map { theme in
            var themed = options
            themed.colorScheme = theme
            return (theme, try LottieExport(indicator, info: info, options: themed))
        }
    }

    /// Exports `indicator` drawn as `options` say.
    package init(_ indicator: any HostedIndicator, info: IndicatorInfo, options: Options) throws {
        var frames: [[UInt32]] = [], markers: [Marker] = []
        let suffix = options.edge == .top ? "" : "@\(options.edge.rawValue)"
        let fps = options.framesPerSecond
        var (width, height) = (0, 0)

        func draw(_ state: RefreshState, progress: Double? = nil, stateTime: Double) throws -> [UInt32] {
            var spec = FrameSpec(state: state, progress: progress)
            (spec.size, spec.scale, spec.edge) = (options.size, options.scale, options.edge)
            spec.environment.colorScheme = options.colorScheme
            (spec.time, spec.stateTime) = (stateTime, stateTime)
            let frame = spec.frame(refreshLength: indicator.refreshLength)
            indicator.refreshState = frame.state
            let image = try FrameRenderer.render(indicator, frame: frame, background: .clear)
            (width, height) = (image.width, image.height)
            return image.straightPixels()
        }
        func add(_ name: String, _ drawn: [[UInt32]]) {
            markers.append(Marker(name: name + suffix, start: frames.count, frames: drawn.count))
            frames += drawn
        }

        let pulls = max(2, options.pullFrames)
        add("pulling", try (0..<pulls).map { try draw(.pulling(progress: Double($0) / Double(pulls - 1)), stateTime: 0) })
        add("eligible", [try draw(.eligible, stateTime: 0)])
        // One loop of refreshing: the first period whose next frames start it again.
        let most = Int(options.longestLoop * fps)
        let refreshing = try (0...most + 1).map { try draw(.refreshing, stateTime: Double($0) / fps) }
        let found = Self.loop(refreshing, longest: most)
        loop = found
        add("refreshing", Array(refreshing.prefix(found.frames)))
        let holds = max(1, Int((options.resultHold * fps).rounded()))
        add("success", try (0..<holds).map { try draw(.finished(.success), stateTime: Double($0) / fps) })
        add("failure", try (0..<holds).map { try draw(.finished(.failure), stateTime: Double($0) / fps) })
        add("noMoreData", [try draw(.noMoreData, stateTime: 0)])
        self.markers = markers

        // Spans of identical frames, each a layer of the image it shows; an image used twice is one asset.
        var assets: [String: Int] = [:], assetList: [[String: Any]] = [], layers: [[String: Any]] = []
        var start = 0
        for index in 1...frames.count where index == frames.count || frames[index] != frames[start] || markers.contains(where: { $0.start == index }) {
            let pixels = frames[start]
            if pixels.contains(where: { $0 >> 24 != 0 }) {
                let png = Data(try ImageSurface.pngData(straightPixels: pixels, width: width, height: height))
                let key = png.base64EncodedString()
                let id: Int
                if let known = assets[key] { id = known } else {
                    id = assetList.count
                    assets[key] = id
                    assetList.append(["id": "frame\(id)", "w": width, "h": height, "u": "", "p": "data:image/png;base64," + key, "e": 1])
                }
                layers.append(Self.imageLayer(index: layers.count + 1, asset: "frame\(id)", from: start, to: index, scale: options.scale))
            }
            start = index
        }
        imageCount = assetList.count
        // Lottie draws the first layer on top: spans never overlap, so the order is only the file's.
        let document: [String: Any] = [
            "v": "5.7.0", "fr": fps, "ip": 0, "op": frames.count,
            "w": Int(options.size.width.rounded()), "h": Int(options.size.height.rounded()),
            "nm": info.name, "ddd": 0, "assets": assetList, "layers": layers,
            "markers": markers.map { ["tm": $0.start, "cm": $0.name, "dr": $0.frames] as [String: Any] },
            "meta": ["g": "RefreshKit refresh-dump export", "d": "\(info.name) \(info.version) (\(info.id)), \(options.colorScheme.rawValue) theme, \(options.edge.rawValue) edge, refresh length \(indicator.refreshLength) pt"],
        ]
        json = try JSONSerialization.data(withJSONObject: document, options: [.sortedKeys])
    }

    /// The shortest period of `frames` (drawn at 0, 1, 2 … frames into refreshing, `longest` + 2
    /// of them): every frame drawn is the one a period before it again; else the loop whose seam
    /// (the frame after it against the first) differs least.
    static func loop(_ frames: [[UInt32]], longest: Int) -> (frames: Int, seamless: Bool) {
        for period in 1...longest where (period..<frames.count).allSatisfy({ frames[$0] == frames[$0 - period] }) {
            return (period, true)
        }
        let shortest = max(1, longest / 8)
        let best = (shortest...longest).min { seam(frames[$0], frames[0]) < seam(frames[$1], frames[0]) } ?? longest
        return (best, false)
    }

    /// How far apart two frames are: the sum of their channels' differences.
    private static func seam(_ a: [UInt32], _ b: [UInt32]) -> Int {
        var total = 0
        for (x, y) in zip(a, b) where x != y {
            for shift in stride(from: 0, to: 32, by: 8) { total += abs(Int((x >> UInt32(shift)) & 0xFF) - Int((y >> UInt32(shift)) & 0xFF)) }
        }
        return total
    }

    /// An image layer showing asset `asset` from frame `from` to `to`, scaled from pixels to points.
    private static func imageLayer(index: Int, asset: String, from: Int, to: Int, scale: Double) -> [String: Any] {
        let percent = 100 / scale
        return ["ddd": 0, "ind": index, "ty": 2, "nm": asset, "refId": asset, "sr": 1, "ip": from, "op": to, "st": 0, "bm": 0, "ao": 0,
                "ks": ["o": ["a": 0, "k": 100], "r": ["a": 0, "k": 0], "p": ["a": 0, "k": [0, 0, 0]], "a": ["a": 0, "k": [0, 0, 0]],
                       "s": ["a": 0, "k": [percent, percent, 100]]] as [String: Any]]
    }
}
