#!/bin/sh
# pdn2csv against pdncheck on the same corpus (the one run-check.sh builds):
# wall and CPU time of each, their ratio (the aim: pdn2csv within 1.5x),
# rows per second and peak RSS. Both run with -q -W none: neither prints a
# finding. Figures only, no assertion.
bin=$1
corpus=bench/corpus/check-100mb.pdn
[ -s "$corpus" ] || { echo "== pdn2csv: no $corpus (run-check.sh builds it)"; exit 0; }
# run CMD...: "wall_seconds cpu_seconds peak_kb" of one run, output discarded
run() {
    python3 - "$@" <<'PY'
import resource, subprocess, sys, time
t = time.monotonic()
subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
dt = time.monotonic() - t
ru = resource.getrusage(resource.RUSAGE_CHILDREN)
print("%.2f %.2f %d" % (dt, ru.ru_utime + ru.ru_stime, ru.ru_maxrss))
PY
}
echo "== pdn2csv against pdncheck on $corpus, one core"
set -- $(run "$bin/pdncheck" -q -W none "$corpus")
check_s=$1 check_cpu=$2 check_kb=$3
set -- $(run "$bin/pdn2csv" -q -W none "$corpus")
csv_s=$1 csv_cpu=$2 csv_kb=$3
rows=$("$bin/pdn2csv" -q -W none --columns game "$corpus" 2>/dev/null | wc -l)
rows=$((rows - 1))
set -- $(run "$bin/pdn2csv" -q -W none --moves "$corpus")
moves_s=$1 moves_cpu=$2 moves_kb=$3
plies=$("$bin/pdn2csv" -q -W none --moves --columns game "$corpus" 2>/dev/null | wc -l)
plies=$((plies - 1))
awk -v cs="$check_s" -v cc="$check_cpu" -v ck="$check_kb" \
    -v gs="$csv_s" -v gc="$csv_cpu" -v gk="$csv_kb" -v r="$rows" \
    -v ms="$moves_s" -v mc="$moves_cpu" -v mk="$moves_kb" -v p="$plies" 'BEGIN {
    printf "   pdncheck          %6.2f s (CPU %6.2f s)   peak RSS %6d KB\n", cs, cc, ck
    printf "   pdn2csv --games   %6.2f s (CPU %6.2f s)   peak RSS %6d KB   %d rows, %.0f rows/s, %.2fx pdncheck (CPU %.2fx)\n", gs, gc, gk, r, r / gs, gs / cs, gc / cc
    printf "   pdn2csv --moves   %6.2f s (CPU %6.2f s)   peak RSS %6d KB   %d rows, %.0f rows/s, %.2fx pdncheck (CPU %.2fx)\n", ms, mc, mk, p, p / ms, ms / cs, mc / cc
}'
