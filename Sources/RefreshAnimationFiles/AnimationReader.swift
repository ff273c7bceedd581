import CFFmpeg
import CGIF
import Foundation
import RefreshGraphics

/// Reads back what an ``AnimationEncoder`` wrote, through FFmpeg's decoders: each frame's pixels
/// and when it starts. For the checks of timing and quality (PSNR against the lossless frames).
public enum AnimationReader {
    /// One decoded frame: its pixels and its start in seconds.
    public struct Frame {
        /// The pixels (opaque: composited as the file shows them).
        public var image: ImageSurface
        /// Seconds from the start of the file.
        public var start: Double
    }

    /// The largest animation file read: more than any recording or run writes.
    public static let fileLimit = 512 << 20
    /// The most pixel bytes decoded frames may hold together (2 GB: 6,000 frames of 390×180 at 2×).
    public static let decodedLimit = 2 << 30

    /// The frames of the GIF, MP4 or APNG at `path`, and the file's length in seconds (its
    /// stream's duration: the last frame's start plus its duration). Refused over ``fileLimit``,
    /// or when the frames would hold more than ``decodedLimit`` bytes.
    public static func read(_ path: String) throws -> (frames: [Frame], length: Double) {
        try CappedFile.check(path, limit: fileLimit)
        try FFmpegLibraries.load(for: path)
        var format: UnsafeMutablePointer<AVFormatContext>?
        guard avformat_open_input(&format, path, nil, nil) >= 0, let format else { throw AnimationFileError(path: path, reason: "FFmpeg cannot open it") }
        defer { var f: UnsafeMutablePointer<AVFormatContext>? = format; avformat_close_input(&f) }
        guard avformat_find_stream_info(format, nil) >= 0 else { throw AnimationFileError(path: path, reason: "FFmpeg finds no stream") }
        var decoder: UnsafePointer<AVCodec>?
        let index = av_find_best_stream(format, AVMEDIA_TYPE_VIDEO, -1, -1, &decoder, 0)
        guard index >= 0, let decoder, let stream = format.pointee.streams[Int(index)] else { throw AnimationFileError(path: path, reason: "no video stream") }
        var context = avcodec_alloc_context3(decoder)
        defer { avcodec_free_context(&context) }
        guard let context, avcodec_parameters_to_context(context, stream.pointee.codecpar) >= 0, avcodec_open2(context, decoder, nil) >= 0 else {
            throw AnimationFileError(path: path, reason: "FFmpeg cannot decode it")
        }
        let base = stream.pointee.time_base
        let seconds = { (ticks: Int64) in Double(ticks) * Double(base.num) / Double(base.den) }
        var packet = av_packet_alloc(), frame = av_frame_alloc()
        defer { av_packet_free(&packet); av_frame_free(&frame) }
        var frames: [Frame] = []
        var end = 0.0, decoded = 0
        func drain() throws {
            while avcodec_receive_frame(context, frame) >= 0 {
                let f = frame!.pointee
                decoded += Int(f.width) * Int(f.height) * 4
                guard decoded <= decodedLimit else {
                    throw AnimationFileError(path: path, reason: "its frames decode to over \(decodedLimit >> 30) GB, the limit")
                }
                let image = try ImageSurface(width: Int(f.width), height: Int(f.height))
                try convert(frame!, into: image)
                let pts = f.best_effort_timestamp
                frames.append(Frame(image: image, start: seconds(pts)))
                end = max(end, seconds(pts + max(f.pkt_duration, 0)))
            }
        }
        while av_read_frame(format, packet) >= 0 {
            if packet!.pointee.stream_index == index {
                avcodec_send_packet(context, packet)
                try drain()
            }
            av_packet_unref(packet)
        }
        avcodec_send_packet(context, nil)
        try drain()
        let declared = stream.pointee.duration > 0 ? seconds(stream.pointee.duration) : 0
        return (frames, max(end, declared))
    }

    /// The delays of a GIF in hundredths of a second, frame by frame, read by giflib.
    public static func gifDelays(_ path: String) throws -> [Int] {
        try CappedFile.check(path, limit: fileLimit)
        var error: Int32 = 0
        guard let gif = DGifOpenFileName(path, &error) else { throw AnimationFileError(path: path, reason: "giflib cannot open it") }
        defer { DGifCloseFile(gif, &error) }
        guard DGifSlurp(gif) == GIF_OK else { throw AnimationFileError(path: path, reason: "giflib cannot read it") }
        return (0..<Int(gif.pointee.ImageCount)).map { i in
            var control = GraphicsControlBlock()
            return DGifSavedExtensionToGCB(gif, Int32(i), &control) == GIF_OK ? Int(control.DelayTime) : 0
        }
    }

    /// The delays of an APNG in seconds, frame by frame, from its `fcTL` chunks (each a fraction
    /// `delay_num / delay_den`, read as written, without FFmpeg's rounding).
    public static func apngDelays(_ path: String) throws -> [Double] {
        let data = try CappedFile.contents(of: path, limit: fileLimit)
        var delays: [Double] = [], at = 8
        func number(_ offset: Int, _ count: Int) -> Int { data[offset..<offset + count].reduce(0) { $0 << 8 | Int($1) } }
        while at + 12 <= data.count {
            let length = number(at, 4), type = String(decoding: data[at + 4..<at + 8], as: UTF8.self)
            if type == "fcTL", length >= 26 {
                let numerator = number(at + 8 + 20, 2), denominator = number(at + 8 + 22, 2)
                delays.append(Double(numerator) / Double(denominator == 0 ? 100 : denominator))
            }
            at += 12 + length
        }
        return delays
    }

    /// Converts a decoded frame to BGRA over `image`'s pixels (alpha composited over black).
    private static func convert(_ frame: UnsafeMutablePointer<AVFrame>, into image: ImageSurface) throws {
        let f = frame.pointee
        guard let scaler = sws_getContext(f.width, f.height, AVPixelFormat(rawValue: f.format), f.width, f.height, AV_PIX_FMT_BGRA,
                                          // Not the fast converter: it leaves the last (width mod 8) columns unwritten.
                                          Int32(SWS_BICUBIC | SWS_ACCURATE_RND | SWS_FULL_CHR_H_INT), nil, nil, nil) else { throw AnimationFileError(path: "", reason: "no converter") }
        defer { sws_freeContext(scaler) }
        image.withPixels { pixels in
            // FFmpeg reads four planes' pointers and strides whatever the format: give it four.
            var target: [UnsafeMutablePointer<UInt8>?] = [pixels.baseAddress!.assumingMemoryBound(to: UInt8.self), nil, nil, nil]
            var stride: [Int32] = [Int32(image.bytesPerRow), 0, 0, 0]
            withUnsafePointer(to: frame.pointee.data) { data in
                withUnsafePointer(to: frame.pointee.linesize) { lines in
                    data.withMemoryRebound(to: UnsafePointer<UInt8>?.self, capacity: 8) { planes in
                        lines.withMemoryRebound(to: Int32.self, capacity: 8) { sizes in
                            _ = sws_scale(scaler, planes, sizes, 0, f.height, &target, &stride)
                        }
                    }
                }
            }
            // Straight alpha from the decoder, premultiplied for Cairo.
            let words = pixels.bindMemory(to: UInt32.self)
            for i in 0..<words.count {
                let p = words[i], a = p >> 24
                guard a != 255 else { continue }
                let r = ((p >> 16) & 0xFF) * a / 255, g = ((p >> 8) & 0xFF) * a / 255, b = (p & 0xFF) * a / 255
                words[i] = a << 24 | r << 16 | g << 8 | b
            }
        }
    }
}
