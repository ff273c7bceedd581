import CFFmpeg
import Foundation
import RefreshSystem
import RefreshGraphics

/// ``AnimationFormat/mp4`` through FFmpeg's libraries: H.264 (libx264, CRF 28, `tune=animation`)
/// in yuv420p at the frame size rounded up to even, with the index at the front (`+faststart`) so
/// a browser plays it while it loads.
///
/// Timestamps count in the frame rate's ticks (1/rate s, or milliseconds when the rate is not a
/// whole number); each frame starts at the tick nearest its true start and the last one lasts to
/// the true end, so the file's length is the animation's.
final class VideoEncoder: AnimationEncoder {
    private let path: String
    private let width: Int, height: Int
    private var format: UnsafeMutablePointer<AVFormatContext>?
    private var codec: UnsafeMutablePointer<AVCodecContext>?
    private var stream: UnsafeMutablePointer<AVStream>
    private var frame: UnsafeMutablePointer<AVFrame>?
    private var packet: UnsafeMutablePointer<AVPacket>?
    private let scaler: OpaquePointer
    private var clock: TickClock
    private var lastPTS: Int64 = -1
    /// How long each frame sent (by its timestamp) lasts, in ticks: packets come back in another
    /// order, and each gets its own frame's duration.
    private var durations: [Int64: Int64] = [:]
    private var finished = false
    /// The file, under a temporary name until ``finish()``; FFmpeg opens it by its descriptor's name.
    private let file: PendingFile

    init(path: String, width: Int, height: Int, frameRate: Double, realtime: Bool = false) throws {
        try FFmpegLibraries.load(for: path)
        self.path = path
        self.width = width
        self.height = height
        _ = Self.quiet
        let rate = (frameRate.rounded() == frameRate) ? Int32(frameRate) : 1000
        clock = TickClock(rate: Double(rate))
        func fail(_ what: String, _ code: Int32 = 0) -> AnimationFileError {
            var buffer = [CChar](repeating: 0, count: 128)
            // FFmpeg says the system's reason as strerror does ("No space left on device"); messages say it lower-case.
            let words = String(cString: refreshkit_av_error(code, &buffer, buffer.count))
            let detail = code == 0 ? "" : ": " + (words.dropFirst().first?.isLowercase == true ? words.prefix(1).lowercased() + words.dropFirst() : words)
            return AnimationFileError(path: path, reason: "FFmpeg could not \(what)\(detail)")
        }
        // Even sizes: 4:2:0 halves each.
        let outWidth = (width + 1) / 2 * 2, outHeight = (height + 1) / 2 * 2
        let pixelFormat = AV_PIX_FMT_YUV420P
        file = try PendingFile(path: path)
        var status = avformat_alloc_output_context2(&format, nil, "mp4", file.descriptorPath)
        guard status >= 0, let format else { throw fail("make an mp4 file", status) }
        guard let encoder = avcodec_find_encoder(AV_CODEC_ID_H264) else {
            avformat_free_context(format)
            throw AnimationFileError(path: path, reason: "this FFmpeg has no H.264 (libx264) encoder")
        }
        guard let newStream = avformat_new_stream(format, nil), let context = avcodec_alloc_context3(encoder) else {
            avformat_free_context(format)
            throw fail("set up a stream")
        }
        stream = newStream
        codec = context
        context.pointee.width = Int32(outWidth)
        context.pointee.height = Int32(outHeight)
        context.pointee.pix_fmt = pixelFormat
        context.pointee.time_base = AVRational(num: 1, den: rate)
        context.pointee.framerate = AVRational(num: rate, den: 1)
        context.pointee.gop_size = rate * 2
        av_opt_set(context.pointee.priv_data, "preset", realtime ? "ultrafast" : "slow", 0)
        av_opt_set(context.pointee.priv_data, "tune", "animation", 0)
        av_opt_set(context.pointee.priv_data, "crf", "28", 0)
        av_opt_set(context.pointee.priv_data, "x264-params", Self.repeatableX264, 0)
        // A fixed count, never the machine's: x264's frames depend on how many threads share the work.
        // A live window keeps a core to itself.
        context.pointee.thread_count = realtime ? 1 : 2
        if format.pointee.oformat.pointee.flags & AVFMT_GLOBALHEADER != 0 {
            context.pointee.flags |= Int32(AV_CODEC_FLAG_GLOBAL_HEADER)
        }
        scaler = sws_getContext(Int32(width), Int32(height), AV_PIX_FMT_BGRA, Int32(outWidth), Int32(outHeight), pixelFormat,
                                Int32(SWS_BICUBIC | SWS_ACCURATE_RND | SWS_FULL_CHR_H_INP), nil, nil, nil)
        status = avcodec_open2(context, encoder, nil)
        guard status >= 0 else { throw fail("open the encoder", status) }
        status = avcodec_parameters_from_context(newStream.pointee.codecpar, context)
        guard status >= 0 else { throw fail("describe the stream", status) }
        newStream.pointee.time_base = context.pointee.time_base
        status = avio_open(&format.pointee.pb, file.descriptorPath, AVIO_FLAG_WRITE)
        guard status >= 0 else { throw fail("open the file", status) }
        var options: OpaquePointer?
        av_dict_set(&options, "movflags", "+faststart", 0)
        status = avformat_write_header(format, &options)
        av_dict_free(&options)
        guard status >= 0 else { throw fail("write the header", status) }

        frame = av_frame_alloc()
        packet = av_packet_alloc()
        guard let frame, packet != nil else { throw fail("allocate a frame") }
        frame.pointee.format = pixelFormat.rawValue
        frame.pointee.width = Int32(outWidth)
        frame.pointee.height = Int32(outHeight)
        status = av_frame_get_buffer(frame, 0)
        guard status >= 0 else { throw fail("allocate a frame", status) }
    }

    /// x264 settings that make the same frames the same bytes, whatever the load or the machine.
    /// `deterministic` (x264's default, said out loud) keeps frame threads from racing. Its AVX-512
    /// routines are left out: with them (libx264 164 r3095, Debian 12) a clip's bytes depended on
    /// what the process had done before, though the frames handed over were the same; with AVX2 they
    /// are those of every other instruction set, as x264's routines are meant to be.
    static let repeatableX264: String = refreshkit_x264_would_use_avx512() != 0 ? "deterministic=1:asm=AVX2,FMA3,BMI2,LZCNT" : "deterministic=1"

    /// FFmpeg's chatter (libx264's statistics) off: only its errors reach the terminal.
    private static let quiet: Void = av_log_set_level(AV_LOG_ERROR)

    deinit {
        if !finished, let format, format.pointee.pb != nil { avio_closep(&format.pointee.pb) }
        sws_freeContext(scaler)
        av_frame_free(&frame)
        av_packet_free(&packet)
        avcodec_free_context(&codec)
        avformat_free_context(format)
    }

    func add(_ image: ImageSurface, duration: Double) throws {
        try checkFrame(image, width: width, height: height, duration: duration, path: path)
        let (start, end) = clock.advance(by: duration)
        // Two frames on one tick: the later one wins the tick (the earlier is never seen).
        guard Int64(start) > lastPTS, let frame else {
            // It shows for no tick of its own; the frame before lasts to its end instead.
            if lastPTS >= 0 { durations[lastPTS] = Int64(end) - lastPTS }
            return
        }
        guard av_frame_make_writable(frame) >= 0 else { throw AnimationFileError(path: path, reason: "FFmpeg could not reuse its frame") }
        // Cairo's pixels are premultiplied: for an opaque frame that is the colour (video has no alpha).
        image.withPixels { raw in
            // FFmpeg reads four planes' pointers and strides whatever the format: give it four.
            let source: [UnsafePointer<UInt8>?] = [UnsafePointer(raw.baseAddress!.assumingMemoryBound(to: UInt8.self)), nil, nil, nil]
            let stride: [Int32] = [Int32(image.bytesPerRow), 0, 0, 0]
            withUnsafeMutablePointer(to: &frame.pointee.data) { data in
                withUnsafeMutablePointer(to: &frame.pointee.linesize) { lines in
                    data.withMemoryRebound(to: UnsafeMutablePointer<UInt8>?.self, capacity: 8) { planes in
                        lines.withMemoryRebound(to: Int32.self, capacity: 8) { sizes in
                            _ = sws_scale(self.scaler, source, stride, 0, Int32(self.height), planes, sizes)
                        }
                    }
                }
            }
        }
        frame.pointee.pts = Int64(start)
        lastPTS = Int64(start)
        durations[Int64(start)] = max(1, Int64(end - start))
        try send(frame)
    }

    func finish() throws {
        guard !finished, let format else { return }
        finished = true
        try send(nil)
        let status = av_write_trailer(format)
        let closed = avio_closep(&format.pointee.pb)
        guard status >= 0, closed >= 0 else {
            file.abandon()
            throw AnimationFileError(path: path, reason: "FFmpeg could not finish the file\(Self.systemReason(status < 0 ? status : closed))")
        }
        try file.commit()
    }

    /// ": no space left on device" for an FFmpeg status that is a system error number; else "".
    private static func systemReason(_ status: Int32) -> String {
        status < 0 && -status < 4096 ? ": " + PendingFile.words(-status) : ""
    }

    /// Sends `frame` (nil: the end) to the encoder and writes every packet it gives back, each
    /// lasting until the next one starts (the last until the true end).
    private func send(_ frame: UnsafeMutablePointer<AVFrame>?) throws {
        guard let codec, let packet, let format else { return }
        var status = avcodec_send_frame(codec, frame)
        guard status >= 0 else { throw AnimationFileError(path: path, reason: "FFmpeg refused a frame (\(status))") }
        while true {
            status = avcodec_receive_packet(codec, packet)
            if status == refreshkit_averror_eagain() || status == refreshkit_averror_eof() { break }
            guard status >= 0 else { throw AnimationFileError(path: path, reason: "the encoder failed (\(status))") }
            packet.pointee.duration = durations.removeValue(forKey: packet.pointee.pts) ?? 1
            av_packet_rescale_ts(packet, codec.pointee.time_base, stream.pointee.time_base)
            packet.pointee.stream_index = stream.pointee.index
            status = av_interleaved_write_frame(format, packet)
            guard status >= 0 else { throw AnimationFileError(path: path, reason: "FFmpeg could not write a packet\(Self.systemReason(status))") }
        }
    }
}
