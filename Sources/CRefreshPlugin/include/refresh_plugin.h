/*
 * refresh_plugin.h — the RefreshKit indicator plugin ABI.
 *
 * This header is the whole contract between a host (the preview, refresh-dump) and an indicator
 * plugin (a shared library). A plugin written in C needs this header and Cairo, nothing else.
 *
 * How it works (the order of calls)
 *   1. The host dlopen()s the library and looks up REFRESH_PLUGIN_ENTRY_SYMBOL.
 *   2. It calls the entry with its own ABI version. The plugin returns its descriptor, or NULL
 *      after writing a reason into the host's error buffer.
 *   3. The host checks the descriptor (struct_size first, then abi_version) before using anything
 *      else, then calls create_with_host() (or create(), when create_with_host is NULL) with the
 *      parameter values as a JSON object, then refresh_length().
 *   4. Per frame it calls set_state() when the state changes and render() to draw.
 *   5. destroy() once per instance. The library itself is never unloaded while the process runs.
 *
 * Threads
 *   [host thread] Every function here, the entry included, is called from one thread at a time,
 *   and an instance only from the thread that created it. host->log may be called only from
 *   inside a call the host made (on that thread), never later or from a thread of the plugin's.
 *   RefreshKit's hosts keep this by making every call into a loaded library on one thread of the
 *   library's own (in a plugin-host child, the thread that answers the host), so a plugin may keep
 *   thread-local state made in create and statics without locks.
 *
 * Rules
 *   - A frame is a pure function of the plugin's parameters and the refresh_frame it is given:
 *     no wall clock, no unseeded randomness, no hidden state that changes the picture.
 *   - Every struct begins with struct_size (its size in bytes as the writer knew it). Fields are
 *     only ever appended, never reordered or removed, so an old host can load a new plugin and a
 *     new host an old plugin: each reads only the fields both know of (the first
 *     min(struct_size, sizeof) bytes), takes the others as zero, and walks an array by the element
 *     size its writer declared (refresh_param.struct_size), never by its own sizeof. A reserved
 *     field becomes a real one only where zero (or NULL) means "absent", as create_with_host did.
 *   - Why the layout stays as it is (ABI 1): the parameter array is read by declared element size,
 *     which is as extensible as CLAP's count + get(index) accessor without a call per parameter;
 *     so the minimum ABI stays 1.
 *   - Strings are UTF-8 and NUL-terminated. Strings and arrays in the descriptor must stay valid
 *     as long as the library is loaded (static storage is simplest).
 *   - Error text goes into the buffer the host passes (error, error_size), NUL-terminated,
 *     truncated to fit. Never write past error_size bytes.
 *
 * No C++ and no Swift types cross this boundary.
 */
#ifndef REFRESH_PLUGIN_H
#define REFRESH_PLUGIN_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The ABI version this header describes. Bumped only by incompatible changes; appending fields
 * (announced through struct_size) is not one. */
#define REFRESH_PLUGIN_ABI_VERSION 1u

/* The oldest ABI version a host built from this header still loads. */
#define REFRESH_PLUGIN_ABI_VERSION_MIN 1u

/* The name of the function every plugin exports (see refresh_plugin_entry_fn). */
#define REFRESH_PLUGIN_ENTRY_SYMBOL "refresh_plugin_entry"

/* Mark the entry function with this so it is exported from the shared library. */
#if defined(__GNUC__) || defined(__clang__)
#define REFRESH_PLUGIN_EXPORT __attribute__((visibility("default")))
#else
#define REFRESH_PLUGIN_EXPORT
#endif

/* Cairo's drawing context; include <cairo/cairo.h> to draw with it. */
struct _cairo;

/* The edge of the list the indicator sits at. Leading/trailing are logical: with a right-to-left
 * layout the leading edge is on the right. */
typedef enum refresh_edge {
    REFRESH_EDGE_TOP = 0,      /* pull to refresh */
    REFRESH_EDGE_BOTTOM = 1,   /* load more */
    REFRESH_EDGE_LEADING = 2,  /* horizontal list, start */
    REFRESH_EDGE_TRAILING = 3  /* horizontal list, end */
} refresh_edge;

/* What the indicator shows. */
typedef enum refresh_state {
    REFRESH_STATE_UNKNOWN = 0,      /* nothing observed yet */
    REFRESH_STATE_NONE = 1,         /* idle and hidden */
    REFRESH_STATE_PULLING = 2,      /* being pulled: see refresh_frame.progress */
    REFRESH_STATE_ELIGIBLE = 3,     /* past the trigger with the finger down: release refreshes */
    REFRESH_STATE_REFRESHING = 4,   /* loading; animate with state_time */
    REFRESH_STATE_FINISHED = 5,     /* done: see refresh_frame.result; shown for a hold time */
    REFRESH_STATE_NO_MORE_DATA = 6, /* a load-more edge at the end of the data */
    /* Added without an ABI bump: a plugin that predates them reads an unknown state and should
     * draw it as NONE. */
    REFRESH_STATE_SECONDARY_ELIGIBLE = 7, /* past the second floor's trigger: release opens it;
                                             see refresh_frame.secondary_progress */
    REFRESH_STATE_SECONDARY_OPEN = 8,     /* the second floor is open */
    REFRESH_STATE_SECONDARY_CLOSING = 9   /* the second floor is closing */
} refresh_state;

/* How the indicator and the content move as the edge opens (refresh_frame.placement). */
typedef enum refresh_placement {
    REFRESH_PLACEMENT_PUSH = 0,     /* the content moves; the frame rides in the gap, touching it */
    REFRESH_PLACEMENT_BEHIND = 1,   /* the content moves; the frame stays fixed at the viewport's
                                       edge under it and is uncovered */
    REFRESH_PLACEMENT_ABOVE = 2,    /* the content stays; the frame slides in over it */
    REFRESH_PLACEMENT_STRETCH = 3   /* the frame is the gap: its size follows the pull */
} refresh_placement;

/* How a refresh ended (meaningful with REFRESH_STATE_FINISHED). */
typedef enum refresh_result {
    REFRESH_RESULT_NONE = 0,
    REFRESH_RESULT_SUCCESS = 1,
    REFRESH_RESULT_FAILURE = 2,
    REFRESH_RESULT_NO_MORE_DATA = 3
} refresh_result;

/* The colour scheme around the indicator. */
typedef enum refresh_theme {
    REFRESH_THEME_LIGHT = 0,
    REFRESH_THEME_DARK = 1
} refresh_theme;

/* The layout's reading direction. */
typedef enum refresh_direction {
    REFRESH_DIRECTION_LTR = 0,
    REFRESH_DIRECTION_RTL = 1
} refresh_direction;

/* The kind of value a parameter takes. Values travel as JSON: number → JSON number,
 * colour → JSON string "#RRGGBB" or "#RRGGBBAA", bool → true/false, string and choice → JSON string. */
typedef enum refresh_param_type {
    REFRESH_PARAM_NUMBER = 0,
    REFRESH_PARAM_COLOR = 1,
    REFRESH_PARAM_BOOL = 2,
    REFRESH_PARAM_STRING = 3,
    REFRESH_PARAM_CHOICE = 4
} refresh_param_type;

/* What a parameter's value is beyond its type, in refresh_param.flags. */
typedef enum refresh_param_flags {
    /* A REFRESH_PARAM_STRING whose value names a file or folder the plugin reads (its animation,
     * an SVG, a folder of frames): in its sandbox the plugin may read what the user's value names,
     * and nothing a text parameter not so declared names. A plugin that declares no such parameter
     * (one built before the flag) may read what any of its text values names. */
    REFRESH_PARAM_NAMES_FILE = 1u << 0
} refresh_param_flags;

/* One parameter the plugin accepts; the preview shows and edits them, scenarios set them. */
typedef struct refresh_param {
    uint32_t struct_size;        /* sizeof(refresh_param) as the plugin knew it */
    uint32_t type;               /* a refresh_param_type */
    const char *name;            /* identifier: letters, digits, '_' or '-', e.g. "tint" */
    const char *help;            /* one line for people, e.g. "Spoke colour" */
    const char *default_json;    /* the default value as JSON text, e.g. "8", "\"#8E8E93\"", "true" */
    double min;                  /* REFRESH_PARAM_NUMBER: smallest allowed value */
    double max;                  /* REFRESH_PARAM_NUMBER: largest allowed value */
    const char *const *choices;  /* REFRESH_PARAM_CHOICE: the allowed values */
    uint32_t choice_count;       /* REFRESH_PARAM_CHOICE: how many */
    uint32_t flags;              /* refresh_param_flags (was reserved0: 0, none, in older plugins) */
    void *reserved[4];           /* NULL: room to grow */
} refresh_param;

/* Everything a plugin may base one frame on. */
typedef struct refresh_frame {
    uint32_t struct_size;        /* sizeof(refresh_frame) as the host knew it */
    uint32_t edge;               /* a refresh_edge */
    struct _cairo *cairo;        /* draw here; origin top-left, units points (scale applied),
                                    clipped to the frame; leave it as given (restore what you
                                    change): the host draws with its own context, but validate
                                    fails a plugin that does not */
    double width;                /* drawing area in points (for leading/trailing edges the
                                    width is the pull axis) */
    double height;
    double scale;                /* pixels per point, e.g. 2 */
    uint32_t state;              /* a refresh_state */
    uint32_t result;             /* a refresh_result, with REFRESH_STATE_FINISHED */
    double progress;             /* pull progress: 0 at the start offset, 1 at the trigger
                                    distance; may go past 1 (overpull) and below 0 */
    double pull_distance;        /* visible, rubber-banded distance the edge is open, points */
    double raw_pull_distance;    /* the finger travel behind it, points */
    double time;                 /* seconds on the host's animation clock */
    double state_time;           /* seconds since the current state began */
    uint32_t theme;              /* a refresh_theme */
    uint32_t direction;          /* a refresh_direction */
    uint32_t reduce_motion;      /* 1: no spinning or sliding; a calm pulse or a still pose */
    uint32_t placement;          /* a refresh_placement (was reserved0; 0, push, in older hosts) */
    const char *locale;          /* BCP 47 tag, e.g. "en", "zh-Hans", "ar" */
    /* The part of the frame the user sees, in the frame's points: what the pull has uncovered
     * (push, behind) or the whole frame (above, stretch). draw_width 0 (older hosts): not given;
     * take the part the pull distance uncovers next to the content. */
    double draw_x, draw_y, draw_width, draw_height;
    double secondary_progress;   /* second floor: 0 at the trigger distance, 1 at the floor's;
                                    0 when the edge has none */
    double reserved[3];          /* 0: room to grow */
} refresh_frame;

/* An instance the plugin made; opaque to the host. */
typedef void refresh_instance;

/* How serious a log line is. */
typedef enum refresh_log_level {
    REFRESH_LOG_DEBUG = 0,
    REFRESH_LOG_INFO = 1,
    REFRESH_LOG_WARNING = 2,
    REFRESH_LOG_ERROR = 3
} refresh_log_level;

/* What the host offers a plugin, handed to create_with_host(). Valid only during that call: copy
 * the strings you keep. */
typedef struct refresh_host {
    uint32_t struct_size;        /* sizeof(refresh_host) as the host knew it */
    uint32_t abi_version;        /* the host's REFRESH_PLUGIN_ABI_VERSION */
    void *context;               /* pass it back to log() */
    /* [host thread] Writes a line into the host's log (the preview shows a plugin's lines in its
     * panel). `level` is a refresh_log_level; `message` UTF-8, one line. Callable during any call
     * the host makes into the plugin, with the context given here. */
    void (*log)(void *context, uint32_t level, const char *message);
    const char *resource_dir;    /* the plugin's own folder of files (its bundle's resources/, or
                                    the folder of the library), without a trailing '/' */
    const char *host_name;       /* e.g. "refresh-preview", for messages */
    void *reserved[4];           /* NULL: room to grow */
} refresh_host;

/* What a plugin claims about itself, in refresh_plugin_descriptor.flags. `refresh-dump lint` checks
 * each claim. */
typedef enum refresh_plugin_flags {
    /* Its right-to-left frames are the mirror image of its left-to-right ones (an arrow that
     * points the way text reads, a mark that sits at the start of a line). */
    REFRESH_PLUGIN_MIRRORS_FOR_RTL = 1u << 0,
    /* The placement it is drawn for, used where neither the host nor the user has chosen one (a
     * scenario without "placement", the preview until O is pressed); at most one of the three,
     * none: push. Above: a disc that floats over the content (SwipeRefreshLayout). Stretch: a
     * scene that paints the whole gap to the viewport's edge at any pull (Phoenix, Bezier Radar),
     * given a frame as deep as the pull and drawn anchored to the content. */
    REFRESH_PLUGIN_PLACEMENT_ABOVE = 1u << 1,
    REFRESH_PLUGIN_PLACEMENT_STRETCH = 1u << 2,
    REFRESH_PLUGIN_PLACEMENT_BEHIND = 1u << 3
} refresh_plugin_flags;

/* The plugin's description of itself and its functions. */
typedef struct refresh_plugin_descriptor {
    uint32_t struct_size;        /* sizeof(refresh_plugin_descriptor) as the plugin knew it */
    uint32_t abi_version;        /* REFRESH_PLUGIN_ABI_VERSION the plugin was built with */
    const char *id;              /* reverse-DNS identifier, e.g. "dev.refreshkit.spinner" */
    const char *name;            /* display name, e.g. "Spinner" */
    const char *version;         /* the plugin's own version, e.g. "1.0.0" */
    const char *description;     /* one sentence */
    const refresh_param *params; /* parameters, or NULL when param_count is 0 */
    uint32_t param_count;
    uint32_t flags;              /* refresh_plugin_flags the plugin claims (was reserved0: 0, no claims, in
                                    plugins built before it) */

    /* [host thread] Makes an instance from a JSON object of parameter values (keys are parameter
     * names; a missing key means the default). On failure returns NULL and writes why into
     * error. Used when create_with_host is NULL (a plugin written before it existed). */
    refresh_instance *(*create)(const char *params_json, char *error, size_t error_size);
    /* [host thread] Frees an instance. */
    void (*destroy)(refresh_instance *instance);
    /* [host thread] The pull distance in points that completes progress (the indicator's natural height, or
     * width for horizontal edges). Finite and > 0. */
    double (*refresh_length)(refresh_instance *instance);
    /* [host thread] Tells the instance the state changed (state is a refresh_state, result a refresh_result).
     * Optional: may be NULL. Must not change what render() draws for a given frame. */
    void (*set_state)(refresh_instance *instance, uint32_t state, uint32_t result);
    /* [host thread] Draws one frame. Returns 0 on success; otherwise writes why into error and returns
     * non-zero (the host shows the reason instead of the frame). Leave the Cairo context as you
     * found it (every cairo_save matched by a cairo_restore): `refresh-dump validate` checks. */
    int (*render)(refresh_instance *instance, const refresh_frame *frame, char *error, size_t error_size);

    /* [host thread] As create, with what the host offers (log, resource folder). Optional: NULL
     * in plugins written before it (it took the place of reserved[0], which was NULL). */
    refresh_instance *(*create_with_host)(const refresh_host *host, const char *params_json, char *error, size_t error_size);
    /* [host thread] What a screen reader should say when `state` (with `result`) begins at `edge`,
     * in `locale` (BCP 47): UTF-8 into text, NUL-terminated, truncated to text_size. Returns 1
     * when it wrote a description, 0 to leave the words to the host (its defaults: "Pull to
     * refresh", "Release to refresh", "Refreshing", … in en, zh-Hans and ar). Optional: NULL
     * means the host's defaults (it took the place of reserved[0]). */
    int (*describe)(refresh_instance *instance, uint32_t state, uint32_t result, uint32_t edge, const char *locale, char *text, size_t text_size);
    /* The SDK the plugin was built with and its semantic version, e.g. "RefreshPluginSDK 1.0.0"
     * (`refresh-dump list` shows it). Optional: NULL for a plugin written against this header
     * alone, or built before it existed (it took the place of reserved[0]). */
    const char *sdk_version;
    /* The languages whose words the plugin draws, BCP 47 tags separated by commas (e.g.
     * "en,zh-Hans,ar"; at most 16): what `refresh-dump export` and `handoff` write a file each for
     * when not told which. Optional: NULL for a plugin that draws no words (one export serves every
     * language) or built before it existed (it took the place of reserved[0]). */
    const char *drawn_locales;
    /* [host thread] The seconds after which what refreshing draws repeats exactly, for this
     * instance's parameters (a spinner's turn; Material's cycle through its four colours), or 0
     * when it does not say: `refresh-dump export` loops that long rather than search for a loop,
     * and says so when the drawing does not repeat there. Optional: NULL (it took the place of
     * reserved[1]). */
    double (*refreshing_period)(refresh_instance *instance);
    /* [host thread] The names of this instance's parameters that change nothing, as it was made,
     * separated by commas, UTF-8 into names (NUL-terminated, truncated to names_size): Path
     * Drawing's colours when its SVG file has colours of its own. The preview's inspector shows
     * those rows faded. Returns 1 when it wrote any, 0 for none. Optional: NULL (it took the place
     * of reserved[0]). */
    int (*inactive_params)(refresh_instance *instance, char *names, size_t names_size);
    /* Short names for people, one for each entry of params, in order, UTF-8, 1–32 characters:
     * what the preview's inspector shows in a parameter's row ("Smoothing" for "depth"); files,
     * scenarios and --param still write the name. A NULL entry shows the name. Here and not in
     * refresh_param, so that an entry written in order (`{ sizeof(refresh_param), …, 0, { 0 } }`)
     * compiles as it did. Optional: NULL (it took the place of reserved[0]). */
    const char *const *param_labels;
    void *reserved[1];           /* NULL: room to grow */
} refresh_plugin_descriptor;

/* The entry every plugin exports under REFRESH_PLUGIN_ENTRY_SYMBOL. [host thread] host_abi_version is the
 * host's REFRESH_PLUGIN_ABI_VERSION; a plugin that cannot work with it returns NULL and says why
 * in error. */
typedef const refresh_plugin_descriptor *(*refresh_plugin_entry_fn)(uint32_t host_abi_version, char *error, size_t error_size);

/* Writes `message` into a host error buffer, truncating it to fit. A convenience for C plugins. */
static inline void refresh_plugin_set_error(char *error, size_t error_size, const char *message) {
    size_t i = 0;
    if (error == NULL || error_size == 0) return;
    for (; message != NULL && message[i] != '\0' && i + 1 < error_size; i++) error[i] = message[i];
    error[i] = '\0';
}

#ifdef __cplusplus
}
#endif

#endif /* REFRESH_PLUGIN_H */
