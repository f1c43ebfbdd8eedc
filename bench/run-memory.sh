#!/bin/sh
# Peak memory of the reader on every hostile input (bench/make_hostile.c):
# each is made on the fly and piped in, so only the reader is measured.
set -e
benchbin=$2
echo "== memory: reading hostile inputs (lexer + parser + game tree), peak RSS"
printf '%-24s %10s  %9s\n' input size "peak RSS"
for name in $("$benchbin/make_hostile"); do
    size=$("$benchbin/make_hostile" "$name" | wc -c)
    row=$("$benchbin/make_hostile" "$name" | "$benchbin/bench_memory" "$name")
    printf '%-24s %7.1f MB %s\n' "$name" "$(echo "$size" | awk '{print $1 / 1048576}')" "$row"
done
