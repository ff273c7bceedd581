import CWebP
import Foundation
import Testing
import RefreshAnimationFiles
import RefreshGraphics
import TestSupport

/// AnimatedWebP writes its container itself, a frame at a time; what it writes is byte for byte
/// what libwebp's animation encoder (which keeps every frame until the end) writes for the same
/// frames: repeats, small changes, a whole new picture, translucent pixels.
@Suite struct StreamingWebPTests {
    static let (width, height) = (64, 40)

    /// Six frames: a picture, the same again, a small square changed, everything changed, a
    /// translucent square, the same again.
    static func frames() -> [[UInt32]] {
        var picture = (0..<width * height).map { i in 0xFF00_0000 | UInt32(i % width * 4) << 16 | UInt32(i / width * 6) << 8 | 0x40 }
        var frames = [picture, picture]
        for y in 10..<15 { for x in 21..<27 { picture[y * width + x] = 0xFFFF_0000 } }
        frames.append(picture)
        picture = picture.map { 0xFF00_0000 | ~$0 & 0x00FF_FFFF }
        frames.append(picture)
        for y in 30..<36 { for x in 3..<9 { picture[y * width + x] = 0x8000_80FF } }
        frames += [picture, picture]
        return frames
    }

    /// The same frames through libwebp's WebPAnimEncoder, configured as AnimatedWebP configures its encoding.
    static func libwebpFile(_ frames: [[UInt32]], duration: Double) throws -> [UInt8] {
        var options = WebPAnimEncoderOptions()
        try #require(WebPAnimEncoderOptionsInit(&options) != 0)
        let encoder = try #require(WebPAnimEncoderNew(Int32(width), Int32(height), &options))
        defer { WebPAnimEncoderDelete(encoder) }
        var config = WebPConfig()
        try #require(WebPConfigInit(&config) != 0)
        (config.lossless, config.method, config.quality) = (1, 0, 0)
        var timestamp = 0, elapsed = 0.0
        for frame in frames {
            var picture = WebPPicture()
            try #require(WebPPictureInit(&picture) != 0)
            (picture.use_argb, picture.width, picture.height) = (1, Int32(width), Int32(height))
            try #require(WebPPictureAlloc(&picture) != 0)
            for y in 0..<height { frame.withUnsafeBufferPointer { (picture.argb + y * Int(picture.argb_stride)).update(from: $0.baseAddress! + y * width, count: width) } }
            #expect(WebPAnimEncoderAdd(encoder, &picture, Int32(timestamp), &config) != 0)
            WebPPictureFree(&picture)
            elapsed += duration
            timestamp = max(timestamp + 1, Int((elapsed * 1000).rounded()))
        }
        #expect(WebPAnimEncoderAdd(encoder, nil, Int32(timestamp), nil) != 0)
        var data = WebPData()
        WebPDataInit(&data)
        defer { WebPDataClear(&data) }
        try #require(WebPAnimEncoderAssemble(encoder, &data) != 0)
        return Array(UnsafeBufferPointer(start: data.bytes, count: data.size))
    }

    @Test func theStreamedFileIsWhatLibwebpsAnimationEncoderWrites() throws {
        let frames = Self.frames()
        let expected = try Self.libwebpFile(frames, duration: 1.0 / 60)
        // In memory, and to a file as the frames come.
        let inMemory = try AnimatedWebP(width: Self.width, height: Self.height)
        let path = scratchDirectory("streaming-webp-same") + "/streamed.webp"
        let streamed = try AnimatedWebP(width: Self.width, height: Self.height, writingTo: path)
        for frame in frames {
            try inMemory.add(straightPixels: frame, duration: 1.0 / 60)
            try streamed.add(straightPixels: frame, duration: 1.0 / 60)
        }
        try streamed.finish()
        #expect(try inMemory.data() == expected)
        #expect(try [UInt8](Data(contentsOf: URL(fileURLWithPath: path))) == expected)
    }

    /// A frame is in the file before the animation ends: nothing waits in memory for the end.
    @Test func framesReachTheFileAsTheyCome() throws {
        let path = scratchDirectory("streaming-webp-growing") + "/growing.webp"
        let animation = try AnimatedWebP(width: Self.width, height: Self.height, writingTo: path)
        let frames = Self.frames()
        var sizes: [Int] = []
        for frame in [frames[0], frames[3], frames[0], frames[3]] {
            try animation.add(straightPixels: frame, duration: 0.1)
            sizes.append(animation.bytesWritten)
        }
        // Each frame is written when the next one differs (a repeat would lengthen it instead).
        #expect(sizes[1] > sizes[0] && sizes[2] > sizes[1] && sizes[3] > sizes[2], "\(sizes)")
        try animation.finish()
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)).count > sizes[3])
    }
}
