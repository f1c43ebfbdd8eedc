#!/bin/sh
# Reading speed and memory on a >= 100 MB corpus built from the project's files.
set -e
benchbin=$2
corpus=bench/corpus/read-100mb.pdn
mkdir -p bench/corpus
[ -s "$corpus" ] && [ "$corpus" -nt bench/make_corpus.sh ] || sh bench/make_corpus.sh "$corpus" 100
echo "== reading (lexer + parser + game tree, no validation), one core"
"$benchbin/bench_read" "$corpus"
# The reader's threads with a caller that frees each game as it comes:
# with glibc's defaults, then with the trim threshold raised (libpdn(3)).
cores=$(getconf _NPROCESSORS_ONLN)
if [ "$cores" -gt 1 ]; then
    echo "== the same with $cores threads of the reader, the caller freeing each game (libpdn(3))"
    echo "   glibc's defaults:"
    "$benchbin/bench_read" "$corpus" "$cores" | sed 's/^/   /'
    echo "   after mallopt(M_TRIM_THRESHOLD, 64 MB):"
    "$benchbin/bench_read" "$corpus" "$cores" trim | sed 's/^/   /'
fi
