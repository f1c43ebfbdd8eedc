#!/bin/sh
# Reading speed and memory on a >= 100 MB corpus built from the project's files.
set -e
benchbin=$2
corpus=bench/corpus/read-100mb.pdn
mkdir -p bench/corpus
[ -s "$corpus" ] && [ "$corpus" -nt bench/make_corpus.sh ] || sh bench/make_corpus.sh "$corpus" 100
echo "== reading (lexer + parser + game tree, no validation), one core"
"$benchbin/bench_read" "$corpus"
