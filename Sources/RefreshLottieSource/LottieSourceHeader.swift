import Foundation
import RefreshPluginSDK

/// What the Lottie plugin and the export need from a Lottie file's JSON before anything draws it:
/// checked fields with errors people can act on (rlottie only says yes or no). Decoded without the
/// layers' contents.
struct LottieSourceHeader {
    var firstFrame: Int, frameCount: Int, framesPerSecond: Double
    var width: Double, height: Double
    var markers: [AnimationTimeline.Marker]
    var exportedRefreshLength: Double?
    var exportedLoops: [String]?
    var exportedOverpullReach: Double?

    /// The fields read.
    private struct Fields: Decodable {
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

    private static let fieldMeanings = ["fr": "frame rate", "ip": "first frame", "op": "end frame", "w": "width", "h": "height"]

    /// Reads `data`'s fields; `fail` words what is wrong.
    init(_ data: Data, fail: (String) -> ParameterError) throws(ParameterError) {
        let header: Fields
        do {
            header = try JSONDecoder().decode(Fields.self, from: data)
        } catch DecodingError.keyNotFound(let key, let context) {
            throw fail("is not a Lottie animation: \(Self.field(context.codingPath + [key])) is missing")
        } catch DecodingError.typeMismatch(let type, let context) {
            let expected = context.codingPath.isEmpty ? "a JSON object" : type == Double.self ? "a number" : type == String.self ? "a string" : "a list"
            throw fail("is not a Lottie animation: \(Self.field(context.codingPath)) is not \(expected)")
        } catch DecodingError.valueNotFound(_, let context) {
            throw fail("is not a Lottie animation: \(Self.field(context.codingPath)) is null")
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
            if !LottieImageReference.staysInFolder(reference) {
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
        let reach = header.meta?.export?.overpullReach
        if let reach, !(reach.isFinite && (1...10).contains(reach)) {
            throw fail("has \(meta).overpullReach \(reach); it must be 1...10 (refresh lengths)")
        }
        exportedOverpullReach = reach
        firstFrame = Int(header.ip.rounded(.down))
        // As rlottie counts them: both ends made whole numbers first.
        frameCount = max(0, Int(header.op) - Int(header.ip))
        framesPerSecond = header.fr
        (width, height) = (header.w, header.h)
        self.markers = markers
        (exportedRefreshLength, exportedLoops) = (exported, loops)
    }

    /// `'op' (end frame)`, `'markers[2].cm'`, or `the top level`.
    private static func field(_ path: [CodingKey]) -> String {
        let text = String(path.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined(separator: "").drop { $0 == "." })
        guard !text.isEmpty else { return "the top level" }
        return fieldMeanings[text].map { "'\(text)' (\($0))" } ?? "'\(text)'"
    }
}
