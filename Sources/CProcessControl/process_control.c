#define _GNU_SOURCE
#include "process_control.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <malloc.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

enum { most_descriptors = 4 };

int refreshkit_become_subreaper(void) {
    return prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
}

pid_t refreshkit_fork_orphan(unsigned long long *middle_nanoseconds) {
    /* Written by the middle, which shares this frame until it ends. */
    volatile pid_t child = -1;
    volatile int error = 0;
    *middle_nanoseconds = 0;
    pid_t middle = vfork();
    if (middle == 0) {
        pid_t forked = fork();
        if (forked == 0) return 0;
        child = forked;
        error = forked < 0 ? errno : 0;
        _exit(0);
    }
    if (middle < 0) return -1;
    struct rusage usage;
    while (wait4(middle, NULL, 0, &usage) < 0 && errno == EINTR) {}
    *middle_nanoseconds = (unsigned long long)(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1000000000ULL
        + (unsigned long long)(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) * 1000ULL;
    if (child < 0) errno = error;
    return child;
}

ssize_t refreshkit_send_descriptors(int socket, const void *bytes, size_t length, const int *descriptors, int count) {
    if (count < 0 || count > most_descriptors) { errno = EINVAL; return -1; }
    union { struct cmsghdr header; char space[CMSG_SPACE(sizeof(int) * most_descriptors)]; } control;
    memset(&control, 0, sizeof control);
    struct iovec part = { .iov_base = (void *)bytes, .iov_len = length };
    struct msghdr message = { .msg_iov = &part, .msg_iovlen = 1 };
    if (count > 0) {
        message.msg_control = control.space;
        message.msg_controllen = CMSG_SPACE(sizeof(int) * count);
        struct cmsghdr *header = CMSG_FIRSTHDR(&message);
        header->cmsg_level = SOL_SOCKET;
        header->cmsg_type = SCM_RIGHTS;
        header->cmsg_len = CMSG_LEN(sizeof(int) * count);
        memcpy(CMSG_DATA(header), descriptors, sizeof(int) * count);
    }
    ssize_t sent;
    do { sent = sendmsg(socket, &message, MSG_NOSIGNAL); } while (sent < 0 && errno == EINTR);
    return sent;
}

ssize_t refreshkit_receive_descriptors(int socket, void *bytes, size_t capacity, int *descriptors, int capacity_descriptors, int *received) {
    *received = 0;
    union { struct cmsghdr header; char space[CMSG_SPACE(sizeof(int) * most_descriptors)]; } control;
    struct iovec part = { .iov_base = bytes, .iov_len = capacity };
    struct msghdr message = { .msg_iov = &part, .msg_iovlen = 1, .msg_control = control.space, .msg_controllen = sizeof control.space };
    ssize_t got;
    do { got = recvmsg(socket, &message, MSG_CMSG_CLOEXEC); } while (got < 0 && errno == EINTR);
    if (got < 0) return got;
    for (struct cmsghdr *header = CMSG_FIRSTHDR(&message); header; header = CMSG_NXTHDR(&message, header)) {
        if (header->cmsg_level != SOL_SOCKET || header->cmsg_type != SCM_RIGHTS) continue;
        int count = (int)((header->cmsg_len - CMSG_LEN(0)) / sizeof(int));
        int fds[most_descriptors * 2];
        if (count > most_descriptors * 2) count = most_descriptors * 2;
        memcpy(fds, CMSG_DATA(header), sizeof(int) * count);
        for (int i = 0; i < count; i++) {
            if (*received < capacity_descriptors) descriptors[(*received)++] = fds[i];
            else close(fds[i]);  /* more than asked for: not kept open by accident */
        }
    }
    return got;
}

int refreshkit_return_large_frees(size_t threshold) {
    return mallopt(M_MMAP_THRESHOLD, threshold > INT_MAX ? INT_MAX : (int)threshold);
}

int refreshkit_open_folder_path(const char *path) {
    return open(path, O_PATH | O_DIRECTORY | O_CLOEXEC);
}
