#!/usr/bin/env bash
# Sums the costs file `swift test` writes with REFRESHKIT_TEST_COSTS set (one line per program a
# test started: test, CPU seconds, wall seconds, program) and prints the COUNT costliest tests by
# the CPU of their programs (a test with arguments case by case), how many are over 20 s of CPU,
# then the total.
#   scripts/test-costs.sh FILE [COUNT]
set -euo pipefail
file=$1
count=${2:-10}
[ -s "$file" ] || { echo "test costs: $file is empty (no test started a program)"; exit 0; }
echo "The $count tests whose programs cost the most CPU (seconds, the programs' and their children's):"
printf "%9s %9s %6s  %s\n" "cpu s" "wall s" "runs" "test"
awk -F'\t' '
    { cpu[$1] += $2; wall[$1] += $3; runs[$1]++ }
    END { for (test in cpu) printf "%9.1f %9.1f %6d  %s\n", cpu[test], wall[test], runs[test], test }' "$file" |
    sort -rn | head -n "$count"
awk -F'\t' '
    { cpu[$1] += $2 }
    END { for (test in cpu) if (cpu[test] > 20) over++; printf "Tests (a test with arguments: each case) whose programs took over 20 s of CPU: %d\n", over }' "$file"
awk -F'\t' '{ total += $2; n++ } END { printf "Every program the tests started: %d programs, %.1f s of CPU\n", n, total }' "$file"
