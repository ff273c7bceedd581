import CWebP
import RefreshGraphics
import Foundation

/// Collects frames and writes them as one animated WebP (libwebp's animation encoder), which
/// browsers and most image viewers play. Lossless, so the animation shows exactly the frames.
public final class AnimatedWebP {
    /// Frame size in pixels; every frame must have it.
    public let width: Int, height: Int
    private let encoder: OpaquePointer
    private var timestamp = 0
    /// Seconds so far: each frame ends at the millisecond nearest its true end, so 60 frames of
    /// 1/60 s last exactly 1000 ms, not 60 × 17.
    private var elapsed = 0.0
    private var config = WebPConfig()

    /// An empty animation of `width` × `height` pixels that loops forever.
    public init(width: Int, height: Int) throws(GraphicsError) {
        guard (1...16383).contains(width), (1...16383).contains(height) else { throw .invalidSize(width: width, height: height) }
        var options = WebPAnimEncoderOptions()
        guard WebPAnimEncoderOptionsInit(&options) != 0, let encoder = WebPAnimEncoderNew(Int32(width), Int32(height), &options) else {
            throw .encoding(format: "WebP", reason: "libwebp could not start an animation (version mismatch?)")
        }
        self.encoder = encoder
        self.width = width
        self.height = height
        guard WebPConfigInit(&config) != 0 else { throw .encoding(format: "WebP", reason: "libwebp could not be configured") }
        config.lossless = 1
        config.method = 0     // fastest: frames are written by the hundred
        config.quality = 0    // for lossless this is effort, not loss: the least
    }

    deinit {
        WebPAnimEncoderDelete(encoder)
    }

    /// Appends `image`, shown for `duration` seconds.
    public func add(_ image: ImageSurface, duration: Double) throws(GraphicsError) {
        guard image.width == width, image.height == height else {
            throw .sizeMismatch(expected: (width, height), actual: (image.width, image.height))
        }
        try add(straightPixels: image.straightPixels(), duration: duration)
    }

    /// Appends a frame given as un-premultiplied pixels (``ImageSurface/straightPixels()``).
    public func add(straightPixels pixels: [UInt32], duration: Double) throws(GraphicsError) {
        guard pixels.count == width * height else { throw .sizeMismatch(expected: (width, height), actual: (pixels.count / max(1, height), height)) }
        var picture = WebPPicture()
        guard WebPPictureInit(&picture) != 0 else { throw .encoding(format: "WebP", reason: "libwebp could not make a picture") }
        picture.use_argb = 1
        picture.width = Int32(width)
        picture.height = Int32(height)
        guard WebPPictureAlloc(&picture) != 0 else { throw .encoding(format: "WebP", reason: "out of memory") }
        defer { WebPPictureFree(&picture) }
        for y in 0..<height {
            pixels.withUnsafeBufferPointer { source in
                (picture.argb + y * Int(picture.argb_stride)).update(from: source.baseAddress! + y * width, count: width)
            }
        }
        guard WebPAnimEncoderAdd(encoder, &picture, Int32(timestamp), &config) != 0 else {
            throw .encoding(format: "WebP", reason: "libwebp could not add a frame")
        }
        elapsed += duration
        timestamp = max(timestamp + 1, Int((elapsed * 1000).rounded()))
    }

    /// The animation as WebP file bytes.
    public func data() throws(GraphicsError) -> [UInt8] {
        try assembled { Array($0) }
    }

    /// Writes the animation to `path`, straight from libwebp's buffer (a copy of a long clip's
    /// file would be one more of what the encoder already holds).
    public func write(to path: String) throws(GraphicsError) {
        let file = try PendingFile(path: path)
        try assembled { bytes throws(GraphicsError) in try file.write(bytes) }
        try file.commit()
    }

    /// Ends the animation and hands its file bytes to `body`, which must not keep them.
    private func assembled<T>(_ body: (UnsafeRawBufferPointer) throws(GraphicsError) -> T) throws(GraphicsError) -> T {
        guard WebPAnimEncoderAdd(encoder, nil, Int32(timestamp), nil) != 0 else {
            throw .encoding(format: "WebP", reason: "libwebp could not finish the animation")
        }
        var data = WebPData()
        WebPDataInit(&data)
        defer { WebPDataClear(&data) }
        guard WebPAnimEncoderAssemble(encoder, &data) != 0, let bytes = data.bytes else {
            throw .encoding(format: "WebP", reason: "libwebp could not assemble the animation")
        }
        return try body(UnsafeRawBufferPointer(start: bytes, count: data.size))
    }
}
