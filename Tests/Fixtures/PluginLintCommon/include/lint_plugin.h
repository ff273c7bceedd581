/* An indicator that passes `refresh-dump lint` unless a fixture defines one LINT_* before
 * including this file; each makes it fail one check:
 *   LINT_FLASHES            while refreshing, the whole frame turns black and white 8 times a second
 *   LINT_VANISHES_IN_DARK   draws its light-theme ink (near black) on the dark band too
 *   LINT_IGNORES_MOTION     turns its bar while refreshing with reduced motion as without
 *   LINT_SLOW               spends 8 ms of CPU on every frame
 *   LINT_FALSE_MIRROR       claims REFRESH_PLUGIN_MIRRORS_FOR_RTL, but draws its arrow on the
 *                           left whatever the direction
 * The well-behaved indicator: a bar that turns once a second while refreshing (still with reduced
 * motion; the other way round right to left), dark on the light band and light on the dark one,
 * and an arrow at the start of the line (left, or right for right-to-left). */
#ifndef LINT_PLUGIN_H
#define LINT_PLUGIN_H
#include <cairo/cairo.h>
#include <math.h>
#include <stdlib.h>
#include <time.h>
#include "refresh_plugin.h"

static refresh_instance *lint_create(const char *json, char *error, size_t size) {
    (void)json; (void)error; (void)size;
    return malloc(1);
}

static void lint_destroy(refresh_instance *instance) { free(instance); }

static double lint_length(refresh_instance *instance) { (void)instance; return 60; }

static int lint_render(refresh_instance *instance, const refresh_frame *frame, char *error, size_t size) {
    (void)instance; (void)error; (void)size;
    cairo_t *cr = frame->cairo;
#ifdef LINT_SLOW
    struct timespec start, now;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &start);
    do { clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now); } while ((now.tv_sec - start.tv_sec) * 1e9 + (now.tv_nsec - start.tv_nsec) < 8e6);
#endif
    if (frame->state == REFRESH_STATE_NONE || frame->state == REFRESH_STATE_UNKNOWN) return 0;
    int dark = frame->theme == REFRESH_THEME_DARK;
#ifdef LINT_VANISHES_IN_DARK
    dark = 0;
#endif
    double ink = dark ? 0.92 : 0.12;
    cairo_save(cr);
#ifdef LINT_FLASHES
    if (frame->state == REFRESH_STATE_REFRESHING) {
        double white = ((long)floor(frame->state_time * 16)) % 2 ? 1 : 0;
        cairo_set_source_rgb(cr, white, white, white);
        cairo_paint(cr);
    }
#endif
    int rtl = frame->direction == REFRESH_DIRECTION_RTL;
#ifdef LINT_FALSE_MIRROR
    rtl = 0;
#endif
    double cx = frame->width / 2, cy = frame->height - 40;
    /* The bar turns clockwise, or anticlockwise right to left: the mirror image. */
    double turn = frame->state == REFRESH_STATE_REFRESHING ? (rtl ? -1 : 1) * frame->state_time : 0;
#ifndef LINT_IGNORES_MOTION
    if (frame->reduce_motion) turn = 0;
#endif
    cairo_set_source_rgb(cr, ink, ink, ink);
    cairo_set_line_width(cr, 6);
    cairo_save(cr);
    cairo_translate(cr, cx, cy);
    cairo_rotate(cr, 2 * M_PI * turn);
    cairo_move_to(cr, -24, 0);
    cairo_line_to(cr, 24, 0);
    cairo_stroke(cr);
    cairo_restore(cr);
    /* The arrow at the start of the line. */
    double x = rtl ? frame->width - 40 : 40, way = rtl ? -1 : 1;
    cairo_move_to(cr, x + way * 16, cy - 10);
    cairo_line_to(cr, x, cy);
    cairo_line_to(cr, x + way * 16, cy + 10);
    cairo_close_path(cr);
    cairo_fill(cr);
    cairo_restore(cr);
    return 0;
}

static const refresh_plugin_descriptor lint_descriptor = {
    .struct_size = sizeof(refresh_plugin_descriptor),
    .abi_version = REFRESH_PLUGIN_ABI_VERSION,
    .id = "dev.refreshkit.fixture-lint",
    .name = "Lint fixture",
    .version = "1.0.0",
    .description = "An indicator made to pass or fail one lint check, for the tests.",
    .flags = REFRESH_PLUGIN_MIRRORS_FOR_RTL,
    .create = lint_create,
    .destroy = lint_destroy,
    .refresh_length = lint_length,
    .render = lint_render,
};

REFRESH_PLUGIN_EXPORT const refresh_plugin_descriptor *refresh_plugin_entry(uint32_t host_abi_version, char *error, size_t error_size) {
    (void)host_abi_version; (void)error; (void)error_size;
    return &lint_descriptor;
}
#endif
