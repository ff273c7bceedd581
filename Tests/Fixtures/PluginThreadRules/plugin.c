/* A well-behaved plugin that checks its host keeps refresh_plugin.h's thread promises: every
 * function called from one thread at a time, and an instance only from the thread that created it.
 * Each call counts itself in, stays a little (so that two calls at once are sure to meet), and
 * counts itself out; a call that finds another inside, or an instance called from a thread other
 * than its creator's, is a violation. Every violation is printed on standard error
 * ("thread-rules fixture: ..."), and from the first one on every render fails with its text, so a
 * broken promise fails the command that broke it, in the host's process or in a plugin-host child. */
#include <cairo/cairo.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "refresh_plugin.h"

typedef struct { pthread_t creator; } rules_instance;

static atomic_int rules_inside;
static atomic_int rules_violations;
static char rules_first[200];

static void rules_violation(const char *what, const char *call) {
    char text[200];
    snprintf(text, sizeof text, "%s in %s", what, call);
    if (atomic_fetch_add(&rules_violations, 1) == 0) memcpy(rules_first, text, sizeof text);
    fprintf(stderr, "thread-rules fixture: %s\n", text);
}

/* Counts the call in; checks the instance's thread. */
static void rules_enter(const char *call, const rules_instance *instance) {
    if (atomic_fetch_add(&rules_inside, 1) != 0) rules_violation("two calls at once", call);
    if (instance && !pthread_equal(instance->creator, pthread_self())) rules_violation("an instance called off its creating thread", call);
    /* 50 microseconds inside: long enough that calls from two threads meet. */
    struct timespec start, now;
    clock_gettime(CLOCK_MONOTONIC, &start);
    do clock_gettime(CLOCK_MONOTONIC, &now);
    while ((now.tv_sec - start.tv_sec) * 1000000000L + (now.tv_nsec - start.tv_nsec) < 50000L);
}

static void rules_leave(void) { atomic_fetch_sub(&rules_inside, 1); }

static refresh_instance *rules_create(const char *json, char *error, size_t size) {
    (void)json; (void)error; (void)size;
    rules_enter("create", NULL);
    rules_instance *instance = malloc(sizeof *instance);
    instance->creator = pthread_self();
    rules_leave();
    return instance;
}

static void rules_destroy(refresh_instance *instance) {
    rules_enter("destroy", instance);
    rules_leave();
    free(instance);
}

static double rules_length(refresh_instance *instance) {
    rules_enter("refresh_length", instance);
    rules_leave();
    return 60;
}

static void rules_set_state(refresh_instance *instance, uint32_t state, uint32_t result) {
    (void)state; (void)result;
    rules_enter("set_state", instance);
    rules_leave();
}

static int rules_describe(refresh_instance *instance, uint32_t state, uint32_t result, uint32_t edge, const char *locale, char *text, size_t size) {
    (void)state; (void)result; (void)edge; (void)locale; (void)text; (void)size;
    rules_enter("describe", instance);
    rules_leave();
    return 0;
}

static int rules_render(refresh_instance *instance, const refresh_frame *frame, char *error, size_t size) {
    rules_enter("render", instance);
    cairo_t *cr = frame->cairo;
    cairo_set_source_rgb(cr, 0.2, 0.4, 0.8);
    cairo_arc(cr, frame->width / 2, frame->height / 2, 8 + 8 * (frame->progress < 1 ? frame->progress : 1), 0, 6.283185307179586);
    cairo_fill(cr);
    int failed = atomic_load(&rules_violations) != 0;
    if (failed) snprintf(error, size, "thread rule broken: %s", rules_first);
    rules_leave();
    return failed;
}

static const refresh_plugin_descriptor rules_descriptor = {
    .struct_size = sizeof(refresh_plugin_descriptor),
    .abi_version = REFRESH_PLUGIN_ABI_VERSION,
    .id = "dev.refreshkit.fixture-thread-rules",
    .name = "Thread Rules",
    .version = "1.0.0",
    .description = "Fails when its host calls it from two threads at once or an instance off its thread.",
    .create = rules_create,
    .destroy = rules_destroy,
    .refresh_length = rules_length,
    .render = rules_render,
    .set_state = rules_set_state,
    .describe = rules_describe,
};

REFRESH_PLUGIN_EXPORT const refresh_plugin_descriptor *refresh_plugin_entry(uint32_t host_abi_version, char *error, size_t error_size) {
    (void)host_abi_version; (void)error; (void)error_size;
    rules_enter("refresh_plugin_entry", NULL);
    rules_leave();
    return &rules_descriptor;
}
