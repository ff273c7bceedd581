#!/bin/sh
# One shard of a CI's golden check: every scenario in SCENARIOS (a folder of scenario .json files)
# against GOLDENS/<scenario>/, this shard's share of the checkpoints, into OUT/<scenario>/ (a page
# and verify-result.json each). The shard comes from TEST_SHARD_INDEX and TEST_TOTAL_SHARDS, as a
# CI matrix sets them. With CI set, a missing golden fails and nothing is recorded.
#   usage: verify-shard.sh SCENARIOS GOLDENS OUT
# Exit: 0 all passed, 1 a checkpoint failed (every scenario is still checked), 2 bad input.
set -u
scenarios=${1:?usage: verify-shard.sh SCENARIOS GOLDENS OUT}
goldens=${2:?usage: verify-shard.sh SCENARIOS GOLDENS OUT}
out=${3:?usage: verify-shard.sh SCENARIOS GOLDENS OUT}
dump=${REFRESH_DUMP:-refresh-dump}
worst=0
for scenario in "$scenarios"/*.json; do
    [ -e "$scenario" ] || { echo "verify-shard.sh: no .json scenarios in $scenarios" >&2; exit 2; }
    name=$(basename "$scenario" .json)
    # Failing frames go with the shard's output, not beside the goldens in the checkout.
    "$dump" verify "$scenario" --golden "$goldens/$name" --report "$out/$name" --failures "$out/$name/failures"
    status=$?
    [ "$status" -le 1 ] || exit "$status"
    [ "$status" -le "$worst" ] || worst=$status
done
exit "$worst"
