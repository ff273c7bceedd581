/* A plugin that tries one thing its sandbox must refuse, named by REFRESHKIT_FIXTURE_ATTEMPT, in
 * its library constructor (REFRESHKIT_FIXTURE_AT=load) or in its first render (the default), and
 * says on its standard error what it saw: "hostile ATTEMPT: ok" or "hostile ATTEMPT: <errno's words>".
 *   read-secret  reads $HOME/secret.txt and, if it can, prints it
 *   write        creates $HOME/written.txt
 *   connect      connects to 127.0.0.1:$REFRESHKIT_FIXTURE_PORT and sends "secret"
 *   exec         execve("/bin/sh", "-c", "touch $HOME/exec-ran")
 *   fork         forks a child that touches $HOME/forked and sleeps 60 s
 *   kill-parent  SIGUSR1 to its parent (the tool hosting it)
 *   kill-all     SIGTERM to every process it may signal (kill(-1))
 *   ptrace       PTRACE_ATTACH to its parent
 *   proc-mem     opens /proc/<parent>/mem
 *   shared-memory  makes a System V shared memory segment (and removes it at once if it could)
 *   read-own     reads its own /proc/self/status (allowed: the sandbox's /proc/self is the plugin's)
 *   print        writes 1 MB of 'x' to its standard output
 *   print-errors writes 1 MB of 'e' to its standard error */
#include <cairo/cairo.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ptrace.h>
#include <sys/shm.h>
#include <sys/socket.h>
#include <unistd.h>
#include "fixture_hostile.h"
#include "refresh_plugin.h"

static void say(const char *attempt, int failed) {
    fprintf(stderr, "hostile %s: %s\n", attempt, failed ? strerror(errno) : "ok");
    fflush(stderr);
}

static void path_in_home(char *path, size_t size, const char *name) {
    const char *home = getenv("HOME");
    snprintf(path, size, "%s/%s", home ? home : "/nonexistent", name);
}

static void attempt(void) {
    const char *what = getenv("REFRESHKIT_FIXTURE_ATTEMPT");
    if (!what) return;
    char path[4096];
    if (strcmp(what, "read-secret") == 0) {
        path_in_home(path, sizeof path, "secret.txt");
        int file = open(path, O_RDONLY);
        char secret[256] = {0};
        if (file >= 0 && read(file, secret, sizeof secret - 1) >= 0) fprintf(stderr, "hostile read the secret: %s\n", secret);
        say(what, file < 0);
    } else if (strcmp(what, "write") == 0) {
        path_in_home(path, sizeof path, "written.txt");
        int file = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
        say(what, file < 0);
    } else if (strcmp(what, "connect") == 0) {
        int sock = socket(AF_INET, SOCK_STREAM, 0);
        if (sock < 0) return say(what, 1);
        struct sockaddr_in address = {.sin_family = AF_INET, .sin_port = htons((unsigned short)atoi(getenv("REFRESHKIT_FIXTURE_PORT") ? getenv("REFRESHKIT_FIXTURE_PORT") : "9"))};
        address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        int failed = connect(sock, (struct sockaddr *)&address, sizeof address) != 0;
        if (!failed) failed = send(sock, "secret", 6, 0) != 6;
        say(what, failed);
    } else if (strcmp(what, "exec") == 0) {
        path_in_home(path, sizeof path, "exec-ran");
        char command[4200];
        snprintf(command, sizeof command, "touch %s", path);
        char *const argv[] = {"sh", "-c", command, NULL};
        execve("/bin/sh", argv, NULL);
        say(what, 1);
    } else if (strcmp(what, "fork") == 0) {
        path_in_home(path, sizeof path, "forked");
        pid_t child = fork();
        if (child == 0) {
            close(open(path, O_WRONLY | O_CREAT, 0600));
            sleep(60);
            _exit(0);
        }
        say(what, child < 0);
    } else if (strcmp(what, "kill-parent") == 0) {
        say(what, kill(getppid(), SIGUSR1) != 0);
    } else if (strcmp(what, "kill-all") == 0) {
        say(what, kill(-1, SIGTERM) != 0);
    } else if (strcmp(what, "ptrace") == 0) {
        say(what, ptrace(PTRACE_ATTACH, getppid(), NULL, NULL) != 0);
    } else if (strcmp(what, "proc-mem") == 0) {
        snprintf(path, sizeof path, "/proc/%d/mem", (int)getppid());
        say(what, open(path, O_RDONLY) < 0);
    } else if (strcmp(what, "read-own") == 0) {
        /* Its own status names its own pid: a /proc/self of another process (the zygote's) would not. */
        char status[4096] = {0}, own[64];
        int file = open("/proc/self/status", O_RDONLY);
        ssize_t got = file >= 0 ? read(file, status, sizeof status - 1) : -1;
        snprintf(own, sizeof own, "\nPid:\t%d\n", (int)getpid());
        if (got >= 0 && !strstr(status, own)) errno = ESRCH;
        say(what, got < 0 || !strstr(status, own));
    } else if (strcmp(what, "shared-memory") == 0) {
        /* System V shared memory: a channel to any process of the user's, outlasting this one. */
        int segment = shmget(IPC_PRIVATE, 4096, IPC_CREAT | 0600);
        if (segment >= 0) shmctl(segment, IPC_RMID, NULL);
        say(what, segment < 0);
    } else if (strcmp(what, "print-errors") == 0) {
        static char line[1024];
        memset(line, 'e', sizeof line - 1);
        line[sizeof line - 1] = '\n';
        for (int count = 0; count < 1024; count++) fwrite(line, 1, sizeof line, stderr);
        say(what, 0);
    } else if (strcmp(what, "print") == 0) {
        static char line[1024];
        memset(line, 'x', sizeof line - 1);
        line[sizeof line - 1] = '\n';
        for (int count = 0; count < 1024; count++) fwrite(line, 1, sizeof line, stdout);
        fflush(stdout);
        say(what, 0);
    }
}

__attribute__((constructor)) static void hostile_at_load(void) {
    const char *at = getenv("REFRESHKIT_FIXTURE_AT");
    if (at && strcmp(at, "load") == 0) attempt();
}

static int hostile_renders = 0;

static refresh_instance *hostile_create(const char *json, char *error, size_t size) {
    (void)json; (void)error; (void)size;
    return malloc(1);
}

static void hostile_destroy(refresh_instance *instance) { free(instance); }

static double hostile_length(refresh_instance *instance) {
    (void)instance;
    return 60;
}

static int hostile_render(refresh_instance *instance, const refresh_frame *frame, char *error, size_t size) {
    (void)instance; (void)error; (void)size;
    const char *at = getenv("REFRESHKIT_FIXTURE_AT");
    if (hostile_renders++ == 0 && !(at && strcmp(at, "load") == 0)) attempt();
    cairo_set_source_rgb(frame->cairo, 0, 0.5, 1);
    cairo_rectangle(frame->cairo, 10, 10, 20, 20);
    cairo_fill(frame->cairo);
    return 0;
}

static const refresh_plugin_descriptor hostile_descriptor = {
    .struct_size = sizeof(refresh_plugin_descriptor),
    .abi_version = REFRESH_PLUGIN_ABI_VERSION,
    .id = "dev.refreshkit.fixture-hostile",
    .name = "Hostile",
    .version = "1.0.0",
    .description = "A plugin that tries what its sandbox must refuse, for the tests.",
    .create = hostile_create,
    .destroy = hostile_destroy,
    .refresh_length = hostile_length,
    .render = hostile_render,
};

REFRESH_PLUGIN_EXPORT const refresh_plugin_descriptor *refresh_plugin_entry(uint32_t host_abi_version, char *error, size_t error_size) {
    (void)host_abi_version; (void)error; (void)error_size;
    return &hostile_descriptor;
}
