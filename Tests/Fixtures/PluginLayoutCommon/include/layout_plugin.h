/* A working plugin with three parameters, compiled against a copy of refresh_plugin.h whose
 * structs are larger (a "future" plugin) or smaller (a "past" one) than the host's. Include the
 * copy first and define LAYOUT_NAME. The host must read each struct by the size it declares and
 * walk the parameters by their declared size: read by its own, the parameter list is garbage. */
#ifndef LAYOUT_PLUGIN_H
#define LAYOUT_PLUGIN_H
#include <cairo/cairo.h>
#include <stdlib.h>
#include <string.h>

typedef struct layout_instance { double size; } layout_instance;

static const char *const layout_shapes[] = { "square", "wide" };

static const refresh_param layout_params[] = {
    { .struct_size = sizeof(refresh_param), .type = REFRESH_PARAM_NUMBER, .name = "size", .help = "Side of the square, points",
      .default_json = "10", .min = 1, .max = 100 },
    { .struct_size = sizeof(refresh_param), .type = REFRESH_PARAM_CHOICE, .name = "shape", .help = "Its shape",
      .default_json = "\"square\"", .choices = layout_shapes, .choice_count = 2 },
    { .struct_size = sizeof(refresh_param), .type = REFRESH_PARAM_BOOL, .name = "solid", .help = "Filled",
      .default_json = "true" },
};

/* The host sends every parameter; "size" is the only one this plugin draws with. */
static refresh_instance *layout_create(const char *json, char *error, size_t error_size) {
    layout_instance *instance = malloc(sizeof *instance);
    const char *size = json ? strstr(json, "\"size\":") : NULL;
    if (instance == NULL || size == NULL) {
        refresh_plugin_set_error(error, error_size, "no size in the parameters");
        free(instance);
        return NULL;
    }
    instance->size = strtod(size + 7, NULL);
    return instance;
}

static void layout_destroy(refresh_instance *instance) { free(instance); }
static double layout_length(refresh_instance *instance) { (void)instance; return 60; }

/* Reads the host's frame as this plugin's refresh_frame, but no further than the host wrote. */
static int layout_render(refresh_instance *instance, const refresh_frame *host_frame, char *error, size_t error_size) {
    refresh_frame frame;
    memset(&frame, 0, sizeof frame);
    size_t known = host_frame->struct_size < sizeof frame ? host_frame->struct_size : sizeof frame;
    memcpy(&frame, host_frame, known);
    if (frame.width <= 0 || frame.height <= 0 || frame.scale <= 0 || frame.cairo == NULL) {
        refresh_plugin_set_error(error, error_size, "the frame does not read right");
        return 1;
    }
    double side = ((layout_instance *)instance)->size;
    cairo_set_source_rgb(frame.cairo, 0, 0, 0);
    cairo_rectangle(frame.cairo, 0, 0, side, side);
    cairo_fill(frame.cairo);
    return 0;
}

static const refresh_plugin_descriptor layout_descriptor = {
    .struct_size = sizeof(refresh_plugin_descriptor),
    .abi_version = REFRESH_PLUGIN_ABI_VERSION,
    .id = "dev.refreshkit.fixture-" LAYOUT_NAME,
    .name = "Layout " LAYOUT_NAME,
    .version = "1.0.0",
    .description = "Structs of another size than the host's.",
    .params = layout_params,
    .param_count = 3,
    .create = layout_create,
    .destroy = layout_destroy,
    .refresh_length = layout_length,
    .render = layout_render,
};

REFRESH_PLUGIN_EXPORT const refresh_plugin_descriptor *refresh_plugin_entry(uint32_t host_abi_version, char *error, size_t error_size) {
    (void)host_abi_version; (void)error; (void)error_size;
    return &layout_descriptor;
}
#endif
