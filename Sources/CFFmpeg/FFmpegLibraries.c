/* FFmpeg opened at run time: see include/CFFmpeg.h. */
#include "CFFmpeg.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

/* Every FFmpeg function RefreshAnimationFiles calls: library, return type, name, parameters, arguments.
   A signature that differs from the header's is a compile error (the header declares each). */
#define REFRESHKIT_FFMPEG_FUNCTIONS(X) \
    X(avutil, AVFrame *, av_frame_alloc, (void), ()) \
    X(avutil, void, av_frame_free, (AVFrame **frame), (frame)) \
    X(avutil, int, av_frame_get_buffer, (AVFrame *frame, int align), (frame, align)) \
    X(avutil, int, av_frame_make_writable, (AVFrame *frame), (frame)) \
    X(avutil, int, av_dict_set, (AVDictionary **pm, const char *key, const char *value, int flags), (pm, key, value, flags)) \
    X(avutil, void, av_dict_free, (AVDictionary **m), (m)) \
    X(avutil, int, av_opt_set, (void *obj, const char *name, const char *val, int search_flags), (obj, name, val, search_flags)) \
    X(avutil, void, av_log_set_level, (int level), (level)) \
    X(avutil, int, av_strerror, (int errnum, char *errbuf, size_t errbuf_size), (errnum, errbuf, errbuf_size)) \
    X(avcodec, const AVCodec *, avcodec_find_encoder, (enum AVCodecID id), (id)) \
    X(avcodec, AVCodecContext *, avcodec_alloc_context3, (const AVCodec *codec), (codec)) \
    X(avcodec, void, avcodec_free_context, (AVCodecContext **avctx), (avctx)) \
    X(avcodec, int, avcodec_open2, (AVCodecContext *avctx, const AVCodec *codec, AVDictionary **options), (avctx, codec, options)) \
    X(avcodec, int, avcodec_parameters_from_context, (AVCodecParameters *par, const AVCodecContext *codec), (par, codec)) \
    X(avcodec, int, avcodec_parameters_to_context, (AVCodecContext *codec, const AVCodecParameters *par), (codec, par)) \
    X(avcodec, int, avcodec_send_frame, (AVCodecContext *avctx, const AVFrame *frame), (avctx, frame)) \
    X(avcodec, int, avcodec_receive_packet, (AVCodecContext *avctx, AVPacket *avpkt), (avctx, avpkt)) \
    X(avcodec, int, avcodec_send_packet, (AVCodecContext *avctx, const AVPacket *avpkt), (avctx, avpkt)) \
    X(avcodec, int, avcodec_receive_frame, (AVCodecContext *avctx, AVFrame *frame), (avctx, frame)) \
    X(avcodec, AVPacket *, av_packet_alloc, (void), ()) \
    X(avcodec, void, av_packet_free, (AVPacket **pkt), (pkt)) \
    X(avcodec, void, av_packet_unref, (AVPacket *pkt), (pkt)) \
    X(avcodec, void, av_packet_rescale_ts, (AVPacket *pkt, AVRational tb_src, AVRational tb_dst), (pkt, tb_src, tb_dst)) \
    X(avformat, int, avformat_alloc_output_context2, (AVFormatContext **ctx, const AVOutputFormat *oformat, const char *format_name, const char *filename), (ctx, oformat, format_name, filename)) \
    X(avformat, void, avformat_free_context, (AVFormatContext *s), (s)) \
    X(avformat, AVStream *, avformat_new_stream, (AVFormatContext *s, const AVCodec *c), (s, c)) \
    X(avformat, int, avio_open, (AVIOContext **s, const char *url, int flags), (s, url, flags)) \
    X(avformat, int, avio_closep, (AVIOContext **s), (s)) \
    X(avformat, int, avformat_write_header, (AVFormatContext *s, AVDictionary **options), (s, options)) \
    X(avformat, int, av_interleaved_write_frame, (AVFormatContext *s, AVPacket *pkt), (s, pkt)) \
    X(avformat, int, av_write_trailer, (AVFormatContext *s), (s)) \
    X(avformat, int, avformat_open_input, (AVFormatContext **ps, const char *url, const AVInputFormat *fmt, AVDictionary **options), (ps, url, fmt, options)) \
    X(avformat, int, avformat_find_stream_info, (AVFormatContext *ic, AVDictionary **options), (ic, options)) \
    X(avformat, void, avformat_close_input, (AVFormatContext **s), (s)) \
    X(avformat, int, av_find_best_stream, (AVFormatContext *ic, enum AVMediaType type, int wanted_stream_nb, int related_stream, const AVCodec **decoder_ret, int flags), (ic, type, wanted_stream_nb, related_stream, decoder_ret, flags)) \
    X(avformat, int, av_read_frame, (AVFormatContext *s, AVPacket *pkt), (s, pkt)) \
    X(swscale, struct SwsContext *, sws_getContext, (int srcW, int srcH, enum AVPixelFormat srcFormat, int dstW, int dstH, enum AVPixelFormat dstFormat, int flags, SwsFilter *srcFilter, SwsFilter *dstFilter, const double *param), (srcW, srcH, srcFormat, dstW, dstH, dstFormat, flags, srcFilter, dstFilter, param)) \
    X(swscale, void, sws_freeContext, (struct SwsContext *swsContext), (swsContext)) \
    X(swscale, int, sws_scale, (struct SwsContext *c, const uint8_t *const srcSlice[], const int srcStride[], int srcSliceY, int srcSliceH, uint8_t *const dst[], const int dstStride[]), (c, srcSlice, srcStride, srcSliceY, srcSliceH, dst, dstStride))

/* The loaded functions. */
#define REFRESHKIT_POINTER(library, result, name, parameters, arguments) static result (*loaded_##name) parameters;
REFRESHKIT_FFMPEG_FUNCTIONS(REFRESHKIT_POINTER)

/* Each function under its own name, calling the loaded one. Hidden: nothing outside the binary
   that holds RefreshAnimationFiles binds to them instead of FFmpeg's own. */
#define REFRESHKIT_FORWARD(library, result, name, parameters, arguments) \
    __attribute__((visibility("hidden"))) result name parameters { return loaded_##name arguments; }
REFRESHKIT_FFMPEG_FUNCTIONS(REFRESHKIT_FORWARD)

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static int loaded;
static char load_error[512];

/* The library of this name whose major version the headers are of, e.g. libavcodec.so.59. */
#define REFRESHKIT_SONAME(name, MAJOR) "lib" #name ".so." AV_STRINGIFY(MAJOR)

static void *open_library(const char *soname) {
    void *handle = dlopen(soname, RTLD_NOW | RTLD_LOCAL);
    if (!handle && !load_error[0]) {
        const char *why = dlerror();
        snprintf(load_error, sizeof load_error, "%s", why ? why : soname);
    }
    return handle;
}

static void load(void) {
    void *avutil = open_library(REFRESHKIT_SONAME(avutil, LIBAVUTIL_VERSION_MAJOR));
    void *avcodec = open_library(REFRESHKIT_SONAME(avcodec, LIBAVCODEC_VERSION_MAJOR));
    void *avformat = open_library(REFRESHKIT_SONAME(avformat, LIBAVFORMAT_VERSION_MAJOR));
    void *swscale = open_library(REFRESHKIT_SONAME(swscale, LIBSWSCALE_VERSION_MAJOR));
    if (!avutil || !avcodec || !avformat || !swscale) return;
#define REFRESHKIT_FIND(library, result, name, parameters, arguments) \
    *(void **)&loaded_##name = dlsym(library, #name); \
    if (!loaded_##name) { \
        snprintf(load_error, sizeof load_error, "%s has no function %s", "lib" #library, #name); \
        return; \
    }
    REFRESHKIT_FFMPEG_FUNCTIONS(REFRESHKIT_FIND)
    loaded = 1;
}

int refreshkit_ffmpeg_load(char *error, size_t size) {
    pthread_once(&load_once, load);
    if (!loaded && error && size > 0) snprintf(error, size, "%s", load_error);
    return loaded;
}
