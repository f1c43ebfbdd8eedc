#!/bin/sh
# Golden CLI tests: runs every case under tests/cli/cases/ and compares its
# standard output, standard error and exit status with the expected ones.
#
#   sh tests/cli/run.sh BIN [WRAPPER]      (from the project root)
#
# A case is a directory holding:
#   cmd     one line: the tool and its arguments, input paths relative to the
#           project root; shell quoting works; $OUT names a fresh, empty
#           scratch directory for output files
#   stdin   optional, fed to the tool (else /dev/null)
#   out err rc   expected stdout, stderr and exit status
#   files/  optional: the exact contents $OUT must hold afterwards (no more
#           files, so a leftover temporary file fails the case)
# Only a case's own files are read; nothing outside the project is.
# POSIX sh: runs under dash.

bin=${1:?usage: run.sh BIN [WRAPPER]}
wrapper=${2:-}
root=$(pwd)
case $bin in /*) ;; *) bin=$root/$bin ;; esac
cases=$root/tests/cli/cases
scratch=$root/tests/cli/out
PATH=$bin:$PATH
export PATH

passed=0
failed=0

# compare NAME EXPECTED ACTUAL: prints a diff and fails when they differ.
compare() {
    if ! cmp -s "$2" "$3"; then
        echo "--- $1: expected $2, got:"
        diff -u "$2" "$3" | sed -n '3,$p'
        return 1
    fi
}

# check_files CASE OUTDIR: OUTDIR holds exactly the files of CASE/files.
# (sh has no local variables: each function keeps to its own names.)
check_files() {
    files_ok=0
    if [ -d "$1/files" ]; then
        (cd "$1/files" && ls -A) >"$scratch/.want" || return 1
    else
        : >"$scratch/.want"
    fi
    (cd "$2" && ls -A) >"$scratch/.got"
    compare "file list" "$scratch/.want" "$scratch/.got" || files_ok=1
    for f in $(cat "$scratch/.want"); do
        [ -f "$2/$f" ] && compare "file $f" "$1/files/$f" "$2/$f" || files_ok=1
    done
    return $files_ok
}

run_case() {
    dir=$1
    name=$(basename "$dir")
    OUT=$scratch/$name
    export OUT
    rm -rf "$OUT" && mkdir -p "$OUT"
    cmdline=$(cat "$dir/cmd")
    input=/dev/null
    [ -f "$dir/stdin" ] && input=$dir/stdin
    eval "set -- $cmdline"
    tool=$1
    shift
    # The wrapper (valgrind) watches our tools, not sh running a helper
    # script: the shell's own leaks are not ours.
    run=
    [ -x "$bin/$tool" ] && tool=$bin/$tool && run=$wrapper
    $run "$tool" "$@" <"$input" >"$scratch/$name.out" 2>"$scratch/$name.err"
    echo $? >"$scratch/$name.rc"
    ok=0
    compare stdout "$dir/out" "$scratch/$name.out" || ok=1
    compare stderr "$dir/err" "$scratch/$name.err" || ok=1
    compare "exit status" "$dir/rc" "$scratch/$name.rc" || ok=1
    check_files "$dir" "$OUT" || ok=1
    return $ok
}

mkdir -p "$scratch"
for dir in "$cases"/*/; do
    [ -f "$dir/cmd" ] || continue
    dir=${dir%/}
    if (run_case "$dir"); then
        passed=$((passed + 1))
    else
        echo "FAILED: $(basename "$dir"): $(cat "$dir/cmd")"
        failed=$((failed + 1))
    fi
done
echo "cli: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
