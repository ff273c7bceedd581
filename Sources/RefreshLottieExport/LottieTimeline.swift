import Foundation
import RefreshPluginSDK

/// The layers of an export: spans of frames (each a recorded drawing or a whole frame's image)
/// turned into layers whose properties change over time. Through spans side by side, each thing
/// drawn is a track for as long as the drawings keep drawing its kind (the same paths' shapes,
/// paints and clips, with other numbers) in their sequence: a path that only moves, turns or
/// scales is drawn once under an animated transform, other changes (a colour, an opacity, a
/// width, a path's points, a clip) are hold keyframes, one a span. Shape tracks next to each other
/// that live as long under the same clips share a layer; an image is a layer of its own.
enum LottieTimeline {
    typealias JSON = LottieJSON
    typealias Item = RecordedDrawing.Item
    typealias Bezier = RecordedDrawing.Bezier

    /// What frames `start..<end` show.
    enum Content: Equatable {
        /// What was drawn, bottom first.
        case drawn([Item])
        /// The whole frame as a PNG (a fallback, or `--raster`).
        case frame([UInt8])
    }

    /// A span of identical frames.
    struct Span {
        var start, end: Int
        var content: Content
    }

    /// The layers (top first) and image assets for `spans`; a frame's image is `pixels` at `scale` pixels a point.
    /// The assets are named `assetPrefix` and a number.
    static func layers(_ spans: [Span], scale: Double, pixels: (width: Int, height: Int), assetPrefix: String = "image") -> (layers: [JSON], assets: [JSON]) {
        var builder = Builder(prefix: assetPrefix)
        var index = 0
        while index < spans.count {
            let first = spans[index]
            guard case .drawn = first.content else {
                if case .frame(let png) = first.content {
                    let id = builder.asset(Data(png).base64EncodedString(), width: pixels.width, height: pixels.height)
                    builder.layers.append(LottieLayers.frameImageLayer(asset: id, index: builder.nextIndex, from: first.start, to: first.end, scale: scale))
                }
                index += 1
                continue
            }
            // A run of drawn spans side by side: its tracks go on from span to span.
            var next = index + 1
            while next < spans.count, spans[next].start == spans[next - 1].end, case .drawn = spans[next].content { next += 1 }
            builder.run(Array(spans[index..<next]))
            index = next
        }
        return (builder.layers, builder.assets)
    }

    /// A thing drawn through a run of spans: the item it is in each span of its life.
    struct Track {
        var firstSpan: Int
        var items: [Item]
        /// Where it is in each span's drawing (bottom first).
        var places: [Int]
        var lastSpan: Int { firstSpan + items.count - 1 }
    }

    /// The tracks of a run of spans: the items of each span matched to the last span's by the longest
    /// common sequence of skeletons (so what stays keeps its track though others come and go), and
    /// the tracks in an order every span's drawing keeps (bottom first).
    static func tracks(_ drawings: [[Item]]) -> [Track] {
        var tracks: [Track] = [], current: [Int] = []
        var previous: [Skeleton] = []
        for (span, items) in drawings.enumerated() {
            let skeletons = items.map(Skeleton.init)
            let matched = commonSequence(previous, skeletons)
            var now: [Int] = []
            for (place, item) in items.enumerated() {
                if let before = matched[place] {
                    let id = current[before]
                    tracks[id].items.append(item)
                    tracks[id].places.append(place)
                    now.append(id)
                } else {
                    now.append(tracks.count)
                    tracks.append(Track(firstSpan: span, items: [item], places: [place]))
                }
            }
            (current, previous) = (now, skeletons)
        }
        return ordered(tracks, drawings.map(\.count))
    }

    /// For each of `b`'s elements, the index of `a`'s it is matched to in a longest common subsequence.
    static func commonSequence(_ a: [Skeleton], _ b: [Skeleton]) -> [Int?] {
        var matched = [Int?](repeating: nil, count: b.count)
        guard !a.isEmpty, !b.isEmpty else { return matched }
        if a == b { return b.indices.map { $0 } }
        let (ha, hb) = (a.map(\.hashValue), b.map(\.hashValue))
        // lengths[i][j]: the longest common subsequence of a[i...] and b[j...].
        var lengths = [[Int32]](repeating: [Int32](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in stride(from: a.count - 1, through: 0, by: -1) {
            for j in stride(from: b.count - 1, through: 0, by: -1) {
                lengths[i][j] = ha[i] == hb[j] && a[i] == b[j] ? lengths[i + 1][j + 1] + 1 : max(lengths[i + 1][j], lengths[i][j + 1])
            }
        }
        var (i, j) = (0, 0)
        while i < a.count, j < b.count {
            if ha[i] == hb[j], a[i] == b[j] {
                matched[j] = i
                (i, j) = (i + 1, j + 1)
            } else if lengths[i + 1][j] >= lengths[i][j + 1] {
                i += 1
            } else {
                j += 1
            }
        }
        return matched
    }

    /// `tracks` in an order that puts each below the ones drawn after it in every span: a track is
    /// placed once all drawn under it in any span are, earliest and lowest first. (The order
    /// exists: two tracks alive together keep one order, as the matching keeps it.)
    private static func ordered(_ tracks: [Track], _ counts: [Int]) -> [Track] {
        var above: [[Int]] = Array(repeating: [], count: tracks.count), below = [Int](repeating: 0, count: tracks.count)
        var byPlace = counts.map { [Int](repeating: 0, count: $0) }
        for (id, track) in tracks.enumerated() {
            for (offset, place) in track.places.enumerated() { byPlace[track.firstSpan + offset][place] = id }
        }
        for span in byPlace {
            for (lower, upper) in zip(span, span.dropFirst()) where !above[lower].contains(upper) {
                above[lower].append(upper)
                below[upper] += 1
            }
        }
        var ready = tracks.indices.filter { below[$0] == 0 }, order: [Int] = []
        while !ready.isEmpty {
            let next = ready.min { (tracks[$0].firstSpan, tracks[$0].places[0]) < (tracks[$1].firstSpan, tracks[$1].places[0]) }!
            ready.removeAll { $0 == next }
            order.append(next)
            for upper in above[next] {
                below[upper] -= 1
                if below[upper] == 0 { ready.append(upper) }
            }
        }
        return order.map { tracks[$0] }
    }

    /// What must be the same for two spans' items to be one track: the kinds of things drawn and
    /// how many points each path has; not the numbers.
    enum Skeleton: Hashable {
        case shape(paths: [Int], closed: [Bool], kind: String, paint: String, clips: [[Int]])
        case image(png: String, clips: [[Int]])

        init(_ item: Item) {
            func counts(_ clips: [[Bezier]]) -> [[Int]] { clips.map { $0.map(\.vertices.count) } }
            switch item {
            case .shape(let paths, let kind, let paint, _, let clips):
                let kindName: String = switch kind {
                case .fill(let evenOdd): "fill \(evenOdd)"
                case .stroke(_, let cap, let join, let miter, let dashes, _): "stroke \(cap) \(join) \(miter) \(dashes.count)"
                }
                let paintName: String = switch paint {
                case .solid: "solid"
                case .linear(_, _, let stops): "linear \(stops.count)"
                case .radial(_, _, let stops): "radial \(stops.count)"
                }
                self = .shape(paths: paths.map(\.vertices.count), closed: paths.map(\.closed), kind: kindName, paint: paintName, clips: counts(clips))
            case .image(let png, _, _, _, _, let clips):
                self = .image(png: png, clips: counts(clips))
            }
        }
    }

    private struct Builder {
        let prefix: String
        var layers: [JSON] = [], assets: [JSON] = [], assetIDs: [String: String] = [:]
        var nextIndex: Int { layers.count + 1 }

        mutating func asset(_ png: String, width: Int, height: Int) -> String {
            if let id = assetIDs[png] { return id }
            let id = "\(prefix)\(assets.count)"
            assetIDs[png] = id
            assets.append(["id": .string(id), "w": .number(Double(width)), "h": .number(Double(height)), "u": "", "p": .string("data:image/png;base64," + png), "e": 1])
            return id
        }

        /// The layers of a run of drawn spans side by side, top first: a layer an image track, and
        /// a layer for shape tracks next to each other that live through the same spans under the
        /// same clips.
        mutating func run(_ spans: [Span]) {
            let drawings: [[Item]] = spans.map { if case .drawn(let items) = $0.content { items } else { [] } }
            let tracks = LottieTimeline.tracks(drawings)
            var made: [JSON] = []
            var index = 0
            while index < tracks.count {
                let track = tracks[index]
                let lifetime = track.firstSpan...track.lastSpan
                let times = lifetime.map { spans[$0].start }, from = spans[track.firstSpan].start, to = spans[track.lastSpan].end
                if case .image(let png, let width, let height, _, _, _) = track.items[0] {
                    made.append(LottieLayers.imageLayer(track.items, times: times, asset: asset(png, width: width, height: height), index: 0, from: from, to: to))
                    index += 1
                    continue
                }
                var run = [track.items], next = index + 1
                while next < tracks.count, tracks[next].firstSpan == track.firstSpan, tracks[next].lastSpan == track.lastSpan,
                      case .shape = tracks[next].items[0], zip(tracks[next].items, track.items).allSatisfy({ $0.clips == $1.clips }) {
                    run.append(tracks[next].items)
                    next += 1
                }
                made.append(LottieLayers.shapeLayer(run, times: times, index: 0, from: from, to: to))
                index = next
            }
            // Lottie draws the first layer on top.
            for var layer in made.reversed() {
                layer["ind"] = .number(Double(nextIndex))
                layers.append(layer)
            }
        }
    }
}
