#!/bin/sh
# Adds up the shards' results (each shard's OUT from verify-shard.sh, gathered under SHARDS/*/) into
# one page, MERGED/index.html, and one JUnit file, MERGED/junit.xml, for the CI to show.
#   usage: merge-shards.sh SHARDS MERGED
# Exit: 0 all passed, 1 a checkpoint failed in some shard, 2 bad input.
set -u
shards=${1:?usage: merge-shards.sh SHARDS MERGED}
merged=${2:?usage: merge-shards.sh SHARDS MERGED}
dump=${REFRESH_DUMP:-refresh-dump}
set --
for result in "$shards"/*/*/verify-result.json; do
    [ -e "$result" ] || { echo "merge-shards.sh: no verify-result.json under $shards/*/*/" >&2; exit 2; }
    set -- "$@" "$(dirname "$result")"
done
exec "$dump" verify --merge "$@" --report "$merged" --junit "$merged/junit.xml"
