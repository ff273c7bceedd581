#!/usr/bin/env bash
# Runs the whole test suite RUNS times in a row beside busy loops (one per core unless HOGS says
# otherwise) and names every test that did not pass in every run. A test that fails here depends on
# load, timing or order: fix it at its cause.
#   scripts/soak-suite.sh [RUNS] [-- swift test arguments…]
# Logs: .build/soak/run-N.log. Exit 0 when every test passed every time, 1 otherwise.
set -uo pipefail
cd "$(dirname "$0")/.."
runs=${1:-5}
shift || true
[ "${1:-}" = "--" ] && shift
hogs=${HOGS:-$(nproc)}
logs=.build/soak
mkdir -p "$logs"
rm -f "$logs"/run-*.log

# The tests and the tools they drive: one release build, testable, as `make test` has them.
release=(-c release -Xswiftc -enable-testing)
swift build "${release[@]}" --build-tests || exit 1
export REFRESHKIT_TEST_TOOLS="$(swift build "${release[@]}" --show-bin-path)"

pids=()
stop_hogs() { ((${#pids[@]})) && kill "${pids[@]}" 2>/dev/null; }
trap stop_hogs EXIT
for _ in $(seq 1 "$hogs"); do
    bash -c 'while :; do :; done' &
    pids+=($!)
done
echo "soak: $runs runs of the suite beside $hogs busy loops"

failed_runs=0
for run in $(seq 1 "$runs"); do
    started=$(date +%s)
    swift test "${release[@]}" --skip-build "$@" > "$logs/run-$run.log" 2>&1
    status=$?
    summary=$(grep -aE '^[^ ]+ Test run with [0-9]+ tests?' "$logs/run-$run.log" | tail -1)
    echo "run $run/$runs: exit $status in $(( $(date +%s) - started )) s: ${summary:-no summary}"
    [ $status -eq 0 ] || failed_runs=$((failed_runs + 1))
done

# Per test: the runs it passed and failed in (parameterised tests count once).
awk -v runs="$runs" '
    FNR == 1 { split(FILENAME, parts, /run-|\.log/); run = parts[2] }
    /^[^ ]+ Test .* (passed|failed) after/ {
        name = $0
        sub(/^[^ ]+ Test /, "", name); sub(/ (with [0-9]+ test cases? )?(passed|failed) after.*/, "", name)
        if ($0 ~ / passed after/) passed[name]++; else { failed[name]++; where[name] = where[name] " " run }
        seen[name] = 1
        ran[name, run] = 1
        count[run]++
    }
    END {
        bad = 0
        for (r = 1; r <= runs; r++) if (count[r] == 0) { printf "run %d: no test results in its log\n", r; bad++ }
        for (name in seen) if (failed[name] > 0 || passed[name] < runs) {
            missing = ""
            for (r = 1; r <= runs; r++) if (!((name, r) in ran)) missing = missing " " r
            printf "not every time: %s passed %d of %d runs (failed in:%s; not run in:%s)\n", name, passed[name], runs, where[name] ? where[name] : " none", missing ? missing : " none"
            bad++
        }
        if (bad == 0) printf "every test passed in all %d runs\n", runs
        exit bad > 0
    }' "$logs"/run-*.log
tally=$?
[ $failed_runs -eq 0 ] && [ $tally -eq 0 ]
