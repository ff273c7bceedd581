/* What Swift cannot call itself for RefreshKit's plugin-host zygote: prctl is variadic, and
 * handing descriptors across a socket needs the CMSG macros. */
#ifndef REFRESHKIT_PROCESS_CONTROL_H
#define REFRESHKIT_PROCESS_CONTROL_H

#include <sys/types.h>

/* Makes this process the reaper of its orphaned descendants (PR_SET_CHILD_SUBREAPER): a
 * grandchild whose parent ended becomes this process's child, to wait for and signal. 0 or -1. */
int refreshkit_become_subreaper(void);

/* Sends `length` bytes with `count` descriptors (at most 4) on a Unix socket, without SIGPIPE.
 * The bytes sent, or -1 (errno). */
ssize_t refreshkit_send_descriptors(int socket, const void *bytes, size_t length, const int *descriptors, int count);

/* Receives up to `capacity` bytes and up to `capacity_descriptors` descriptors (at most 4) from a
 * Unix socket; `*received` is set to how many descriptors came (each close-on-exec). The bytes
 * received (0: the other end closed), or -1 (errno). */
ssize_t refreshkit_receive_descriptors(int socket, void *bytes, size_t capacity, int *descriptors, int capacity_descriptors, int *received);

#endif
