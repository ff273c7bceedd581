/* Shared pieces of the purpose-built bad plugins the loader tests use. Each fixture defines
 * FIXTURE_* before including this file to break one thing. */
#ifndef FIXTURE_PLUGIN_H
#define FIXTURE_PLUGIN_H
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include "refresh_plugin.h"

static refresh_instance *fixture_create(const char *json, char *error, size_t size) {
    (void)json;
#ifdef FIXTURE_CREATE_FAILS
    refresh_plugin_set_error(error, size, "the tint is not a colour this plugin likes");
    return NULL;
#else
    (void)error; (void)size;
    return malloc(1);
#endif
}

static void fixture_destroy(refresh_instance *instance) { free(instance); }

static double fixture_length(refresh_instance *instance) {
    (void)instance;
#ifdef FIXTURE_NAN_LENGTH
    return NAN;
#else
    return 60;
#endif
}

static int fixture_render(refresh_instance *instance, const refresh_frame *frame, char *error, size_t size) {
    (void)instance; (void)frame;
#ifdef FIXTURE_RENDER_CRASHES
    volatile int *nowhere = NULL;
    *nowhere = 1;
#endif
#ifdef FIXTURE_RENDER_HANGS
    /* With REFRESHKIT_FIXTURE_STOP_SELF set, a process of its own sends SIGTERM to the process
     * drawing (a user's stop, from outside) as the render begins to hang: the moment is known. */
    if (getenv("REFRESHKIT_FIXTURE_STOP_SELF") && fork() == 0) {
        setsid();  /* a user's signal comes from outside the plugin host's process group */
        char pid[24];
        snprintf(pid, sizeof pid, "%d", (int)getppid());
        char *const argv[] = {"kill", "-TERM", pid, NULL};
        char *const envp[] = {NULL};
        execve("/bin/kill", argv, envp);
        _exit(0);
    }
    for (volatile unsigned long spins = 0;; spins++) {}
#endif
#ifdef FIXTURE_RENDER_FAILS
    refresh_plugin_set_error(error, size, "out of paint");
    return 1;
#else
    (void)error; (void)size;
    return 0;
#endif
}

#ifndef FIXTURE_ABI
#define FIXTURE_ABI REFRESH_PLUGIN_ABI_VERSION
#endif
#ifndef FIXTURE_STRUCT_SIZE
#define FIXTURE_STRUCT_SIZE sizeof(refresh_plugin_descriptor)
#endif

static const refresh_plugin_descriptor fixture_descriptor = {
    .struct_size = FIXTURE_STRUCT_SIZE,
    .abi_version = FIXTURE_ABI,
    .id = "dev.refreshkit.fixture",
    .name = "Fixture",
    .version = "0.0.0",
    .description = "A plugin broken on purpose for the loader tests.",
    .create = fixture_create,
    .destroy = fixture_destroy,
    .refresh_length = fixture_length,
    .render = fixture_render,
};

#ifndef FIXTURE_NO_ENTRY
REFRESH_PLUGIN_EXPORT const refresh_plugin_descriptor *refresh_plugin_entry(uint32_t host_abi_version, char *error, size_t error_size) {
    (void)host_abi_version;
#ifdef FIXTURE_DECLINES
    refresh_plugin_set_error(error, error_size, "this plugin needs a GPU");
    return NULL;
#else
    (void)error; (void)error_size;
    return &fixture_descriptor;
#endif
}
#else
/* Exported under another name: the host must not find the entry. */
REFRESH_PLUGIN_EXPORT const refresh_plugin_descriptor *refresh_plugin_entry_typo(void) { return &fixture_descriptor; }
#endif

#endif
