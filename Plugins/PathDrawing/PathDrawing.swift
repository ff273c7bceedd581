import Foundation
import RefreshPluginSDK

/// MRefresh's path-drawing indicator done fully: SVG paths stroked progressively as the pull
/// grows (by length, each part from its own start), arcs included, and a highlight travelling
/// along the picture while refreshing. When the refresh ends the picture fades and a tick (or, after
/// a failure, a cross) draws itself in its place, as the picture did. An SVG file's shapes keep the
/// colours the file paints them with until `color` or `darkColor` is changed; a shape painted
/// black or not at all takes the tint.
public final class PathDrawing: RefreshIndicator {
    public static let info = IndicatorInfo(
        id: "dev.refreshkit.path-drawing", name: "Path Drawing", version: "1.2.0",
        summary: "SVG paths drawn stroke by stroke as you pull; a highlight runs along them while loading."
    )

    /// The built-in picture: a cloud of three arcs, then an arrow that starts drawing at 55 %.
    static let defaultParts = [
        "M18 40 A9 9 0 0 1 16.5 22.2 A15 15 0 0 1 44.5 17.5 A11.5 11.5 0 0 1 47 40 Z",
        "M32 23 V37 M26.5 31.5 L32 37 L37.5 31.5",
    ]
    static let defaultStarts = [0.0, 0.55]

    static let svg = Parameter.string("svg", default: "", help: "SVG path data, parts split by '|' (empty: the built-in cloud)").labelled("Path data")
    static let file = Parameter.file("file", default: "", help: "An SVG file (its paths and shapes, transforms and viewBox), or a file of path data, one part per line (relative paths: Assets/, then the working folder)").labelled("SVG file")
    static let starts = Parameter.string("starts", default: "", help: "0–1 a part, by commas (empty: every part starts at 0)").labelled("Part starts")
    static let depth = Parameter.number("depth", default: -1, range: -1...8, help: "How closely curves are followed: 0 coarse to 8 finest (MRefresh's depth: 2^(depth+1) points a curve); -1, the default, as closely as the size needs").labelled("Smoothing")
    static let lenient = Parameter.bool("lenient", default: false, help: "Draw the valid part of path data with a late error, as browsers do (the host reports the error as a warning)").labelled("Forgive errors")
    static let flipY = Parameter.bool("flipY", default: false, help: "Mirror y, for glyph outlines in font units").labelled("Upside down")
    static let size = Parameter.number("size", default: 40, range: 8...200, help: "Height of the picture in points").labelled("Size")
    static let lineWidth = Parameter.number("lineWidth", default: 2.5, range: 0.5...12, help: "Stroke width in points").labelled("Line width")
    static let color = Parameter.color("color", default: "#0A84FF", help: "Stroke colour on light backgrounds; at its default an SVG file's own colours are kept").labelled("Colour")
    static let darkColor = Parameter.color("darkColor", default: "#64D2FF", help: "Stroke colour on dark backgrounds; at its default an SVG file's own colours are kept").labelled("Dark colour")
    static let successColor = Parameter.color("successColor", default: "#248A3D", help: "Colour of the tick after a success").labelled("Success")
    static let failureColor = Parameter.color("failureColor", default: "#FF3B30", help: "Colour of the cross after a failure").labelled("Failure")
    static let animation = Parameter.choice("animation", default: "comet", options: ["comet", "pulse"], help: "What refreshing looks like").labelled("Refreshing")
    static let speed = Parameter.number("speed", default: 0.8, range: 0.05...5, help: "Trips along the picture per second while refreshing").labelled("Speed")
    public static let parameters = ParameterSpec.list(svg, file, starts, depth, lenient, flipY, size, lineWidth, color, darkColor, successColor, failureColor, animation, speed)

    public let refreshLength: Double
    /// `color` and `darkColor`, at their defaults, change nothing when every shape of the SVG file
    /// has a colour of its own: the inspector fades their rows.
    public var inactiveParameters: [String] {
        [(Self.color.name, ownColors.light), (Self.darkColor.name, ownColors.dark)].compactMap { name, own in
            !own.isEmpty && own.allSatisfy { $0 != nil } ? name : nil
        }
    }
    let drawing: ProgressivePath
    /// The tick and the cross, in the picture's frame, drawn on as the picture is.
    let success: ProgressivePath, failure: ProgressivePath
    let size: Double, lineWidth: Double, speed: Double
    let color: Color, darkColor: Color, successColor: Color, failureColor: Color
    let comet: Bool
    /// Each part's own colour in light and in dark: an SVG file's stroke (else fill) paint, kept
    /// while `color` (light) or `darkColor` (dark) is at its default; nil takes the tint.
    let ownColors: (light: [Color?], dark: [Color?])

    public init(parameters: ParameterValues) throws {
        let svg = parameters[Self.svg], file = parameters[Self.file], startsText = parameters[Self.starts]
        let lenient = parameters[Self.lenient]
        var texts: [String] = []
        var starts: [Double]
        var document: SVGDocument?
        if !svg.isEmpty {
            texts = svg.split(separator: "|").map(String.init)
            starts = []
        } else if !file.isEmpty {
            switch try Self.readFile(file) {
            case .parts(let parts): texts = parts
            case .document(let read): document = read
            }
            starts = []
        } else {
            texts = Self.defaultParts
            starts = Self.defaultStarts
        }
        if !startsText.isEmpty {
            starts = try startsText.split(separator: ",").map { text in
                guard let v = Double(text.trimmingCharacters(in: .whitespaces)), v >= 0, v < 1 else {
                    throw ParameterError(parameter: "starts", reason: "'\(text)' is not a proportion in 0..<1")
                }
                return v
            }
            let parts = document?.shapes.count ?? texts.count
            guard starts.count == parts else {
                throw ParameterError(parameter: "starts", reason: "\(starts.count) values for \(parts) parts")
            }
        }
        var paths: [Path] = []
        let fromFile = svg.isEmpty && !file.isEmpty
        for (index, text) in texts.enumerated() {
            let (path, error) = SVGPathParser.parseValidPrefix(text)
            if let error, !(lenient && path.hasSegments) {
                let part = texts.count > 1 ? " (part \(index + 1))" : ""
                // Bytes of a file that is not path data are not repeated: it may be anything.
                let reason = fromFile ? "'\(file)' is not SVG path data: expected \(error.expected) at offset \(error.offset)"
                                      : error.description
                throw ParameterError(parameter: fromFile ? "file" : "svg", reason: reason + part)
            }
            paths.append(path)
        }
        size = parameters[Self.size]
        let frame = Rect(x: 0, y: 0, width: size * 1.6, height: size)
        // An SVG file is placed as a browser places its viewBox; path data by its bounds.
        let flipY = parameters[Self.flipY]
        let fitted = document.map { $0.paths(fittedInto: frame) } ?? Path.fit(paths, into: frame, flipY: flipY)
        let depth = Int(saturating: parameters[Self.depth])
        // The picture is measured where it is drawn, in points: a fortieth of a point is below what
        // 2x and 3x screens show, and keeps the stroke's polyline short.
        let flattening: Flattening = depth >= 0 ? .depth(depth) : .tolerance(0.025)
        drawing = ProgressivePath(parts: fitted.enumerated().map { i, path in
            .init(path: path, startProportion: i < starts.count ? starts[i] : 0, flattening: flattening)
        })
        lineWidth = parameters[Self.lineWidth]
        speed = parameters[Self.speed]
        color = parameters[Self.color]
        darkColor = parameters[Self.darkColor]
        successColor = parameters[Self.successColor]
        failureColor = parameters[Self.failureColor]
        comet = parameters[Self.animation] == "comet"
        let own = document?.shapes.map(Self.ownColor) ?? []
        func unset(_ parameter: Parameter<Color>) -> Bool { ParameterValue.color(parameters[parameter]) == parameter.spec.defaultValue }
        ownColors = (unset(Self.color) ? own : [], unset(Self.darkColor) ? own : [])
        refreshLength = max(60, size + 24)
        let (x, y, m) = (size * 0.8, size * 0.5, size * 0.32)
        func mark(_ parts: [String]) -> ProgressivePath {
            ProgressivePath(parts: parts.enumerated().map { i, text in
                .init(path: SVGPathParser.parseValidPrefix(text).path, startProportion: Double(i) / Double(parts.count), flattening: flattening)
            })
        }
        success = mark(["M\(x - m) \(y) L\(x - m * 0.2) \(y + m * 0.75) L\(x + m) \(y - m * 0.7)"])
        failure = mark(["M\(x - m * 0.7) \(y - m * 0.7) L\(x + m * 0.7) \(y + m * 0.7)", "M\(x + m * 0.7) \(y - m * 0.7) L\(x - m * 0.7) \(y + m * 0.7)"])
    }

    /// The colour an SVG shape is painted with (its stroke, else its fill) when the file says one
    /// in `#hex` or `rgb()` (``SVGAttributes/color(_:)``); nil for black (what a shape without
    /// paint is filled with, so an icon drawn without colours takes the tint), `currentColor`, a
    /// gradient or a colour name.
    static func ownColor(_ shape: SVGDocument.Shape) -> Color? {
        guard let paint = shape.stroke ?? shape.fill, let color = SVGAttributes.color(paint), color.red + color.green + color.blue > 0 else { return nil }
        return color
    }

    /// The largest path file read: far more path data than any icon set.
    static let fileLimit = 4 << 20

    /// What a `file` holds: lines of path data, or an SVG document.
    enum FileContents {
        case parts([String])
        case document(SVGDocument)
    }

    /// Reads `name`: an SVG document when it looks like one (its notices go to the host's log), else path data.
    private static func readFile(_ name: String) throws -> FileContents {
        let data: Data
        do {
            data = try CappedFile.contents(of: Assets.resolve(name), limit: fileLimit)
        } catch {
            throw ParameterError(parameter: "file", reason: error.description)
        }
        if SVGDocument.looksLikeSVG(data) {
            let document: SVGDocument
            do { document = try SVGDocument(data: data, file: name) } catch { throw ParameterError(parameter: "file", reason: error.description) }
            for notice in document.notices { PluginHost.log("\(name): \(notice)", level: .warning) }
            guard !document.shapes.isEmpty else { throw ParameterError(parameter: "file", reason: "'\(name)' has no shape this plugin draws" + (document.notices.isEmpty ? "" : " (\(document.notices.joined(separator: "; ")))")) }
            return .document(document)
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw ParameterError(parameter: "file", reason: "'\(name)' is not UTF-8 text")
        }
        let parts = text.split(whereSeparator: \.isNewline).map(String.init).filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        guard !parts.isEmpty else { throw ParameterError(parameter: "file", reason: "'\(name)' has no path data") }
        return .parts(parts)
    }

    public func draw(in canvas: Canvas, frame: IndicatorFrame) {
        let visible = frame.visibleRect
        guard visible.height > 0 else { return }
        let tint = frame.isDark ? darkColor : color
        if frame.state.isEndOfData { return canvas.drawEndOfData(frame, color: tint) }
        let style = StrokeStyle(lineWidth: lineWidth, cap: .round, join: .round)
        canvas.withSavedState {
            // The picture keeps its size: centred in the gap, or resting on the content while it is revealed.
            let center = frame.anchoredCenter(height: size)
            canvas.translate(x: center.x - size * 0.8, y: center.y - size / 2)
            func stroke(_ paths: [Path], _ color: Color) {
                for path in paths where !path.isEmpty { canvas.add(path) }
                canvas.stroke(.color(color), style: style)
            }
            // The picture's parts, each in its own colour when it has one (else the tint), at
            // `alpha` (nil: the colour's own); all in one stroke unless `separately`.
            let own = frame.isDark ? ownColors.dark : ownColors.light
            func strokeParts(_ parts: [[Path]], alpha: Double? = nil, separately: Bool = false) {
                func paint(_ color: Color) -> Color { alpha.map(color.withAlpha) ?? color }
                if own.isEmpty && !separately { return stroke(parts.flatMap { $0 }, paint(tint)) }
                for (index, paths) in parts.enumerated() { stroke(paths, paint(index < own.count ? own[index] ?? tint : tint)) }
            }
            let whole = drawing.paths(at: 1).map { [$0] }
            switch frame.state {
            case .pulling(let progress):
                strokeParts(whole, alpha: 0.12)
                strokeParts(drawing.paths(at: progress).map { [$0] })
            case .eligible, .secondaryEligible:
                strokeParts(whole)
            case .refreshing where frame.environment.reduceMotion || !comet:
                let pulse = 0.55 + 0.45 * cos(2 * .pi * frame.stateTime * speed)
                strokeParts(whole, alpha: frame.environment.reduceMotion ? 0.75 : pulse)
            case .refreshing:
                strokeParts(whole, alpha: 0.25)
                let head = (frame.stateTime * speed).truncatingRemainder(dividingBy: 1)
                strokeParts(drawing.parts.indices.map { part in
                    let measure = drawing.measure(ofPart: part)
                    var pieces = [measure.trimmed(from: head, to: min(1, head + 0.3))]
                    if head + 0.3 > 1 { pieces.append(measure.trimmed(from: 0, to: head + 0.3 - 1)) }
                    return pieces
                }, separately: true)
            case .finished(let result) where result != .noMoreData:
                // The picture fades in 0.15 s while the mark draws itself in 0.2 s.
                let still = frame.environment.reduceMotion
                let fade = still ? 1 : min(1, frame.stateTime / 0.15)
                if fade < 1 { strokeParts(whole, alpha: 1 - fade) }
                let mark = result == .success ? success : failure
                stroke(mark.paths(at: still ? 1 : min(1, frame.stateTime / 0.2)), result == .success ? successColor : failureColor)
            case .none, .unknown, .secondaryOpen, .secondaryClosing, .finished, .noMoreData: break
            @unknown default: break  // a state a later SDK adds: drawn as none until handled
            }
        }
    }
}

@_cdecl("refresh_plugin_entry")
public func refreshPluginEntry(_ hostABI: UInt32, _ error: UnsafeMutablePointer<CChar>?, _ errorSize: Int) -> UnsafeRawPointer? {
    PluginExport.entry(PathDrawing.self, hostABI: hostABI, error: error, errorSize: errorSize)
}
