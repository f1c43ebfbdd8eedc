#!/bin/sh
# pdnstats against pdncheck on the check corpus (built by run-check.sh):
# wall time of each and pdnstats's peak RSS (GNU time when installed, else
# getrusage through sh's times is not enough: RSS is then not printed).
# The goal of issue 12: pdnstats within 1.3x pdncheck's time.
bin=$1
corpus=bench/corpus/check-100mb.pdn
[ -s "$corpus" ] || { echo "== pdnstats: $corpus missing (run-check.sh builds it)"; exit 0; }
now() { date +%s.%N; }
run() {
    t0=$(now)
    "$@" >/dev/null 2>&1
    t1=$(now)
    echo "$t0 $t1" | awk '{ printf "%.2f", $2 - $1 }'
}
echo "== pdnstats vs pdncheck on $corpus"
c=$(run "$bin/pdncheck" -q "$corpus")
s=$(run "$bin/pdnstats" "$corpus")
x=$(run "$bin/pdnstats" --crosstable --explain "$corpus")
echo "   pdncheck -q: ${c}s   pdnstats: ${s}s   pdnstats --crosstable --explain: ${x}s"
echo "$c $s" | awk '{ if ($1 > 0) printf "   ratio pdnstats/pdncheck: %.2f (goal <= 1.3)\n", $2 / $1 }'
if [ -x /usr/bin/time ]; then
    /usr/bin/time -f "   pdnstats peak RSS: %M KiB" "$bin/pdnstats" "$corpus" >/dev/null 2>/tmp/pdnstats-rss.$$ ||:
    tail -1 /tmp/pdnstats-rss.$$
    rm -f /tmp/pdnstats-rss.$$
fi
exit 0
