#define _GNU_SOURCE
#include "file_watch.h"

#include <errno.h>
#include <stdatomic.h>
#include <string.h>

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

void refreshkit_file_watch_note(const char *path, int failed, int writing) {
    int error = errno, empty = 0, kind = writing ? 1 : 0;
    if (failed && path != NULL && (error == EACCES || error == EPERM) && atomic_load(&watching)
        && atomic_compare_exchange_strong(&state[kind], &empty, 1)) {
        strncpy(refused[kind], path, sizeof refused[0] - 1);
        atomic_store(&state[kind], 2);
    }
    errno = error;
}
