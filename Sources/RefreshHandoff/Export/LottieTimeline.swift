import Foundation
import RefreshPluginSDK

/// The layers of an export: spans of frames (each a recorded drawing or a whole frame's image)
/// turned into layers whose properties change over time. Spans next to each other that draw the
/// same things (the same paths' shapes, paints and clips, with other numbers) are one segment,
/// and each thing drawn is one track through it: a path that only moves, turns or scales is drawn
/// once under an animated transform, other changes (a colour, an opacity, a width, a path's
/// points, a clip) are hold keyframes, one a span. A segment is a layer a run of tracks under the
/// same clips; an image is a layer of its own.
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
    static func layers(_ spans: [Span], scale: Double, pixels: (width: Int, height: Int)) -> (layers: [JSON], assets: [JSON]) {
        var builder = Builder()
        var index = 0
        while index < spans.count {
            let first = spans[index]
            guard case .drawn(let items) = first.content else {
                if case .frame(let png) = first.content {
                    let id = builder.asset(Data(png).base64EncodedString(), width: pixels.width, height: pixels.height)
                    builder.layers.append(LottieLayers.frameImageLayer(asset: id, index: builder.nextIndex, from: first.start, to: first.end, scale: scale))
                }
                index += 1
                continue
            }
            let skeleton = items.map(Skeleton.init)
            var next = index + 1
            while next < spans.count, spans[next].start == spans[next - 1].end, case .drawn(let other) = spans[next].content,
                  other.map(Skeleton.init) == skeleton {
                next += 1
            }
            builder.segment(Array(spans[index..<next]))
            index = next
        }
        return (builder.layers, builder.assets)
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
        var layers: [JSON] = [], assets: [JSON] = [], assetIDs: [String: String] = [:]
        var nextIndex: Int { layers.count + 1 }

        mutating func asset(_ png: String, width: Int, height: Int) -> String {
            if let id = assetIDs[png] { return id }
            let id = "image\(assets.count)"
            assetIDs[png] = id
            assets.append(["id": .string(id), "w": .number(Double(width)), "h": .number(Double(height)), "u": "", "p": .string("data:image/png;base64," + png), "e": 1])
            return id
        }

        /// The layers of spans that draw the same things, top first.
        mutating func segment(_ spans: [Span]) {
            let times = spans.map(\.start), from = spans[0].start, to = spans[spans.count - 1].end
            let tracks: [[Item]] = spans.compactMap { if case .drawn(let items) = $0.content { items } else { nil } }
            let count = tracks[0].count
            var made: [JSON] = []
            var index = 0
            while index < count {
                let track = tracks.map { $0[index] }
                if case .image(let png, let width, let height, _, _, _) = track[0] {
                    let id = asset(png, width: width, height: height)
                    made.append(LottieLayers.imageLayer(track, times: times, asset: id, index: 0, from: from, to: to))
                    index += 1
                    continue
                }
                // Shapes next to each other whose clips are the same all through: one layer.
                var run = [track], next = index + 1
                while next < count, case .shape = tracks[0][next], tracks.allSatisfy({ $0[next].clips == $0[index].clips }) {
                    run.append(tracks.map { $0[next] })
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
