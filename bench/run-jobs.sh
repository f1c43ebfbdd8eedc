#!/bin/sh
# -j N: the tools on the >= 100 MB reading corpus with one thread and with
# one per core; wall and CPU time (user + system) and peak RSS of each, and
# the speedup in wall time. Best of three runs each (the machine may be
# shared: on a busy one the wall figures say little, the CPU ones more).
# CORPUS=FILE and RUNS=N measure another file, or N runs each.
set -e
bin=$1
corpus=${CORPUS:-bench/corpus/read-100mb.pdn}
mkdir -p bench/corpus
[ -s "$corpus" ] && [ "$corpus" -nt bench/make_corpus.sh ] || sh bench/make_corpus.sh "$corpus" 100
cores=$(getconf _NPROCESSORS_ONLN)
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT

# best TOOL ARGS...: "wall cpu rss" of the fastest of three runs
best() {
    for run in $(seq "${RUNS:-3}"); do
        /usr/bin/time -f '%e %U %S %M' -o "$tmp" "$@" "$corpus" >/dev/null 2>&1 || true
        tail -1 "$tmp" | awk '{ printf "%.2f %.2f %d\n", $1, $2 + $3, $4 / 1024 }'
    done | sort -n | head -1
}

echo "== -j: one thread against $cores (one per core), $(($(wc -c <"$corpus") / 1000000)) MB"
printf '   %-18s %8s %8s %6s   %8s %8s %6s   %s\n' tool "wall -j1" "cpu" "MB" "wall -j$cores" \
    "cpu" "MB" "speedup (wall)"
for tool in pdncheck pdnstats pdnfmt pdn2csv; do
    one=$(best "$bin/$tool" -q -j 1)
    many=$(best "$bin/$tool" -q -j "$cores")
    echo "$tool $one $many" | awk '{
        printf "   %-18s %8.2f %8.2f %6d   %8.2f %8.2f %6d   %.2fx\n", $1, $2, $3, $4, $5, $6, $7,
            ($5 > 0 ? $2 / $5 : 0) }'
done
