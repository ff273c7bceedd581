/* What Swift cannot call itself for RefreshKit's plugin-host zygote: prctl is variadic, handing
 * descriptors across a socket needs the CMSG macros, and vfork returns twice; and mallopt, which
 * Swift's Glibc module does not declare. */
#ifndef REFRESHKIT_PROCESS_CONTROL_H
#define REFRESHKIT_PROCESS_CONTROL_H

#include <sys/types.h>

/* Makes this process the reaper of its orphaned descendants (PR_SET_CHILD_SUBREAPER): a
 * grandchild whose parent ended becomes this process's child, to wait for and signal. 0 or -1. */
int refreshkit_become_subreaper(void);

/* Forks a child that is orphaned at once, so it becomes the subreaper's: a middle process made
 * with vfork (it shares this one's memory, so it costs no copy) forks the child and ends. Returns
 * 0 in the child; in the caller the child's pid (or -1, errno), with the middle already ended and
 * `*middle_nanoseconds` set to the CPU it used. One fork's copy of the address space instead of
 * two, and no address space torn down. The caller must be single-threaded. */
pid_t refreshkit_fork_orphan(unsigned long long *middle_nanoseconds);

/* Sends `length` bytes with `count` descriptors (at most 4) on a Unix socket, without SIGPIPE.
 * The bytes sent, or -1 (errno). */
ssize_t refreshkit_send_descriptors(int socket, const void *bytes, size_t length, const int *descriptors, int count);

/* Receives up to `capacity` bytes and up to `capacity_descriptors` descriptors (at most 4) from a
 * Unix socket; `*received` is set to how many descriptors came (each close-on-exec). The bytes
 * received (0: the other end closed), or -1 (errno). */
ssize_t refreshkit_receive_descriptors(int socket, void *bytes, size_t capacity, int *descriptors, int capacity_descriptors, int *received);

/* Has malloc give back every freed block of `threshold` bytes or more at once (mallopt's
 * M_MMAP_THRESHOLD; glibc otherwise raises that threshold as large blocks are freed and keeps
 * them in its heap). 1 or 0. */
int refreshkit_return_large_frees(size_t threshold);

/* A descriptor naming the folder `path` without reading it (O_PATH), to go back to with fchdir:
 * a sandbox that may not read the folder still lets it be named. -1 (errno) when it is not one. */
int refreshkit_open_folder_path(const char *path);

/* The plugin host's sandbox. */
#include "sandbox.h"

#endif
