#!/bin/sh
# pdn2csv --moves [--variations] -> csv2pdn --moves gives back the same
# games: pdnfmt of what comes back equals pdnfmt of the original, for every
# file of tests/data and samples/good with a variation or a comment (their
# line ids and parent plies, comments before and after moves, NAGs).
# --lossless carries the tags, the result and the move numbers as
# written (a wrong one, which pdnfmt keeps, comes back as written); without
# --variations the variations are left out of both sides (pdnfmt
# --no-variations).
# Prints one line per file; fails on a difference.
#   sh tests/cli/csv-moves-roundtrip.sh    (from the project root, tools in PATH)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failed=0
files=0
for f in tests/data/*/*.pdn tests/data/*/*/*.pdn samples/good/*.pdn; do
    [ -f "$f" ] || continue
    # files that read with errors are not games csv2pdn can give back
    pdncheck -q -W none "$f" >/dev/null 2>&1 || continue
    grep -q '[({;]' "$f" || continue
    files=$((files + 1))
    name=${f#tests/data/}
    result=""
    for mode in --variations ""; do
        nov=${mode:---no-variations}
        [ "$nov" = --variations ] && nov=""
        pdn2csv -q --moves $mode --lossless "$f" 2>/dev/null |
            csv2pdn -q --moves 2>/dev/null | pdnfmt -q $nov >"$tmp/back.pdn" 2>/dev/null
        pdnfmt -q $nov "$f" >"$tmp/orig.pdn" 2>/dev/null
        if cmp -s "$tmp/orig.pdn" "$tmp/back.pdn"; then
            result="$result ${mode:-main line} same;"
        else
            result="$result ${mode:-main line} DIFFERENT;"
            failed=1
            [ -n "$VERBOSE" ] && diff "$tmp/orig.pdn" "$tmp/back.pdn" | head -${VERBOSE}
        fi
    done
    echo "$name:$result"
done
[ "$files" -gt 0 ] || { echo "no file with variations or comments"; exit 1; }
exit $failed
