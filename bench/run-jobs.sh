#!/bin/sh
# -j N: the tools on the >= 100 MB reading corpus with one thread and with
# one per core; wall and CPU time (user + system) and peak RSS of each, and
# the speedup in wall time. Best of three runs each (the machine may be
# shared: on a busy one the wall figures say little, the CPU ones more).
# First the yardstick: as many runs of pdncheck -j 1 as there are cores,
# started together, against one: the most threads could give.
# CORPUS=FILE and RUNS=N measure another file, or N runs each.
set -e
bin=$1
corpus=${CORPUS:-bench/corpus/read-100mb.pdn}
mkdir -p bench/corpus
[ -s "$corpus" ] && [ "$corpus" -nt bench/make_corpus.sh ] || sh bench/make_corpus.sh "$corpus" 100
cores=$(getconf _NPROCESSORS_ONLN)
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT

# at_once N TOOL ARGS...: the wall time of N runs of TOOL -j 1 started
# together, best of three: what the machine gives to independent work on
# its cores (a shared virtual machine may give less than one core each).
at_once() {
    n=$1
    shift
    for run in $(seq "${RUNS:-3}"); do
        start=$(date +%s.%N)
        for i in $(seq "$n"); do "$@" "$corpus" >/dev/null 2>&1 & done
        wait
        end=$(date +%s.%N)
        echo "$start $end" | awk '{ printf "%.2f\n", $2 - $1 }'
    done | sort -n | head -1
}

# best TOOL ARGS...: "wall cpu rss" of the fastest of three runs
best() {
    for run in $(seq "${RUNS:-3}"); do
        /usr/bin/time -f '%e %U %S %M' -o "$tmp" "$@" "$corpus" >/dev/null 2>&1 || true
        tail -1 "$tmp" | awk '{ printf "%.2f %.2f %d\n", $1, $2 + $3, $4 / 1024 }'
    done | sort -n | head -1
}

echo "== -j: one thread against $cores (one per core), $(($(wc -c <"$corpus") / 1000000)) MB"
one=$(best "$bin/pdncheck" -q -j 1 | cut -d' ' -f1)
together=$(at_once "$cores" "$bin/pdncheck" -q -j 1)
echo "$one $together" | awk -v n="$cores" '{
    printf "   the machine: %d runs of pdncheck -j 1 at once take %.2fx the wall time of one\n", n, ($1 > 0 ? $2 / $1 : 0)
    printf "   (a speedup of %.2fx is what %d cores give to independent work)\n", ($2 > 0 ? n * $1 / $2 : 0), n }'
printf '   %-18s %8s %8s %6s   %8s %8s %6s   %s\n' tool "wall -j1" "cpu" "MB" "wall -j$cores" \
    "cpu" "MB" "speedup (wall)"
for tool in pdncheck pdnstats pdnfmt pdn2csv; do
    one=$(best "$bin/$tool" -q -j 1)
    many=$(best "$bin/$tool" -q -j "$cores")
    echo "$tool $one $many" | awk '{
        printf "   %-18s %8.2f %8.2f %6d   %8.2f %8.2f %6d   %.2fx\n", $1, $2, $3, $4, $5, $6, $7,
            ($5 > 0 ? $2 / $5 : 0) }'
done
