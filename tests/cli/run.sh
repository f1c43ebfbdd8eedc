#!/bin/sh
# Golden CLI tests: runs the cases under tests/cli/cases/, several at a
# time, and compares each one's standard output, standard error and exit
# status with the expected ones (tests/cli/run-case.sh runs one).
#
#   sh tests/cli/run.sh [--slow] BIN [WRAPPER]     (from the project root)
#
# A case is a directory holding:
#   cmd     one line: the tool and its arguments, input paths relative to the
#           project root; shell quoting works; $OUT names a fresh, empty
#           scratch directory for output files
#   stdin   optional, fed to the tool (else /dev/null)
#   out err rc   expected stdout, stderr and exit status
#   files/  optional: the exact contents $OUT must hold afterwards (no more
#           files, so a leftover temporary file fails the case)
#   slow    optional: the case takes a second or more; `make check` leaves
#           it to `make check-slow` (run.sh --slow runs only these)
# Only a case's own files are read; nothing outside the project is.
# JOBS cases run at once (default: the number of processors); a case must
# not depend on another one's files. CLI_TIMES=1 lists the cases that took
# a second or more of wall time. POSIX sh: runs under dash.

slow=
kind=quick
[ "$1" = --slow ] && slow=1 && kind=slow && shift
bin=${1:?usage: run.sh [--slow] BIN [WRAPPER]}
root=$(pwd)
case $bin in /*) ;; *) bin=$root/$bin ;; esac
cases=$root/tests/cli/cases
# A scratch folder per kind and per build, so that make check and make
# sanitize (another BIN) can run at the same time.
scratch=$root/tests/cli/out/$kind-$(printf %s "${bin#"$root"/}" | tr -c 'A-Za-z0-9' '-')
jobs=${JOBS:-$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 2)}
CLI_CASES=$cases CLI_BIN=$bin CLI_WRAPPER=${2:-} CLI_SCRATCH=$scratch PATH=$bin:$PATH
export CLI_CASES CLI_BIN CLI_WRAPPER CLI_SCRATCH PATH

# The cases of this run, one name a line: the quick ones, or (--slow) the
# slow ones.
chosen() {
    for dir in "$cases"/*/; do
        dir=${dir%/}
        [ -f "$dir/cmd" ] || continue
        if [ -f "$dir/slow" ]; then
            [ -n "$slow" ] && echo "${dir##*/}"
        else
            [ -z "$slow" ] && echo "${dir##*/}"
        fi
    done
}

rm -rf "$scratch" && mkdir -p "$scratch"
chosen >"$scratch/.cases"
# Each case leaves its report in its own file, printed after the run in
# the cases' order, so that cases run side by side do not mix their lines.
xargs -P "$jobs" -n 1 sh tests/cli/run-case.sh <"$scratch/.cases"

passed=0
failed=0
while IFS= read -r name; do
    if [ -f "$scratch/$name.failed" ]; then
        cat "$scratch/$name.report"
        failed=$((failed + 1))
    else
        passed=$((passed + 1))
    fi
done <"$scratch/.cases"
# CLI_TIMES=1: the cases that took a second or more (candidates for slow).
if [ -n "${CLI_TIMES:-}" ]; then
    while IFS= read -r name; do
        echo "$(cat "$scratch/$name.ms") $name"
    done <"$scratch/.cases" | sort -rn | awk '$1 >= 1000 { print "cli: " $1 " ms: " $2 }'
fi
echo "cli ($kind cases): $passed passed, $failed failed"
[ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]
