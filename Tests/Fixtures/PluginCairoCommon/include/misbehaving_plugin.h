/* Plugins that load, draw and return 0 but harm or test their host in one way each; a fixture
 * defines one MISBEHAVE_* before including this file.
 *   MISBEHAVE_UNTIDY          cairo_save without restore, operator CLEAR, a zero scale
 *   MISBEHAVE_PAINTS_OUTSIDE  cairo_reset_clip, then paints everything red
 *   MISBEHAVE_PROCESS         chdir("/"), setlocale(LC_ALL, "C.UTF-8"), SIGUSR1 ignored
 *   MISBEHAVE_EXITS           exit(0) in the third render
 *   MISBEHAVE_NONDETERMINISTIC  (otherwise well behaved) its square's colours are the clock's nanoseconds
 *   MISBEHAVE_STOPS_HOST      SIGTERM to its parent in the twentieth render, when the environment
 *                             has REFRESHKIT_FIXTURE_STOP_HOST (a user's Ctrl-C, at a known frame;
 *                             "user:COMMAND" sends it to the nearest ancestor running COMMAND)
 *   MISBEHAVE_HUGE_LENGTH     a refresh length of 1e308
 *   MISBEHAVE_ESCAPES         an ANSI escape in its name, a byte that is not UTF-8 in its version
 *   MISBEHAVE_LOGS            (well behaved) logs through refresh_host and reports its folder
 *   MISBEHAVE_CONSTRUCTOR     crashes in a library constructor, before any host call
 *   MISBEHAVE_CONSTRUCTOR_HANGS  never returns from a library constructor
 *   MISBEHAVE_BLOCKS          (otherwise well behaved) each render waits 5 ms without using CPU,
 *                             as a render blocked on a lock, a file or the network does; 400 ms
 *                             for a frame at 1000 s or later; only while refreshing with
 *                             REFRESHKIT_FIXTURE_BLOCK_WHILE=refreshing, on 85 frames in 100
 *                             with REFRESHKIT_FIXTURE_BLOCK_WHILE=most
 *   MISBEHAVE_DESTROY_ABORTS  (otherwise well behaved) abort() in destroy */
#ifndef MISBEHAVING_PLUGIN_H
#define MISBEHAVING_PLUGIN_H
#include <cairo/cairo.h>
#include <locale.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "refresh_plugin.h"

static int misbehaving_frames = 0;

#ifdef MISBEHAVE_CONSTRUCTOR
__attribute__((constructor)) static void misbehaving_constructor(void) { volatile int *nowhere = NULL; *nowhere = 1; }
#endif
#ifdef MISBEHAVE_CONSTRUCTOR_HANGS
__attribute__((constructor)) static void misbehaving_constructor(void) { for (volatile unsigned long spins = 0;; spins++) {} }
#endif

static refresh_instance *misbehaving_create(const char *json, char *error, size_t size) {
    (void)json; (void)error; (void)size;
#ifdef MISBEHAVE_CREATE_ABORTS
    abort();
#endif
#ifdef MISBEHAVE_CREATE_HANGS
    for (volatile unsigned long spins = 0;; spins++) {}
#endif
    return malloc(1);
}

static refresh_instance *misbehaving_create_with_host(const refresh_host *host, const char *json, char *error, size_t size) {
#ifdef MISBEHAVE_LOGS
    char line[600];
    snprintf(line, sizeof line, "resources in %s (host ABI %u, %s)", host->resource_dir, host->abi_version, host->host_name);
    host->log(host->context, REFRESH_LOG_INFO, line);
    host->log(host->context, REFRESH_LOG_WARNING, "a \x1b[31mwarning\x1b[0m with an escape");
#else
    (void)host;
#endif
    return misbehaving_create(json, error, size);
}

static void misbehaving_destroy(refresh_instance *instance) {
#ifdef MISBEHAVE_DESTROY_ABORTS
    abort();
#endif
    free(instance);
}

static double misbehaving_length(refresh_instance *instance) {
    (void)instance;
#ifdef MISBEHAVE_HUGE_LENGTH
    return 1e308;
#else
    return 60;
#endif
}

#ifdef MISBEHAVE_STOPS_HOST
/* The nearest process above this one whose command's first argument is `command` (refresh-dump
 * pack runs validate, whose child draws: "user:pack" stops pack itself), else the parent. */
static pid_t misbehaving_ancestor(const char *command) {
    pid_t pid = getppid();
    for (int depth = 0; depth < 8 && pid > 1; depth++) {
        char path[64], line[4096];
        snprintf(path, sizeof path, "/proc/%d/cmdline", (int)pid);
        FILE *file = fopen(path, "r");
        if (!file) break;
        size_t length = fread(line, 1, sizeof line - 1, file);
        fclose(file);
        line[length] = 0;
        size_t first = strlen(line) + 1;
        if (first < length && strcmp(line + first, command) == 0) return pid;
        snprintf(path, sizeof path, "/proc/%d/stat", (int)pid);
        file = fopen(path, "r");
        if (!file) break;
        int parent = 0;
        /* pid (comm) state ppid: comm may hold spaces and parentheses, so read from the last ')'. */
        length = fread(line, 1, sizeof line - 1, file);
        fclose(file);
        line[length] = 0;
        char *close = strrchr(line, ')');
        if (!close || sscanf(close + 1, " %*c %d", &parent) != 1) break;
        pid = parent;
    }
    return getppid();
}
#endif

static int misbehaving_render(refresh_instance *instance, const refresh_frame *frame, char *error, size_t size) {
    (void)instance; (void)error; (void)size;
    cairo_t *cr = frame->cairo;
    misbehaving_frames++;
#ifdef MISBEHAVE_BLOCKS
    /* A frame at 1000 s or later waits 400 ms: far longer than a frame, for the preview's tests.
     * REFRESHKIT_FIXTURE_BLOCK_WHILE=refreshing: only refreshing frames wait (a spinner on a lock). */
    const char *only = getenv("REFRESHKIT_FIXTURE_BLOCK_WHILE");
    if (!only || (strcmp(only, "refreshing") == 0 && frame->state == REFRESH_STATE_REFRESHING)
        || (strcmp(only, "most") == 0 && misbehaving_frames % 100 < 85)) {
        struct timespec wait = {0, (frame->time >= 1000 ? 400 : 5) * 1000 * 1000};
        while (nanosleep(&wait, &wait) != 0) {}
    }
#endif
#ifdef MISBEHAVE_NONDETERMINISTIC
    /* The whole clock in nanoseconds, 24 bits a half of the square: two renders a millisecond or
     * more apart always differ (a single channel of it repeated one render in 200). */
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    unsigned long long stamp = (unsigned long long)now.tv_sec * 1000000000ull + (unsigned long long)now.tv_nsec;
    for (int half = 0; half < 2; half++) {
        unsigned long long bits = stamp >> (24 * half);
        cairo_set_source_rgb(cr, (double)((bits >> 16) & 255) / 255.0, (double)((bits >> 8) & 255) / 255.0, (double)(bits & 255) / 255.0);
        cairo_rectangle(cr, 10 + 10 * half, 10, 10, 20);
        cairo_fill(cr);
    }
#else
    cairo_set_source_rgb(cr, 0, 0, 1);
    cairo_rectangle(cr, 10, 10, 20, 20);
    cairo_fill(cr);
#endif
#ifdef MISBEHAVE_UNTIDY
    cairo_save(cr);
    cairo_set_operator(cr, CAIRO_OPERATOR_CLEAR);
    cairo_scale(cr, 0, 0);
#endif
#ifdef MISBEHAVE_PAINTS_OUTSIDE
    cairo_reset_clip(cr);
    cairo_set_source_rgb(cr, 1, 0, 0);
    cairo_paint(cr);
#endif
#ifdef MISBEHAVE_PROCESS
    if (chdir("/") != 0) return 1;
    setlocale(LC_ALL, "C.UTF-8");
    signal(SIGUSR1, SIG_IGN);
#endif
#ifdef MISBEHAVE_EXITS
    if (misbehaving_frames == 3) exit(0);
#endif
#ifdef MISBEHAVE_STOPS_HOST
    /* Only when asked: a plugin in the test process itself must never signal the test runner.
     * "user": a process of its own sends the signal, as a user's Ctrl-C or a CI's cancel comes from
     * outside (the host ends by it); anything else: the plugin signals its host itself (its fault). */
    const char *stop = getenv("REFRESHKIT_FIXTURE_STOP_HOST");
    if (misbehaving_frames == 20 && stop) {
        pid_t host = strncmp(stop, "user:", 5) == 0 ? misbehaving_ancestor(stop + 5) : getppid();
        if (strncmp(stop, "user:", 5) == 0) stop = "user";
        if (strcmp(stop, "user") != 0) kill(host, SIGTERM);
        else if (fork() == 0) {
            /* A session of its own: a user's signal comes from outside the plugin host's process
             * group and session (a signal from inside them is the plugin's). */
            setsid();
            /* kill(1) with an empty environment: a test that looks for processes left by the
             * command (by a mark in their environment) does not find this one while it ends. */
            char pid[24];
            snprintf(pid, sizeof pid, "%d", (int)host);
            char *const argv[] = {"kill", "-TERM", pid, NULL};
            char *const envp[] = {NULL};
            execve("/bin/kill", argv, envp);
            kill(host, SIGTERM);
            _exit(0);
        }
    }
#endif
    return 0;
}

#ifdef MISBEHAVE_ESCAPES
#define MISBEHAVING_NAME "Evil \x1b[2J\x1b[31mred"
#define MISBEHAVING_VERSION "1.0\xff"
#else
#define MISBEHAVING_NAME "Misbehaving"
#define MISBEHAVING_VERSION "1.0.0"
#endif

static const refresh_plugin_descriptor misbehaving_descriptor = {
    .struct_size = sizeof(refresh_plugin_descriptor),
    .abi_version = REFRESH_PLUGIN_ABI_VERSION,
    .id = "dev.refreshkit.fixture-misbehaving",
    .name = MISBEHAVING_NAME,
    .version = MISBEHAVING_VERSION,
    .description = "A plugin that harms its host on purpose, for the tests.",
    .create = misbehaving_create,
    .destroy = misbehaving_destroy,
    .refresh_length = misbehaving_length,
    .render = misbehaving_render,
    .create_with_host = misbehaving_create_with_host,
};

REFRESH_PLUGIN_EXPORT const refresh_plugin_descriptor *refresh_plugin_entry(uint32_t host_abi_version, char *error, size_t error_size) {
    (void)host_abi_version; (void)error; (void)error_size;
    return &misbehaving_descriptor;
}
#endif
