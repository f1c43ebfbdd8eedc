#!/bin/sh
# pdnreplay --analyse judged from outside: in tests/cli/analyse/blunder.pdn
# White's 33-28 gives a man for nothing (checked by hand with pdnperft
# --divide: Black's only move is 23x32 and nothing takes back), where 45-40
# keeps it: 33-28 must be marked ?? ($4) with 45-40 as the better move,
# and the other moves left alone. A real tournament game analysed comes
# out as PDN that pdncheck finds clean, with its moves unchanged.
#
#   sh tests/cli/analyse.sh BIN        (from the project root; make cli runs it)
bin=${1:?usage: analyse.sh BIN}
tag=analyse
. tests/cli/checks.sh

check
"$bin/pdnreplay" --analyse tests/cli/analyse/blunder.pdn >"$work/blunder.pdn" 2>"$work/err" ||
    fail "exit status $?: $(cat "$work/err")"
grep -q '1\. 33-28 \$4 {better 45-40 ' "$work/blunder.pdn" ||
    fail "33-28 is not marked as a blunder: $(cat "$work/blunder.pdn")"
[ "$(grep -o '\$[0-9]*' "$work/blunder.pdn" | wc -l)" -eq 1 ] || fail "another move is marked"
"$bin/pdncheck" -q "$work/blunder.pdn" >/dev/null 2>&1 || fail "the analysis does not check"

# A move the file marks itself (33-28?!, lidraughts' inaccuracy): the
# engine's NAG and comment follow the mark and come before the move's own
# comment; written in the move's text, they had pushed the mark after
# them ("33-28 $4 {better ...}?!"), which pdncheck warns of.
check
"$bin/pdnreplay" --analyse tests/cli/analyse/marked.pdn >"$work/marked.pdn" 2>"$work/err" ||
    fail "a marked move: exit status $?: $(cat "$work/err")"
tr '\n' ' ' <"$work/marked.pdn" |
    grep -q ' 1\. 33-28?! \$4 {better 45-40 [^}]*} {Inaccuracy\. Best move was 45-40\.}' ||
    fail "the mark of 33-28 misplaced: $(cat "$work/marked.pdn")"
"$bin/pdncheck" -W all "$work/marked.pdn" >"$work/check" 2>&1 ||
    fail "the marked analysis does not check: $(cat "$work/check")"
grep -q ' 0 errors, 0 warnings$' "$work/check" || fail "findings: $(cat "$work/check")"

check
game="tests/data/tournaments/29eme Open d'Avignon 2014.pdn"
"$bin/pdnreplay" --analyse --level 2 -g 1 "$game" >"$work/real.pdn" 2>"$work/err" ||
    fail "a real game: exit status $?: $(cat "$work/err")"
"$bin/pdncheck" -q "$work/real.pdn" >/dev/null 2>&1 || fail "the real game analysed does not check"
moves() { "$bin/pdnfmt" --no-comments --no-nags -g 1 "$1" 2>/dev/null | sed -n '/^$/,$p'; }
[ "$(moves "$work/real.pdn")" = "$(moves "$game")" ] || fail "the real game's moves changed"

checks_done
