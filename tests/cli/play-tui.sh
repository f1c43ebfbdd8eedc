#!/bin/sh
# pdnplay on the full screen, driven as a user drives it: in a real
# terminal (a tmux pane of 100x40), keys sent with send-keys, the screen
# read with capture-pane (the helpers: tmux.sh, shared with tui.sh).
#
#   sh tests/cli/play-tui.sh BIN        (from the project root; make cli runs it)
#
# A move typed square by square and the computer's answer; a square
# refused with the moves that could come, the keys typed ahead after it
# ignored; a hint in a position whose best
# move is known (the two-for-one of the engine's unit test, 27-22, checked
# with pdnperft --divide); a take-back to the start, the board as it was;
# a game saved and its tags read back, pdncheck clean; a win to the end,
# saved 2-0; --black (the computer first, the board flipped, nothing to
# take back before your first move); --two;
# --variant russian typed with letters; --from FILE --move N.; the
# computer thinking at level 4 shown (a spinner, its depth) and q stopping
# it (at once with nothing to lose, asking first with a game not saved);
# a new game; q asking first when the game is not saved; Ctrl-C; a too-small terminal and resizing; ASCII in the C locale; a
# friend over DXP (pdnengine as the friend) with a take-back asked and a
# resignation; a friend who never moves, keys curses keeps (Escape f) seen,
# the terminal resized and the game resigned while waiting; a friend who
# chats and leaves while we think over our move. Every game played is
# checked by pdncheck.
# Skipped, and said so, only when tmux is not installed (scripts/deps.sh
# installs it, so CI never skips).
bin=${1:?usage: play-tui.sh BIN}
. tests/cli/engine-friend.sh
root=$(pwd)
case $bin in /*) ;; *) bin=$root/$bin ;; esac
if ! command -v tmux >/dev/null 2>&1; then
    echo "play-tui: SKIPPED: tmux is not installed (scripts/deps.sh installs it)"
    exit 0
fi
tag=play-tui
. tests/cli/tmux.sh

game() { # game LOCALE ARGS: pdnplay ARGS in the pane, its status and tty modes kept
    echo "env TERM=screen LC_ALL=$1 NO_COLOR= $bin/pdnplay $2 2>$work/err;" \
        "echo \$? >$work/rc.tmp; stty -a >$work/stty; mv $work/rc.tmp $work/rc; sleep 600"
}
# The board's rows on the screen (the frame and the squares).
board() { screen | sed -n '2,13p' | cut -c1-34; }
# checked FILE: pdncheck finds nothing in a game saved.
checked() {
    steps=$((steps + 1))
    "$bin/pdncheck" "$1" >"$work/check" 2>&1 || fail "pdncheck $1: $(cat "$work/check")"
}

# ---- a move, the answer, a take-back, a game saved -------------------------------
run moves "$(game C.UTF-8 "--level 1")"
see "You (White) - the computer, level 1 (Black)" "┌────" " ○ " " ● " \
    "White to move: your move" "(none yet)" "White 20 men, 0 kings; Black 20 men, 0 kings"
board >"$work/start"
keys 3 5 2 9 # no move goes 35-29: refused, the moves that could come said
see "no legal move goes 35-29; it may be: 35-30"
keys Escape
see "move dropped"
# A move typed ahead after a square refused: the keys after it are ignored
# until Enter or Backspace, the message stays about the square typed (it
# was about 41, read as the start of a new move).
keys 4 6 - 4 1
see "Your move 1. 46    no legal move starts on 46; legal: "
keys Enter
see "Your move 1.     no legal move starts on 46; legal: "
keys Escape
see "move dropped"
keys 3 2 # square by square: 32, then 28 ends the move
see "Your move 1. 32-"
keys 2 8
see "you play 1. 32-28, the computer plays 1... " "White to move: your move" "1. 32-28 " \
    "[·]" "[●]" "[not saved]"
keys w C-u # every game the engine plays is read back by pdncheck, this one too
text "$work/first.pdn"
keys Enter
see "saved to $work/first.pdn (2 plies)"
checked "$work/first.pdn"
keys u
see "taken back" "(none yet)"
board >"$work/back"
cmp -s "$work/start" "$work/back" || fail "take-back: the board is not the start's"
steps=$((steps + 1))
keys 3 2 - 2 8 Enter # whole, with Enter
see "you play 1. 32-28, the computer plays 1... "
# The second move: the hint's, whatever the computer answered (level 1
# varies with the clock); typed whole.
keys h
see "Hint: " "), expecting "
hinted=$(screen | sed -n 's/^Hint: \([^ ]*\) (score.*/\1/p')
# The hint's line, on every width from the smallest (64) to 80, breaks
# between two words: each word of its two lines is a move, "(score", the
# score or "expecting" (a move cut in two, "11" then "-17", reads as two
# wrong squares); at 64 it takes two lines.
# whole_words COLS: the hint's words are whole (and on two lines at 64).
whole_words() {
    screen | grep -A1 '^Hint: ' >"$work/hint-lines"
    [ "$1" -gt 64 ] || grep -q '^      [0-9]' "$work/hint-lines" || return 1
    tr ' ' '\n' <"$work/hint-lines" | grep -v '^$' |
        grep -Evx 'Hint:|\(score|[-+][0-9.]+\),|expecting|…|([0-9]+[-x])+[0-9]+' >"$work/cut" && return 1
    return 0
}
for cols in 64 65 66 67 68 69 70 71 72 73 74 75 76 77 78 79 80; do
    tm resize-window -t t -x $cols -y 40
    steps=$((steps + 1))
    poll 300 0.1 whole_words $cols ||
        fail "hint at $cols columns: words cut ($(tr '\n' ' ' <"$work/cut")) or one line at 64"
done
# On 80 columns the title keeps "[not saved]" whole (it lost its end, the
# variant's name before it): the game has a move and is not saved.
title_whole() { screen | head -n 1 | grep -q ' (Black)  \[not saved\]$'; }
steps=$((steps + 1))
poll 300 0.1 title_whole || fail "80 columns: the title: $(screen | head -n 1)"
tm resize-window -t t -x 100 -y 40
text "$hinted"
keys Enter
see "you play 2. $hinted, the computer plays 2... "
keys w
see "Save the game to: pdnplay.pdn"
keys C-u
text "$work/moves.pdn"
keys Enter
see "saved to $work/moves.pdn (4 plies)"
gone "[not saved]"
checked "$work/moves.pdn"
grep -q '^\[White "You"\]' "$work/moves.pdn" && grep -q '^\[Black "pdnplay level 1"\]' "$work/moves.pdn" ||
    fail "saved: players: $(cat "$work/moves.pdn")"
grep -q '^\[Date "[0-9]\{4\}\.[0-9][0-9]\.[0-9][0-9]"\]' "$work/moves.pdn" || fail "saved: date"
grep -q '^\[Result "\*"\]' "$work/moves.pdn" || fail "saved: a game under way is '*'"
grep -q "^1\\. 32-28 .* 2\\. $hinted " "$work/moves.pdn" || fail "saved: moves: $(cat "$work/moves.pdn")"
steps=$((steps + 1))
keys n
see "a new game" "(none yet)"
keys 3 2 2 8
see "you play 1. 32-28"
keys q # not saved: asked first
see "The game is not saved (w saves it). Quit? (y/n)"
keys n
see "White to move: your move"
keys q
see "Quit? (y/n)"
keys y
ended 0
grep -q -- "-icanon" "$work/stty" && fail "the terminal was left without icanon"

# ---- a hint, a win to the end --------------------------------------------------------
# 27-22 gives one man for two: 27-22 18x27 31x11 (pdnperft --divide lists
# 27-22 among White's moves; the engine's unit test has the same).
run hint "$(game C.UTF-8 "--level 3 --position W:W27,28,31,36,48:B3,5,17,18")"
see "White to move: your move"
keys h
see "Hint: 27-22 (score +" "expecting 18x27 31x11"
keys q y
ended 0
# A win found is said as one (it read "score +299.99", 300 men less a ply).
run hint-win "$(game C.UTF-8 "--level 1 --position W:W28:B23")"
see "White to move: your move"
keys h
see "Hint: 28x19 (wins in 1 ply)"
steps=$((steps + 1))
off_screen "expecting" || fail "hint-win: a line expected after the last move"
keys q
ended 0

# A man of one's own that may not move while another must capture: said so
# (it was "no legal move starts on 33"); an empty square stays as it was.
run compulsory "$(game C.UTF-8 "--level 1 --position W:W28,33,50:B23,5")"
see "White to move: your move"
keys 3 3
see "Your move 1. 33    a capture is compulsory: 28x19"
keys Enter 4 6 # Enter takes the refused square back
see "no legal move starts on 46; legal: 28x19"
keys q
ended 0

run win "$(game C.UTF-8 "--level 3 --position W:W28:B23")"
see "White 1 man, 0 kings; Black 1 man, 0 kings"
keys 2 8 1 9
see "Game over" "Black has no move: White wins"
keys 3 2 # no move after the end
see "no legal move here: the side to move has none"
keys w C-u
text "$work/win.pdn"
keys Enter
see "saved to $work/win.pdn (1 ply)"
keys q
ended 0
checked "$work/win.pdn"
grep -q '^\[Result "2-0"\]' "$work/win.pdn" || fail "win: result: $(cat "$work/win.pdn")"

# ---- --black, --two --------------------------------------------------------------------
run black "$(game C.UTF-8 "--black --level 1")"
see "the computer, level 1 (White) - You (Black)" "the computer plays 1. " \
    "Black to move: your move"
# Flipped: White's men at the top, as the player of Black sees them.
screen | sed -n 3p | grep -q '○' || fail "--black: the board is not flipped"
steps=$((steps + 1))
# u before your first move: nothing of yours to take back, as with White
# (it took back the computer's opening move, which it then played again).
keys u
see "nothing to take back" "Black to move: your move"
keys 1 9 2 3
see "you play 1... 19-23, the computer plays 2. "
keys w C-u
text "$work/black.pdn"
keys Enter
see "saved to $work/black.pdn (3 plies)"
keys q
ended 0
checked "$work/black.pdn"
grep -q '^\[White "pdnplay level 1"\]' "$work/black.pdn" || fail "--black: White tag"

run two "$(game C.UTF-8 --two)"
see "White (White) - Black (Black)" "White to move"
keys 3 2 2 8
see "White plays 1. 32-28" "Black to move"
keys 1 9 2 3
see "Black plays 1... 19-23" "White to move"
keys 2 8 1 9
see "White plays 2. 28x19"
keys u # one ply back with two people
see "taken back" "1. 32-28 19-23"
gone "28x19"
keys q y
ended 0

# ---- a capture by its first and last squares ----------------------------------------
# English draughts, White's man on 26 and Black's on 22, 23, 14 and 15:
# two captures end on 10 (26x17x10 over 22 and 14, 26x19x10 over 23 and
# 15; men take forwards only, so neither goes on). "26 10" names both:
# Enter says so and lists them; "26 17" then "10" names one to its end and
# it is played at once.
run routes "$(game C.UTF-8 "--two --variant english --position W:W26:B14,15,22,23")"
see "White to move"
keys 2 6 1 0
see "Your move 1... 26x10" # White's move is the second of the pair
keys Enter
see "26x10 is ambiguous, type more squares: 26x17x10  26x19x10"
keys BSpace 1 7 1 0
see "White plays 1... 26x17x10" "Black to move"
keys q y
ended 0

# ---- the pieces and the keys on 64 columns --------------------------------------------------
# On the smallest screen the side panel (right of the board's frame) says
# both sides' pieces whole, on two rows (Black's were cut at the edge).
run pieces "$(game C.UTF-8 "--two")"
tm resize-window -t t -x 64 -y 20
see "White to move"
panel() { screen | sed -n '2,5p' | sed 's/.*[│┐] *//'; }
panel_says() { panel | tr '\n' ' ' | grep -qF "$1"; }
steps=$((steps + 1))
poll 300 0.1 panel_says "White 20 men, 0 kings; Black 20 men, 0 kings" ||
    fail "pieces on 64 columns: $(panel)"
# The keys with no room are left out whole after an ellipsis, w among
# those shown (the bar ended "w sa").
play_keys_whole() {
    keys_whole "? help" "q quit" "0-9 move" "h hint" "w save" "u take back" "n new game" "f flip" &&
        grep -qx "w save" "$work/keys"
}
steps=$((steps + 1))
poll 300 0.1 play_keys_whole || fail "keys on 64 columns: $(tr '\n' '|' <"$work/keys")"
keys q
ended 0

# ---- the end of a game on 80 columns -------------------------------------------------------
# Two kings back and forth: after 4... 9-4 the start stands for the third
# time, a draw by threefold repetition (RULES.md). On 80x24 why the game
# ended and the keys that follow are read whole (both were cut at the edge).
run draw "$(game C.UTF-8 "--two --position W:WK47:BK4")"
tm resize-window -t t -x 80 -y 24
see "White to move"
for m in 47-42 4-9 42-47 9-4 47-42 4-9 42-47 9-4; do
    text "$m"
    keys Enter
done
see "Game over" "a draw by threefold repetition (at ply 8)"
# the message's rows joined: whole, broken between two words
said_whole() { screen | tail -n 3 | tr '\n' ' ' | grep -qF "$1"; }
steps=$((steps + 1))
poll 300 0.1 said_whole "Black plays 4... 9-4. Game over: a draw by threefold repetition (at ply 8) (n new game, w saves)" ||
    fail "draw: the message on 80 columns: $(screen | tail -n 3)"
keys q y
ended 0

# ---- --variant (squares with letters), --from FILE --move N. --------------------------
run russian "$(game C.UTF-8 "--two --variant russian")"
see "White (White) - Black (Black)  russian" "a5    c5" "White 12 men, 0 kings; Black 12 men, 0 kings"
keys c 3 d 4 # a file and a rank, square by square
see "White plays 1. c3-d4" "Black to move"
keys q y
ended 0

# After 1. 32-28 19-23 2. 28x19 (hand-made file): White's man on 19 has
# taken, Black to move; the game goes on in the file's numbers, 2... first.
run from "$(game C.UTF-8 "--two --from tests/cli/play/short.pdn --move 2.")"
see "Black to move" "White 20 men, 0 kings; Black 19 men, 0 kings"
keys 1 4
see "Your move 2... 14"
keys x 2 3 Enter
see "Black plays 2... 14x23" "2... 14x23" "White to move"
keys q y
ended 0

# ---- thinking shown, not frozen ---------------------------------------------------------
# Level 4 thinks for seconds: a spinner and the depth reached, redrawn;
# q stops the search and leaves at once, nothing played yet.
run think "$(game C.UTF-8 "--black --level 4")"
see "The computer thinks" "positions (q quits)"
keys q
ended 0
# A move of yours not saved: q asks first while the computer thinks too,
# as at any other time (it left at once, the game lost); n, and the
# computer answers.
run think-ask "$(game C.UTF-8 "--level 4")"
see "White to move: your move"
keys 3 2 2 8
see "The computer thinks" "positions (q quits)"
keys q
see "The game is not saved (w saves it). Quit? (y/n)"
keys n
see "you play 1. 32-28, the computer plays 1... " "White to move: your move"
keys q
see "Quit? (y/n)"
keys y
ended 0

# ---- Ctrl-C, a terminal too small, resizing ---------------------------------------------
run small "$(game C.UTF-8 "--level 1")"
see "White to move: your move"
tm resize-window -t t -x 50 -y 15
see "Too small: 50x15." "pdnplay wants 64x20 at least." "q quits."
tm resize-window -t t -x 80 -y 24
see "White to move: your move" "┌────" "? help  q quit"
keys 3 2 2 8
see "you play 1. 32-28, the computer plays 1... "
keys w C-u
text "$work/small.pdn"
keys Enter
see "saved to $work/small.pdn (2 plies)"
checked "$work/small.pdn"
keys C-c
ended 0
grep -q -- "-icanon" "$work/stty" && fail "Ctrl-C left the terminal without icanon"
grep -q -- "-echo " "$work/stty" && fail "Ctrl-C left the terminal without echo"
steps=$((steps + 2))

# A terminal curses does not know: said, status 3, nothing played.
run noterm "echo | env TERM=no-such-terminal $bin/pdnplay 2>$work/err; echo \$? >$work/rc.tmp; mv $work/rc.tmp $work/rc; sleep 600"
ended 0 # standard input is a pipe here: the line mode, which needs no terminal
run noterm2 "env TERM=no-such-terminal $bin/pdnplay 2>$work/err; echo \$? >$work/rc.tmp; mv $work/rc.tmp $work/rc; sleep 600"
ended 3
grep -q "pdnplay: cannot use the terminal (TERM=no-such-terminal)" "$work/err" ||
    fail "no terminal: $(cat "$work/err")"

# ---- ASCII in the C locale ---------------------------------------------------------------
run ascii "$(game C "--level 1")"
see "+------------------------------+" "| b     b     b     b     b    |" " w " "White to move"
keys q
ended 0

# resign_and_leave [TEXT...]: q, then y to the question, resigns; the end
# says TEXT and that any key leaves; a key leaves, with status 0.
resign_and_leave() {
    keys q
    see "Resign this game? (y/n)"
    keys y
    see "$@" "(any key leaves)"
    keys x
    ended 0
}

# ---- a friend over DXP -----------------------------------------------------------------
# pdnplay listens (Black, as the request says); pdnengine connects as
# White and plays its moves. The person plays 16-21, asks for it back (the
# engine accepts), plays it again and resigns; both sides save the game,
# 2-0 for White, clean under pdncheck.
# A range of ports of its own (tests/cli/dxp.sh says why).
port=$((29000 + $$ % 3500))
run friend "$(game C.UTF-8 "--listen $port --timeout 120 -o $work/friend.pdn")"
see "waiting for your friend on port $port"
engine_friend $port "$work/engine.pdn" "$work/engine.err" &
engine=$!
see "plays 1. " "Black to move: your move" "? help  q resign"
keys 1 6 2 1
see "plays 2. " "Black to move: your move" " 16-21 2. "
keys u
see "taken back"
gone " 16-21 2. "
keys 1 6 2 1
see " 16-21 2. "
see "plays 2. " "Black to move: your move"
resign_and_leave "resigned"
wait $engine
checked "$work/friend.pdn"
checked "$work/engine.pdn"
grep -q '^\[Result "2-0"\]' "$work/friend.pdn" && grep -q '^\[Result "2-0"\]' "$work/engine.pdn" ||
    fail "friend: results: $(cat "$work/friend.pdn")"
grep -q 'a take-back' "$work/err" || fail "friend: no take-back said: $(cat "$work/err")"

# told NAME: the friend's part that reads pdnplay's messages into NAME, a
# line each, until a game end (E), which it answers.
told() {
    echo "timeout 120 bash -c 'while IFS= read -r -d \"\" m <&3; do printf \"%s\\n\" \"\$m\";" \
        "case \$m in E*) printf \"E00\\0\" >&3; break;; esac; done' >$work/$1"
}

# ---- waiting for a friend who thinks ------------------------------------------------------
# A friend (bash, over its /dev/tcp) who asks for a game as White and never
# moves. The screen says who thinks once the game is agreed (it said
# "waiting for your friend on port N" until the first move). The terminal
# resized meanwhile: the game goes on (the resize had ended it, "the peer
# closed the connection"). A key says who thinks; q asks, y resigns at
# once: the friend gets why (a chat) and the game end (E1: we lose), the
# game is saved 2-0, clean under pdncheck.
port=$((port + 1))
run thinking "$(game C.UTF-8 "--listen $port --timeout 120 -o $work/thinking.pdn")"
see "waiting for your friend on port $port"
bash -c "exec 3<>/dev/tcp/127.0.0.1/$port; printf 'R01%-32sZ010075A\\0' bash >&3;
    head -c 35 <&3 >/dev/null; : >$work/accepted; $(told peer-end)" &
peer=$!
steps=$((steps + 1))
poll 300 0.1 test -e "$work/accepted" || fail "thinking: no game accepted"
see "bash is thinking: q resigns"
gone "waiting for your friend on port"
# Escape and f at once: curses reads the f with the Escape (they may begin
# a key's sequence) and keeps it, so the terminal has nothing more to
# read; the wait for the friend, woken by the terminal alone, slept on
# with the f unseen, as with a resize that came while the screen was
# drawn (once in 30 runs of this script on a loaded machine).
flipped() { screen | sed -n 3p | grep -q "$1"; }
keys Escape f
steps=$((steps + 1))
poll 300 0.1 flipped '●' || fail "Escape f: the board not flipped"
keys f
steps=$((steps + 1))
poll 300 0.1 flipped '○' || fail "f: the board not flipped back"
tm resize-window -t t -x 90 -y 36
keys x
see "bash is thinking: q resigns"
resign_and_leave "resigned (0 plies), 2-0"
wait $peer
steps=$((steps + 1))
[ "$(cat "$work/peer-end")" = "$(printf 'CBlack resigned\nE11')" ] ||
    fail "thinking: the friend got '$(cat "$work/peer-end")', not the reason and E11"
checked "$work/thinking.pdn"
grep -q '^\[Result "2-0"\]' "$work/thinking.pdn" || fail "thinking: $(cat "$work/thinking.pdn")"

# ---- a friend who gives us the first move ---------------------------------------------
# A friend (bash) asks for a game and takes Black ('W': we play White).
# The screen says the game began and the move is ours (it said "bash is
# thinking" and kept it while the person was to move); the move typed goes
# to the friend as a DXP move message (M, 4 digits of time, from 32, to 28,
# no piece taken: "M0000322800"); q, y resigns: the friend gets a game end.
port=$((port + 1))
run first "$(game C.UTF-8 "--listen $port --timeout 120 -o $work/first-move.pdn")"
see "waiting for your friend on port $port"
bash -c "exec 3<>/dev/tcp/127.0.0.1/$port; printf 'R01%-32sW010075A\\0' bash >&3;
    head -c 35 <&3 >/dev/null; : >$work/accepted-w; timeout 120 head -c 12 <&3 >$work/peer-move;
    $(told peer-end-w)" &
peer=$!
steps=$((steps + 1))
poll 300 0.1 test -e "$work/accepted-w" || fail "first: no game accepted"
see "bash plays Black: your move" "White to move: your move"
steps=$((steps + 1))
off_screen "is thinking" || fail "first: the friend is said to think on our move"
keys 3 2 2 8
see "you play 1. 32-28" " 1. 32-28"
resign_and_leave
wait $peer
steps=$((steps + 1))
[ "$(tr '\0' '|' <"$work/peer-move")" = "M0000322800|" ] ||
    fail "first: the friend got '$(cat "$work/peer-move")', not 32-28"
tail -n 1 "$work/peer-end-w" | grep -q '^E' || fail "first: no game end sent to the friend"
checked "$work/first-move.pdn"

# ---- a game over DXP saved after its end ----------------------------------------------------
# Without -o: the friend (bash) takes Black, gets our 32-28 and closes the
# connection. The end says w saves (any key left, w too, and the game was
# lost); w saves it, read back by pdncheck with the move in it.
port=$((port + 1))
run unsaved "$(game C.UTF-8 "--listen $port --timeout 120")"
see "waiting for your friend on port $port"
bash -c "exec 3<>/dev/tcp/127.0.0.1/$port; printf 'R01%-32sW010075A\\0' bash >&3;
    head -c 35 <&3 >/dev/null; : >$work/accepted-u; timeout 120 head -c 12 <&3 >/dev/null" &
peer=$!
steps=$((steps + 1))
poll 300 0.1 test -e "$work/accepted-u" || fail "unsaved: no game accepted"
see "bash plays Black: your move"
keys 3 2 2 8
see "the peer closed the connection" "(w saves, any other key leaves)"
wait $peer
keys w
see "Save the game to: pdnplay.pdn"
keys C-u
text "$work/after-end.pdn"
keys Enter
see "saved to $work/after-end.pdn (1 ply)" "(any key leaves)"
keys x
ended 1 # a game cut short by the friend
checked "$work/after-end.pdn"
grep -q '^1\. 32-28 ' "$work/after-end.pdn" || fail "unsaved: the file: $(cat "$work/after-end.pdn")"

# ---- a friend who chats and leaves on our move -------------------------------------
# The friend (bash) takes Black, says something while we think over our
# first move and closes the connection: both are on the screen at once,
# no key pressed (they were read only after our move had gone).
port=$((port + 1))
run leaves "$(game C.UTF-8 "--listen $port --timeout 120 -o $work/leaves.pdn")"
see "waiting for your friend on port $port"
bash -c "exec 3<>/dev/tcp/127.0.0.1/$port; printf 'R01%-32sW010075A\\0' bash >&3;
    head -c 35 <&3 >/dev/null; sleep 1; printf 'Cone moment\\0' >&3;
    i=0; until [ -e $work/seen-chat ] || [ \$i -ge 1200 ]; do sleep 0.1; i=\$((i + 1)); done" &
peer=$!
see "bash says: one moment"
: >"$work/seen-chat"
wait $peer
see "the peer closed the connection (0 plies), *" "(any key leaves)"
keys x
ended 1
checked "$work/leaves.pdn"

if [ "$failed" -gt 0 ]; then
    echo "play-tui: $failed of $steps checks failed"
    exit 1
fi
echo "play-tui: $steps checks of pdnplay's full screen passed"
