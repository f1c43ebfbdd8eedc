#!/bin/sh
# pdnplay's line mode (standard input not a terminal: play-tui.sh drives
# the full screen), as a user types: a move and
# the computer's answer, a take-back that restores the start, a hint in a
# position whose best move is known (the two-for-one of the engine's unit
# test: 27-22, checked with pdnperft --divide), a move refused (the legal
# moves named: the capture due), the
# computer moving first with --black (u before your first move takes
# nothing back), two people with --two, a win typed
# square by square (28 19) with the game saved as PDN, its tags and result
# checked and pdncheck finding it clean; --from FILE --move N. starting
# where a game's main line gets to; a friend over DXP (the engine playing
# the friend's part), with a take-back and a resignation.
#
#   sh tests/cli/play.sh BIN        (from the project root; make cli runs it)
bin=${1:?usage: play.sh BIN}
. tests/cli/engine-friend.sh
tag=play
. tests/cli/checks.sh
# play NAME INPUT OPTIONS...: pdnplay with INPUT (printf format) on stdin.
play() {
    check
    name=$1 input=$2
    shift 2
    printf "$input" | "$bin/pdnplay" --ascii "$@" >"$work/$name.out" 2>"$work/$name.err" ||
        fail "$name: exit status $?: $(cat "$work/$name.err")"
}
# The n-th diagram of an output (12 lines each).
diagram() { awk -v n="$2" '/^\+---/{k++} k >= 2 * n - 1 && k <= 2 * n && /^[|+]/' "$1"; }

play undo "32-28\nw $work/undo.pdn\nu\nq\n" --level 1
grep -q '> you play 1\. 32-28$' "$work/undo.out" || fail "undo: 1. 32-28 not played (or 'you plays')"
grep -q '^computer plays 1\.\.\. ' "$work/undo.out" || fail "undo: no answer 1..."
grep -q '> taken back$' "$work/undo.out" || fail "undo: not taken back"
[ "$(diagram "$work/undo.out" 1)" = "$(diagram "$work/undo.out" 4)" ] ||
    fail "undo: the board after u is not the start"

play hint 'h\n31-26\nq\n' --position W:W27,28,31,36,48:B3,5,17,18
grep -q '^White> hint: 27-22 (score +[0-9.]*), expecting 18x27 31x11 ' "$work/hint.out" ||
    fail "hint: $(grep hint "$work/hint.out")"

# A forced win is said as one, in plies, as pdnreplay --analyse says it (it
# was "score +299.99": 300 men less a ply).
play hint-win 'h\nq\n' --position W:W28:B23
grep -q '^White> hint: 28x19 (wins in 1 ply)$' "$work/hint-win.out" ||
    fail "hint-win: $(grep hint "$work/hint-win.out")"

play refused "32-27x\n35-29\nw\nw $work/refused.pdn\nq\n" --level 1
grep -q '> 35-29: not a legal move; legal: ' "$work/refused.out" || fail "refused: 35-29 accepted"
grep -q '> w needs the file to save to: w games.pdn$' "$work/refused.out" ||
    fail "refused: w alone: $(grep '> w' "$work/refused.out")"

# a quiet move while a capture is due: the refusal says a capture is
# compulsory (as pdncheck does; it said "not a legal move") and names it
play compulsory '33-29\nq\n' --level 1 --position W:W28,33,50:B23,5
grep -q '> 33-29: a capture is compulsory: 28x19 (h for a hint)$' "$work/compulsory.out" ||
    fail "compulsory: $(grep '33-29' "$work/compulsory.out")"

# n and q ask first when the game is not saved, as the full screen does,
# the answer read as a line (they dropped it without a word): "n" keeps the
# game (19-23 is then Black's move), "y" quits without it.
play ask "32-28\nn\nn\n19-23\nq\ny\n" --two
[ "$(grep -c 'The game is not saved (w FILE saves it)\. \(A new game\|Quit\)? (y/n) ' "$work/ask.out")" -eq 2 ] ||
    fail "ask: n and q did not ask: $(grep -v '^[|+]' "$work/ask.out")"
grep -q '(y/n) the game goes on$' "$work/ask.out" && grep -q '> Black plays 1\.\.\. 19-23$' "$work/ask.out" ||
    fail "ask: n answered n: $(grep -v '^[|+]' "$work/ask.out")"
grep -q 'as PDN' "$work/ask.out" && fail "ask: the game written after y to Quit?"
# y to a new game: the new board starts on a line of its own after 'a new
# game' (it followed the prompt); a saved game is not asked about.
play new "32-28\nn\ny\n33-29\nw $work/new.pdn\nn\nq\n" --two
grep -q '(y/n) a new game$' "$work/new.out" || fail "new: $(grep -v '^[|+]' "$work/new.out")"
[ "$(diagram "$work/new.out" 1)" = "$(diagram "$work/new.out" 3)" ] || fail "new: not the start"
grep -q '^Black> a new game$' "$work/new.out" || fail "new: the saved game was asked about"
[ "$(grep -c '(y/n)' "$work/new.out")" -eq 1 ] || fail "new: asked after w"
grep -q '^1\. 33-29 \*$' "$work/new.pdn" || fail "new: the second game saved: $(cat "$work/new.pdn")"
# The end of the input with the game not saved, at the question or at the
# prompt: nobody answers, so the game is written out as PDN, said.
play end "32-28\n19-23\nq\n" --two
grep -q '^the end of the input, the game not saved: here it is as PDN$' "$work/end.out" &&
    grep -q '^1\. 32-28 19-23 \*$' "$work/end.out" || fail "end: $(grep -v '^[|+]' "$work/end.out")"
play end2 "32-28\n" --two
grep -q '^1\. 32-28 \*$' "$work/end2.out" || fail "end2: $(grep -v '^[|+]' "$work/end2.out")"
check
sed -n '/^\[Event/,$p' "$work/end.out" >"$work/end.pdn"
"$bin/pdncheck" -q -W error "$work/end.pdn" >"$work/end.check" 2>&1 ||
    fail "end: the game written does not check: $(cat "$work/end.check")"

play black "w $work/black.pdn\nq\n" --black --level 1
[ "$(sed -n 13p "$work/black.out" | cut -c1-15)" = "computer plays " ] ||
    fail "--black: the computer does not move first"
# u before your first move: the computer's opening move stays (it was
# taken back and played again).
play black-undo "u\nw $work/black-undo.pdn\nq\n" --black --level 1
grep -q '> nothing to take back$' "$work/black-undo.out" ||
    fail "--black: u before your first move: $(grep 'take' "$work/black-undo.out")"
[ "$(grep -c '^computer plays ' "$work/black-undo.out")" = 1 ] ||
    fail "--black: u: the computer moved again: $(grep '^computer plays ' "$work/black-undo.out")"

play two "32-28\n19-23\n28 19\nw $work/two.pdn\nq\n" --two
grep -q '^1\. 32-28 19-23 2\. 28x19' "$work/two.pdn" || fail "--two: the game saved: $(cat "$work/two.pdn")"
grep -q '^\[White "White"\]' "$work/two.pdn" || fail "--two: White tag"

# A draw rule ends the game in line mode too (it went on, the computer
# playing past it): two kings go back and forth; after 4. 42-47 9-4 the
# start (White king 47, Black king 4, White to move) stands for the third
# time, a draw by threefold repetition (RULES.md), named as such (it was "a
# draw by the rules of the variant"); the 9th move is refused.
play repeat "47-42\n4-9\n42-47\n9-4\n47-42\n4-9\n42-47\n9-4\n47-42\nw $work/repeat.pdn\nq\n" \
    --two --position W:WK47:BK4
grep -q '^a draw by threefold repetition (at ply 8)$' "$work/repeat.out" ||
    fail "repeat: no draw by repetition said: $(tail -n 3 "$work/repeat.out")"
grep -q '9-4 {threefold repetition} 1-1$' "$work/repeat.pdn" || fail "repeat: the rule not named: $(cat "$work/repeat.pdn")"
grep -q '> the game is over' "$work/repeat.out" || fail "repeat: a move after the draw was taken"
grep -q '^\[Result "1-1"\]' "$work/repeat.pdn" || fail "repeat: result: $(cat "$work/repeat.pdn")"

# English draughts: Black moves first and its move opens each pair, as the
# checkers books write the Single Corner: 1. 11-15 22-18 2. 15x22 25x18.
play english "11-15\n22-18\n15x22\n25x18\nw $work/english.pdn\nq\n" --two --variant english
grep -q '^1\. 11-15 22-18 2\. 15x22 25x18 \*$' "$work/english.pdn" ||
    fail "english: the game saved: $(cat "$work/english.pdn")"
"$bin/pdncheck" -q -W error "$work/english.pdn" >"$work/english.check" 2>&1 ||
    fail "english: pdncheck: $(cat "$work/english.check")"

play win "28 19\nw $work/win.pdn\n32-28\nq\n" --position W:W28:B23 --level 3
grep -q '^Black has no move: White wins$' "$work/win.out" || fail "win: not announced"
grep -q '> the game is over' "$work/win.out" || fail "win: a move after the end was taken"
grep -q '^\[Result "2-0"\]' "$work/win.pdn" || fail "win: result: $(cat "$work/win.pdn")"
grep -q '^\[White "You"\]' "$work/win.pdn" && grep -q '^\[Black "pdnplay level 3"\]' "$work/win.pdn" ||
    fail "win: players"
grep -q '^\[Date "[0-9]\{4\}\.[0-9][0-9]\.[0-9][0-9]"\]' "$work/win.pdn" || fail "win: date"

# A Russian win (g5xe7 takes Black's last man) is written 1-0, as pdnfmt
# writes an 8x8 result (it was 2-0, which pdnfmt rewrote).
play russian "g5xe7\nw $work/russian.pdn\nq\n" --variant russian --position W:Wg5:Bf6
grep -q '^\[Result "1-0"\]' "$work/russian.pdn" && grep -q '^1\. g5xe7 1-0$' "$work/russian.pdn" ||
    fail "russian: result: $(cat "$work/russian.pdn")"
check
"$bin/pdnfmt" "$work/russian.pdn" >"$work/russian.fmt" 2>&1
grep -q '^\[Result "1-0"\]' "$work/russian.fmt" && grep -q '^1\. g5xe7 1-0$' "$work/russian.fmt" ||
    fail "russian: pdnfmt changes the result: $(cat "$work/russian.fmt")"

# After 1. 32-28 19-23 2. 28x19 (hand-made file): a white man on 19, 14
# still there, Black to move; after 2... 14x23 White to move.
play from 'q\n' --two --from tests/cli/play/short.pdn --move 2.
[ "$(sed -n 5p "$work/from.out")" = "| b     b     b     w     b    |" ] ||
    fail "--from --move 2.: row 4 is '$(sed -n 5p "$work/from.out")'"
grep -q '^Black> ' "$work/from.out" || fail "--from --move 2.: not Black to move"
play from2 'q\n' --two --from tests/cli/play/short.pdn --move 2...
grep -q '^White> ' "$work/from2.out" || fail "--from --move 2...: not White to move"
# The game goes on in the file's numbers: after 2. 28x19, Black's 2...
# 14x23, on the line and in the game saved (pdncheck reads it clean).
play from3 "14x23\nw $work/from3.pdn\nq\n" --two --from tests/cli/play/short.pdn --move 2.
grep -q '^Black> Black plays 2\.\.\. 14x23$' "$work/from3.out" ||
    fail "--move 2.: the move numbered: $(grep plays "$work/from3.out")"
grep -q '^2\.\.\. 14x23 \*$' "$work/from3.pdn" || fail "--move 2.: the game saved: $(cat "$work/from3.pdn")"
# From a FEN without a move number whose moves number the second pair 38
# (hand-made): the first move is 37., as pdnfmt writes it, so --move 38.
# gets there and the game goes on at 38....
play fennum "19-23\nw $work/fennum.pdn\nq\n" --two \
    --from tests/cli/numbers/fen-first-number.pdn --move 38.
grep -q '^Black> Black plays 38\.\.\. 19-23$' "$work/fennum.out" ||
    fail "--move 38. after a FEN: $(grep -e plays -e move "$work/fennum.out" | head -3)"
grep -q '^38\.\.\. 19-23 \*$' "$work/fennum.pdn" || fail "--move 38.: the game saved: $(cat "$work/fennum.pdn")"
# A file whose moves keep a game's numbers after a FEN (hand-made: 23...
# 14x23 24. 34-30 10-14 25. 30-25): --move counts in them, and the game
# goes on at 25. then 25...; past its end (no --move) at 25....
play numbered "39-34\n5-10\nw $work/numbered.pdn\nq\n" --two \
    --from tests/cli/play/numbered.pdn --move 24...
grep -q '^White> White plays 25\. 39-34$' "$work/numbered.out" &&
    grep -q '^Black> Black plays 25\.\.\. 5-10$' "$work/numbered.out" ||
    fail "numbered: $(grep plays "$work/numbered.out")"
grep -q '^25\. 39-34 5-10 \*$' "$work/numbered.pdn" || fail "numbered: saved: $(cat "$work/numbered.pdn")"
# --move 23. names the FEN's position itself: White's 23rd move is the
# one before the file's first (it took the last position instead).
play numbered-start "14x23\nq\n" --two --from tests/cli/play/numbered.pdn --move 23.
grep -q '^Black> Black plays 23\.\.\. 14x23$' "$work/numbered-start.out" ||
    fail "numbered, --move 23.: $(cat "$work/numbered-start.err") $(grep plays "$work/numbered-start.out")"
play numbered-end "5-10\nq\n" --two --from tests/cli/play/numbered.pdn
grep -q '^Black> Black plays 25\.\.\. 5-10$' "$work/numbered-end.out" ||
    fail "numbered, at the end: $(grep plays "$work/numbered-end.out")"
check
printf 'q\n' | "$bin/pdnplay" --from tests/cli/play/numbered.pdn --move 22. >/dev/null 2>"$work/early.err"
[ $? -eq 2 ] && grep -q 'starts at move 23\.\.\.$' "$work/early.err" ||
    fail "--move 22.: $(cat "$work/early.err")"
check
printf 'q\n' | "$bin/pdnplay" --from tests/cli/play/short.pdn --move 9. >/dev/null 2>"$work/far.err"
[ $? -eq 2 ] && grep -q 'does not get there' "$work/far.err" || fail "--move 9.: $(cat "$work/far.err")"

# A friend over DXP: pdnplay listens (Black, as the request says), the
# engine connects as White; the person plays 16-21, takes it back (the
# engine accepts), plays it again and resigns: both sides save the same
# game, 2-0 for White, clean under pdncheck, the engine's with the reason
# pdnplay chatted before its GAMEEND ("Black resigned").
check
# A range of ports of its own (tests/cli/dxp.sh says why).
port=$((24500 + $$ % 4000))
(printf '16-21\nu\n16-21\nq\n' | "$bin/pdnplay" --ascii --listen $port --timeout 20 \
    -o "$work/friend.pdn" >"$work/friend.out" 2>"$work/friend.err") &
friend=$!
engine_friend $port "$work/engine.pdn" "$work/engine.err"
wait $friend || fail "friend: exit status $?: $(cat "$work/friend.err")"
[ $rc -eq 0 ] || fail "friend: the engine's exit status $rc: $(cat "$work/engine.err")"
grep -q '> taken back$' "$work/friend.out" || fail "friend: no take-back"
[ "$(grep -c '> you play 1\.\.\. 16-21$' "$work/friend.out")" -eq 2 ] ||
    fail "friend: 1... 16-21 not played twice"
grep -q 'resigned' "$work/friend.err" || fail "friend: $(cat "$work/friend.err")"
grep -q '^\[Result "2-0"\]' "$work/friend.pdn" && grep -q '^\[Result "2-0"\]' "$work/engine.pdn" ||
    fail "friend: results"
[ "$(sed -n '/^$/,$p' "$work/friend.pdn")" = "$(sed -n '/^$/,$p' "$work/engine.pdn" | sed 's/the peer ended the game (\(Black resigned\))/\1/')" ] ||
    fail "friend: the two sides saved different games"
"$bin/pdncheck" -q "$work/friend.pdn" "$work/engine.pdn" >/dev/null 2>&1 || fail "friend: pdncheck"

# A friend (bash) who plays 32-28, says something and leaves while the
# person thinks (the input open, nothing typed): both are heard at once,
# where they were read only after the person's move or the end of the
# input (then 'Black resigned'). The input stays open until pdnplay says
# the friend left (a minute at most), not a fixed 4 s that a slow start
# could use up.
check
port=$((port + 1))
(poll 600 0.1 grep -qs 'the peer closed the connection' "$work/left.err" |
    "$bin/pdnplay" --ascii --listen $port --timeout 20 -o "$work/left.pdn" \
        >"$work/left.out" 2>"$work/left.err") &
friend=$!
i=0
until bash -c "exec 3<>/dev/tcp/127.0.0.1/$port || exit 9; printf 'R01%-32sZ010075A\0' bash >&3;
    head -c 34 <&3 >/dev/null; printf 'M0001322800\0' >&3; sleep 0.5;
    printf 'Cbye, my train\0' >&3; sleep 0.5" 2>/dev/null; do
    i=$((i + 1))
    [ $i -ge 300 ] && break
    sleep 0.1
done
wait $friend
grep -q '^bash says: bye, my train$' "$work/left.out" || fail "left: no chat: $(cat "$work/left.out")"
grep -q 'the peer closed the connection (1 ply), \*$' "$work/left.err" ||
    fail "left: $(cat "$work/left.err")"
"$bin/pdncheck" -q "$work/left.pdn" >/dev/null 2>&1 || fail "left: pdncheck"

check
# Every game the engine played here, read back by the validator.
"$bin/pdncheck" -q "$work/two.pdn" "$work/win.pdn" "$work/undo.pdn" "$work/refused.pdn" \
    "$work/black.pdn" "$work/from3.pdn" "$work/numbered.pdn" >"$work/check" 2>&1 ||
    fail "the games saved do not check: $(cat "$work/check")"

checks_done
