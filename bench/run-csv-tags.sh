#!/bin/sh
# pdn2csv --all-tags with 100 000 distinct tag names (100 games of 1 000
# tags each, made here): the columns are found by a search tree in the tool
# and a hash in the writer, not by a scan over the names found so far,
# which took 73 s of CPU for this file (issue 22: 40k names 19 s, 100k
# 153 s). CPU time (user + system) and peak RSS, with GNU time; figures
# only, no assertion.
bin=$1
corpus=bench/corpus/tags-100k.pdn
mkdir -p bench/corpus
[ -s "$corpus" ] || awk 'BEGIN {
    for (g = 0; g < 100; g++) {
        printf "[Event \"e%d\"]\n", g
        for (i = 0; i < 1000; i++) printf "[T%06d \"%d\"]\n", g * 1000 + i, i
        printf "\n1. 32-28 19-23 *\n\n"
    }
}' >"$corpus"
echo "== pdn2csv --all-tags, 100 000 distinct tag names in 100 games ($corpus)"
if [ -x /usr/bin/time ]; then
    /usr/bin/time -f "   CPU %U s user, %S s system, peak RSS %M KB" \
        "$bin/pdn2csv" -q --all-tags "$corpus" 2>&1 >/dev/null | tail -1
else
    t0=$(date +%s.%N)
    "$bin/pdn2csv" -q --all-tags "$corpus" >/dev/null 2>&1
    echo "$t0 $(date +%s.%N)" | awk '{ printf "   wall %.2f s\n", $2 - $1 }'
fi
cols=$("$bin/pdn2csv" -q --all-tags "$corpus" 2>/dev/null | head -1 | tr ',' '\n' | grep -c '^T')
echo "   $cols tag columns"
