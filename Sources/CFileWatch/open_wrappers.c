#define _GNU_SOURCE
/* These are the definitions a fortified header would wrap inline: built unfortified. */
#undef _FORTIFY_SOURCE
#include "open_wrappers.h"
#include "file_watch.h"

#include <dirent.h>
#include <dlfcn.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>
#include <sys/types.h>

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

/* A mode follows the flags only where O_CREAT or O_TMPFILE asks for one (O_TMPFILE holds
 * O_DIRECTORY's bit: a folder opened to be read passes no mode). */
#define MODE(flags) \
    mode_t mode = 0; \
    if (((flags) & O_CREAT) || ((flags) & O_TMPFILE) == O_TMPFILE) { va_list list; va_start(list, flags); mode = va_arg(list, mode_t); va_end(list); }

/* `open` and `open64` (a path, flags and perhaps a mode), `openat` and `openat64` (a folder too). */
#define WRAP_OPEN(name) \
    REAL(int, name, const char *, int, ...) \
    int name(const char *path, int flags, ...) { \
        MODE(flags) \
        int fd = next_##name()(path, flags, mode); \
        refreshkit_file_watch_note(path, fd < 0, writes(flags)); \
        return fd; \
    }
#define WRAP_OPENAT(name) \
    REAL(int, name, int, const char *, int, ...) \
    int name(int folder, const char *path, int flags, ...) { \
        MODE(flags) \
        int fd = next_##name()(folder, path, flags, mode); \
        refreshkit_file_watch_note(path, fd < 0, writes(flags)); \
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
        refreshkit_file_watch_note(path, fd < 0, writes(flags)); \
        return fd; \
    }
WRAP_OPEN_2(__open_2)
WRAP_OPEN_2(__open64_2)

REAL(int, __openat_2, int, const char *, int)
int __openat_2(int folder, const char *path, int flags) {
    int fd = next___openat_2()(folder, path, flags);
    refreshkit_file_watch_note(path, fd < 0, writes(flags));
    return fd;
}

/* `fopen` and `fopen64`. */
#define WRAP_FOPEN(name) \
    REAL(FILE *, name, const char *, const char *) \
    FILE *name(const char *path, const char *mode) { \
        FILE *file = next_##name()(path, mode); \
        refreshkit_file_watch_note(path, file == NULL, writes_mode(mode)); \
        return file; \
    }
WRAP_FOPEN(fopen)
WRAP_FOPEN(fopen64)

REAL(DIR *, opendir, const char *)
DIR *opendir(const char *path) {
    DIR *folder = next_opendir()(path);
    refreshkit_file_watch_note(path, folder == NULL, 0);
    return folder;
}
