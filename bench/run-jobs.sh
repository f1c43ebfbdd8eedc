#!/bin/sh
# -j N: the tools on the >= 100 MB reading corpus with one thread and with
# one per core; wall and CPU time (user + system) and peak RSS of each, and
# the speedup in wall time. Five pairs of runs, -j 1 and -j N in turn: the
# medians of each figure and of the pairs' speedups (on a shared machine,
# the least of three runs each paired one lucky run with another's
# unlucky one; a pair shares the machine's mood).
# First the yardstick: as many runs of pdncheck -j 1 as there are cores,
# started together, against one: the most threads could give.
# CORPUS=FILE measures another file; PAIRS=N takes N pairs, RUNS=N the
# yardstick's best of N.
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

# run TOOL ARGS...: "wall cpu rss" of one run
run() {
    /usr/bin/time -f '%e %U %S %M' -o "$tmp" "$@" "$corpus" >/dev/null 2>&1 || true
    tail -1 "$tmp" | awk '{ printf "%.2f %.2f %d\n", $1, $2 + $3, $4 / 1024 }'
}

# best TOOL ARGS...: "wall cpu rss" of the fastest of three runs
best() {
    for run in $(seq "${RUNS:-3}"); do run "$@"; done | sort -n | head -1
}

echo "== -j: one thread against $cores (one per core), $(($(wc -c <"$corpus") / 1000000)) MB"
one=$(best "$bin/pdncheck" -q -j 1 | cut -d' ' -f1)
together=$(at_once "$cores" "$bin/pdncheck" -q -j 1)
echo "$one $together" | awk -v n="$cores" '{
    printf "   the machine: %d runs of pdncheck -j 1 at once take %.2fx the wall time of one\n", n, ($1 > 0 ? $2 / $1 : 0)
    printf "   (a speedup of %.2fx is what %d cores give to independent work)\n", ($2 > 0 ? n * $1 / $2 : 0), n }'
pairs=${PAIRS:-5}
echo "   medians of $pairs pairs of runs, -j 1 and -j $cores in turn:"
printf '   %-18s %8s %8s %6s   %8s %8s %6s   %s\n' tool "wall -j1" "cpu" "MB" "wall -j$cores" \
    "cpu" "MB" "speedup (wall)"
for tool in pdncheck pdnstats pdnfmt pdn2csv; do
    for pair in $(seq "$pairs"); do
        echo "$(run "$bin/$tool" -q -j 1) $(run "$bin/$tool" -q -j "$cores")"
    done | awk -v tool="$tool" '
        function median(col,   i, j, n, t, v) {
            n = 0
            for (i = 1; i <= NR; i++) v[++n] = (col ? f[i, col] : (f[i, 4] > 0 ? f[i, 1] / f[i, 4] : 0))
            for (i = 2; i <= n; i++)
                for (j = i; j > 1 && v[j - 1] > v[j]; j--) { t = v[j]; v[j] = v[j - 1]; v[j - 1] = t }
            return n % 2 ? v[(n + 1) / 2] : (v[n / 2] + v[n / 2 + 1]) / 2
        }
        { for (c = 1; c <= 6; c++) f[NR, c] = $c }
        END { printf "   %-18s %8.2f %8.2f %6d   %8.2f %8.2f %6d   %.2fx\n", tool, median(1), median(2),
                  median(3), median(4), median(5), median(6), median(0) }'
done
