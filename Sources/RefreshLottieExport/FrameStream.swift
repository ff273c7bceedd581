import CLibz
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

    /// Adds a frame of the current marker, drawn as `pixels`.
    mutating func append(_ spec: IndicatorFrame, _ pixels: [UInt32]) {
        if let open, open.pixels != pixels { close() }
        if open == nil { open = (specs.count, pixels) }
        specs.append(spec)
    }

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
    /// zlib's CRC-32 and Adler-32 side by side, computed at C's speed in every build.
    static func fingerprint(_ pixels: [UInt32]) -> UInt64 {
        pixels.withUnsafeBytes { bytes in
            let start = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self)
            return UInt64(crc32_z(0, start, bytes.count)) << 32 | UInt64(adler32_z(1, start, bytes.count))
        }
    }
}
