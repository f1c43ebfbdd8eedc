#!/bin/sh
# Runs every unit-test program (optionally under a wrapper such as valgrind);
# prints a total and fails when any program fails.
wrap=$1; shift
fail=0; progs=0
for t in "$@"; do
    progs=$((progs + 1))
    if ! $wrap "$t"; then
        echo "FAILED: $t" >&2
        fail=$((fail + 1))
    fi
done
echo "unit: $progs programs, $fail failed"
[ "$fail" -eq 0 ]
