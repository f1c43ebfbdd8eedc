#!/bin/sh
# pdnstats's memory on collections made on the fly (bench/bench_stats_memory.c):
# 1M distinct player names, and the openings tree of 1M random games at
# --depth 20. Peak RSS before and after counting, and the growth per name
# or game. Goals of issue 22: at most 100 bytes per distinct player; the
# tree bounded (64 MB whatever the depth: it holds 1048576 positions).
# Then the whole tool on the 100 MB reading corpus (run-jobs.sh builds it;
# this script never does), one thread and two: the goal of issue 19 is a
# peak RSS under 16 MB.
bin=$1
benchbin=$2
echo "== pdnstats memory: peak RSS, made on the fly"
printf '   %-40s %s\n' "1M distinct names (500k games):" "$("$benchbin/bench_stats_memory" names 1000000)"
printf '   %-40s %s\n' "openings tree, 1M random games, depth 20:" "$("$benchbin/bench_stats_memory" tree 1000000)"
corpus=bench/corpus/read-100mb.pdn
[ -s "$corpus" ] && [ -x /usr/bin/time ] || exit 0
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
# rss ARGS...: pdnstats's peak RSS in MB on the corpus
rss() {
    /usr/bin/time -f '%M' -o "$tmp" "$bin/pdnstats" -q "$@" "$corpus" >/dev/null 2>&1 ||:
    tail -n 1 "$tmp" | awk '{ printf "%.1f", $1 / 1024 }'
}
echo "== pdnstats peak RSS on $corpus ($(($(wc -c <"$corpus") / 1000000)) MB; goal under 16 MB)"
for args in "-j 1" "-j 2" "-j 1 --crosstable" "-j 2 --crosstable"; do
    printf '   %-40s %s MB\n' "pdnstats $args:" "$(rss $args)"
done
exit 0
