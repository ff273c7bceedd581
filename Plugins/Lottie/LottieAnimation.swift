import CRLottie
import Foundation
import RefreshPluginSDK
import RefreshLottieSource

/// A Lottie file loaded with rlottie, and the frames it rendered. rlottie renders whole frames, so
/// a frame rendered once at a pixel size is kept (up to ``cacheBudget`` bytes, least recently used
/// dropped first) and a refreshing loop's second cycle costs a copy, not a render.
final class LottieAnimation {
    /// Frames, rate and markers.
    let timeline: AnimationTimeline
    /// The composition's size in its own units (`w` × `h`).
    let width: Double, height: Double
    /// The refresh length of the indicator this animation was exported from (`refresh-dump
    /// export` writes it in `meta.refreshkit`); nil for any other animation.
    let exportedRefreshLength: Double?
    /// The markers an export of `refresh-dump export` says loop (`meta.refreshkit.loops`); nil for
    /// any other file, or an export written before it said so.
    let exportedLoops: [String]?
    private let handle: OpaquePointer
    /// Rendered frames at ``cachedSize``, by frame number, and the order they were last used.
    private var cache: [Int: ImageSurface] = [:]
    private var recency: [Int] = []
    private var cachedSize = (width: 0, height: 0)
    /// The most bytes of rendered frames one animation keeps: a few seconds of an 88-pixel
    /// indicator at 60 fps is a few MB.
    static let cacheBudget = 32 << 20

    /// Loads `name` (see `Assets.resolve`). Errors name `parameter`, the file and the problem:
    /// unreadable, not JSON (with line and column), not a Lottie animation, or refused by rlottie.
    init(file name: String, parameter: String, animation id: String = "") throws(ParameterError) {
        // A .lottie's unpacked images go with a load that fails.
        func fail(_ reason: String) -> ParameterError {
            ParameterError(parameter: parameter, reason: "'\(name)' \(reason)")
        }
        let path = Assets.resolve(name)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            // A link that leads nowhere is there, though nothing can be read through it.
            var link = stat()
            if lstat(path, &link) == 0, link.st_mode & S_IFMT == S_IFLNK { throw fail("is a symbolic link that leads nowhere (a loop, or its file is gone)") }
            throw fail("does not exist")
        }
        guard !isFolder.boolValue else { throw fail("is a folder, not a Lottie JSON file") }
        var data: Data
        do {
            data = try CappedFile.contents(of: path, limit: Self.fileLimit)
        } catch {
            throw fail(error.reason)
        }
        // A .lottie archive: its animation's JSON, with its images in it. A JSON file's images are
        // beside it: rlottie joins the folder and an asset's "u" + "p" as they are, so it ends in "/".
        let resources = PathText.folder(of: path) + "/"
        if DotLottieArchive.isArchive(data) || name.lowercased().hasSuffix(".lottie") {
            do { data = try DotLottieArchive(path: path, animation: id).json } catch { throw fail(error.description) }
        }

        let header = try Self.readHeader(data, fail: fail)
        try Self.checkWork(data, fail: fail)
        var text = data
        text.append(0)
        let loaded = text.withUnsafeBytes { bytes in
            lottie_animation_from_data(bytes.baseAddress!.assumingMemoryBound(to: CChar.self), Self.cacheKey(data),
                                       resources)
        }
        guard let loaded else { throw fail("is JSON, but rlottie cannot load it as a Lottie animation") }
        let frameCount = lottie_animation_get_totalframe(loaded)
        guard frameCount > 0, frameCount < 10_000_000 else {
            lottie_animation_destroy(loaded)
            throw fail("has no frames (op must be after ip)")
        }
        var w = 0, h = 0
        lottie_animation_get_size(loaded, &w, &h)
        handle = loaded
        width = Double(max(w, 1))
        height = Double(max(h, 1))
        timeline = AnimationTimeline(name: name, firstFrame: header.firstFrame, frameCount: frameCount,
                                     framesPerSecond: header.framesPerSecond, markers: header.markers)
        exportedRefreshLength = header.exportedRefreshLength
        exportedLoops = header.exportedLoops
    }

    deinit {
        lottie_animation_destroy(handle)
    }

    /// Frame number `frame` (the file's numbering) rendered at `width` × `height` pixels.
    func image(frame: Int, width: Int, height: Int) -> ImageSurface? {
        if cachedSize != (width, height) {
            cache.removeAll()
            recency.removeAll()
            cachedSize = (width, height)
        }
        if let cached = cache[frame] {
            if recency.last != frame { recency.removeAll { $0 == frame }; recency.append(frame) }
            return cached
        }
        // try?: a frame whose surface cannot be allocated is not drawn this time and is asked for again next frame.
        guard let surface = try? ImageSurface(width: width, height: height) else { return nil }
        let index = min(max(frame - timeline.firstFrame, 0), timeline.frameCount - 1)
        surface.withPixels { pixels in
            // A new surface is transparent; rlottie draws onto it.
            lottie_animation_render(handle, index, pixels.baseAddress!.assumingMemoryBound(to: UInt32.self),
                                    width, height, surface.bytesPerRow)
        }
        let frameBytes = surface.bytesPerRow * height
        while !recency.isEmpty && (recency.count + 1) * frameBytes > Self.cacheBudget {
            cache[recency.removeFirst()] = nil
        }
        if frameBytes <= Self.cacheBudget {
            cache[frame] = surface
            recency.append(frame)
        }
        return surface
    }

    /// What the indicator needs from the JSON before rlottie sees it: checked fields with errors
    /// people can act on (rlottie only says yes or no). Decoded without the layers' contents.
    private struct Header: Decodable {
        /// A list whose elements are not read.
        struct List: Decodable {
            init(from decoder: Decoder) throws { _ = try decoder.unkeyedContainer() }
        }
        struct Marker: Decodable {
            var cm: String
            var tm: Double
            var dr: Double?
        }
        /// An image or precomposition; images are files `u` + `p` beside the animation, or embedded.
        struct Asset: Decodable {
            var u: String?
            var p: String?
        }
        /// What `refresh-dump export` says of the indicator it exported (``LottieExportMeta``).
        struct Meta: Decodable {
            var export: LottieExportMeta?

            private struct Key: CodingKey {
                var stringValue: String
                var intValue: Int? { nil }
                init(stringValue: String) { self.stringValue = stringValue }
                init?(intValue: Int) { nil }
            }

            init(from decoder: any Decoder) throws {
                export = try decoder.container(keyedBy: Key.self).decodeIfPresent(LottieExportMeta.self, forKey: Key(stringValue: LottieExportMeta.key))
            }
        }
        var fr: Double, ip: Double, op: Double, w: Double, h: Double
        var layers: List
        var markers: [Marker]?
        var assets: [Asset]?
        var meta: Meta?
    }

    /// The largest Lottie file read: real animations are a few hundred kB.
    static let fileLimit = 32 << 20
    /// The most copies one repeater may make. rlottie allocates every copy: 1e9 took 7.5 GB.
    static let maximumRepeaterCopies = 1000.0
    /// The largest magnitude a number may have. Coordinates, frames and sizes in real files stay
    /// far below; masks with 1e9 coordinates took rlottie minutes a frame.
    static let maximumMagnitude = 1e7

    /// Refuses documents that would make rlottie work or allocate without bound, before it sees
    /// them: any number beyond ±``maximumMagnitude`` (found by a scan of the bytes, with its line
    /// and column) and repeaters of more than ``maximumRepeaterCopies`` copies.
    private static func checkWork(_ data: Data, fail: (String) -> ParameterError) throws(ParameterError) {
        if let (offset, token) = JSONSyntax.firstNumber(in: data, beyond: maximumMagnitude), let value = Double(token) {
            let (line, column) = JSONSyntax.lineAndColumn(of: offset, in: data)
            throw fail("has the number \(value) at line \(line), column \(column), beyond ±\(Int(maximumMagnitude)): refused, rlottie would work without bound")
        }
        guard data.range(of: Data(#""rp""#.utf8)) != nil,
              // try?: this only looks for repeaters to bound; a file that does not parse here is refused by rlottie with its own message.
              let document = try? JSONValue(parsing: data) else { return }
        var copies: Double?
        func visit(_ value: JSONValue) {
            if let object = value.object {
                if object["ty"]?.string == "rp", let k = object["c"]?.object?["k"] {
                    // A fixed count, or the largest value of an animated one's keyframes.
                    let count = k.number ?? k.array?.compactMap { $0.object?["s"]?.array }.joined().compactMap(\.number).max()
                    if let count, count > (copies ?? 0) { copies = count }
                }
                object.values.forEach(visit)
            } else if let array = value.array {
                array.forEach(visit)
            }
        }
        visit(document)
        if let copies, copies > maximumRepeaterCopies {
            throw fail("has a repeater of \(copies) copies, over the limit of \(Int(maximumRepeaterCopies))")
        }
    }

    private static let fieldMeanings = ["fr": "frame rate", "ip": "first frame", "op": "end frame", "w": "width", "h": "height"]

    private static func readHeader(_ data: Data, fail: (String) -> ParameterError) throws(ParameterError)
        -> (firstFrame: Int, framesPerSecond: Double, markers: [AnimationTimeline.Marker], exportedRefreshLength: Double?, exportedLoops: [String]?) {
        let header: Header
        do {
            header = try JSONDecoder().decode(Header.self, from: data)
        } catch DecodingError.keyNotFound(let key, let context) {
            throw fail("is not a Lottie animation: \(field(context.codingPath + [key])) is missing")
        } catch DecodingError.typeMismatch(let type, let context) {
            let expected = context.codingPath.isEmpty ? "a JSON object" : type == Double.self ? "a number" : type == String.self ? "a string" : "a list"
            throw fail("is not a Lottie animation: \(field(context.codingPath)) is not \(expected)")
        } catch DecodingError.valueNotFound(_, let context) {
            throw fail("is not a Lottie animation: \(field(context.codingPath)) is null")
        } catch {
            throw fail("is not valid JSON: \(JSONSyntax.problem(in: data)?.text(in: data) ?? "a value that cannot be read as JSON")")
        }
        guard header.fr.isFinite, header.fr > 0 else { throw fail("has frame rate 'fr' \(header.fr); it must be above 0") }
        guard header.ip.isFinite, header.op.isFinite, header.op > header.ip, abs(header.ip) < 1e7 else {
            throw fail("has no frames: 'op' \(header.op) is not after 'ip' \(header.ip)")
        }
        guard header.w >= 1, header.h >= 1 else { throw fail("has size \(header.w)×\(header.h); both must be at least 1") }
        // Images are read beside or below the animation only (librsvg's rule): no absolute path,
        // no '..' and no URL; embedded images (data:) are fine.
        for (i, asset) in (header.assets ?? []).enumerated() where !(asset.p ?? "").hasPrefix("data:") {
            let reference = (asset.u ?? "") + (asset.p ?? "")
            let components = reference.split(separator: "/", omittingEmptySubsequences: false)
            if reference.hasPrefix("/") || components.contains("..") || reference.contains("://") || reference.contains("\\") {
                throw fail("has an image outside its folder: assets[\(i)] is '\(reference.prefix(200))'; only images beside or below the animation are read")
            }
        }
        var markers: [AnimationTimeline.Marker] = []
        for (i, marker) in (header.markers ?? []).enumerated() {
            let duration = marker.dr ?? 0
            guard marker.tm.isFinite, abs(marker.tm) < 1e7, duration.isFinite, duration >= 0, duration < 1e7 else {
                throw fail("has a bad marker: markers[\(i)] starts at \(marker.tm) and lasts \(duration) frames")
            }
            markers.append(.init(name: marker.cm, start: Int(marker.tm.rounded()), duration: Int(duration.rounded())))
        }
        var exported: Double?
        let meta = "meta.\(LottieExportMeta.key)"
        if let length = header.meta?.export?.refreshLength {
            guard length.isFinite, (1...10_000).contains(length) else { throw fail("has \(meta).refreshLength \(length); it must be 1...10000 points") }
            exported = length
        }
        let loops = header.meta?.export?.loops
        if let loops, loops.count > 64 || loops.contains(where: { $0.utf8.count > 64 }) {
            throw fail("has \(meta).loops of \(loops.count) names; at most 64 names of at most 64 bytes")
        }
        return (Int(header.ip.rounded(.down)), header.fr, markers, exported, loops)
    }

    /// `'op' (end frame)`, `'markers[2].cm'`, or `the top level`.
    private static func field(_ path: [CodingKey]) -> String {
        let text = String(path.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined(separator: "").drop { $0 == "." })
        guard !text.isEmpty else { return "the top level" }
        return fieldMeanings[text].map { "'\(text)' (\($0))" } ?? "'\(text)'"
    }

    /// rlottie caches what it parsed under this key, so the key is the content: an edited file
    /// is parsed again, an unchanged one is not.
    private static func cacheKey(_ data: Data) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in data {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        return "refreshkit-\(data.count)-\(String(hash, radix: 16))"
    }
}
