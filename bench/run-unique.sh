#!/bin/sh
# --unique on a million games (issue 21: linear time, a few bytes a game):
# pdncheck with and without it on a generated file of 1,000,000 short
# games, 700,000 of them distinct, in CPU seconds (GNU time), and the
# peak RSS with it. Prints figures; asserts nothing.
bin=$1
[ -x /usr/bin/time ] || { echo "== --unique: GNU time missing, not measured"; exit 0; }
corpus=bench/corpus/unique-1m.pdn
mkdir -p bench/corpus
[ -s "$corpus" ] || awk 'BEGIN {
    m[0] = "1. 32-28 18-23 2. 37-32 12-18"; m[1] = "1. 31-26 19-24 2. 32-27 20-25"
    for (i = 0; i < 1000000; i++)
        printf "[White \"P%d\"]\n[Black \"Q%d\"]\n\n%s *\n\n", i % 700000, i % 2, m[i % 2]
}' >"$corpus"
tmp=/tmp/unique-bench.$$
trap 'rm -f "$tmp"' EXIT
echo "== pdncheck --unique on $corpus (1,000,000 games, 300,000 copies; CPU time)"
for opt in "" --unique; do
    /usr/bin/time -f "%U %S %M" -o "$tmp" "$bin/pdncheck" -q -w $opt "$corpus" >/dev/null 2>&1 ||:
    awk -v o="${opt:-plain}" '{ printf "   %-9s %.2f s, peak RSS %d KiB\n", o, $1 + $2, $3 }' "$tmp"
done
