#!/bin/sh
# pdnfmt against pdncheck on the corpus run-check.sh builds, one thread
# each (-j 1): CPU time (user + system) of the best of 3 runs, taken in
# turn, and their
# ratio (issue 19's goal: pdnfmt within 2x of pdncheck: it reads and
# replays as pdncheck does, then writes every game). Both run with -q:
# findings are printed, to /dev/null. Figures only, no assertion.
bin=$1
corpus=bench/corpus/check-100mb.pdn
[ -s "$corpus" ] || { echo "== pdnfmt: no $corpus (run-check.sh builds it)"; exit 0; }
tmp=/tmp/pdnfmt-bench.$$
trap 'rm -f "$tmp"' EXIT
digits=2
. bench/timing.sh
echo "== pdnfmt vs pdncheck on $corpus (-j 1; $what, best of 3)"
read -r check fmt <<EOF
$(best_each '"$bin/pdncheck" -q -j 1 "$corpus"' '"$bin/pdnfmt" -q -j 1 "$corpus"')
EOF
echo "   pdncheck -q: ${check}s   pdnfmt -q: ${fmt}s"
echo "$check $fmt" | awk '{ if ($1 > 0) printf "   ratio pdnfmt/pdncheck: %.2f (goal <= 2)\n", $2 / $1 }'
exit 0
