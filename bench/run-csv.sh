#!/bin/sh
# pdn2csv against pdncheck on the corpus run-check.sh builds, one thread
# each (-j 1): CPU time (user + system) of the best of 3 runs, taken in
# turn, and the
# ratios issue 19 names, with their goal: pdn2csv (a row per game) and
# pdn2csv --moves (a row per ply, each move its own cells) within 1.5x of
# pdncheck. Both run with -q: findings are printed, to /dev/null, as
# pdncheck prints them. Figures only, no assertion.
bin=$1
corpus=bench/corpus/check-100mb.pdn
[ -s "$corpus" ] || { echo "== pdn2csv: no $corpus (run-check.sh builds it)"; exit 0; }
tmp=/tmp/pdn2csv-bench.$$
trap 'rm -f "$tmp"' EXIT
digits=2
. bench/timing.sh
# rows ARGS...: the rows pdn2csv writes, the header left out
rows() {
    echo $(($("$bin/pdn2csv" -q -j 1 --columns game "$@" "$corpus" 2>/dev/null | wc -l) - 1))
}
echo "== pdn2csv vs pdncheck on $corpus (-j 1; $what, best of 3)"
read -r check games moves <<EOF
$(best_each '"$bin/pdncheck" -q -j 1 "$corpus"' '"$bin/pdn2csv" -q -j 1 "$corpus"' \
    '"$bin/pdn2csv" -q -j 1 --moves "$corpus"')
EOF
echo "$check $games $(rows) $moves $(rows --moves)" | awk '{
    c = $1 > 0 ? $1 : 1
    printf "   pdncheck -q:        %6.2fs\n", $1
    printf "   pdn2csv -q:         %6.2fs %9d rows   ratio pdn2csv/pdncheck: %.2f (goal <= 1.5)\n",
        $2, $3, $2 / c
    printf "   pdn2csv -q --moves: %6.2fs %9d rows   ratio pdn2csv --moves/pdncheck: %.2f (goal <= 1.5)\n",
        $4, $5, $4 / c
}'
exit 0
