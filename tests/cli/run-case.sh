#!/bin/sh
# One golden CLI case (the format is in tests/cli/run.sh, which calls this
# once per case, several at a time): runs it, compares its standard output,
# standard error, exit status and output files with the expected ones, and
# leaves in CLI_SCRATCH/NAME.report what differs (a diff), with
# CLI_SCRATCH/NAME.failed beside it when the case fails.
#
#   CLI_CASES=tests/cli/cases CLI_SCRATCH=$(mktemp -d) \
#       sh tests/cli/run-case.sh NAME      (from the project root, tools on PATH)
#
# Environment: CLI_CASES (the cases' folder), CLI_BIN (absolute, first on
# PATH), CLI_WRAPPER (valgrind, or empty), CLI_SCRATCH, CLI_TIMES. Everything a case
# writes stays in CLI_SCRATCH/NAME*, so cases can run side by side. Few
# processes a case: the suite runs hundreds of them. POSIX sh: runs under
# dash.

name=${1:?usage: run-case.sh NAME}
# Without the folders run.sh sets, $got would be /NAME, which the case
# empties with rm -rf: a case named bin took /bin with it once.
: "${CLI_CASES:?set by tests/cli/run.sh}" "${CLI_SCRATCH:?set by tests/cli/run.sh}"
dir=$CLI_CASES/$name
got=$CLI_SCRATCH/$name
OUT=$got
export OUT

# compare WHAT EXPECTED ACTUAL: prints a diff and fails when they differ.
compare() {
    if ! cmp -s "$2" "$3"; then
        echo "--- $1: expected $2, got:"
        diff -u "$2" "$3" | sed -n '3,$p'
        return 1
    fi
}

# is_empty DIR: DIR holds no file, hidden or not.
is_empty() {
    for f in "$1"/* "$1"/.[!.]* "$1"/..?*; do
        if [ -e "$f" ] || [ -L "$f" ]; then return 1; fi
    done
}

# check_files: $OUT holds exactly the files of the case's files/ folder.
check_files() {
    [ ! -d "$dir/files" ] && is_empty "$OUT" && return 0
    files_ok=0
    : >"$got.want"
    [ -d "$dir/files" ] && { (cd "$dir/files" && ls -A) >"$got.want" || return 1; }
    (cd "$OUT" && ls -A) >"$got.list"
    compare "file list" "$got.want" "$got.list" || files_ok=1
    for f in $(cat "$got.want"); do
        [ -f "$OUT/$f" ] && compare "file $f" "$dir/files/$f" "$OUT/$f" || files_ok=1
    done
    return $files_ok
}

run_case() {
    IFS= read -r cmdline <"$dir/cmd" || [ -n "$cmdline" ]
    input=/dev/null
    [ -f "$dir/stdin" ] && input=$dir/stdin
    eval "set -- $cmdline"
    # A pipe or a ';' in cmd ends set's command: $1 is then no tool, and a
    # case that ran nothing must not pass (sh -c '...' holds a pipeline).
    if [ $# -eq 0 ]; then
        echo "FAILED: $name: cmd is no command (a pipeline goes in sh -c '...'): $cmdline"
        return 1
    fi
    tool=$1
    shift
    # The wrapper (valgrind) watches our tools, not sh running a helper
    # script: the shell's own leaks are not ours.
    run=
    [ -x "$CLI_BIN/$tool" ] && tool=$CLI_BIN/$tool && run=$CLI_WRAPPER
    $run "$tool" "$@" <"$input" >"$got.out" 2>"$got.err"
    rc=$?
    ok=0
    compare stdout "$dir/out" "$got.out" || ok=1
    compare stderr "$dir/err" "$got.err" || ok=1
    IFS= read -r want_rc <"$dir/rc" || [ -n "$want_rc" ]
    if [ "$rc" != "$want_rc" ]; then
        echo "--- exit status: expected $want_rc, got $rc"
        ok=1
    fi
    check_files || ok=1
    [ $ok -eq 0 ] || echo "FAILED: $name: $cmdline"
    return $ok
}

rm -rf "$OUT" && mkdir -p "$OUT"
[ -n "${CLI_TIMES:-}" ] && start=$(date +%s%N)
# In a subshell: a shell error in the case (a special builtin failing)
# ends it, not this script, and the case fails instead of passing unseen.
(run_case) >"$got.report" 2>&1 || : >"$got.failed"
# CLI_TIMES=1: the case's wall time in milliseconds, for run.sh to list.
[ -n "${CLI_TIMES:-}" ] && echo $((($(date +%s%N) - start) / 1000000)) >"$got.ms"
exit 0
