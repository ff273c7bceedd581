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
    /// How far an export's `overpulling` reaches (`meta.refreshkit.overpullReach`); nil for any other file.
    let exportedOverpullReach: Double?
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
        func fail(_ reason: String) -> ParameterError {
            ParameterError(parameter: parameter, reason: "'\(name)' \(reason)")
        }
        let source = try LottieSourceFile(file: name, parameter: parameter, animation: id)
        let data = source.json
        try Self.checkWork(data, fail: fail)
        var text = data
        text.append(0)
        let loaded = text.withUnsafeBytes { bytes in
            lottie_animation_from_data(bytes.baseAddress!.assumingMemoryBound(to: CChar.self), Self.cacheKey(data),
                                       source.resources)
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
        var timeline = source.timeline
        timeline.frameCount = frameCount
        self.timeline = timeline
        exportedRefreshLength = source.exportedRefreshLength
        exportedLoops = source.exportedLoops
        exportedOverpullReach = source.exportedOverpullReach
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
