#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/imgutils.h>
#include <libavutil/opt.h>
#include <libswscale/swscale.h>

/* FFmpeg's error codes are function-like macros, which Swift does not import. */
static inline int refreshkit_averror_eagain(void) { return AVERROR(EAGAIN); }
static inline int refreshkit_averror_eof(void) { return AVERROR_EOF; }
static inline const char *refreshkit_av_error(int code, char *buffer, size_t size) { return av_make_error_string(buffer, size, code); }
