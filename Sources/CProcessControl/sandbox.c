#define _GNU_SOURCE
#include "sandbox.h"

#include <errno.h>
#include <fcntl.h>
#include <linux/filter.h>
#include <linux/landlock.h>
#include <linux/seccomp.h>
#include <termios.h>
#include <sys/mman.h>
#include <sched.h>
#include <seccomp.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <ucontext.h>
#include <unistd.h>

/* Landlock's words past the ABI Debian's headers know (bookworm's stop at ABI 2). */
enum {
    access_fs_truncate = 1 << 14,   /* ABI 3 */
    access_fs_ioctl_dev = 1 << 15,  /* ABI 5 */
    access_net_bind_tcp = 1 << 0,   /* ABI 4 */
    access_net_connect_tcp = 1 << 1,
    scope_abstract_unix_socket = 1 << 0,  /* ABI 6 */
    scope_signal = 1 << 1,
};

/* The ruleset's attributes as ABI 6 has them; the kernel reads as many bytes as it is given. */
struct ruleset_attributes {
    uint64_t handled_access_fs;
    uint64_t handled_access_net;
    uint64_t scoped;
};

/* The system calls refused so far, one bit each; the SIGSYS handler sets them, the host takes them. */
static _Atomic uint64_t refused_calls[8];

static void refuse(int signal, siginfo_t *info, void *context) {
    (void)signal;
    int call = info->si_syscall;
    if (call >= 0 && call < 512) atomic_fetch_or(&refused_calls[call / 64], 1ULL << (call % 64));
    ucontext_t *machine = context;
#if defined(__x86_64__)
    machine->uc_mcontext.gregs[REG_RAX] = -EPERM;
#elif defined(__aarch64__)
    machine->uc_mcontext.regs[0] = (unsigned long long)-EPERM;
#endif
}

int refreshkit_sandbox_take_refused(unsigned long long calls[8]) {
    int any = 0;
    for (int word = 0; word < 8; word++) {
        calls[word] = atomic_exchange(&refused_calls[word], 0);
        any |= calls[word] != 0;
    }
    return any;
}

int refreshkit_landlock_abi(void) {
    long abi = syscall(SYS_landlock_create_ruleset, NULL, 0, LANDLOCK_CREATE_RULESET_VERSION);
    return abi < 0 ? 0 : (int)abi;
}

/* Every file right the kernel's ABI knows, so that a right left out is refused, not ignored. */
static uint64_t file_rights(int abi) {
    uint64_t rights = (LANDLOCK_ACCESS_FS_MAKE_SYM << 1) - 1;  /* ABI 1: execute … make a symlink */
    if (abi >= 2) rights |= LANDLOCK_ACCESS_FS_REFER;
    if (abi >= 3) rights |= access_fs_truncate;
    if (abi >= 5) rights |= access_fs_ioctl_dev;
    return rights;
}

/* The places `refreshkit_sandbox_prepare_files` opened, with the rights each is given: ruled on
 * by every child forked after, where opening them again costs a path walk and two calls each. */
static int prepared_places[256];
static uint64_t prepared_rights[256];
static int prepared_place_count;

/* `path` opened as a place (O_PATH) and the read rights it is given (a folder's contents too), or -1. */
static int open_place(const char *path, uint64_t *rights) {
    int place = open(path, O_PATH | O_CLOEXEC);
    if (place < 0) return -1;  /* a folder this system does not have */
    struct stat kind;
    *rights = LANDLOCK_ACCESS_FS_READ_FILE;
    if (fstat(place, &kind) == 0 && S_ISDIR(kind.st_mode)) *rights |= LANDLOCK_ACCESS_FS_READ_DIR;
    return place;
}

static void add_rule(int ruleset, int place, uint64_t rights) {
    struct landlock_path_beneath_attr rule = {.parent_fd = place, .allowed_access = rights};
    syscall(SYS_landlock_add_rule, ruleset, LANDLOCK_RULE_PATH_BENEATH, &rule, 0);
}

/* Held from this number up: clear of the numbers a child puts its socket and pixels at (0–3). */
enum { first_prepared_place = 512 };

int refreshkit_sandbox_prepare_files(const char *const *readable, int count) {
    if (prepared_place_count > 0 || count > (int)(sizeof prepared_places / sizeof *prepared_places)) return -1;
    for (int index = 0; index < count; index++) {
        uint64_t rights;
        int opened = open_place(readable[index], &rights);
        if (opened < 0) continue;
        int place = fcntl(opened, F_DUPFD_CLOEXEC, first_prepared_place);
        close(opened);
        if (place < 0) {
            /* A low limit on descriptors: every child opens the places itself, as without this. */
            for (int held = 0; held < prepared_place_count; held++) close(prepared_places[held]);
            prepared_place_count = 0;
            return -1;
        }
        prepared_places[prepared_place_count] = place;
        prepared_rights[prepared_place_count++] = rights;
    }
    return prepared_place_count;
}

int refreshkit_sandbox_holds_files(void) { return prepared_place_count > 0; }

/* `refreshkit_sandbox_files` but for giving the held places up. */
static int confine_files(const char *const *readable, int count) {
    if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) return -1;
    int abi = refreshkit_landlock_abi();
    if (abi < 1) return -1;
    struct ruleset_attributes attributes = {.handled_access_fs = file_rights(abi)};
    size_t size = sizeof(uint64_t);
    if (abi >= 4) {
        attributes.handled_access_net = access_net_bind_tcp | access_net_connect_tcp;
        size = 2 * sizeof(uint64_t);
    }
    if (abi >= 6) {
        attributes.scoped = scope_abstract_unix_socket | scope_signal;
        size = sizeof attributes;
    }
    int ruleset = (int)syscall(SYS_landlock_create_ruleset, &attributes, size, 0);
    if (ruleset < 0) return -1;
    for (int index = 0; index < prepared_place_count; index++) add_rule(ruleset, prepared_places[index], prepared_rights[index]);
    for (int index = 0; index < count; index++) {
        uint64_t rights;
        int place = open_place(readable[index], &rights);
        if (place < 0) continue;
        add_rule(ruleset, place, rights);
        close(place);
    }
    int status = (int)syscall(SYS_landlock_restrict_self, ruleset, 0);
    close(ruleset);
    return status < 0 ? -1 : abi;
}

int refreshkit_sandbox_files(const char *const *readable, int count) {
    int abi = confine_files(readable, count);
    /* The zygote's places are its own: the plugin gets none of them, confined or not (a kernel
     * without Landlock returns early, and the places went with it into the plugin's process). */
    for (int index = 0; index < prepared_place_count; index++) close(prepared_places[index]);
    prepared_place_count = 0;
    return abi;
}

/* Adds a rule for `call` with `action`; a call this architecture lacks is skipped. */
static int rule(scmp_filter_ctx filter, uint32_t action, int call, unsigned count, const struct scmp_arg_cmp *compare) {
    if (call < 0) return 0;
    return seccomp_rule_add_exact_array(filter, action, call, count, compare);
}

/* The pid the filter is built with, put in place of the child's own when it is loaded: a
 * number no other constant of the program has (call numbers, flags, the architecture, actions). */
enum { placeholder_pid = 0x5eed5eed };

/* The filter as BPF, built once (in the zygote, before it forks) and loaded by each child. */
static struct sock_filter *prepared = NULL;
static unsigned short prepared_length = 0;

/* An allow-list: what loading and drawing need, found by tracing every built-in through render,
 * sweep, run, validate, lint and export, with the calls of the same kind beside them. Any other
 * call is refused through the SIGSYS handler, which names it and fails it with EPERM. */
static const char *const allowed[] = {
    /* memory */
    "brk", "mmap", "munmap", "mremap", "mprotect", "madvise", "mincore", "msync", "mlock", "munlock", "membarrier",
    "get_mempolicy",
    /* threads and waiting (clone, below, for threads only) */
    "futex", "futex_waitv", "set_robust_list", "get_robust_list", "set_tid_address", "rseq", "gettid", "exit", "exit_group",
    "sched_yield", "sched_getaffinity", "sched_getparam", "sched_getscheduler", "sched_get_priority_max",
    "sched_get_priority_min", "getpriority", "arch_prctl", "prctl", "restart_syscall",
    /* time */
    "clock_gettime", "clock_getres", "clock_nanosleep", "nanosleep", "gettimeofday", "time", "times", "getrusage",
    /* signals within itself (kill and its kin, below, to itself only) */
    "rt_sigprocmask", "rt_sigreturn", "rt_sigsuspend", "rt_sigtimedwait", "rt_sigpending", "sigaltstack",
    /* files: Landlock decides what may be read, and refuses every write */
    "read", "write", "readv", "writev", "pread64", "pwrite64", "preadv", "pwritev", "preadv2", "pwritev2", "lseek",
    "open", "openat", "openat2", "creat", "close", "close_range", "dup", "dup2", "dup3", "fcntl", "flock", "fadvise64",
    "stat", "fstat", "lstat", "newfstatat", "statx", "statfs", "fstatfs", "access", "faccessat", "faccessat2",
    "readlink", "readlinkat", "getdents64", "getcwd", "chdir", "fchdir", "umask", "fsync", "fdatasync",
    "mkdir", "mkdirat", "unlink", "unlinkat", "rename", "renameat", "renameat2", "link", "linkat", "symlink", "symlinkat",
    "chmod", "fchmod", "fchmodat", "truncate", "ftruncate", "utimensat", "memfd_create", "sendfile", "pipe", "pipe2",
    /* waiting on the descriptors it has (the socket to the tool) */
    "poll", "ppoll", "select", "pselect6", "epoll_create1", "epoll_ctl", "epoll_wait", "epoll_pwait", "eventfd2",
    "timerfd_create", "timerfd_settime", "timerfd_gettime",
    "recvfrom", "recvmsg", "sendto", "sendmsg", "shutdown", "getsockopt", "setsockopt", "getsockname", "getpeername",
    /* who and where it is */
    "getpid", "getppid", "getuid", "geteuid", "getgid", "getegid", "getgroups", "getresuid", "getresgid", "uname",
    "sysinfo", "getcpu", "getrandom", "getrlimit",
};

int refreshkit_sandbox_prepare_calls(void) {
    if (prepared != NULL) return 0;
    scmp_filter_ctx filter = seccomp_init(SCMP_ACT_TRAP);
    if (filter == NULL) return -1;
    int failed = 0;
    for (size_t index = 0; index < sizeof allowed / sizeof *allowed; index++) {
        failed |= rule(filter, SCMP_ACT_ALLOW, seccomp_syscall_resolve_name(allowed[index]), 0, NULL) != 0;
    }
    /* A thread, not a process: clone with CLONE_THREAD (fork, vfork and posix_spawn are not).
     * clone3's flags are behind a pointer the filter cannot read: it says "no such call", and the
     * C library makes its threads with clone instead. */
    struct scmp_arg_cmp thread = SCMP_A0(SCMP_CMP_MASKED_EQ, CLONE_THREAD, CLONE_THREAD);
    failed |= rule(filter, SCMP_ACT_ALLOW, SCMP_SYS(clone), 1, &thread) != 0;
    failed |= rule(filter, SCMP_ACT_ERRNO(ENOSYS), SCMP_SYS(clone3), 0, NULL) != 0;
    /* Signals to itself only (abort, raise, a thread's pthread_kill). */
    struct scmp_arg_cmp itself = SCMP_A0(SCMP_CMP_EQ, placeholder_pid);
    failed |= rule(filter, SCMP_ACT_ALLOW, SCMP_SYS(kill), 1, &itself) != 0;
    failed |= rule(filter, SCMP_ACT_ALLOW, SCMP_SYS(tgkill), 1, &itself) != 0;
    failed |= rule(filter, SCMP_ACT_ALLOW, SCMP_SYS(rt_sigqueueinfo), 1, &itself) != 0;
    failed |= rule(filter, SCMP_ACT_ALLOW, SCMP_SYS(rt_tgsigqueueinfo), 1, &itself) != 0;
    /* Its own limits and priority only (pid or who 0). */
    struct scmp_arg_cmp own = SCMP_A0(SCMP_CMP_EQ, 0);
    failed |= rule(filter, SCMP_ACT_ALLOW, SCMP_SYS(prlimit64), 1, &own) != 0;
    struct scmp_arg_cmp ownWho = SCMP_A1(SCMP_CMP_EQ, 0);
    failed |= rule(filter, SCMP_ACT_ALLOW, SCMP_SYS(setpriority), 1, &ownWho) != 0;
    /* The handler that names what was refused stays: SIGSYS is not the plugin's to take. */
    struct scmp_arg_cmp notSigsys = SCMP_A0(SCMP_CMP_NE, SIGSYS);
    failed |= rule(filter, SCMP_ACT_ALLOW, SCMP_SYS(rt_sigaction), 1, &notSigsys) != 0;
    /* ioctl only to ask (a terminal's settings and size, bytes waiting) or set non-blocking and
     * close-on-exec: never a terminal's input (TIOCSTI) nor a device's. */
    const unsigned long asks[] = {TCGETS, TIOCGWINSZ, FIONREAD, FIONBIO, FIOCLEX, FIONCLEX};
    for (size_t index = 0; index < sizeof asks / sizeof *asks; index++) {
        struct scmp_arg_cmp request = SCMP_A1(SCMP_CMP_EQ, asks[index]);
        failed |= rule(filter, SCMP_ACT_ALLOW, SCMP_SYS(ioctl), 1, &request) != 0;
    }
    int memory = failed ? -1 : memfd_create("refreshkit-seccomp", MFD_CLOEXEC);
    if (memory >= 0 && seccomp_export_bpf(filter, memory) == 0) {
        off_t size = lseek(memory, 0, SEEK_END);
        struct sock_filter *program = size > 0 && size % sizeof *program == 0 ? malloc((size_t)size) : NULL;
        if (program != NULL && pread(memory, program, (size_t)size, 0) == size) {
            prepared = program;
            prepared_length = (unsigned short)(size / sizeof *program);
        } else {
            free(program);
        }
    }
    if (memory >= 0) close(memory);
    seccomp_release(filter);
    return prepared != NULL ? 0 : -1;
}

int refreshkit_sandbox_calls(void) {
    if (refreshkit_sandbox_prepare_calls() != 0) return -1;
    struct sigaction handler;
    memset(&handler, 0, sizeof handler);
    handler.sa_sigaction = refuse;
    handler.sa_flags = SA_SIGINFO | SA_NODEFER;
    sigemptyset(&handler.sa_mask);
    if (sigaction(SIGSYS, &handler, NULL) != 0) return -1;
    sigset_t sys;
    sigemptyset(&sys);
    sigaddset(&sys, SIGSYS);
    pthread_sigmask(SIG_UNBLOCK, &sys, NULL);
    struct sock_filter *program = malloc(prepared_length * sizeof *program);
    if (program == NULL) return -1;
    memcpy(program, prepared, prepared_length * sizeof *program);
    for (unsigned short index = 0; index < prepared_length; index++) {
        if (program[index].k == (uint32_t)placeholder_pid) program[index].k = (uint32_t)getpid();
    }
    struct sock_fprog loaded = {.len = prepared_length, .filter = program};
    int status = prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) == 0
        ? (int)syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, SECCOMP_FILTER_FLAG_TSYNC, &loaded) : -1;
    free(program);
    return status == 0 ? 0 : -1;
}

int refreshkit_syscall_name(int call, char *name, unsigned long capacity) {
    char *known = seccomp_syscall_resolve_num_arch(SCMP_ARCH_NATIVE, call);
    if (known == NULL || capacity == 0) {
        free(known);
        return -1;
    }
    strncpy(name, known, capacity - 1);
    name[capacity - 1] = 0;
    free(known);
    return 0;
}
