#!/bin/sh
# Runs every unit-test program (optionally under a wrapper such as
# valgrind), several at a time (JOBS, default: the number of processors);
# prints each program's output in the order given, then a total, and fails
# when any program fails.
#
#   sh tests/run-unit.sh WRAPPER PROGRAM...      (WRAPPER may be "")
# POSIX sh: runs under dash.
UNIT_WRAP=$1
shift
jobs=${JOBS:-$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 2)}
UNIT_LOGS=$(mktemp -d "${TMPDIR:-/tmp}/unit.XXXXXX") || exit 3
trap 'rm -rf "$UNIT_LOGS"' EXIT
export UNIT_WRAP UNIT_LOGS

# Each program's output goes to a file of its own (LOGS/NAME.log, and
# NAME.failed when it fails), so programs run side by side do not mix lines.
# shellcheck disable=SC2016
printf '%s\n' "$@" | xargs -P "$jobs" -n 1 sh -c \
    'log=$UNIT_LOGS/${1##*/}; $UNIT_WRAP "$1" >"$log.log" 2>&1 || : >"$log.failed"' sh

fail=0
progs=0
for t in "$@"; do
    progs=$((progs + 1))
    cat "$UNIT_LOGS/${t##*/}.log"
    if [ -f "$UNIT_LOGS/${t##*/}.failed" ]; then
        echo "FAILED: $t" >&2
        fail=$((fail + 1))
    fi
done
echo "unit: $progs programs, $fail failed"
[ "$fail" -eq 0 ]
