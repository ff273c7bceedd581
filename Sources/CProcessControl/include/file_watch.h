/* Which file a sandboxed plugin tried to open and was refused. Landlock refuses an open with
 * EACCES, which the plugin sees and the tool does not: the plugin host and validate's check child
 * export definitions of `open`, `openat`, `fopen` and their kin (CFileWatch, linked into those
 * programs alone), so the plugin's library and the libraries it uses call them; each calls the C
 * library's and tells `refreshkit_file_watch_note`, which, once `refreshkit_file_watch_start` has
 * run (after the sandbox is entered), remembers the first path refused for reading and the first
 * for writing. A plugin that makes the system call itself is refused all the same, and not named;
 * in a program without CFileWatch nothing is noted. */
#ifndef REFRESHKIT_FILE_WATCH_H
#define REFRESHKIT_FILE_WATCH_H

/* Begins remembering refused opens in this process (its sandbox entered). */
void refreshkit_file_watch_start(void);

/* Takes the first path refused for reading (`writing` 0) or writing (1), once for the process's
 * life: copied into `path` (at most `capacity` bytes with its end). 1 when there was one, else 0. */
int refreshkit_file_watch_take(int writing, char *path, unsigned long capacity);

/* Remembers `path` when an open of it `failed` for want of permission (errno EACCES or EPERM),
 * for reading or `writing`; errno is left as it was. */
void refreshkit_file_watch_note(const char *path, int failed, int writing);

#endif
