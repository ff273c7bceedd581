/* `refresh-dump bench`'s anchor for a plugin host's start: a C program that does what any host
 * must to run a plugin (dlopen, the entry point, one instance) and nothing else, says "ready" and
 * waits for its standard input to close. Started by the bench, not by people. */
#include <dlfcn.h>
#include <libgen.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "refresh_plugin.h"

static void ignore_log(void *context, uint32_t level, const char *message) {
    (void)context, (void)level, (void)message;
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: refresh-bench-anchor LIBRARY (started by refresh-dump bench)\n");
        return 2;
    }
    void *library = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        fprintf(stderr, "refresh-bench-anchor: %s\n", dlerror());
        return 1;
    }
    refresh_plugin_entry_fn entry = (refresh_plugin_entry_fn)dlsym(library, REFRESH_PLUGIN_ENTRY_SYMBOL);
    char error[512] = "";
    const refresh_plugin_descriptor *plugin = entry ? entry(REFRESH_PLUGIN_ABI_VERSION, error, sizeof error) : NULL;
    if (plugin == NULL) {
        fprintf(stderr, "refresh-bench-anchor: no plugin in %s %s\n", argv[1], error);
        return 1;
    }
    char folder[4096];
    snprintf(folder, sizeof folder, "%s", argv[1]);
    refresh_host host = { sizeof host, REFRESH_PLUGIN_ABI_VERSION, NULL, ignore_log, dirname(folder), "refresh-bench-anchor", { NULL } };
    refresh_instance *instance = plugin->create_with_host ? plugin->create_with_host(&host, "{}", error, sizeof error)
                                                          : plugin->create("{}", error, sizeof error);
    if (instance == NULL) {
        fprintf(stderr, "refresh-bench-anchor: create failed: %s\n", error);
        return 1;
    }
    puts("ready");
    fflush(stdout);
    char byte;
    while (read(0, &byte, 1) > 0) {}
    plugin->destroy(instance);
    return 0;
}
