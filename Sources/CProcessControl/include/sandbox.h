/* The plugin host's sandbox: Landlock for files (and TCP, and signals where the kernel scopes
 * them) and a seccomp filter for the system calls a drawing never needs. Both are entered by the
 * child before the plugin's library is loaded, and last for the rest of its life. */
#ifndef REFRESHKIT_SANDBOX_H
#define REFRESHKIT_SANDBOX_H

/* The kernel's Landlock ABI (0: none). */
int refreshkit_landlock_abi(void);

/* Opens the `count` files and folders in `readable` once (a path that does not exist is skipped),
 * to be readable in every sandbox `refreshkit_sandbox_files` makes in a process forked from this
 * one after (the zygote calls it once, before it forks). How many places are held, or -1 when
 * none could be (each child then names them all itself). */
int refreshkit_sandbox_prepare_files(const char *const *readable, int count);

/* Whether this process holds places `refreshkit_sandbox_prepare_files` opened (1) or not (0):
 * the next `refreshkit_sandbox_files` rules on them, and then gives them up. */
int refreshkit_sandbox_holds_files(void);

/* Confines this thread and the threads it starts to reading the `count` files and folders in
 * `readable` (a path that does not exist is skipped) and those prepared before, and writing
 * nowhere; where the ABI has them, no TCP and no signals or abstract sockets outside the
 * sandbox. Sets no_new_privs. The ABI used, or -1 (errno). Call it while the process has one
 * thread. */
int refreshkit_sandbox_files(const char *const *readable, int count);

/* Builds the seccomp filter of `refreshkit_sandbox_calls` once, for every process forked from
 * this one after (the zygote calls it before it forks). 0 or -1. */
int refreshkit_sandbox_prepare_calls(void);

/* Installs a SIGSYS handler and a seccomp filter (every thread) under which the calls a drawing
 * never needs — sockets, programs, processes, signals to others, tracing, mounts, namespaces,
 * keyrings, BPF, io_uring … — fail with EPERM, each remembered for
 * `refreshkit_sandbox_take_refused`. 0 or -1. */
int refreshkit_sandbox_calls(void);

/* Takes the system calls refused since the last take: bit n of `calls[n / 64]` for call number n.
 * 1 when there was any, else 0. */
int refreshkit_sandbox_take_refused(unsigned long long calls[8]);

/* The name of system call `call` on this architecture, into `name` (at most `capacity` bytes with
 * its end). 0, or -1 for a number it does not know. */
int refreshkit_syscall_name(int call, char *name, unsigned long capacity);

#endif
