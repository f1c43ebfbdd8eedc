#!/bin/sh
# pdn2csv --moves --variations --lossless -> csv2pdn --moves gives back the
# game that went in, as README.md and csv2pdn(1) promise, and so does the
# trip by game rows, pdn2csv --lossless -> csv2pdn: for every .pdn under
# tests/data (the real files: tournaments, encodings, the PDN 3.0
# conformance set, succeed and fail) and every input the fuzzers kept
# (tests/fuzz/regressions: a capture that reads as the hop of the one
# before unless numbered, "38x18 1... 18x9"; games without moves nor
# result whose next game's tags would read as their own), the game that
# goes in is the file as pdnfmt writes it, and the one that comes back
# from each trip must be
# - byte for byte the same once pdnfmt writes it (the sides, the move
#   numbers as written, right or wrong, the '...' that holds White's
#   place in "1. ... 7-12", the comments, variations and tags);
# - the same to pdncheck: the same findings, game by game, of the same
#   kinds at the same move numbers (a wrong move number as written stays
#   wrong, and is reported as before).
# A kept input of no game (one that reads only strict) is passed over.
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
# trip OPTIONS: the games of $tmp/in.pdn through pdn2csv --lossless
# OPTIONS and back through csv2pdn (--moves with --moves): "same", or what
# differs (failed set)
trip() {
    moves=
    case " $* " in *" --moves "*) moves=--moves ;; esac
    pdn2csv -q --lossless "$@" "$tmp/in.pdn" 2>/dev/null |
        csv2pdn -q $moves >"$tmp/back.pdn" 2>/dev/null
    pdnfmt -q "$tmp/back.pdn" >"$tmp/again.pdn" 2>/dev/null
    findings "$tmp/back.pdn" >"$tmp/back.found"
    if ! cmp -s "$tmp/in.pdn" "$tmp/again.pdn"; then
        echo "DIFFERENT games"
        [ -n "$VERBOSE" ] && diff "$tmp/in.pdn" "$tmp/again.pdn" | head -"$VERBOSE" >&2
        failed=1
    elif ! cmp -s "$tmp/in.found" "$tmp/back.found"; then
        echo "DIFFERENT findings"
        [ -n "$VERBOSE" ] && diff "$tmp/in.found" "$tmp/back.found" | head -"$VERBOSE" >&2
        failed=1
    else
        echo same
    fi
}
{
    find tests/data -name '*.pdn' | LC_ALL=C sort
    find tests/fuzz/regressions -type f ! -name README | LC_ALL=C sort
} >"$tmp/files"
while IFS= read -r f; do
    files=$((files + 1))
    name=${f#tests/}
    name=${name#data/}
    pdnfmt -q "$f" >"$tmp/in.pdn" 2>/dev/null
    if ! [ -s "$tmp/in.pdn" ]; then # no tools, or a file of no game
        case $f in tests/fuzz/*) echo "$name: no game" && continue ;; esac
        echo "$name: pdnfmt wrote nothing"
        failed=1
        continue
    fi
    findings "$tmp/in.pdn" >"$tmp/in.found"
    games=$(grep -c '^\[Event ' "$tmp/in.pdn")
    # the function sets failed: not in a subshell
    trip --moves --variations >"$tmp/moves"
    trip >"$tmp/rows"
    echo "$name: $games games, $(wc -l <"$tmp/in.found") findings: moves $(cat "$tmp/moves"), \
game rows $(cat "$tmp/rows")"
done <"$tmp/files"
[ "$files" -ge 120 ] || { echo "only $files files: the real files are missing"; exit 1; }
exit $failed
