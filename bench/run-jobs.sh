#!/bin/sh
# -j N: the tools on the >= 100 MB reading corpus with one thread and with
# one per core; wall and CPU time (user + system) and peak RSS of each, and
# the speedup in wall time. Five pairs of runs, -j 1 and -j N in turn: the
# medians of each figure and of the pairs' speedups (on a shared machine,
# the least of three runs each paired one lucky run with another's
# unlucky one; a pair shares the machine's mood).
# First the yardstick, in pairs too: a run of pdncheck -j 1 alone, then as
# many as there are cores started together: the wall time they take, and
# the CPU time one of them takes, against the run alone. Independent work
# on every core is the most threads could give; a shared virtual machine
# may give less, the other cores' work slowing each (caches, memory, the
# host's own sharing), and the CPU time says by how much.
# Then a cache line's round trip between cores 0 and 1 (core_trip): what
# each line of a game costs that the tool's thread takes from the thread
# that read it, which independent work never pays.
# CORPUS=FILE measures another file; PAIRS=N takes N pairs.
set -e
bin=$1
benchbin=$2
corpus=${CORPUS:-bench/corpus/read-100mb.pdn}
mkdir -p bench/corpus
[ -s "$corpus" ] && [ "$corpus" -nt bench/make_corpus.sh ] || sh bench/make_corpus.sh "$corpus" 100
cores=$(getconf _NPROCESSORS_ONLN)
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT

# run TOOL ARGS...: "wall cpu rss" of one run
run() {
    /usr/bin/time -f '%e %U %S %M' -o "$tmp" "$@" "$corpus" >/dev/null 2>&1 || true
    tail -1 "$tmp" | awk '{ printf "%.2f %.2f %d\n", $1, $2 + $3, $4 / 1024 }'
}

echo "== -j: one thread against $cores (one per core), $(($(wc -c <"$corpus") / 1000000)) MB"
pairs=${PAIRS:-5}
# a pair of the yardstick: "wall cpu" alone, "wall cpu" of one of n at once,
# and the wall time of the n
for pair in $(seq "$pairs"); do
    alone=$(run "$bin/pdncheck" -q -j 1)
    start=$(date +%s.%N)
    for i in $(seq $((cores - 1))); do "$bin/pdncheck" -q -j 1 "$corpus" >/dev/null 2>&1 & done
    together=$(run "$bin/pdncheck" -q -j 1)
    wait
    end=$(date +%s.%N)
    echo "$alone $together $start $end"
done | awk -v n="$cores" '
    function median(k,   i, j, t) {
        for (i = 2; i <= NR; i++)
            for (j = i; j > 1 && v[k, j - 1] > v[k, j]; j--) { t = v[k, j]; v[k, j] = v[k, j - 1]; v[k, j - 1] = t }
        return NR % 2 ? v[k, (NR + 1) / 2] : (v[k, NR / 2] + v[k, NR / 2 + 1]) / 2
    }
    { v["wall", NR] = $1 > 0 ? ($8 - $7) / $1 : 0; v["cpu", NR] = $2 > 0 ? $5 / $2 : 0 }
    END {
        wall = median("wall"); cpu = median("cpu")
        printf "   the machine (medians of %d pairs): %d runs of pdncheck -j 1 at once take %.2fx the wall time of one,\n", NR, n, wall
        printf "   and each %.2fx the CPU time of a run alone: %.2fx is what %d cores give to independent work\n", cpu, (wall > 0 ? n / wall : 0), n }'
if [ "$cores" -gt 1 ] && [ -x "$benchbin/core_trip" ]; then
    echo "   a cache line between cores 0 and 1 and back (threads pay it, independent runs do not): $("$benchbin/core_trip" | sed 's/^round trip //')"
fi
# Each core's own speed: pdncheck -j 1 pinned to it (taskset), least CPU
# time of 3. A virtual core may run slower than another (on the 2-core VM
# of 2026-12-02, core 1 took 1.40x core 0's CPU time for the same run, the
# host's doing): threads then get at most the sum of the cores' speeds, in
# units of the fastest, whatever they do; and -j 1 is pinned to the fastest
# core below, or its time would be that of whichever core it landed on.
pin_fastest=
if command -v taskset >/dev/null 2>&1; then
    speeds=$(for core in $(seq 0 $((cores - 1))); do
        printf '%s ' "$core"
        for i in 1 2 3; do run taskset -c "$core" "$bin/pdncheck" -q -j 1; done |
            awk '{ print $2 }' | sort -n | head -1
    done)
    echo "$speeds" | awk '
        { core[NR] = $1; cpu[NR] = $2; if (best == 0 || ($2 > 0 && $2 < best)) best = $2 }
        END {
            line = ""; sum = 0
            for (i = 1; i <= NR; i++) {
                speed = cpu[i] > 0 ? best / cpu[i] : 0; sum += speed
                line = line sprintf("   core %d %.2fs (%.2f)", core[i], cpu[i], speed)
            }
            print "   each core alone (pdncheck -j 1 pinned to it, least CPU time of 3; speed against the fastest):"
            print line
            printf "   so %d threads can be at most %.2fx as fast as one on the fastest core\n", NR, sum }'
    pin_fastest="taskset -c $(echo "$speeds" | sort -k2,2n | head -1 | cut -d' ' -f1)"
fi
echo "   medians of $pairs pairs of runs, -j 1${pin_fastest:+ on the fastest core} and -j $cores in turn:"
printf '   %-18s %8s %8s %6s   %8s %8s %6s   %s\n' tool "wall -j1" "cpu" "MB" "wall -j$cores" \
    "cpu" "MB" "speedup (wall)"
# speedup_line LABEL TOOL: the pairs of TOOL on $corpus, one line.
speedup_line() {
    for pair in $(seq "$pairs"); do
        # shellcheck disable=SC2086 # $pin_fastest: the command and its options, or nothing
        echo "$(run $pin_fastest "$bin/$2" -q -j 1) $(run "$bin/$2" -q -j "$cores")"
    done | awk -v tool="$1" '
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
}
for tool in pdncheck pdnstats pdnfmt pdn2csv; do
    speedup_line "$tool" "$tool"
done
# A file in a code page, as legacy archives are (the corpus above is UTF-8):
# its parts past the place where it leaves UTF-8 are read in the code page
# (lib/codepage.c). 47 MB of tests/data's Latin-1 file.
legacy=bench/corpus/latin1-47mb.pdn
if [ ! -s "$legacy" ]; then
    for i in $(seq 1000); do cat tests/data/encodings/40Camp-latin1.pdn && echo; done >"$legacy"
fi
utf8=$corpus
corpus=$legacy
speedup_line "pdncheck, Latin-1" pdncheck
corpus=$utf8
# The host may move the virtual cores while the pairs run: the trip again.
if [ "$cores" -gt 1 ] && [ -x "$benchbin/core_trip" ]; then
    echo "   the round trip after the pairs: $("$benchbin/core_trip" | sed 's/^round trip //')"
fi
