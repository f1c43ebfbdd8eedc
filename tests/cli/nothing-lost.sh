#!/bin/sh
# "Nothing lost": every game pdnfmt reads is written, broken ones included.
#
#   sh tests/cli/nothing-lost.sh FILE      (run by the golden case fmt-nothing-lost)
#
# FILE holds games each tagged [Event "gN"] (N = 1, 2, 3...), most of them
# broken in some way (the Event tag itself may have lost its '[' or have
# one too many). pdnfmt must write each event exactly once, in order,
# whatever the options; and what it writes must read back as the same
# number of games (pdnfmt twice gives the same text). Prints one line per
# run; fails (exit 1) when a game is lost, doubled or reordered.
# Finds pdnfmt on PATH (the CLI runner puts the build's bin/ first).

file=${1:?usage: nothing-lost.sh FILE}
tmp=${TMPDIR:-/tmp}/nothing-lost.$$
trap 'rm -f "$tmp".*' EXIT
failed=0

# The [Event "gN"] names in a PDN text, one a line, in order (a game written
# as read may keep a lost or doubled '[').
events() {
    sed -n 's/^\[*Event "\(g[0-9]*\)"\]$/\1/p' "$1"
}

# check LABEL OPTION...: runs pdnfmt on the file (and on its own output)
# and compares the games.
check() {
    label=$1
    shift
    pdnfmt "$@" "$file" >"$tmp.out" 2>/dev/null
    rc=$?
    pdnfmt "$@" "$tmp.out" >"$tmp.again" 2>/dev/null
    events "$tmp.out" >"$tmp.got"
    events "$tmp.again" >"$tmp.got2"
    in=$(wc -l <"$tmp.want")
    out=$(wc -l <"$tmp.got")
    again=$(wc -l <"$tmp.got2")
    status=
    cmp -s "$tmp.want" "$tmp.got" || status="$status, LOST OR REORDERED"
    cmp -s "$tmp.got" "$tmp.got2" || status="$status, REWRITING CHANGED THE GAMES"
    [ "$rc" -le 1 ] || status="$status, EXIT $rc"
    echo "$label: games in $in, out $out, rewritten $again: ${status:-, ok}" | sed 's/: , /: /'
    if [ -n "$status" ]; then
        diff "$tmp.want" "$tmp.got" | sed 's/^/    /'
        failed=1
    fi
}

grep -c '^\[*Event "g' "$file" >/dev/null || { echo "no [Event \"gN\"] games in $file"; exit 2; }
n=$(grep -c '^\[*Event "g' "$file")
i=1
while [ "$i" -le "$n" ]; do echo "g$i"; i=$((i + 1)); done >"$tmp.want"

check "pdnfmt"
check "pdnfmt --strict" --strict
check "pdnfmt --no-comments --no-variations --no-nags" --no-comments --no-variations --no-nags
check "pdnfmt --seven-tag-roster" --seven-tag-roster
check "pdnfmt --width 1" --width 1
check "pdnfmt --no-normalise" --no-normalise
check "pdnfmt --broken=comment" --broken=comment
check "pdnfmt --broken=verbatim" --broken=verbatim
check "pdnfmt --broken=comment --no-comments" --broken=comment --no-comments
check "pdnfmt --fix" --fix
check "pdnfmt --fix --no-normalise" --fix --no-normalise
check "pdnfmt --fix --broken=comment" --fix --broken=comment
exit $failed
