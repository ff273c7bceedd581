#define _GNU_SOURCE
#include "sandbox.h"

#include <errno.h>
#include <fcntl.h>
#include <linux/filter.h>
#include <linux/landlock.h>
#include <linux/seccomp.h>
#include <sys/mman.h>
#include <sched.h>
#include <seccomp.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
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

int refreshkit_sandbox_files(const char *const *readable, int count) {
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
    const uint64_t read_file = LANDLOCK_ACCESS_FS_READ_FILE;
    const uint64_t read_any = LANDLOCK_ACCESS_FS_READ_FILE | LANDLOCK_ACCESS_FS_READ_DIR;
    for (int index = 0; index < count; index++) {
        int place = open(readable[index], O_PATH | O_CLOEXEC);
        if (place < 0) continue;  /* a folder this system does not have */
        struct stat kind;
        struct landlock_path_beneath_attr rule = {.parent_fd = place, .allowed_access = read_any};
        if (fstat(place, &kind) == 0 && !S_ISDIR(kind.st_mode)) rule.allowed_access = read_file;
        syscall(SYS_landlock_add_rule, ruleset, LANDLOCK_RULE_PATH_BENEATH, &rule, 0);
        close(place);
    }
    int status = (int)syscall(SYS_landlock_restrict_self, ruleset, 0);
    close(ruleset);
    return status < 0 ? -1 : abi;
}

/* Adds `call` refused through the SIGSYS handler; a call this architecture lacks is skipped. */
static int trap(scmp_filter_ctx filter, int call, unsigned count, const struct scmp_arg_cmp *compare) {
    if (call < 0) return 0;
    return seccomp_rule_add_exact_array(filter, SCMP_ACT_TRAP, call, count, compare);
}

/* The pid the filter is built with, put in place of the child's own when it is loaded: a
 * number no other constant of the program has (call numbers, flags, the architecture, actions). */
enum { placeholder_pid = 0x5eed5eed };

/* The filter as BPF, built once (in the zygote, before it forks) and loaded by each child. */
static struct sock_filter *prepared = NULL;
static unsigned short prepared_length = 0;

int refreshkit_sandbox_prepare_calls(void) {
    if (prepared != NULL) return 0;
    scmp_filter_ctx filter = seccomp_init(SCMP_ACT_ALLOW);
    if (filter == NULL) return -1;
    int failed = 0;
    const char *refused[] = {
        /* the network, and any socket of its own: it has the one to the tool already */
        "socket", "connect", "bind", "listen", "accept", "accept4",
        /* programs and processes */
        "execve", "execveat", "fork", "vfork",
        /* other processes, seen or touched */
        "ptrace", "process_vm_readv", "process_vm_writev", "pidfd_open", "pidfd_getfd", "pidfd_send_signal", "tkill", "kcmp",
        /* the system around it */
        "mount", "umount2", "unshare", "setns", "chroot", "pivot_root", "keyctl", "add_key", "request_key", "bpf",
        "perf_event_open", "personality", "io_uring_setup", "io_uring_enter", "io_uring_register", "userfaultfd",
        "setpgid", "setsid", "kexec_load", "init_module", "finit_module", "delete_module", "reboot", "swapon", "swapoff",
        "open_by_handle_at", "name_to_handle_at", "fanotify_init", "quotactl",
    };
    for (size_t index = 0; index < sizeof refused / sizeof *refused; index++) {
        failed |= trap(filter, seccomp_syscall_resolve_name(refused[index]), 0, NULL) != 0;
    }
    /* A process, not a thread: clone without CLONE_THREAD (fork, vfork, posix_spawn). clone3's
     * flags are behind a pointer the filter cannot read: it says "no such call", and the C
     * library makes its threads with clone instead. */
    struct scmp_arg_cmp process = SCMP_A0(SCMP_CMP_MASKED_EQ, CLONE_THREAD, 0);
    failed |= trap(filter, SCMP_SYS(clone), 1, &process) != 0;
    failed |= seccomp_rule_add_exact(filter, SCMP_ACT_ERRNO(ENOSYS), SCMP_SYS(clone3), 0) != 0;
    /* Signals to itself only. */
    struct scmp_arg_cmp others = SCMP_A0(SCMP_CMP_NE, placeholder_pid);
    failed |= trap(filter, SCMP_SYS(kill), 1, &others) != 0;
    failed |= trap(filter, SCMP_SYS(tgkill), 1, &others) != 0;
    failed |= trap(filter, SCMP_SYS(rt_sigqueueinfo), 1, &others) != 0;
    failed |= trap(filter, SCMP_SYS(rt_tgsigqueueinfo), 1, &others) != 0;
    /* The handler that names what was refused stays: SIGSYS is not the plugin's to take. */
    struct scmp_arg_cmp sigsys = SCMP_A0(SCMP_CMP_EQ, SIGSYS);
    failed |= trap(filter, SCMP_SYS(rt_sigaction), 1, &sigsys) != 0;
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
