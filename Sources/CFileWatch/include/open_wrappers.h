/* Definitions of `open`, `open64`, `openat`, `openat64`, their fortified forms, `fopen`,
 * `fopen64` and `opendir` that call the C library's and tell CProcessControl's file watch
 * (file_watch.h) how each went, so a file a sandboxed plugin is refused is named. Linked only into
 * the programs that run plugins sandboxed (refresh-plugin-host, and refresh-dump for validate's
 * check child), which export them (Package.swift's fileWatchExports) so that a plugin's library
 * calls them: a program or test that links RefreshHost keeps the C library's own. Nothing here
 * is called by name. */
#ifndef REFRESHKIT_OPEN_WRAPPERS_H
#define REFRESHKIT_OPEN_WRAPPERS_H
#endif
