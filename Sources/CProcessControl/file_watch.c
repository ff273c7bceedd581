#define _GNU_SOURCE
/* These are the definitions a fortified header would wrap inline: built unfortified. */
#undef _FORTIFY_SOURCE
#include "file_watch.h"

#include <dirent.h>
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>
#include <sys/types.h>

static atomic_int watching;
/* Per kind (0 reading, 1 writing): 0 nothing yet, 1 being written, 2 ready, 3 taken (never again). */
static atomic_int state[2];
static char refused[2][1024];

void refreshkit_file_watch_start(void) { atomic_store(&watching, 1); }

int refreshkit_file_watch_take(int writing, char *path, unsigned long capacity) {
    int kind = writing ? 1 : 0, ready = 2;
    if (capacity == 0 || !atomic_compare_exchange_strong(&state[kind], &ready, 1)) return 0;
    strncpy(path, refused[kind], capacity - 1);
    path[capacity - 1] = '\0';
    atomic_store(&state[kind], 3);
    return 1;
}

/* Remembers `path` when the open failed for want of permission; errno is left as it was. */
static void note(const char *path, int failed, int writing) {
    int error = errno, empty = 0, kind = writing ? 1 : 0;
    if (failed && path != NULL && (error == EACCES || error == EPERM) && atomic_load(&watching)
        && atomic_compare_exchange_strong(&state[kind], &empty, 1)) {
        strncpy(refused[kind], path, sizeof refused[0] - 1);
        atomic_store(&state[kind], 2);
    }
    errno = error;
}

static int writes(int flags) { return (flags & O_ACCMODE) != O_RDONLY || (flags & (O_CREAT | O_TRUNC)) != 0; }
static int writes_mode(const char *mode) { return mode != NULL && (strchr(mode, 'w') || strchr(mode, 'a') || strchr(mode, '+')); }

/* The C library's definition of `name`, looked up once. */
#define REAL(type, name, ...) \
    static _Atomic(type (*)(__VA_ARGS__)) real_##name; \
    static type (*next_##name(void))(__VA_ARGS__) { \
        type (*found)(__VA_ARGS__) = atomic_load(&real_##name); \
        if (found == NULL) { found = (type (*)(__VA_ARGS__))dlsym(RTLD_NEXT, #name); atomic_store(&real_##name, found); } \
        return found; \
    }

/* A mode follows the flags only where O_CREAT or O_TMPFILE asks for one. */
#define MODE(flags) \
    mode_t mode = 0; \
    if ((flags) & (O_CREAT | O_TMPFILE)) { va_list list; va_start(list, flags); mode = va_arg(list, mode_t); va_end(list); }

/* `open` and `open64` (a path, flags and perhaps a mode), `openat` and `openat64` (a folder too). */
#define WRAP_OPEN(name) \
    REAL(int, name, const char *, int, ...) \
    int name(const char *path, int flags, ...) { \
        MODE(flags) \
        int fd = next_##name()(path, flags, mode); \
        note(path, fd < 0, writes(flags)); \
        return fd; \
    }
#define WRAP_OPENAT(name) \
    REAL(int, name, int, const char *, int, ...) \
    int name(int folder, const char *path, int flags, ...) { \
        MODE(flags) \
        int fd = next_##name()(folder, path, flags, mode); \
        note(path, fd < 0, writes(flags)); \
        return fd; \
    }
WRAP_OPEN(open)
WRAP_OPEN(open64)
WRAP_OPENAT(openat)
WRAP_OPENAT(openat64)

/* The fortified forms a build with _FORTIFY_SOURCE calls for an open without a mode. */
#define WRAP_OPEN_2(name) \
    REAL(int, name, const char *, int) \
    int name(const char *path, int flags) { \
        int fd = next_##name()(path, flags); \
        note(path, fd < 0, writes(flags)); \
        return fd; \
    }
WRAP_OPEN_2(__open_2)
WRAP_OPEN_2(__open64_2)

REAL(int, __openat_2, int, const char *, int)
int __openat_2(int folder, const char *path, int flags) {
    int fd = next___openat_2()(folder, path, flags);
    note(path, fd < 0, writes(flags));
    return fd;
}

/* `fopen` and `fopen64`. */
#define WRAP_FOPEN(name) \
    REAL(FILE *, name, const char *, const char *) \
    FILE *name(const char *path, const char *mode) { \
        FILE *file = next_##name()(path, mode); \
        note(path, file == NULL, writes_mode(mode)); \
        return file; \
    }
WRAP_FOPEN(fopen)
WRAP_FOPEN(fopen64)

REAL(DIR *, opendir, const char *)
DIR *opendir(const char *path) {
    DIR *folder = next_opendir()(path);
    note(path, folder == NULL, 0);
    return folder;
}
