import RefreshGraphics
import RefreshPluginSDK

/// An export's frames as they are drawn, one at a time: the markers, each frame's spec and the
/// spans of identical frames. It holds the pixels of one frame (the one its open span began with)
/// whatever the number or the size of the frames, so an export's memory stays flat in both; what
/// a span shows is recorded, or drawn again as an image, once every marker is known.
struct FrameStream {
    /// Frames `start..<end`, all the same; `blank` when they draw nothing.
    struct Span: Equatable {
        var start, end: Int
        var blank: Bool
    }

    /// The markers, in order.
    private(set) var markers: [LottieExport.Marker] = []
    /// Every frame kept, in order.
    private(set) var specs: [IndicatorFrame] = []
    /// The spans of the frames kept; a marker's first frame always begins one.
    private(set) var spans: [Span] = []
    /// The span still growing and the pixels it began with.
    private var open: (start: Int, pixels: [UInt32])?

    /// Begins the marker `name` at the next frame.
    mutating func begin(_ name: String) {
        close()
        markers.append(LottieExport.Marker(name: name, start: specs.count, frames: 0))
    }

    /// Adds a frame of the current marker, drawn as `pixels`; one with the open span's pixels
    /// joins it when `sameAs` the span's first frame (pixels drawn at a lower scale, told apart
    /// again at the export's).
    mutating func append(_ spec: IndicatorFrame, _ pixels: [UInt32], sameAs: (IndicatorFrame) throws -> Bool) rethrows {
        if let open, try open.pixels != pixels || !sameAs(specs[open.start]) { close() }
        if open == nil { open = (specs.count, pixels) }
        specs.append(spec)
    }

    /// Adds a frame of the current marker, drawn as `pixels`: one with the open span's pixels joins it.
    mutating func append(_ spec: IndicatorFrame, _ pixels: [UInt32]) { append(spec, pixels, sameAs: { _ in true }) }

    /// Ends the current marker, keeping its first `count` frames (a motion drawn past where it settles or repeats).
    mutating func end(keeping count: Int) {
        close()
        guard let marker = markers.indices.last else { return }
        let cut = min(specs.count, markers[marker].start + count)
        markers[marker].frames = cut - markers[marker].start
        specs.removeSubrange(cut...)
        spans.removeAll { $0.start >= cut }
        if let last = spans.indices.last { spans[last].end = min(spans[last].end, cut) }
    }

    /// Ends the current marker, dropping it and its frames.
    mutating func discardMarker() {
        end(keeping: 0)
        markers.removeLast()
    }

    /// Splits the last marker in two `frames` frames into it: the first part is named `first`,
    /// the rest keeps its name; a span across the cut is two.
    mutating func split(at frames: Int, first: String) {
        close()
        guard let last = markers.last, (1..<last.frames).contains(frames) else { return }
        var marker = markers.removeLast()
        let cut = marker.start + frames
        markers.append(LottieExport.Marker(name: first, start: marker.start, frames: frames))
        (marker.start, marker.frames) = (cut, marker.frames - frames)
        markers.append(marker)
        if let across = spans.firstIndex(where: { $0.start < cut && cut < $0.end }) {
            spans.insert(Span(start: cut, end: spans[across].end, blank: spans[across].blank), at: across + 1)
            spans[across].end = cut
        }
    }

    private mutating func close() {
        guard let open else { return }
        spans.append(Span(start: open.start, end: specs.count, blank: !open.pixels.contains { $0 >> 24 != 0 }))
        self.open = nil
    }

    /// A frame's fingerprint, to tell repeats apart without keeping the frame: equal for equal
    /// pixels, and for different ones equal by a chance of about 2⁻⁶⁴; the same on every run.
    /// Two pixels at a time, in two lanes, each step (`h = (h ^ w) · k; h ^= h >> 32`) one-to-one
    /// in the lane and in the pixels: frames that differ in one pair of pixels never share one.
    /// A third of the time of zlib's CRC-32 and Adler-32, which it replaces (an export fingerprints
    /// every frame it draws: 12 % of StoreHouse's).
    static func fingerprint(_ pixels: [UInt32]) -> UInt64 {
        pixels.withUnsafeBytes { fingerprint(UnsafeRawBufferPointer($0)) }
    }

    /// The fingerprint of an image's pixel bytes, rows with their padding: equal for two images of a size with equal pixels.
    static func fingerprint(_ image: ImageSurface) -> UInt64 {
        image.withPixels { fingerprint(UnsafeRawBufferPointer($0)) }
    }

    private static func fingerprint(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        let pairs = bytes.count / 8
        var even: UInt64 = 0x9E37_79B9_7F4A_7C15, odd: UInt64 = 0xC2B2_AE3D_27D4_EB4F
        let k: UInt64 = 0xFF51_AFD7_ED55_8CCD
        var index = 0
        while index + 1 < pairs {
            even = (even ^ bytes.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self)) &* k
            even ^= even >> 32
            odd = (odd ^ bytes.loadUnaligned(fromByteOffset: (index + 1) * 8, as: UInt64.self)) &* k
            odd ^= odd >> 32
            index += 2
        }
        if index < pairs {
            even = (even ^ bytes.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self)) &* k
            even ^= even >> 32
        }
        // An odd pixel at the end, and the count (so that trailing clear pixels count).
        if bytes.count % 8 != 0 { odd = (odd ^ UInt64(bytes.loadUnaligned(fromByteOffset: pairs * 8, as: UInt32.self))) &* k }
        odd = (odd ^ UInt64(bytes.count)) &* k
        return (even ^ (odd << 29 | odd >> 35)) &* k ^ (odd >> 32)
    }
}
