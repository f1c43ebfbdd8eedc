#!/bin/sh
# pdnstats's memory on collections made on the fly (bench/bench_stats_memory.c):
# 1M distinct player names, and the openings tree of 1M random games at
# --depth 20. Peak RSS before and after counting, and the growth per name
# or game. Goals of issue 22: at most 100 bytes per distinct player; the
# tree bounded (64 MB whatever the depth: it holds 1048576 positions).
benchbin=$2
echo "== pdnstats memory: peak RSS, made on the fly"
printf '   %-40s %s\n' "1M distinct names (500k games):" "$("$benchbin/bench_stats_memory" names 1000000)"
printf '   %-40s %s\n' "openings tree, 1M random games, depth 20:" "$("$benchbin/bench_stats_memory" tree 1000000)"
exit 0
