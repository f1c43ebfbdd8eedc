#!/bin/sh
# make bench: prints speed and memory figures. Never asserts timings.
# $1: directory of the tools, $2: directory of the benchmark programs.
set -e
bin=$1
benchbin=$2
echo "== move generator: pdnperft 9 from the start position (41 022 423 leaves)"
echo "   (bulk counting: the last ply counts moves without playing them)"
"$bin/pdnperft" 9
for script in bench/run-*.sh; do
    [ -e "$script" ] && sh "$script" "$bin" "$benchbin"
done
exit 0
