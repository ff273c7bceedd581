#!/usr/bin/env bash
# The compiler's warnings about this repository's own files in build logs (`make test` keeps one
# per build: debug, release, tests, the author's template package). Prints each once and their
# count; exits 1 when there is any, so CI's clean build has none. SwiftPM's own notes (the
# "prohibited flag" lines from pkg-config) are not compiler warnings and are not counted.
#   scripts/count-warnings.sh LOG...
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
found=$(cat "$@" 2>/dev/null | grep -E "^$root/((Sources|Plugins|Tests|Examples)|\.build/author-package/MyIndicator/(Sources|Tests))/[^:]+:[0-9]+:[0-9]+: warning: " | sort -u)
count=$(printf '%s' "$found" | grep -c . || true)
if [ "$count" -gt 0 ]; then
    printf '%s\n' "$found"
    echo "$count compiler warnings in RefreshKit's own files (above): the build must have none."
    exit 1
fi
echo "No compiler warnings in RefreshKit's own files."
