#!/bin/sh
# Every output of every tool, written to /dev/full: each must say once that
# the write failed and exit 3, never 0 with the text lost.
#
#   sh tests/cli/write-failures.sh      (run by the golden case write-failures-script)
#
# Each check prints "ok: NAME" or "FAILED: NAME: why"; exit 1 when one
# fails. Finds the tools on PATH (the CLI runner puts the build's bin/
# first); reads samples/good only, writes in a scratch directory.

[ -w /dev/full ] || { echo "no /dev/full here"; exit 1; }
d=$(mktemp -d "${TMPDIR:-/tmp}/write-failures.XXXXXX") || exit 1
trap 'rm -rf "$d"' EXIT
failed=0
pdn=samples/good/match-samb-buggy-2003.pdn
pdn2csv -q "$pdn" >"$d/games.csv" || exit 1

# check NAME WHERE COMMAND...: COMMAND (its standard output on /dev/full)
# exits 3 and says exactly once "TOOL: WHERE: <reason>" on standard error,
# where WHERE is "standard output" or the file that could not be written.
check() {
    name=$1 where=$2
    shift 2
    "$@" >/dev/full 2>"$d/err"
    rc=$?
    said=$(grep -c "^$1: $where: \(No space left on device\|Input/output error\)\$" "$d/err")
    if [ $rc -eq 3 ] && [ "$said" -eq 1 ]; then
        echo "ok: $name"
    else
        echo "FAILED: $name: exit status $rc, said $said times: $(cat "$d/err")"
        failed=1
    fi
}

so="standard output"
check "pdncheck findings" "$so" pdncheck "$pdn"
check "pdncheck --format json" "$so" pdncheck --format json "$pdn"
check "pdncheck --list" "$so" pdncheck --list "$pdn"
check "pdncheck --list-codes" "$so" pdncheck --list-codes
check "pdncheck --help" "$so" pdncheck --help
check "pdncheck --version" "$so" pdncheck --version
check "pdnfmt" "$so" pdnfmt -q -w "$pdn"
check "pdnfmt -o" /dev/full pdnfmt -q -w -o /dev/full "$pdn"
check "pdn2csv" "$so" pdn2csv -q -w "$pdn"
check "pdn2csv --moves" "$so" pdn2csv -q -w --moves "$pdn"
check "pdn2csv -o" /dev/full pdn2csv -q -w -o /dev/full "$pdn"
check "pdn2csv --list-columns" "$so" pdn2csv --list-columns
check "csv2pdn" "$so" csv2pdn -q -w "$d/games.csv"
check "csv2pdn -o" /dev/full csv2pdn -q -w -o /dev/full "$d/games.csv"
check "pdnstats" "$so" pdnstats -q "$pdn"
check "pdnstats --csv" "$so" pdnstats -q --csv --only totals "$pdn"
check "pdnstats --json" "$so" pdnstats -q --json "$pdn"
check "pdnperft" "$so" pdnperft 3
check "pdnperft --divide" "$so" pdnperft --divide 2
check "pdnreplay --text" "$so" pdnreplay -q -w --text "$pdn"
check "pdnreplay --fen" "$so" pdnreplay -q -w --fen "$pdn"
check "pdnreplay --narrate" "$so" pdnreplay -q -w --narrate "$pdn"
check "pdnreplay --list" "$so" pdnreplay -q -w --list "$pdn"
check "pdnreplay --move" "$so" pdnreplay -q -w --move 3. "$pdn"
check "pdnreplay --svg FILE" /dev/full pdnreplay -q -w --svg /dev/full "$pdn"
check "pdnreplay --svg -" "$so" pdnreplay -q -w --svg - "$pdn"
mkdir "$d/svg"
ln -s /dev/full "$d/svg/ply-002.svg"
check "pdnreplay --svg-dir" "$d/svg/ply-002.svg" pdnreplay -q -w --svg-dir "$d/svg" "$pdn"

exit $failed
