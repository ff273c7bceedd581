import CRLottie
import Foundation
import RefreshPluginSDK

/// A Lottie file loaded with rlottie, and the image its frames are rendered into. The image is
/// kept while the size stays the same, and a frame already in it is not rendered again.
final class LottieAnimation {
    /// Frames, rate and markers.
    let timeline: AnimationTimeline
    /// The composition's size in its own units (`w` × `h`).
    let width: Double, height: Double
    private let handle: OpaquePointer
    private var surface: ImageSurface?
    private var renderedFrame: Int?

    /// Loads `name` (see `Assets.resolve`). Errors name `parameter`, the file and the problem:
    /// unreadable, not JSON (with line and column), not a Lottie animation, or refused by rlottie.
    init(file name: String, parameter: String) throws(ParameterError) {
        func fail(_ reason: String) -> ParameterError { ParameterError(parameter: parameter, reason: "'\(name)' \(reason)") }
        let path = Assets.resolve(name)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { throw fail("does not exist") }
        guard !isFolder.boolValue else { throw fail("is a folder, not a Lottie JSON file") }
        guard let data = FileManager.default.contents(atPath: path) else { throw fail("cannot be read (permission denied?)") }

        let header = try Self.readHeader(data, fail: fail)
        var text = data
        text.append(0)
        let loaded = text.withUnsafeBytes { bytes in
            lottie_animation_from_data(bytes.baseAddress!.assumingMemoryBound(to: CChar.self), Self.cacheKey(data),
                                       (path as NSString).deletingLastPathComponent)
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
    }

    deinit {
        lottie_animation_destroy(handle)
    }

    /// Frame number `frame` (the file's numbering) rendered at `width` × `height` pixels.
    func image(frame: Int, width: Int, height: Int) -> ImageSurface? {
        if surface?.width != width || surface?.height != height {
            surface = try? ImageSurface(width: width, height: height)
            renderedFrame = nil
        }
        guard let surface else { return nil }
        if renderedFrame != frame {
            let index = min(max(frame - timeline.firstFrame, 0), timeline.frameCount - 1)
            surface.withPixels { pixels in
                // rlottie draws over what is there; each frame starts from transparent.
                pixels.initializeMemory(as: UInt8.self, repeating: 0)
                lottie_animation_render(handle, index, pixels.baseAddress!.assumingMemoryBound(to: UInt32.self),
                                        width, height, surface.bytesPerRow)
            }
            renderedFrame = frame
        }
        return surface
    }

    /// What the indicator needs from the JSON before rlottie sees it: checked fields with errors
    /// people can act on (rlottie only says yes or no).
    private struct Header {
        var firstFrame: Int
        var framesPerSecond: Double
        var markers: [AnimationTimeline.Marker]
    }

    private static func readHeader(_ data: Data, fail: (String) -> ParameterError) throws(ParameterError) -> Header {
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw fail("is not valid JSON: \(JSONSyntax.problem(in: data) ?? "\(error)")")
        }
        guard let root = object as? [String: Any] else { throw fail("is not a Lottie animation: the top level is not a JSON object") }
        func number(_ key: String, _ meaning: String) throws(ParameterError) -> Double {
            guard let value = root[key] else { throw fail("is not a Lottie animation: '\(key)' (\(meaning)) is missing") }
            guard let n = value as? Double, n.isFinite else { throw fail("is not a Lottie animation: '\(key)' (\(meaning)) is not a number") }
            return n
        }
        let rate = try number("fr", "frame rate")
        let inPoint = try number("ip", "first frame")
        let outPoint = try number("op", "end frame")
        let w = try number("w", "width"), h = try number("h", "height")
        guard rate > 0 else { throw fail("has frame rate 'fr' \(rate); it must be above 0") }
        guard outPoint > inPoint else { throw fail("has no frames: 'op' \(outPoint) is not after 'ip' \(inPoint)") }
        guard w >= 1, h >= 1 else { throw fail("has size \(w)×\(h); both must be at least 1") }
        guard root["layers"] is [Any] else { throw fail("is not a Lottie animation: 'layers' is missing or not a list") }

        var markers: [AnimationTimeline.Marker] = []
        if let list = root["markers"] {
            guard let list = list as? [Any] else { throw fail("has 'markers' that is not a list") }
            for (i, item) in list.enumerated() {
                guard let marker = item as? [String: Any], let name = marker["cm"] as? String,
                      let start = marker["tm"] as? Double, start.isFinite, abs(start) < 1e7 else {
                    throw fail("has a bad marker: markers[\(i)] needs a name 'cm' and a start frame 'tm'")
                }
                let duration = marker["dr"] as? Double ?? 0
                guard duration.isFinite, duration >= 0, duration < 1e7 else { throw fail("has a bad marker: markers[\(i)].dr is \(duration)") }
                markers.append(.init(name: name, start: Int(start.rounded()), duration: Int(duration.rounded())))
            }
        }
        return Header(firstFrame: Int(inPoint.rounded(.down)), framesPerSecond: rate, markers: markers)
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
