#!/bin/sh
# pdn2csv against pdncheck on the same corpus (the one run-check.sh builds):
# wall time of each, their ratio (the aim: pdn2csv within 1.5x), rows per
# second and peak RSS. Figures only, no assertion.
bin=$1
corpus=bench/corpus/check-100mb.pdn
[ -s "$corpus" ] || { echo "== pdn2csv: no $corpus (run-check.sh builds it)"; exit 0; }
# run NAME CMD...: "seconds peak_kb" of one run, output discarded
run() {
    python3 - "$@" <<'PY'
import resource, subprocess, sys, time
t = time.monotonic()
subprocess.run(sys.argv[2:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
dt = time.monotonic() - t
print("%.2f %d" % (dt, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss))
PY
}
echo "== pdn2csv against pdncheck on $corpus, one core"
set -- $(run check "$bin/pdncheck" -q -W none "$corpus")
check_s=$1 check_kb=$2
set -- $(run csv "$bin/pdn2csv" -q "$corpus")
csv_s=$1 csv_kb=$2
rows=$("$bin/pdn2csv" -q --columns game "$corpus" 2>/dev/null | wc -l)
rows=$((rows - 1))
set -- $(run moves "$bin/pdn2csv" -q --moves "$corpus")
moves_s=$1 moves_kb=$2
plies=$("$bin/pdn2csv" -q --moves --columns game "$corpus" 2>/dev/null | wc -l)
plies=$((plies - 1))
awk -v cs="$check_s" -v ck="$check_kb" -v gs="$csv_s" -v gk="$csv_kb" -v r="$rows" \
    -v ms="$moves_s" -v mk="$moves_kb" -v p="$plies" 'BEGIN {
    printf "   pdncheck          %6.2f s   peak RSS %6d KB\n", cs, ck
    printf "   pdn2csv --games   %6.2f s   peak RSS %6d KB   %d rows, %.0f rows/s, %.2fx pdncheck\n", gs, gk, r, r / gs, gs / cs
    printf "   pdn2csv --moves   %6.2f s   peak RSS %6d KB   %d rows, %.0f rows/s\n", ms, mk, p, p / ms
}'
