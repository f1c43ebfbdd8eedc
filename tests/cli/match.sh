#!/bin/sh
# pdnmatch's games checked from outside: every game it writes replays
# without an error under pdncheck; there are as many as --rounds, White and
# Black are the engine specs as given, each opening is played twice with
# the colours swapped, the score line agrees with the results in the file.
# Built-in levels against each other, against pdnengine through Hub, and
# Hub engines that misbehave (an illegal move, garbage then quitting,
# silence, a late answer): each loses its game with a message saying why,
# with no hang.
#
#   sh tests/cli/match.sh BIN        (from the project root; make cli runs it)
bin=${1:?usage: match.sh BIN}
root=$(pwd)
case $bin in /*) ;; *) bin=$root/$bin ;; esac
tag=match
. tests/cli/checks.sh

# games FILE N A B: FILE holds N games that pdncheck finds clean (not a
# warning: a wrong move number is one), A and B
# take turns as White, and each FEN comes twice in a row.
games() {
    check
    "$bin/pdncheck" -q -W error "$1" >"$work/check" 2>&1 || fail "$1: pdncheck: $(cat "$work/check")"
    n=$(grep -c '^\[Event ' "$1")
    [ "$n" -eq "$2" ] || fail "$1: $n games, not $2"
    whites=$(sed -n 's/^\[White "\(.*\)"\]$/\1/p' "$1" | paste -sd'|' -)
    want=$(i=0; while [ $i -lt "$2" ]; do
        [ $((i % 2)) -eq 0 ] && echo "$3" || echo "$4"; i=$((i + 1)); done | paste -sd'|' -)
    [ "$whites" = "$want" ] || fail "$1: White tags '$whites', not '$want'"
    fens=$(sed -n 's/^\[FEN "\(.*\)"\]$/\1/p' "$1" | awk 'NR % 2 == 1 { a = $0 } NR % 2 == 0 && $0 != a { print "x" }')
    [ -z "$fens" ] || fail "$1: an opening not played twice in a row"
}

# results FILE: the Result tags and the terminators of FILE, one a line.
results() {
    awk '/^\[Result /{print} /^[^[]/ && $NF ~ /^(1-0|0-1|1\/2-1\/2|2-0|0-2|1-1|0-0|\*)$/ {print $NF}' "$1"
}

# chess_results FILE: FILE's results are written as pdnfmt writes those of
# an 8x8 game (1-0, not 2-0) and pdnfmt leaves them as they are.
chess_results() {
    check
    bad=$(results "$1" | grep -v -e '"1-0"' -e '"0-1"' -e '"1/2-1/2"' -e '^1-0$' -e '^0-1$' -e '^1/2-1/2$')
    [ -z "$bad" ] || fail "$1: not an 8x8 result: $bad"
    "$bin/pdnfmt" "$1" >"$work/fmt.pdn" 2>&1 || fail "$1: pdnfmt: $(cat "$work/fmt.pdn")"
    [ "$(results "$1")" = "$(results "$work/fmt.pdn")" ] ||
        fail "$1: pdnfmt changes the results: $(results "$work/fmt.pdn" | paste -sd' ' -)"
}

# score OUT FILE A: the +W =D -L of A in OUT's last line agrees with FILE.
score() {
    check
    w=$(awk -v a="$3" '/^\[White /{wh=$0} /^\[Result /{r=$0;
        aw = index(wh, "\"" a "\"") > 0;
        if (r ~ /"1-1"/) d++; else if ((r ~ /"2-0"/) == aw) w++; else l++}
        END {printf "+%d =%d -%d", w, d, l}' "$2")
    grep -q -- "$w," "$1" || fail "$1: the score is not $w: $(tail -n 1 "$1")"
}

"$bin/pdnmatch" --rounds 4 -o "$work/levels.pdn" level=2 level=1 >"$work/levels.out" 2>&1 ||
    fail "level=2 level=1: exit status $?"
games "$work/levels.pdn" 4 level=2 level=1
score "$work/levels.out" "$work/levels.pdn" level=2

# One game is "1 game", not "1 games".
"$bin/pdnmatch" -q -n 1 level=1 level=1 >"$work/one.out" 2>&1 || fail "one game: exit status $?"
check
grep -q '^level=1 vs level=1: 1 game, ' "$work/one.out" || fail "one game: $(tail -n 1 "$work/one.out")"

"$bin/pdnmatch" -n 2 --variant russian -o "$work/russian.pdn" level=1 level=2 \
    >"$work/russian.out" 2>&1 || fail "russian: exit status $?"
games "$work/russian.pdn" 2 level=1 level=2
chess_results "$work/russian.pdn"
grep -q '^\[GameType "25"\]' "$work/russian.pdn" || fail "russian: no GameType 25"
check
grep -q '^1\. [a-h][1-8][-x][a-h][1-8] ' "$work/russian.pdn" ||
    fail "russian: moves not written as its players write them (c3-d4)"

# English checkers: Black opens each pair, so Black's move is "1.", and
# the numbers pdncheck expects (they were White's: 101 warnings).
"$bin/pdnmatch" -n 2 --variant english -o "$work/english.pdn" level=1 level=1 \
    >"$work/english.out" 2>&1 || fail "english: exit status $?"
games "$work/english.pdn" 2 level=1 level=1
chess_results "$work/english.pdn"
check
grep -q '^game 1: level=1 - level=1 \(1-0\|0-1\|1/2-1/2\) (' "$work/english.out" ||
    fail "english: the game line: $(head -n 1 "$work/english.out")"

hub="hub:$bin/pdnengine --level 1 hub"
"$bin/pdnmatch" --rounds 2 --hub-level nodes=300 -o "$work/hub.pdn" "$hub" level=1 \
    >"$work/hub.out" 2>&1 || fail "hub engine: exit status $?: $(cat "$work/hub.out")"
games "$work/hub.pdn" 2 "$hub" level=1
score "$work/hub.out" "$work/hub.pdn" "$hub"

# bad SCRIPT WHY: the engine loses both games, saying WHY, within 60 s
# (a hang, not a loaded machine).
bad() {
    check
    start=$(date +%s)
    "$bin/pdnmatch" --rounds 2 --timeout 2 -o "$work/bad.pdn" "hub:sh $root/tests/cli/match/$1" \
        level=1 >"$work/bad.out" 2>"$work/bad.err"
    took=$(($(date +%s) - start))
    [ "$took" -le 60 ] || fail "$1: took $took s"
    grep -q -- "+0 =0 -2," "$work/bad.out" || fail "$1: not lost twice: $(cat "$work/bad.out")"
    grep -q "forfeits: $2" "$work/bad.err" || fail "$1: no '$2' in: $(cat "$work/bad.err")"
    "$bin/pdncheck" -q "$work/bad.pdn" >/dev/null 2>&1 || fail "$1: the games do not check"
}
bad illegal-engine.sh "illegal move '50-45'"
bad garbage-engine.sh "illegal move"
# Read up to its NUL, game 1's answer was White's 32-28, taken.
bad nul-engine.sh "the engine wrote a line with a NUL byte (byte 16): 'done move=32-28'"
# Read as its first 16 kB, game 1's answer was White's 32-28, taken; the
# long info line before it is passed over.
bad long-engine.sh "the engine wrote a line longer than 16383 bytes: 'done move=32-28 junk=xxx"
bad silent-engine.sh "no 'done' from the engine within 2 s"
# Its late answer to game 1 (32-28) was read in game 2 as Black's move:
# "illegal move '32-28'". Stopped and read to its pong, it loses on time.
bad late-engine.sh "no 'done' from the engine within 2 s"
[ "$(grep -c "forfeits: no 'done' from the engine within 2 s" "$work/bad.err")" -eq 2 ] ||
    fail "late-engine.sh: a late answer taken in the next game: $(cat "$work/bad.err")"

# Its garbage was quoted raw: the terminal obeyed its escapes, the line on
# stderr was 3 kB long, the PDN held a byte that is no UTF-8 and a '}'
# that ended the comment, so the validator refused the game and the match
# stopped (exit status 3). Now quoted escaped, cut after 64 bytes with the
# length said, the same in the message and the comment, the games clean.
check
"$bin/pdnmatch" --rounds 2 -o "$work/junk.pdn" "hub:sh $root/tests/cli/match/junk-engine.sh" \
    level=1 >"$work/junk.out" 2>"$work/junk.err" || fail "junk-engine.sh: exit status $?"
shown='\x1b[31m\x01\xffzz\x7d\x7bbad\x7d'
junk="illegal move '$shown$(printf '%*s' $((64 - ${#shown})) '' | tr ' ' x)'... (3015 bytes)"
[ "$(grep -cFx -e "pdnmatch: game 1: White forfeits: $junk" \
    -e "pdnmatch: game 2: Black forfeits: $junk" "$work/junk.err")" -eq 2 ] ||
    fail "junk-engine.sh: not quoted: $(head -c 300 "$work/junk.err")"
[ "$(grep -cF -e "{White forfeits: $junk} " -e "{Black forfeits: $junk} " "$work/junk.pdn")" -eq 2 ] ||
    fail "junk-engine.sh: the comments: $(grep '^{' "$work/junk.pdn" | head -c 300)"
long=$(awk 'length($0) > 256' "$work/junk.err" "$work/junk.out")
[ -z "$long" ] || fail "junk-engine.sh: a line of $(echo "$long" | head -n 1 | wc -c) bytes"
LC_ALL=C grep -q "$(printf '[\001-\010\016-\037\177\200-\377]')" "$work/junk.err" "$work/junk.out" &&
    fail "junk-engine.sh: a control character or a byte that is no ASCII on stderr or stdout"
"$bin/pdncheck" -q -W error "$work/junk.pdn" >"$work/check" 2>&1 ||
    fail "junk-engine.sh: pdncheck: $(cat "$work/check")"

# The engines' commands are the White and Black tags, escaped as PDN asks
# (\" and \\): a command holding '"' ended the tag at it, which pdncheck
# warned of ("unescaped quote in a tag value").
check
quoted="hub:$bin/pdnengine --level 1 hub # \"a\" \\ }"
"$bin/pdnmatch" --rounds 2 --hub-level nodes=300 -o "$work/quoted.pdn" "$quoted" level=1 \
    >"$work/quoted.out" 2>&1 || fail "a quote in the command: exit status $?: $(cat "$work/quoted.out")"
"$bin/pdncheck" -q -W error "$work/quoted.pdn" >"$work/check" 2>&1 ||
    fail "a quote in the command: pdncheck: $(cat "$work/check")"
escaped=$(printf '%s' "$quoted" | sed 's/[\\"]/\\&/g')
[ "$(grep -cFx -e "[White \"$escaped\"]" -e "[Black \"$escaped\"]" "$work/quoted.pdn")" -eq 2 ] ||
    fail "a quote in the command: the tags: $(grep '^\[White\|^\[Black' "$work/quoted.pdn")"

# An engine that quits is started again for the next game. It was not:
# the games after the one it quit in were each lost at once ("the engine
# quit before 'done'", 1 ply or none), and the match went on to its last.
# dying SPEC DEATHS ROUNDS: dying-engine.sh quits in its first DEATHS
# games, then is pdnengine; the match of ROUNDS games against level=1.
dying() {
    rm -f "$work/starts"
    dying_spec="hub:sh $root/tests/cli/match/dying-engine.sh $work/starts $1"
    "$bin/pdnmatch" --rounds "$2" --hub-level nodes=300 -o "$work/dying.pdn" "$dying_spec" \
        level=1 >"$work/dying.out" 2>"$work/dying.err"
}
check
dying "1 $bin/pdnengine --level 1 hub" 4 || fail "quits once: exit status $?: $(cat "$work/dying.err")"
games "$work/dying.pdn" 4 "$dying_spec" level=1
score "$work/dying.out" "$work/dying.pdn" "$dying_spec"
quit="White forfeits: the engine quit before 'done' (exit status 3)"
grep -qFx "pdnmatch: game 1: $quit" "$work/dying.err" && grep -qF "{$quit} 0-2" "$work/dying.pdn" ||
    fail "quits once: why game 1 was lost: $(cat "$work/dying.err")"
grep -qFx "pdnmatch: $dying_spec: the engine quit (exit status 3): started again for game 2" \
    "$work/dying.err" || fail "quits once: no restart said: $(cat "$work/dying.err")"
[ "$(grep -c '^game [234]: .* ([1-9][0-9]* plies)$' "$work/dying.out")" -eq 3 ] ||
    fail "quits once: games 2 to 4 not played out: $(cat "$work/dying.out")"
[ "$(cat "$work/starts")" -eq 2 ] || fail "quits once: started $(cat "$work/starts") times, not 2"

# stopped_after_three STATUS WHAT BASE SPEC LINE: a match against SPEC
# (its output in $work/BASE.{out,err,pdn}) stopped after 3 games lost in a
# row, with exit status 3 and LINE on stderr, the 3 games written and
# scored.
stopped_after_three() {
    [ "$1" -eq 3 ] || fail "$2: exit status not 3: $(cat "$work/$3.err")"
    grep -qFx "$5" "$work/$3.err" || fail "$2: $(cat "$work/$3.err")"
    [ "$(grep -c '^\[Event ' "$work/$3.pdn")" -eq 3 ] || fail "$2: not 3 games written"
    grep -q "^$4 vs level=1: 3 games, +0 =0 -3," "$work/$3.out" ||
        fail "$2: the score: $(tail -n 1 "$work/$3.out")"
}

# One that quits in 3 games in a row stops the match there (exit status
# 3), the 3 games written and counted.
check
dying "99 false" 10
stopped_after_three $? "always quits" dying "$dying_spec" \
    "pdnmatch: $dying_spec: the engine quit in 3 games in a row (the last: exit status 3); the match stops"

# One that lets the timeout pass in 3 games in a row stops the match
# there too (exit status 3): a hung engine played on, each game lost after
# up to twice --timeout (no 'done', then no 'pong'), to the match's last.
# ten_hasty NAME SPEC: a match of 10 games of SPEC against level=1 at
# --timeout 0.2, into $work/NAME.pdn, .out and .err; its exit status.
ten_hasty() {
    "$bin/pdnmatch" --rounds 10 --timeout 0.2 -o "$work/$1.pdn" "$2" level=1 \
        >"$work/$1.out" 2>"$work/$1.err"
}
check
silent_spec="hub:sh $root/tests/cli/match/silent-engine.sh"
ten_hasty silent "$silent_spec"
stopped_after_three $? "always silent" silent "$silent_spec" \
    "pdnmatch: $silent_spec: the engine did not answer within 0.2 s in 3 games in a row; the match stops"
# One ply is "1 ply", not "1 plies" (level=1's move, then no answer).
check
grep -qFx "game 2: level=1 - $silent_spec 2-0 (1 ply): Black forfeits: no 'done' from the engine within 0.2 s" \
    "$work/silent.out" || fail "1 ply: $(sed -n 2p "$work/silent.out")"

# One that quits in one game and lets the timeout pass in the next, in
# turn, stops the match after 3 such games too: the two were counted
# apart, each count cleared by a game of the other kind, and a match of
# 10 went to its last game, exit status 0. The line says what happened in
# each of the 3.
check
rm -f "$work/starts"
flaky_spec="hub:sh $root/tests/cli/match/flaky-engine.sh $work/starts"
ten_hasty flaky "$flaky_spec"
stopped_after_three $? "quits, then hangs" flaky "$flaky_spec" \
    "pdnmatch: $flaky_spec: the engine failed in 3 games in a row (game 1: it quit, exit status 3; game 2: it did not answer within 0.2 s; game 3: it quit, exit status 3); the match stops"

# One that cannot be started again stops the match at once.
check
dying "1 false" 10
[ $? -eq 3 ] || fail "cannot restart: exit status not 3: $(cat "$work/dying.err")"
grep -qFx "pdnmatch: $dying_spec: cannot start the engine again for game 2: the engine quit before 'wait' (exit status 1); the match stops" \
    "$work/dying.err" || fail "cannot restart: $(cat "$work/dying.err")"
[ "$(grep -c '^\[Event ' "$work/dying.pdn")" -eq 1 ] || fail "cannot restart: not 1 game written"

# --timeout takes fractions of a second, as move-time does (0.5 was a
# usage error: "wants a number from 1 to 86400"); below 0.1 it is one.
check
"$bin/pdnmatch" --rounds 1 --timeout 0.5 "hub:sh $root/tests/cli/match/silent-engine.sh" level=1 \
    >"$work/half.out" 2>&1
grep -q "forfeits: no 'done' from the engine within 0.5 s" "$work/half.out" ||
    fail "--timeout 0.5: $(cat "$work/half.out")"
check
"$bin/pdnmatch" --timeout 0.05 level=1 level=1 >"$work/usage.out" 2>&1
[ $? -eq 2 ] && grep -q -- "--timeout wants seconds from 0.1 to 86400, not '0.05'" "$work/usage.out" ||
    fail "--timeout 0.05: $(cat "$work/usage.out")"

check
"$bin/pdnmatch" level=1 >"$work/usage.out" 2>&1
[ $? -eq 2 ] || fail "one engine: not a usage error"
# --games LIST chooses games in the other tools (pdn-select(7)): here the
# count is --rounds, and --games is no option at all.
check
"$bin/pdnmatch" --games 2 level=1 level=1 >"$work/usage.out" 2>&1
[ $? -eq 2 ] || fail "--games: not a usage error: $(cat "$work/usage.out")"
check
"$bin/pdnmatch" level=9 level=1 >"$work/usage.out" 2>&1
[ $? -eq 2 ] && grep -q "no level '9'" "$work/usage.out" || fail "level=9: $(cat "$work/usage.out")"
check
"$bin/pdnmatch" level=1 "hub:$work/no-such-engine" >"$work/usage.out" 2>&1
[ $? -eq 3 ] && grep -q "forfeits\|quit before 'wait'" "$work/usage.out" ||
    fail "an engine that cannot start: $(cat "$work/usage.out")"

# Random openings start level: as many white pieces as black (seed 1's
# first was W:W32-50:B1-16,18,20,24,26, 19 men against 20). 20 openings,
# each game cut at its first ply.
check
"$bin/pdnmatch" -q --rounds 40 --max-plies 1 -o "$work/openings.pdn" level=1 level=1 \
    >"$work/openings.out" 2>&1 || fail "random openings: exit status $?"
uneven=$(sed -n 's/^\[FEN "\(.*\)"\]$/\1/p' "$work/openings.pdn" | awk -F: '{
    n["W"] = n["B"] = 0
    for (f = 2; f <= NF; f++) {
        side = substr($f, 1, 1); k = split(substr($f, 2), sq, ",")
        for (i = 1; i <= k; i++) {
            gsub(/K/, "", sq[i])
            if (split(sq[i], r, "-") == 2) n[side] += r[2] - r[1] + 1; else n[side]++
        }
    }
    if (n["W"] != n["B"]) print }')
[ -z "$uneven" ] || fail "random openings with a man more: $uneven"
[ "$(grep -c '^\[FEN ' "$work/openings.pdn")" -eq 40 ] || fail "random openings: not 40 FEN tags"
check
[ "$(grep -c ' {a draw after 1 ply (--max-plies)} 1-1$' "$work/openings.pdn")" -eq 40 ] ||
    fail "--max-plies 1: $(grep -m 1 '^{' "$work/openings.pdn")"

# A draw rule reached between the match's checks (each 10 plies), then a
# win: the game went to the validator with the win, which it refused
# ("inconsistent result '2-0': the 5-move rule drew the game after 18."),
# and the match stopped there, exit status 3, no game written. The game is
# cut where the rule drew it, as a draw. The opening is the final position
# of game 1 of /work/shared/corpus/tournaments/Match Samb-Buggy2.pdn, which
# the match plays on to a 5-move rule, then to White's win, at seed 1.
check
echo 'B:WK16,26:B25,39,44' >"$work/ending.txt"
"$bin/pdnmatch" --rounds 2 --openings "$work/ending.txt" -o "$work/ending.pdn" level=2 level=1 \
    >"$work/ending.out" 2>&1 || fail "a draw rule between checks: exit status $?: $(cat "$work/ending.out")"
games "$work/ending.pdn" 2 level=2 level=1
score "$work/ending.out" "$work/ending.pdn" level=2

# Openings that cannot open a game: a usage error naming the line, before
# any game (a position no game reaches was played, and its game written
# fails pdncheck); '#' lines are comments.
printf '# the start, then a white man on its crowning row\nW:W31-50:B1-20\nW:W3:B40\n' \
    >"$work/impossible.txt"
printf 'W:W31-50:B1-20\ngarbage\n' >"$work/typo.txt"
for bad in "impossible.txt:3: no opening: impossible position" "typo.txt:2: not a FEN"; do
    check
    file=${bad%%:*}
    "$bin/pdnmatch" --openings "$work/$file" -o "$work/never.pdn" level=1 level=1 \
        >"$work/usage.out" 2>&1
    [ $? -eq 2 ] && grep -q "$bad" "$work/usage.out" && [ ! -e "$work/never.pdn" ] ||
        fail "--openings $file: $(cat "$work/usage.out")"
done

checks_done
