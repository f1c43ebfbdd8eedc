#!/bin/sh
# pdnstats against pdncheck on the check corpus (built by run-check.sh):
# the best of three runs of each, taken in turn, their ratio, and
# pdnstats's peak RSS.
# With GNU time the runs are timed in CPU seconds (user + system), which a
# busy machine disturbs far less than wall time; without it, wall time and
# no RSS. The goal of issue 19: pdnstats within 1.5x pdncheck's time, one
# thread each.
bin=$1
corpus=bench/corpus/check-100mb.pdn
[ -s "$corpus" ] || { echo "== pdnstats: $corpus missing (run-check.sh builds it)"; exit 0; }
tmp=/tmp/pdnstats-bench.$$
trap 'rm -f "$tmp"' EXIT
digits=2
. bench/timing.sh
echo "== pdnstats vs pdncheck on $corpus ($what, best of 3)"
read -r c s x <<EOF
$(best_each '"$bin/pdncheck" -q -j 1 "$corpus"' '"$bin/pdnstats" -j 1 "$corpus"' \
    '"$bin/pdnstats" -j 1 --crosstable --explain "$corpus"')
EOF
echo "   pdncheck -q: ${c}s   pdnstats: ${s}s   pdnstats --crosstable --explain: ${x}s"
echo "$c $s" | awk '{ if ($1 > 0) printf "   ratio pdnstats/pdncheck: %.2f (goal <= 1.5)\n", $2 / $1 }'
if [ -x /usr/bin/time ]; then
    /usr/bin/time -f "   pdnstats peak RSS: %M KiB" -o "$tmp" "$bin/pdnstats" "$corpus" >/dev/null 2>&1 ||:
    cat "$tmp"
fi
exit 0
