import Foundation
import RefreshSystem
import RefreshCore
import RefreshPluginSDK
import RefreshHost
import RefreshLottieSource

/// An indicator as a Lottie (Bodymovin) animation an app's own Lottie player plays: its frames in
/// the markers RefreshKit's Lottie plugin reads (`pulling`, `eligible`, `refreshingStart` where
/// refreshing draws a start once before it repeats, `refreshing`, `success`, `failure`,
/// `noMoreData`; `pulling@bottom` … for another edge), each frame what `refresh-dump render
/// --transparent` draws for that state and time.
///
/// Each span of identical frames is the plugin's drawing recorded (``HostedIndicator/recordDrawing(frame:)``)
/// and said in shape layers; what stays the same from span to span is one layer for as long as it
/// stays. A frame whose drawing Lottie cannot say (``Fallback``), or every frame with
/// ``Options/vector`` off, is an image asset instead (a PNG at ``Options/scale`` pixels a point).
/// The composition is in points.
package struct LottieExport {
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
    /// Every frame of the animation as drawn, in order (the markers' frames follow each other).
    package let frames: [IndicatorFrame]
    /// The refreshing loop's length in frames, and whether it is seamless (the frame after it is
    /// the first again); a loop that is not was chosen for the least visible seam.
    package let loop: (frames: Int, seamless: Bool)
    /// Frames refreshing draws once before its loop (`refreshingStart`; 0: none, the loop starts at once).
    package let refreshingStart: Int
    /// Where a loop that is not seamless jumps as it repeats: the frame the plugin draws after the
    /// loop against the loop's first; nil for a seamless loop.
    package let seam: Seam?
    /// What became of the refreshing period the plugin declares (nil: it declares none, or the
    /// loop's length was chosen).
    package let declaredPeriod: DeclaredPeriod?

    /// The markers that loop (refreshing always; eligible or no more data when the plugin draws
    /// them repeating); every other plays once and keeps its last frame.
    package let loopingMarkers: [String]
    /// The states whose motion neither settled nor repeated within ``Options/longestMotion``: exported
    /// that long, once.
    package let unsettled: [String]
    /// Distinct images the file holds.
    package let imageCount: Int
    /// Shape layers the file holds.
    package let shapeLayerCount: Int
    /// Frames exported as images because their drawing could not be said in shapes.
    package let fallbacks: [Fallback]
    /// The over-pull (``LottieMarker/overpulling``), where the export has it: how far it reaches
    /// (in refresh lengths) and the height it is drawn in (the band's, or taller for a scene that
    /// fills the gap: the composition's height, the band at its bottom).
    package let overpull: (reach: Double, height: Double)?
    /// Why there is no `overpulling` marker: the pull past the trigger draws what eligible's last
    /// frame does, or eligible's motion does not settle; nil when there is one.
    package let noOverpull: String?
    /// The Lottie plugin's own animation, exported as itself (its layers, timed and placed as the
    /// plugin plays them), by name; nil for every other plugin and where it could not be.
    package let ownAnimation: String?
    /// Why the Lottie plugin's animation could not be exported as itself (its frames were instead).
    package let ownAnimationRefusal: String?

    /// The file an export of the plugin named `pluginName` is written to, without `.json`, in
    /// `theme` (the dark one ends in `-dark`): what `export` and `handoff` write and the handoff's
    /// code loads.
    package static func fileName(_ pluginName: String, theme: IndicatorEnvironment.ColorScheme = .light) -> String {
        themed(Scenario.safeFileName(pluginName), theme)
    }

    /// The file an export in `locale` is written to, without `.json`: ``fileName(_:theme:)`` for
    /// the first locale exported (`primary`: what the handoff's code loads), else with the locale
    /// after the name (`Label-zh-Hans`, `Label-zh-Hans-dark`).
    package static func fileName(_ pluginName: String, theme: IndicatorEnvironment.ColorScheme = .light, locale: String, primary: Bool) -> String {
        themed(Scenario.safeFileName(pluginName) + (primary ? "" : "-" + locale), theme)
    }

    /// `base` as the file of `theme` (the dark one ends in `-dark`).
    private static func themed(_ base: String, _ theme: IndicatorEnvironment.ColorScheme) -> String {
        base + (theme == .light ? "" : "-dark")
    }

    /// Writes both themes' animations as `folder/BASE.json` and `BASE-dark.json` and the dotLottie
    /// holding them as `BASE.lottie`; returns the dotLottie's bytes.
    @discardableResult
    package static func writeFiles(_ exports: [(theme: IndicatorEnvironment.ColorScheme, export: LottieExport)], named base: String,
                                   in folder: String) throws -> Data {
        for (theme, export) in exports {
            try OutputFile.write(export.json, to: "\(folder)/\(themed(base, theme)).json")
        }
        let archive = try DotLottieFile.data(animations: exports.map { ($0.theme.rawValue, $0.export.json) })
        try OutputFile.write(archive, to: "\(folder)/\(base).lottie")
        return archive
    }

    /// The light and the dark export of `indicator`, in that order, with `options` otherwise.
    /// With `dark`, a second instance of the same plugin (in a plugin-host child of its own), the
    /// dark one is exported by it at the same time, on another core.
    package static func bothThemes(_ indicator: any HostedIndicator, dark: (any HostedIndicator)? = nil, info: IndicatorInfo, options: Options) throws
        -> [(theme: IndicatorEnvironment.ColorScheme, export: LottieExport)] {
        @Sendable func export(_ theme: IndicatorEnvironment.ColorScheme, by indicator: any HostedIndicator) throws -> LottieExport {
            var themed = options
            themed.colorScheme = theme
            return try LottieExport(indicator, info: info, options: themed)
        }
        guard let dark, dark !== indicator else { return try [.light, .dark].map { ($0, try export($0, by: indicator)) } }
        /// Each theme's export or its error, each written by its own thread under the lock (two
        /// threads writing one array at once is a race Swift stops the program for).
        final class Outcomes: @unchecked Sendable {
            private var results: [Result<LottieExport, any Error>?] = [nil, nil]
            private let lock = NSLock()
            let indicators: [any HostedIndicator]
            init(_ indicators: [any HostedIndicator]) { self.indicators = indicators }
            func set(_ index: Int, _ result: Result<LottieExport, any Error>) { lock.withLock { results[index] = result } }
            var all: [Result<LottieExport, any Error>?] { lock.withLock { results } }
        }
        let outcomes = Outcomes([indicator, dark])
        let themes: [IndicatorEnvironment.ColorScheme] = [.light, .dark]
        DispatchQueue.concurrentPerform(iterations: 2) { index in
            outcomes.set(index, Result { try export(themes[index], by: outcomes.indicators[index]) })
        }
        return try zip(themes, outcomes.all).map { theme, result in (theme, try result!.get()) }
    }

    /// Exports `indicator` drawn as `options` say. Frames are drawn one at a time and kept as
    /// their specs (``FrameStream``): memory stays flat in their number and size.
    package init(_ indicator: any HostedIndicator, info: IndicatorInfo, options: Options) throws {
        var stream = FrameStream()
        let fps = options.framesPerSecond
        // Each frame height's size in pixels (the band's; the over-pull's when taller).
        var pixelSizes: [Double: (width: Int, height: Int)] = [:]

        func frame(_ state: RefreshState, progress: Double? = nil, stateTime: Double, height: Double? = nil) -> IndicatorFrame {
            var spec = FrameSpec(state: state, progress: progress)
            (spec.size, spec.scale, spec.edge) = (options.size, options.scale, options.edge)
            if let height { spec.size.height = height }
            spec.environment.colorScheme = options.colorScheme
            spec.environment.locale = options.locale
            spec.environment.layoutDirection = TextDirection(locale: options.locale)
            (spec.time, spec.stateTime) = (stateTime, stateTime)
            return spec.frame(refreshLength: indicator.refreshLength)
        }
        func render(_ frame: IndicatorFrame) throws -> ImageSurface {
            indicator.refreshState = frame.state
            let image = try FrameRenderer.render(indicator, frame: frame, background: .clear)
            pixelSizes[frame.size.height] = (image.width, image.height)
            return image
        }
        /// Frames told apart at 1× first, and again at `scale` where the same there (``ExportDrawing``).
        let drawing = ExportDrawing(indicator, scale: options.scale, vector: options.vector)
        func draw(_ frame: IndicatorFrame) throws -> [UInt32] { try drawing.pixels(frame) }
        let same = drawing.same
        func add(_ marker: LottieMarker, _ drawn: [IndicatorFrame]) throws {
            stream.begin(marker.name(on: options.edge))
            for spec in drawn { try stream.append(spec, try draw(spec), sameAs: { try same($0, spec) }) }
            stream.end(keeping: drawn.count)
        }

        /// A state's motion from its start, frame by frame for up to `longestMotion` seconds: it
        /// ends where its drawing settles (the same for half a second after) and plays once, or
        /// repeats (a seamless period) and loops; one that does neither is exported whole, once.
        var looping = [LottieMarker.refreshing.name(on: options.edge)], unsettled: [String] = []
        /// Where the motion settled (the state time of its last frame, and that frame's fingerprint); nil when it did not.
        @discardableResult
        func addMotion(_ marker: LottieMarker, _ state: RefreshState) throws -> (time: Double, fingerprint: UInt64)? {
            let most = max(1, Int(options.longestMotion * fps)), still = max(1, Int(fps / 2))
            let name = marker.name(on: options.edge)
            stream.begin(name)
            var previous: (spec: IndicatorFrame, image: [UInt32])?, fingerprints: [UInt64] = [], lastChange = 0
            for k in 0...most {
                let spec = frame(state, stateTime: Double(k) / fps)
                let image = try draw(spec)
                if let previous, try previous.image != image || !same(previous.spec, spec) { lastChange = k }
                fingerprints.append(FrameStream.fingerprint(image))
                try stream.append(spec, image, sameAs: { try same($0, spec) })
                previous = (spec, image)
                if k - lastChange >= still { break }
            }
            var count = fingerprints.count, settled: (time: Double, fingerprint: UInt64)?
            if fingerprints.count - 1 - lastChange >= still {
                count = lastChange + 1  // settled: its last frame stays
                settled = (Double(lastChange) / fps, fingerprints[lastChange])
            } else if let period = try Self.period(fingerprints, longest: max(1, fingerprints.count - 2), wraps: {
                try same(frame(state, stateTime: 0), frame(state, stateTime: Double($0) / fps))
            }) {
                count = period
                looping.append(name)
            } else {
                unsettled.append(name)
            }
            stream.end(keeping: count)
            return settled
        }

        let pulls = max(2, options.pullFrames)
        try add(.pulling, (0..<pulls).map { frame(.pulling(progress: Double($0) / Double(pulls - 1)), stateTime: 0) })
        let eligibleSettled = try addMotion(.eligible, .eligible)

        // One loop of refreshing: the first period whose next frames start it again (looked for
        // up to 4 s, then up to `longestLoop`), or the length chosen; else the least visible seam.
        stream.begin(LottieMarker.refreshing.name(on: options.edge))
        var fingerprints: [UInt64] = [], first: [UInt32] = [], latest: [UInt32] = []
        func drawRefreshing(through last: Int) throws {
            while fingerprints.count <= last {
                let spec = frame(.refreshing, stateTime: Double(fingerprints.count) / fps)
                let image = try draw(spec)
                if first.isEmpty { first = image }
                fingerprints.append(FrameStream.fingerprint(image))
                latest = image
                try stream.append(spec, image, sameAs: { try same($0, spec) })
            }
        }
        /// Whether the refreshing frame `period` after `start` is its first again at `scale`: where a
        /// loop drawn at 1× repeats, it plays back without a jump.
        func wraps(_ start: Int, _ period: Int) throws -> Bool {
            try same(frame(.refreshing, stateTime: Double(start) / fps), frame(.refreshing, stateTime: Double(start + period) / fps))
        }
        /// The loop up to `longest` frames (no shorter than an eighth of it) whose seam, the frame
        /// after it against the first, differs least: each candidate drawn again, as no loop repeats.
        /// At `scale`, as a player shows it.
        func leastSeam(upTo longest: Int) throws -> Int {
            var best = (frames: longest, distance: Int.max)
            let first = try drawing.pixelsAtScale(frame(.refreshing, stateTime: 0))
            for frames in max(1, longest / 8)...longest {
                let distance = Seam(try drawing.pixelsAtScale(frame(.refreshing, stateTime: Double(frames) / fps)), first).distance
                if distance < best.distance { best = (frames, distance) }
            }
            return best.frames
        }
        let found: (frames: Int, seamless: Bool)
        var start = 0, declaredPeriod: DeclaredPeriod?
        if let chosen = options.loopSeconds.map({ max(1, Int(($0 * fps).rounded())) }) {
            try drawRefreshing(through: chosen)
            found = (chosen, try latest == first && wraps(0, chosen))
        } else {
            // A loop that is not seamless is no longer than 4 s: a longer one only weighs more.
            let quick = max(1, Int(min(Self.quickLoop, options.longestLoop) * fps)), longestStart = Int(options.longestMotion * fps)
            // Half a second at a time until a loop shows and half a second more repeats it (the
            // Spinner's 40 frames need 70, not 242; Material's 320, 350), up to `longestLoop` past a
            // start; without one, the first 4 s at least (the least visible seam is chosen in them).
            let longest = max(1, Int(options.longestLoop * fps)), step = max(1, Int(fps / 2))
            // A period the plugin declares is the only one looked for, and the search's when it does not hold.
            let declared = indicator.refreshingPeriod.flatMap { Self.frames(ofPeriod: $0, fps: fps, upTo: longest) }
            var drawn = 0, loop: (start: Int, period: Int)?
            /// A loop (of period `only`, else any) in what is drawn, drawing on until one shows, up to `most` frames.
            func search(upTo most: Int, only: Int?) throws {
                func look() throws { loop = try Self.loop(fingerprints, longest: min(longest, drawn), longestStart: longestStart, confirm: step, only: only, wraps: wraps) }
                try look()
                while loop == nil, drawn < most {
                    drawn = min(drawn + step, most)
                    try drawRefreshing(through: drawn)
                    try look()
                }
            }
            if let declared { try search(upTo: declared + longestStart + step, only: declared) }
            declaredPeriod = indicator.refreshingPeriod.map { DeclaredPeriod(seconds: $0, frames: declared, held: loop != nil) }
            try search(upTo: options.longestLoop > Self.quickLoop ? longest + longestStart + step : quick + 1, only: nil)
            if loop == nil { try drawRefreshing(through: quick + 1) }
            start = loop?.start ?? 0
            found = try loop.map { ($0.period, true) } ?? (leastSeam(upTo: quick), false)
        }
        loop = found
        refreshingStart = start
        self.declaredPeriod = declaredPeriod
        seam = try found.seamless ? nil : Seam(drawing.pixelsAtScale(frame(.refreshing, stateTime: Double(found.frames) / fps)),
                                               drawing.pixelsAtScale(frame(.refreshing, stateTime: 0)))
        stream.end(keeping: start + found.frames)
        if start > 0 {
            // The start plays once, then the loop: a marker each.
            stream.split(at: start, first: LottieMarker.refreshingStart.name(on: options.edge))
        }

        let holds = max(1, Int((options.resultHold * fps).rounded()))
        try add(.success, (0..<holds).map { frame(.finished(.success), stateTime: Double($0) / fps) })
        try add(.failure, (0..<holds).map { frame(.finished(.failure), stateTime: Double($0) / fps) })
        try addMotion(.noMoreData, .noMoreData)

        // Past the trigger once eligible's motion has played, the pull on to `overpullReach` times
        // the refresh length: kept where it draws other than eligible's last frame. A scene that
        // paints the whole gap is drawn as tall as that pull, so it fills the top when pulled far.
        var overpull: (reach: Double, height: Double)?
        if let settled = eligibleSettled, options.overpullReach > 1 {
            let reach = options.overpullReach, band = options.size.height
            // (The Lottie plugin's own animation is placed in the band alone.)
            let tall = options.placement == .stretch && options.edge.axis == .vertical && info.id != LottiePluginParameters.pluginID
            let height = tall ? max(band, min((indicator.refreshLength * reach).rounded(.up), Self.tallestOverpull)) : band
            let count = max(2, options.overpullFrames)
            stream.begin(LottieMarker.overpulling.name(on: options.edge))
            var changes = height != band
            for k in 0..<count {
                let spec = frame(.eligible, progress: 1 + (reach - 1) * Double(k) / Double(count - 1), stateTime: settled.time, height: height)
                let image = try draw(spec)
                changes = changes || FrameStream.fingerprint(image) != settled.fingerprint
                try stream.append(spec, image, sameAs: { try same($0, spec) })
                // The farthest pull, the same as eligible's last frame at 1×, told apart at `scale`.
                if k == count - 1, !changes { changes = try !same(spec, frame(.eligible, stateTime: settled.time)) }
            }
            if changes {
                stream.end(keeping: count)
                overpull = (reach, height)
            } else {
                stream.discardMarker()
            }
        }
        self.overpull = overpull
        noOverpull = overpull != nil ? nil : options.overpullReach <= 1 ? "not asked for"
            : eligibleSettled == nil ? "eligible's motion does not settle, so the pull past the trigger has no still frame to go on from"
            : "the pull past the trigger draws what eligible's last frame does"
        let (markers, specs) = (stream.markers, stream.specs)
        self.markers = markers
        self.frames = specs
        loopingMarkers = looping
        self.unsettled = unsettled

        // The Lottie plugin's own animation, where its file can be taken in whole; else (and for
        // every other plugin) each span's drawing, as shapes or (where they cannot say it) its image, drawn again.
        var own: (layers: [LottieJSON], assets: [LottieJSON], frames: Int)?
        var ownRefusal: String?
        if options.vector, info.id == LottiePluginParameters.pluginID {
            do { own = try SourceAnimation(indicator, options: options).layers(specs, framesPerSecond: fps) } catch { ownRefusal = error.reason }
        }
        self.ownAnimation = own.map { _ in info.name }
        self.ownAnimationRefusal = ownRefusal
        var spans: [LottieTimeline.Span] = [], fallbacks: [Fallback] = [], checkedMarkers: Set<String> = []
        var imageBytes = 0
        for span in stream.spans where own == nil {
            // Blank at 1× and at `scale` (its frames are all the same there).
            if span.blank, try drawing.isBlank(specs[span.start]) { continue }
            let marker = markers.last { $0.start <= span.start }!
            if options.vector {
                do {
                    // A marker's first frame drawn is recorded twice.
                    let items = try Self.recording(indicator, frame: specs[span.start], checked: checkedMarkers.insert(marker.name).inserted,
                                                   where: "\(marker.name) frame \(span.start - marker.start)")
                    spans.append(LottieTimeline.Span(start: span.start, end: span.end, content: .drawn(items)))
                    continue
                } catch let unsupported as RecordedDrawing.Unsupported {
                    fallbacks.append(Fallback(marker: marker.name, frame: span.start - marker.start, reason: unsupported.reason))
                }
            }
            let png = try render(specs[span.start]).pngData()
            // Refused as soon as the images alone are more than a file may hold (base64 is 4 bytes for 3).
            imageBytes += png.count
            guard imageBytes / 3 * 4 <= Self.sizeLimit else { throw Self.tooLarge(options, bytes: imageBytes / 3 * 4) }
            spans.append(LottieTimeline.Span(start: span.start, end: span.end, content: .frame(png)))
        }
        self.fallbacks = fallbacks
        // The band's frames, and after them the over-pull's where it is drawn taller: a composition
        // of its own, the band's placed at its bottom (its top for a bottom edge).
        let (w, h) = (options.size.width.rounded(), options.size.height.rounded())
        let tallStart = overpull.flatMap { $0.height > options.size.height ? markers.last!.start : nil } ?? specs.count
        func pixels(_ height: Double) -> (width: Int, height: Int) { pixelSizes[height] ?? (0, 0) }
        var (layers, assets) = own.map { ($0.layers, $0.assets) }
            ?? LottieTimeline.layers(spans.filter { $0.start < tallStart }, scale: options.scale, pixels: pixels(options.size.height))
        var counted = layers
        // What a list reveals of each frame (the pull's part while pulling), as one mask over the
        // drawing: the drawing itself then stays the same from one pull to the next.
        (layers, assets) = Self.revealing(layers, assets, frames: specs[..<tallStart], name: "drawing", width: w, height: h)
        var compositionHeight = h
        if let overpull, tallStart < specs.count {
            var (overLayers, overAssets) = LottieTimeline.layers(spans.filter { $0.start >= tallStart }, scale: options.scale,
                                                                 pixels: pixels(overpull.height), assetPrefix: "overpull-image")
            counted += overLayers
            compositionHeight = overpull.height.rounded()
            (overLayers, overAssets) = Self.revealing(overLayers, overAssets + assets, frames: specs[tallStart...], name: "overpull", width: w, height: compositionHeight)
            let band = LottieJSON.freeID("band", among: overAssets)
            let top = options.edge == .top ? compositionHeight - h : 0
            assets = overAssets + [["id": .string(band), "nm": "band", "layers": .array(layers)]]
            layers = overLayers + [LottieLayers.placedLayer(asset: band, width: w, height: h, index: overLayers.count + 1, from: 0, to: tallStart, origin: Point(x: 0, y: top))]
        }
        imageCount = assets.count { $0["p"] != nil }
        shapeLayerCount = counted.count { $0["ty"].map { if case .number(4) = $0 { true } else { false } } ?? false }
        let document: LottieJSON = [
            "v": "5.7.0", "fr": .number(fps), "ip": 0, "op": .number(Double(max(specs.count, own?.frames ?? 0))), "w": .number(w), "h": .number(compositionHeight),
            "nm": .string(info.name), "ddd": 0, "assets": .array(assets), "layers": .array(layers),
            "markers": .array(markers.map { ["tm": .number(Double($0.start)), "cm": .string($0.name), "dr": .number(Double($0.frames))] }),
            "meta": ["g": "RefreshKit refresh-dump export",
                     "d": .string("\(info.name) \(info.version) (\(info.id)), \(options.colorScheme.rawValue) theme, \(options.edge.rawValue) edge, refresh length \(indicator.refreshLength) pt"),
                     // What RefreshKit's Lottie plugin reads to play the export as the indicator drew it.
                     LottieExportMeta.key: LottieJSON(LottieExportMeta(refreshLength: indicator.refreshLength, edge: options.edge.rawValue, id: info.id, loops: looping,
                                                                            overpullReach: overpull?.reach, bandHeight: compositionHeight != h ? h : nil))],
        ]
        json = document.data
        guard json.count <= Self.sizeLimit else { throw Self.tooLarge(options, bytes: json.count) }
    }

    /// `layers` (with `assets`) seen through what a list reveals of each of `frames`, when that is
    /// less than the whole of some (the layers `width` × `height`): the layers become an asset named after
    /// `name`, shown through a mask that changes with the frames; else as they are.
    private static func revealing(_ layers: [LottieJSON], _ assets: [LottieJSON], frames: ArraySlice<IndicatorFrame>, name: String,
                                  width: Double, height: Double) -> (layers: [LottieJSON], assets: [LottieJSON]) {
        let revealed = frames.map(FrameRenderer.revealed)
        guard let first = frames.first, revealed.contains(where: { $0 != Rect(x: 0, y: 0, width: first.size.width, height: first.size.height) }) else { return (layers, assets) }
        // Named apart from the assets of an animation taken in whole (an export's own "drawing").
        let id = LottieJSON.freeID(name, among: assets)
        return ([LottieLayers.revealedLayer(asset: id, width: width, height: height, from: frames.startIndex, frames: frames.endIndex, shown: revealed, times: Array(frames.indices))],
                assets + [["id": .string(id), "nm": .string(name), "layers": .array(layers)]])
    }

    /// The tallest over-pull drawn, in points.
    static let tallestOverpull = 1200.0

    /// The refreshing loop looked for first, and the longest one that is not seamless, in seconds.
    package static let quickLoop = 4.0

    /// `frame` of `indicator` recorded and read; recorded twice when `checked`, and refused when the two differ.
    private static func recording(_ indicator: any HostedIndicator, frame: IndicatorFrame, checked: Bool, where place: String) throws -> [RecordedDrawing.Item] {
        indicator.refreshState = frame.state
        let drawing = try RecordedDrawing(svg: try indicator.recordDrawing(frame: frame), size: frame.size, scale: frame.scale)
        // Compared as read: Cairo numbers a recording's groups and glyphs by counters that go on across recordings.
        if checked, try RecordedDrawing(svg: try indicator.recordDrawing(frame: frame), size: frame.size, scale: frame.scale).items != drawing.items {
            throw ExportError(reason: "\(indicator.info.name) is not deterministic: two recordings of \(place) differ (a plugin must draw a frame the same every time)")
        }
        return drawing.items
    }
}
