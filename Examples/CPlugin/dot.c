/*
 * A complete indicator plugin in C, built outside RefreshKit against the installed header:
 *
 *   cc -std=c11 -shared -fPIC -fvisibility=hidden -O2 -I PREFIX/include/refreshkit $(pkg-config --cflags cairo) \
 *      dot.c -o libDot.so $(pkg-config --libs cairo) -lm
 *   refresh-dump validate libDot.so && refresh-dump pack libDot.so --author Me --license MIT
 *
 * A dot that grows with the pull and pulses while refreshing. Copy it, change the id, draw.
 */
#include <cairo/cairo.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "refresh_plugin.h"

typedef struct { double radius; } dot;

/* A full turn: M_PI is POSIX, not C11, and -std=c11 leaves it out. */
static const double turn = 6.283185307179586;

static const refresh_param params[] = {
    { sizeof(refresh_param), REFRESH_PARAM_NUMBER, "radius", "Dot radius at full pull, in points", "10", 2, 40, NULL, 0, 0, { 0 } },
};

/* A missing "radius" keeps the default; the host has already checked values against the range. */
static refresh_instance *dot_create(const char *json, char *error, size_t error_size) {
    dot *d = malloc(sizeof *d);
    const char *found = json ? strstr(json, "\"radius\"") : NULL;
    if (d == NULL) {
        refresh_plugin_set_error(error, error_size, "out of memory");
        return NULL;
    }
    d->radius = 10;
    if (found != NULL && (found = strchr(found, ':')) != NULL) d->radius = strtod(found + 1, NULL);
    return d;
}

static void dot_destroy(refresh_instance *instance) { free(instance); }

static double dot_length(refresh_instance *instance) { (void)instance; return 60; }

static int dot_render(refresh_instance *instance, const refresh_frame *frame, char *error, size_t error_size) {
    const dot *d = instance;
    double scale;
    (void)error; (void)error_size;
    switch (frame->state) {
    case REFRESH_STATE_PULLING: scale = fmin(fmax(frame->progress, 0), 1); break;
    case REFRESH_STATE_ELIGIBLE: scale = 1.15; break;
    case REFRESH_STATE_REFRESHING: scale = frame->reduce_motion ? 1 : 1 + 0.2 * sin(turn * frame->state_time); break;
    case REFRESH_STATE_FINISHED: case REFRESH_STATE_NO_MORE_DATA: scale = 0.6; break;
    default: return 0;
    }
    /* Centre the dot in the part of the frame the pull has opened: the end nearest the content. */
    double open = frame->pull_distance > 0 ? fmin(frame->pull_distance, frame->height) : frame->height;
    double y = frame->edge == REFRESH_EDGE_BOTTOM ? open / 2 : frame->height - open / 2;
    cairo_t *cr = frame->cairo;
    cairo_save(cr);  /* leave the context as it was given */
    cairo_arc(cr, frame->width / 2, y, d->radius * scale, 0, turn);
    /* Orange at 3:1 or more against either band (WCAG 1.4.11, what `refresh-dump lint` checks). */
    if (frame->theme == REFRESH_THEME_DARK) cairo_set_source_rgb(cr, 1.0, 0.70, 0.25);
    else cairo_set_source_rgb(cr, 0.78, 0.36, 0.0);
    cairo_fill(cr);
    cairo_restore(cr);
    return 0;
}

/* Designated initializers: fields the ABI gains later (always appended or taking a reserved slot)
 * stay zero, which means "absent", and this file keeps compiling. */
static const refresh_plugin_descriptor descriptor = {
    .struct_size = sizeof(refresh_plugin_descriptor),
    .abi_version = REFRESH_PLUGIN_ABI_VERSION,
    .id = "com.example.dot-c",
    .name = "Dot (C)",
    .version = "0.1.0",
    .description = "A dot that grows with the pull and pulses while loading.",
    .params = params,
    .param_count = sizeof params / sizeof params[0],
    .create = dot_create,
    .destroy = dot_destroy,
    .refresh_length = dot_length,
    .render = dot_render,
};

REFRESH_PLUGIN_EXPORT const refresh_plugin_descriptor *refresh_plugin_entry(uint32_t host_abi_version, char *error, size_t error_size) {
    (void)host_abi_version; (void)error; (void)error_size;
    return &descriptor;
}
