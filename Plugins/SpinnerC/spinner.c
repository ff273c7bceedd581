/*
 * SpinnerC — the Spinner indicator in plain C, written against refresh_plugin.h alone.
 *
 * It proves the ABI needs no Swift, and it is the baseline the Swift SDK's spinner is measured
 * against. Its picture matches Plugins/Spinner exactly: same parameters, same geometry.
 */
#include <cairo/cairo.h>
#include <cjson/cJSON.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "refresh_plugin.h"

typedef struct { double r, g, b, a; } color;

typedef struct {
    int spokes;
    double radius, speed;
    color color, dark_color, success_color, failure_color;
} spinner;

static const refresh_param params[] = {
    { sizeof(refresh_param), REFRESH_PARAM_NUMBER, "spokes", "Number of spokes", "8", 8, 12, NULL, 0, 0, { 0 } },
    { sizeof(refresh_param), REFRESH_PARAM_NUMBER, "radius", "Outer radius in points", "11", 4, 40, NULL, 0, 0, { 0 } },
    { sizeof(refresh_param), REFRESH_PARAM_NUMBER, "speed", "Spoke steps per second while refreshing", "12", 1, 60, NULL, 0, 0, { 0 } },
    { sizeof(refresh_param), REFRESH_PARAM_COLOR, "color", "Spoke colour on light backgrounds", "\"#737378\"", 0, 0, NULL, 0, 0, { 0 } },
    { sizeof(refresh_param), REFRESH_PARAM_COLOR, "darkColor", "Spoke colour on dark backgrounds", "\"#AEAEB2\"", 0, 0, NULL, 0, 0, { 0 } },
    { sizeof(refresh_param), REFRESH_PARAM_COLOR, "successColor", "Tick colour", "\"#248A3D\"", 0, 0, NULL, 0, 0, { 0 } },
    { sizeof(refresh_param), REFRESH_PARAM_COLOR, "failureColor", "Cross colour", "\"#FF3B30\"", 0, 0, NULL, 0, 0, { 0 } },
};

/* "#RGB", "#RRGGBB" or "#RRGGBBAA" → colour; returns 0 when the text is not one of those. */
static int parse_color(const char *text, color *out) {
    unsigned v[8];
    size_t n;
    if (text == NULL) return 0;
    if (text[0] == '#') text++;
    n = strlen(text);
    if (n != 3 && n != 6 && n != 8) return 0;
    for (size_t i = 0; i < n; i++) {
        char c = text[i];
        if (c >= '0' && c <= '9') v[i] = (unsigned)(c - '0');
        else if (c >= 'a' && c <= 'f') v[i] = (unsigned)(c - 'a' + 10);
        else if (c >= 'A' && c <= 'F') v[i] = (unsigned)(c - 'A' + 10);
        else return 0;
    }
    if (n == 3) {
        out->r = v[0] * 17 / 255.0; out->g = v[1] * 17 / 255.0; out->b = v[2] * 17 / 255.0; out->a = 1;
    } else {
        out->r = (v[0] * 16 + v[1]) / 255.0; out->g = (v[2] * 16 + v[3]) / 255.0; out->b = (v[4] * 16 + v[5]) / 255.0;
        out->a = n == 8 ? (v[6] * 16 + v[7]) / 255.0 : 1;
    }
    return 1;
}

/* Reads one parameter from the JSON object, falling back to its default. */
static int read_number(const cJSON *object, const char *name, double fallback, double min, double max, double *out, char *error, size_t size) {
    const cJSON *item = cJSON_GetObjectItemCaseSensitive(object, name);
    if (item == NULL) { *out = fallback; return 1; }
    if (!cJSON_IsNumber(item) || !isfinite(item->valuedouble) || item->valuedouble < min || item->valuedouble > max) {
        char message[160];
        snprintf(message, sizeof message, "parameter '%s': expected a number in %g...%g", name, min, max);
        refresh_plugin_set_error(error, size, message);
        return 0;
    }
    *out = item->valuedouble;
    return 1;
}

static int read_color(const cJSON *object, const char *name, const char *fallback, color *out, char *error, size_t size) {
    const cJSON *item = cJSON_GetObjectItemCaseSensitive(object, name);
    const char *text = item == NULL ? fallback : cJSON_GetStringValue(item);
    if (!parse_color(text, out)) {
        char message[160];
        snprintf(message, sizeof message, "parameter '%s': expected a colour like \"#0A84FF\"", name);
        refresh_plugin_set_error(error, size, message);
        return 0;
    }
    return 1;
}

static refresh_instance *create(const char *params_json, char *error, size_t size) {
    cJSON *object = cJSON_Parse(params_json != NULL ? params_json : "{}");
    spinner s;
    double spokes = 8;
    int ok;
    if (object == NULL || !cJSON_IsObject(object)) {
        refresh_plugin_set_error(error, size, "parameters: expected a JSON object");
        cJSON_Delete(object);
        return NULL;
    }
    ok = read_number(object, "spokes", 8, 8, 12, &spokes, error, size)
        && read_number(object, "radius", 11, 4, 40, &s.radius, error, size)
        && read_number(object, "speed", 12, 1, 60, &s.speed, error, size)
        && read_color(object, "color", "#737378", &s.color, error, size)
        && read_color(object, "darkColor", "#AEAEB2", &s.dark_color, error, size)
        && read_color(object, "successColor", "#248A3D", &s.success_color, error, size)
        && read_color(object, "failureColor", "#FF3B30", &s.failure_color, error, size);
    cJSON_Delete(object);
    if (!ok) return NULL;
    s.spokes = (int)lround(spokes);
    spinner *made = malloc(sizeof *made);
    if (made == NULL) { refresh_plugin_set_error(error, size, "out of memory"); return NULL; }
    *made = s;
    return made;
}

static void destroy(refresh_instance *instance) { free(instance); }

static double refresh_length(refresh_instance *instance) { (void)instance; return 60; }

static void set_source(cairo_t *cr, color c, double alpha) {
    double a = c.a * alpha;
    cairo_set_source_rgba(cr, c.r, c.g, c.b, a < 0 ? 0 : a > 1 ? 1 : a);
}

/* Spoke i starts at 12 o'clock and goes clockwise; alphas[i] is its opacity. */
static void draw_spokes(cairo_t *cr, const spinner *s, double cx, double cy, color tint, const double *alphas) {
    double inner = s->radius * 0.45, width = s->radius * 0.2;
    for (int i = 0; i < s->spokes; i++) {
        double angle, c, sn;
        if (alphas[i] <= 0) continue;
        angle = 2 * M_PI * (double)i / (double)s->spokes - M_PI / 2;
        c = cos(angle);
        sn = sin(angle);
        cairo_move_to(cr, cx + inner * c, cy + inner * sn);
        cairo_line_to(cr, cx + s->radius * c, cy + s->radius * sn);
        set_source(cr, tint, alphas[i]);
        cairo_set_line_width(cr, width);
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_MITER);
        cairo_stroke(cr);
    }
}

/* A polyline through points (in units of the radius around the centre), scaled. */
static void draw_mark(cairo_t *cr, const spinner *s, double cx, double cy, color c, double scale, const double *xy, int count) {
    double size = s->radius * scale;
    for (int i = 0; i < count; i++) {
        double x = cx + xy[2 * i] * size, y = cy + xy[2 * i + 1] * size;
        if (i == 0) cairo_move_to(cr, x, y); else cairo_line_to(cr, x, y);
    }
    set_source(cr, c, 1);
    cairo_set_line_width(cr, s->radius * 0.24);
    cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
    cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
    cairo_stroke(cr);
}

static int draw_frame(refresh_instance *instance, const refresh_frame *frame, char *error, size_t size) {
    const spinner *s = instance;
    cairo_t *cr = (cairo_t *)frame->cairo;
    double width = frame->width, height = frame->height, open, top, cx, cy, grow, needed;
    double alphas[12];
    color tint;
    if (cr == NULL) { refresh_plugin_set_error(error, size, "no Cairo context"); return 1; }
    /* Horizontal edges: turn the canvas so the spinner draws as for a top edge. */
    if (frame->edge == REFRESH_EDGE_LEADING || frame->edge == REFRESH_EDGE_TRAILING) {
        if (frame->edge == REFRESH_EDGE_LEADING) {
            cairo_translate(cr, 0, height);
            cairo_rotate(cr, -M_PI / 2);
        } else {
            cairo_translate(cr, width, 0);
            cairo_rotate(cr, M_PI / 2);
        }
        width = frame->height;
        height = frame->width;
    }
    /* The revealed part of the frame (see IndicatorFrame.visibleRect). */
    if (frame->pull_distance > 0) open = frame->pull_distance < height ? frame->pull_distance : height;
    else open = (frame->state == REFRESH_STATE_NONE || frame->state == REFRESH_STATE_UNKNOWN) ? 0 : height;
    top = frame->edge == REFRESH_EDGE_BOTTOM ? 0 : height - open;
    /* A host that says what is seen (placements other than push): its rectangle, turned with the canvas. */
    if (frame->struct_size >= sizeof(refresh_frame) && frame->draw_width > 0 && frame->draw_height >= 0) {
        if (frame->edge == REFRESH_EDGE_LEADING) { top = frame->draw_x; open = frame->draw_width; }
        else if (frame->edge == REFRESH_EDGE_TRAILING) { top = frame->width - frame->draw_x - frame->draw_width; open = frame->draw_width; }
        else { top = frame->draw_y; open = frame->draw_height; }
    }
    if (open <= 0) return 0;
    cx = 0 + width / 2;
    cy = top + open / 2;
    /* Too small a gap: rest against the content (see IndicatorFrame.anchoredCenter). */
    needed = 2 * s->radius + 2 * 4;
    if (open < needed) cy = frame->edge == REFRESH_EDGE_BOTTOM ? top + needed / 2 : (top + open) - needed / 2;
    tint = frame->theme == REFRESH_THEME_DARK ? s->dark_color : s->color;
    grow = frame->reduce_motion ? 1 : (0.6 + 2 * frame->state_time < 1 ? 0.6 + 2 * frame->state_time : 1);

    switch (frame->state) {
    case REFRESH_STATE_PULLING: {
        double p = frame->progress < 0 ? 0 : frame->progress > 1 ? 1 : frame->progress;
        for (int i = 0; i < s->spokes; i++) {
            double a = p * s->spokes - i;
            alphas[i] = a < 0 ? 0 : a > 1 ? 1 : a;
        }
        draw_spokes(cr, s, cx, cy, tint, alphas);
        break;
    }
    case REFRESH_STATE_ELIGIBLE:
        for (int i = 0; i < s->spokes; i++) alphas[i] = 1;
        draw_spokes(cr, s, cx, cy, tint, alphas);
        break;
    case REFRESH_STATE_SECONDARY_ELIGIBLE:
        /* Past the second floor: the spokes, circled. */
        for (int i = 0; i < s->spokes; i++) alphas[i] = 1;
        draw_spokes(cr, s, cx, cy, tint, alphas);
        cairo_new_path(cr);
        cairo_arc(cr, cx, cy, s->radius * 1.35, 0, 2 * M_PI);
        cairo_set_source_rgba(cr, tint.r, tint.g, tint.b, tint.a);
        cairo_set_line_width(cr, s->radius * 0.12);
        cairo_stroke(cr);
        break;
    case REFRESH_STATE_REFRESHING:
        if (frame->reduce_motion) {
            double pulse = 0.55 + 0.45 * cos(2 * M_PI * frame->state_time / 1.6);
            for (int i = 0; i < s->spokes; i++) alphas[i] = pulse;
        } else {
            int head = (int)floor(frame->state_time * s->speed) % s->spokes;
            for (int i = 0; i < s->spokes; i++) alphas[i] = 1 - 0.8 * (double)((head - i + s->spokes) % s->spokes) / (double)s->spokes;
        }
        draw_spokes(cr, s, cx, cy, tint, alphas);
        break;
    case REFRESH_STATE_FINISHED:
        if (frame->result == REFRESH_RESULT_SUCCESS) {
            static const double tick[] = { -0.5, 0.05, -0.12, 0.42, 0.55, -0.35 };
            draw_mark(cr, s, cx, cy, s->success_color, grow, tick, 3);
        } else if (frame->result == REFRESH_RESULT_FAILURE) {
            static const double a[] = { -0.4, -0.4, 0.4, 0.4 }, b[] = { 0.4, -0.4, -0.4, 0.4 };
            draw_mark(cr, s, cx, cy, s->failure_color, grow, a, 2);
            draw_mark(cr, s, cx, cy, s->failure_color, grow, b, 2);
        } else {
            static const double dash[] = { -0.45, 0, 0.45, 0 };
            draw_mark(cr, s, cx, cy, tint, 1, dash, 2);
        }
        break;
    case REFRESH_STATE_NO_MORE_DATA: {
        static const double dash[] = { -0.45, 0, 0.45, 0 };
        draw_mark(cr, s, cx, cy, tint, 1, dash, 2);
        break;
    }
    default:
        break;
    }
    return 0;
}

/* The host's context is left as it was given: the turn for horizontal edges is undone. */
static int render(refresh_instance *instance, const refresh_frame *frame, char *error, size_t size) {
    cairo_t *cr = (cairo_t *)frame->cairo;
    int status;
    if (cr == NULL) { refresh_plugin_set_error(error, size, "no Cairo context"); return 1; }
    cairo_save(cr);
    status = draw_frame(instance, frame, error, size);
    cairo_restore(cr);
    return status;
}

/* The inspector's words for each entry of params, in order (the Swift Spinner's). */
static const char *const param_labels[] = {"Spokes", "Radius", "Speed", "Colour", "Dark colour", "Success", "Failure"};

static const refresh_plugin_descriptor descriptor = {
    .struct_size = sizeof(refresh_plugin_descriptor),
    .abi_version = REFRESH_PLUGIN_ABI_VERSION,
    .id = "dev.refreshkit.spinner-c",
    .name = "Spinner (C)",
    .version = "1.0.0",
    .description = "The Spinner indicator written in plain C against refresh_plugin.h.",
    .params = params,
    .param_count = sizeof params / sizeof params[0],
    .create = create,
    .destroy = destroy,
    .refresh_length = refresh_length,
    .set_state = NULL,
    .render = render,
    .param_labels = param_labels,
};

REFRESH_PLUGIN_EXPORT const refresh_plugin_descriptor *refresh_plugin_entry(uint32_t host_abi_version, char *error, size_t error_size) {
    if (host_abi_version < REFRESH_PLUGIN_ABI_VERSION_MIN) {
        refresh_plugin_set_error(error, error_size, "SpinnerC needs a host with plugin ABI 1 or newer");
        return NULL;
    }
    return &descriptor;
}
