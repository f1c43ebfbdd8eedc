#!/bin/sh
# pdncheck against the tokenizer floor (issue 19): the CPU time of
#   tr -s ' \n' '\n\n' | wc -l
# on the same bytes, the least any reader of the file spends, and pdncheck's
# (read, replay, results, draw rules, variant inference), best of RUNS
# (default 7: they are short) each, taken in turn, and their ratio (goal: 1.3); and the
# reader alone (bench_read: games read, none replayed), which says how much
# of pdncheck's time is the reading and how much the checking. The bytes: about 20 MB of real international
# games, tests/data/tournaments/*.pdn concatenated in a fixed order until
# the size is reached. Timed in CPU seconds (user + system) with GNU time,
# which a busy machine disturbs far less than wall time; else wall time.
bin=$1
benchbin=$2
corpus=bench/corpus/tournaments-20mb.pdn
mkdir -p bench/corpus
if [ ! -s "$corpus" ]; then
    tmp_corpus=$corpus.tmp
    : >"$tmp_corpus"
    while [ "$(wc -c <"$tmp_corpus")" -lt 20000000 ]; do
        find tests/data/tournaments -name '*.pdn' -type f | LC_ALL=C sort | while IFS= read -r f; do
            cat "$f" >>"$tmp_corpus"
            printf '\n' >>"$tmp_corpus"
        done
    done
    mv "$tmp_corpus" "$corpus"
fi
tmp=/tmp/pdn-floor-bench.$$
trap 'rm -f "$tmp"' EXIT
digits=3
RUNS=${RUNS:-7}
. bench/timing.sh
echo "== pdncheck vs the tokenizer floor on $corpus ($(wc -c <"$corpus") bytes; $what, best of $RUNS)"
# Taken in turn (timing.sh); pdncheck on one core: threads would add their CPU.
floor_cmd='sh -c '"'"'tr -s " \n" "\n\n" <"$1" | wc -l'"'"' sh "$corpus"'
read -r floor check <<EOF
$(best_each "$floor_cmd" '"$bin/pdncheck" -q -j 1 "$corpus"')
EOF
printf '   %s: %ss   pdncheck -q -j 1: %ss\n' "tr -s ' \\n' '\\n\\n' | wc -l" "$floor" "$check"
echo "$floor $check" |
    awk '{ if ($1 > 0) printf "   ratio pdncheck/floor: %.2f (goal <= 1.3)\n", $2 / $1 }'
# Most files have no date whose day and month could be swapped, and are
# read once: the same bytes with each such date written year first (as
# long), whose dates are never read ahead.
plain=bench/corpus/tournaments-20mb-plain-dates.pdn
[ -s "$plain" ] && [ "$plain" -nt "$corpus" ] ||
    sed -E 's/^\[Date "([0-9]{1,2})([./-])([0-9]{1,2})[./-]([0-9]{4})"\]/[Date "\4\2\3\2\1"]/' \
        "$corpus" >"$plain"
read -r floor_plain check_plain <<EOF
$(best_each "$(echo "$floor_cmd" | sed 's/corpus/plain/')" '"$bin/pdncheck" -q -j 1 "$plain"')
EOF
echo "$floor_plain $check_plain" | awk '{ if ($1 > 0) printf \
    "   with no date that could be swapped (most files: none read ahead): %.3fs against %.3fs, ratio %.2f\n",
    $2, $1, $2 / $1 }'
if [ -x "$benchbin/bench_read" ]; then
    read=$(best "$benchbin/bench_read" "$corpus")
    echo "$floor $read $check" | awk '{ if ($1 > 0) printf \
        "   the reader alone (bench_read, no replay): %.3fs, %.2fx the floor; the checking: %.2fx\n",
        $2, $2 / $1, ($3 - $2) / $1 }'
fi
exit 0
