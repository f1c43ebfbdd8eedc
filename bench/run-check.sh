#!/bin/sh
# Full validation speed on a >= 100 MB corpus built reproducibly from
# samples/good (real games, then random play-outs with a fixed seed).
set -e
benchbin=$2
corpus=bench/corpus/check-100mb.pdn
mkdir -p bench/corpus
# Rebuilt when the builder changed since: a stale corpus measures old games.
if [ ! -s "$corpus" ] || [ "$benchbin/make_check_corpus" -nt "$corpus" ]; then
    echo "== building $corpus from samples/good"
    "$benchbin/make_check_corpus" "$corpus" 100 samples/good/*.pdn
fi
echo "== full validation (read + replay + results + draw rules), one core"
"$benchbin/bench_check" "$corpus"
