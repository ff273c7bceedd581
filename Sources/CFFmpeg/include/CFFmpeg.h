/* FFmpeg's declarations, for RefreshAnimationFiles. The libraries are not linked: FFmpeg and the ninety
   libraries it pulls in cost every start of a tool some 20 ms, and most runs write no video. They
   are opened on first use (refreshkit_ffmpeg_load); FFmpegLibraries.c defines each function
   RefreshAnimationFiles calls as a call through the loaded library. */
#ifndef REFRESHKIT_CFFMPEG_H
#define REFRESHKIT_CFFMPEG_H

#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/imgutils.h>
#include <libavutil/opt.h>
#include <libswscale/swscale.h>

/* FFmpeg's error codes are function-like macros, which Swift does not import. */
static inline int refreshkit_averror_eagain(void) { return AVERROR(EAGAIN); }
static inline int refreshkit_averror_eof(void) { return AVERROR_EOF; }
static inline const char *refreshkit_av_error(int code, char *buffer, size_t size) { return av_make_error_string(buffer, size, code); }

/* Whether libx264 would pick its AVX-512 routines here (it needs F, CD, BW, DQ and VL) while AVX2, FMA3
   and BMI2 are there to fall back on. */
static inline int refreshkit_x264_would_use_avx512(void) {
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512cd") && __builtin_cpu_supports("avx512bw")
        && __builtin_cpu_supports("avx512dq") && __builtin_cpu_supports("avx512vl")
        && __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma") && __builtin_cpu_supports("bmi2");
}

/* Opens libavutil, libavcodec, libavformat and libswscale (the versions these headers are of) and
   finds the functions RefreshAnimationFiles calls; once per process, from any thread. Returns 1, or 0 with
   what went wrong in `error` (the dynamic loader's words, `size` bytes at most). Every other FFmpeg
   function of this module may be called only after it returned 1. */
int refreshkit_ffmpeg_load(char *error, size_t size);

#endif
