import Foundation
import RefreshPluginSDK

/// MJRefresh's GIF header: a folder of PNG frames (`frame-000.png`, … in name order) scrubbed by
/// the pull and looped while refreshing; which frames play in which state is set by ranges, as
/// the Lottie plugin's are. Without a folder it plays its own sequence (``DefaultSequence``), with
/// frames of its own for a dark band. A result shows the pull's last frame with a badge in its
/// corner, a tick for success and a cross for failure, so the two never look alike.
public final class ImageSequence: RefreshIndicator {
    public static let info = IndicatorInfo(
        id: "dev.refreshkit.image-sequence", name: "Image Sequence", version: "1.2.0",
        summary: "A folder of PNG frames, scrubbed by the pull and looped while loading (MJRefresh's GIF header)."
    )

    static let folder = Parameter.file("folder", default: "", help: "A folder of PNG frames, played in name order; empty: the plugin's own sequence").labelled("Frames folder")
    static let pulling = Parameter.string("pulling", default: "", help: "Frames scrubbed by the pull, FIRST-LAST (0-based); empty: all").labelled("Pull frames")
    static let refreshing = Parameter.string("refreshing", default: "", help: "Frames looped while refreshing, FIRST-LAST; empty: all").labelled("Loop frames")
    static let fps = Parameter.number("fps", default: 24, range: 1...60, help: "Frames a second while refreshing").labelled("Frame rate")
    static let height = Parameter.number("height", default: 60, range: 16...200, help: "Drawn height in points (the width follows the frames)").labelled("Height")
    public static let parameters = ParameterSpec.list(folder, pulling, refreshing, fps, height)

    /// Limits checked where the folder enters: frames, pixels per frame, pixels in all.
    static let maximumFrames = 240, maximumSide = 1024, maximumPixels = 16 << 20

    public var refreshLength: Double { height + 16 }
    let frames: [ImageSurface]
    /// The frames for a dark band: the default sequence's own; a folder's frames serve both.
    let darkFrames: [ImageSurface]
    let pulling: ClosedRange<Int>, refreshing: ClosedRange<Int>
    let fps: Double, height: Double

    public init(parameters: ParameterValues) throws {
        fps = parameters[Self.fps]
        height = parameters[Self.height]
        let folder = parameters[Self.folder]
        var loaded: [ImageSurface] = []
        if !folder.isEmpty {
            // try?: the folder's own error is replaced by one naming the parameter and the folder, thrown below.
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else {
                throw ParameterError(parameter: "folder", reason: "'\(folder)' is not a folder that can be read")
            }
            let pngs = names.filter { $0.lowercased().hasSuffix(".png") }.sorted { $0.localizedStandardCompare($1) == .orderedAscending }
            guard !pngs.isEmpty else { throw ParameterError(parameter: "folder", reason: "'\(folder)' has no .png files") }
            guard pngs.count <= Self.maximumFrames else { throw ParameterError(parameter: "folder", reason: "\(pngs.count) frames; at most \(Self.maximumFrames)") }
            var pixels = 0
            for name in pngs {
                let path = (folder as NSString).appendingPathComponent(name)
                let image: ImageSurface
                do { image = try ImageSurface.readPNG(at: path) } catch {
                    throw ParameterError(parameter: "folder", reason: "\(name): \(PlainErrorText.words(error))")
                }
                guard image.width <= Self.maximumSide, image.height <= Self.maximumSide else {
                    throw ParameterError(parameter: "folder", reason: "\(name) is \(image.width)×\(image.height) px; at most \(Self.maximumSide) a side")
                }
                pixels += image.width * image.height
                guard pixels <= Self.maximumPixels else { throw ParameterError(parameter: "folder", reason: "the frames hold over \(Self.maximumPixels >> 20) megapixels") }
                loaded.append(image)
            }
        }
        let pullingText = parameters[Self.pulling], refreshingText = parameters[Self.refreshing]
        if loaded.isEmpty {
            frames = try DefaultSequence.frames(side: height, dark: false)
            darkFrames = try DefaultSequence.frames(side: height, dark: true)
        } else {
            frames = loaded
            darkFrames = loaded
        }
        let last = frames.count - 1
        // The default sequence's own ranges stand where none are given.
        pulling = try Self.range(pullingText, "pulling", last: last, otherwise: loaded.isEmpty ? DefaultSequence.pulling : 0...last)
        refreshing = try Self.range(refreshingText, "refreshing", last: last, otherwise: loaded.isEmpty ? DefaultSequence.refreshing : 0...last)
    }

    /// `FIRST-LAST` within 0...last; empty: `otherwise`.
    static func range(_ text: String, _ name: String, last: Int, otherwise: ClosedRange<Int>) throws -> ClosedRange<Int> {
        if text.isEmpty { return otherwise }
        let parts = text.split(separator: "-").map { Int($0.trimmingCharacters(in: .whitespaces)) }
        guard parts.count == 2, let a = parts[0], let b = parts[1], a >= 0, a <= b, b <= last else {
            throw ParameterError(parameter: name, reason: "'\(text)' is not FIRST-LAST within 0-\(last)")
        }
        return a...b
    }

    public func draw(in canvas: Canvas, frame: IndicatorFrame) {
        guard frame.visibleRect.height > 0, frame.state.showsIndicator else { return }
        let center = frame.anchoredCenter(height: height, margin: 8)
        let frames = frame.isDark ? darkFrames : frames
        guard let first = frames.first else { return }
        let index: Int
        var alpha = 1.0
        switch frame.state {
        case .pulling(let p):
            index = pulling.lowerBound + Int((min(max(p, 0), 1) * Double(pulling.count - 1)).rounded())
        case .refreshing where !frame.environment.reduceMotion:
            index = refreshing.lowerBound + Int(saturating: floor(frame.stateTime * fps)) % refreshing.count
        case .refreshing:
            index = refreshing.lowerBound
            alpha = 0.6 + 0.4 * cos(2 * .pi * frame.stateTime / 1.6)
        case .finished(.noMoreData), .noMoreData:
            return canvas.drawEndOfData(frame, color: frame.isDark ? Color(red: 0.75, green: 0.75, blue: 0.78) : Color(red: 0.4, green: 0.4, blue: 0.44))
        default:
            index = pulling.upperBound
        }
        let image = frames[min(max(index, 0), frames.count - 1)]
        let width = height * Double(first.width) / Double(max(1, first.height))
        let rect = Rect(x: center.x - width / 2, y: center.y - height / 2, width: width, height: height)
        canvas.withAlpha(alpha) { canvas.drawImage(image, in: rect) }
        if case .finished(let result) = frame.state { drawBadge(canvas, result == .success, dark: frame.isDark, at: Point(x: rect.maxX, y: rect.maxY), grow: min(1, frame.stateTime / 0.15)) }
    }

    /// The result's badge, centred on the image's corner: a disc (iOS's system green or red) with a
    /// tick or a cross in the band's own colour (white, or the dark band's), growing in over 0.15 s.
    private func drawBadge(_ canvas: Canvas, _ success: Bool, dark: Bool, at corner: Point, grow: Double) {
        let r = max(6, height * 0.2) * (0.6 + 0.4 * max(0, grow))
        let center = Point(x: corner.x - r * 0.6, y: corner.y - r * 0.6)
        canvas.addEllipse(in: Rect(x: center.x - r, y: center.y - r, width: 2 * r, height: 2 * r))
        canvas.fill(.color(success ? Color(red: 0.20, green: 0.78, blue: 0.35) : Color(red: 1.0, green: 0.23, blue: 0.19)))
        let strokes: [[(Double, Double)]] = success ? [[(-0.45, 0.02), (-0.12, 0.35), (0.48, -0.3)]] : [[(-0.35, -0.35), (0.35, 0.35)], [(0.35, -0.35), (-0.35, 0.35)]]
        for points in strokes {
            for (i, (x, y)) in points.enumerated() {
                let p = Point(x: center.x + x * r, y: center.y + y * r)
                if i == 0 { canvas.move(to: p) } else { canvas.line(to: p) }
            }
            canvas.stroke(.color(dark ? Color(red: 0.07, green: 0.07, blue: 0.08) : Color(red: 1, green: 1, blue: 1)), style: StrokeStyle(lineWidth: r * 0.28, cap: .round, join: .round))
        }
    }
}

@_cdecl("refresh_plugin_entry")
public func refreshPluginEntry(_ hostABI: UInt32, _ error: UnsafeMutablePointer<CChar>?, _ errorSize: Int) -> UnsafeRawPointer? {
    PluginExport.entry(ImageSequence.self, hostABI: hostABI, error: error, errorSize: errorSize)
}
