#!/bin/sh
# pdn2csv --moves --variations --lossless -> csv2pdn --moves gives back the
# game that went in, as README.md and csv2pdn(1) promise: for every .pdn
# under tests/data (the real files: tournaments, encodings, the PDN 3.0
# conformance set, succeed and fail) and the fuzzers' find of a capture
# that reads as the hop of the one before unless numbered ("38x18 1...
# 18x9": tests/fuzz/regressions), the game that goes in is the file as
# pdnfmt writes it, and the one that comes back must be
# - byte for byte the same once pdnfmt writes it (the sides, the move
#   numbers as written, right or wrong, the '...' that holds White's
#   place in "1. ... 7-12", the comments, variations and tags);
# - the same to pdncheck: the same findings, game by game, of the same
#   kinds at the same move numbers (a wrong move number as written stays
#   wrong, and is reported as before).
# Prints one line per file; fails on any difference.
#   sh tests/cli/csv-moves-lossless.sh    (from the project root, tools in PATH)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failed=0
files=0
# findings FILE: a line per finding of pdncheck -W all: game, code, move
findings() {
    pdncheck -q -W all --format json "$1" 2>/dev/null |
        jq -r 'select(.type == "finding") | "game \(.game) \(.code) \(.move)"' | sort
}
{
    find tests/data -name '*.pdn' | LC_ALL=C sort
    echo tests/fuzz/regressions/roundtrip-glued-capture.pdn
} >"$tmp/files"
while IFS= read -r f; do
    files=$((files + 1))
    name=${f#tests/}
    name=${name#data/}
    pdnfmt -q "$f" >"$tmp/in.pdn" 2>/dev/null
    if ! [ -s "$tmp/in.pdn" ]; then # no tools, or a file of no game
        echo "$name: pdnfmt wrote nothing"
        failed=1
        continue
    fi
    pdn2csv -q --moves --variations --lossless "$tmp/in.pdn" 2>/dev/null |
        csv2pdn -q --moves >"$tmp/back.pdn" 2>/dev/null
    pdnfmt -q "$tmp/back.pdn" >"$tmp/again.pdn" 2>/dev/null
    findings "$tmp/in.pdn" >"$tmp/in.found"
    findings "$tmp/back.pdn" >"$tmp/back.found"
    games=$(grep -c '^\[Event ' "$tmp/in.pdn")
    if ! cmp -s "$tmp/in.pdn" "$tmp/again.pdn"; then
        echo "$name: DIFFERENT games"
        [ -n "$VERBOSE" ] && diff "$tmp/in.pdn" "$tmp/again.pdn" | head -"$VERBOSE"
        failed=1
    elif ! cmp -s "$tmp/in.found" "$tmp/back.found"; then
        echo "$name: DIFFERENT findings"
        [ -n "$VERBOSE" ] && diff "$tmp/in.found" "$tmp/back.found" | head -"$VERBOSE"
        failed=1
    else
        echo "$name: $games games, $(wc -l <"$tmp/in.found") findings: same"
    fi
done <"$tmp/files"
[ "$files" -ge 60 ] || { echo "only $files files: the real files are missing"; exit 1; }
exit $failed
