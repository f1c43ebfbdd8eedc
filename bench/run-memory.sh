#!/bin/sh
# Peak memory of the reader, the replay and the formatter on every hostile
# input (bench/make_hostile.c): each is made on the fly and piped in, so
# that the input itself is not measured. Goal: under 64 MB for each.
set -e
benchbin=$2
echo "== memory: hostile inputs read, replayed and formatted (pdncheck's and pdnfmt's work), peak RSS"
printf '%-24s %10s  %9s\n' input size "peak RSS"
for name in $("$benchbin/make_hostile"); do
    size=$("$benchbin/make_hostile" "$name" | wc -c)
    row=$("$benchbin/make_hostile" "$name" | "$benchbin/bench_memory" "$name")
    printf '%-24s %7.1f MB %s\n' "$name" "$(echo "$size" | awk '{print $1 / 1048576}')" "$row"
done
