#!/bin/sh
# pdnreplay's interactive view, driven as a user drives it: in a real
# terminal (a tmux pane of 100x40), keys sent with send-keys, the screen
# read with capture-pane. Each step waits until what it expects is on the
# screen (polling, with a timeout) rather than sleeping a fixed time.
#
#   sh tests/cli/tui.sh BIN        (from the project root; make cli runs it)
#
# It opens a file of three games, steps, goes to a move, enters and leaves
# variations, plays moves of its own square by square (one refused), undoes
# one, writes the game and checks the file written, switches games, quits
# with and without explored moves, stops on Ctrl-C with the terminal
# restored (after a game written over a file), resizes; then once more in the C locale (ASCII drawing); then q
# from the keys, the list and autoplay, autoplay started by its speed key
# alone, w refused over the file browsed, and the tags of a long Event
# whole on a wide terminal; the marks written as NAGs in the move list,
# the result in the variant's convention, the times of clock commands in
# words rather than the commands (on a row of their own on every size),
# the legal moves of a refused square by square and cut with an ellipsis.
# E judges a move against the engine's (a known blunder marked ??); the
# engine's hint goes when the position does; / starts empty and Enter
# repeats the last name; a Chinese name takes two columns a character; a
# tag value cut ends in an ellipsis; on 64 columns the keys and a long
# finding are cut between two keys, two words.
# A Russian game is explored with letters (c3-d4, f6g5, d4:b6, square by
# square), the letters that are keys too (f, g, h) still working alone.
# A game of 100,000 variations (bench/make_variations.sh, side by side and
# nested) is browsed with the view's peak memory under 64 MB.
# Skipped, and said so, only when tmux is not installed (scripts/deps.sh
# installs it, so CI never skips).
bin=${1:?usage: tui.sh BIN}
root=$(pwd)
case $bin in /*) ;; *) bin=$root/$bin ;; esac
if ! command -v tmux >/dev/null 2>&1; then
    echo "tui: SKIPPED: tmux is not installed (scripts/deps.sh installs it)"
    exit 0
fi
games=tests/cli/tui/games.pdn
tag=tui
. tests/cli/tmux.sh

view() { # view LOCALE ARGS: pdnreplay ARGS in the pane, its status and tty modes kept
    echo "env TERM=screen LC_ALL=$1 NO_COLOR= $bin/pdnreplay $2 2>$work/err;" \
        "echo \$? >$work/rc.tmp; stty -a >$work/stty; mv $work/rc.tmp $work/rc; sleep 600"
}

# ---- UTF-8: browsing ---------------------------------------------------------------
run browse "$(view C.UTF-8 "$games")"
see "game 1 of 3  White, A. - Black, B." "Start position" "┌────" " ● " "Moves" \
    "1. 32-28 19-23" "(1... 17-22 2. 28x17 12x21" "(2... 11x22))" \
    "! 1 finding in this game; 8:51: error: illegal move '27-22'"
keys Right
see "1. 32-28  ply 1 of 4" "Black to move" "Comment: Before the first move / The centre" \
    "[○]" "[·]"
keys Right # 1... 19-23 has two variations: a chooser, main line first
see "Variations here" "> 1... 19-23  (main line)" "1... 17-22  (variation 1)" \
    "1... 20-25  (variation 2)"
keys Down Enter
see "1... 17-22  variation 1" "Comment: Another way"
keys Right Right # 2... 12x21 has a variation: the chooser again, Enter takes the line
see "> 2... 12x21  (this line)" "2... 11x22  (variation 1.1)"
keys Enter
see "2... 12x21  variation 1" "White 19, Black 19"
keys Escape # leave the variation: back where it branched off, the lines offered again
see "1. 32-28  ply 1 of 4"
keys Right
see "Variations here" "> 1... 19-23  (main line)"
keys Enter
see "1... 19-23  ply 2 of 4"
keys g
see "Go to move (23 or 23...):"
text "2"
keys Enter
see "2. 28x19  ply 3 of 4"
keys p v # the move before has variations: v chooses one
see "Variations here" "1... 17-22  (variation 1)"
keys 2
see "1... 20-25  variation 2"
keys Right Right
see "! Next, 2... 27-22 cannot be played: 8:51: illegal move '27-22': square 27 is empty" \
    "cannot be played"
keys End
see "2. 31-26  variation 2"
keys Home
see "Start position"
keys f
see "(board flipped)"
keys f ?
see "Keys (q quits, any other key closes this)" "play a move of your own" \
    "back to where it branches" "3 fast; any key stops" # whole, not cut at 70 columns
keys x
gone "Keys (q quits, any other key closes this)"
keys l # the list of chosen games
see "3 games chosen" "2  Sijbrands, Ton - Valnéris, Guntis  1-1" "> "
keys Escape
gone "3 games chosen"
keys /
see "Find a game of the player:"
text "valn"
keys Enter
see "game 2 of 3  Sijbrands, Ton - Valnéris, Guntis" "game 2 of 3 chosen (number 2 in the file)"
keys / # the line starts empty; Enter alone searches the last name again
see "Find a game of the player (Enter: valn):"
keys Enter
see "only this game has 'valn'"

# ---- exploring in game 2 and writing it ------------------------------------------
keys g
text "1..."
keys Enter
see "1... 18-23  ply 2 of 5"
text "2"
see "Your move 2. 2"
text "5" # no piece of White's on 25: refused, said, and kept in sight
see "Your move 2. 25    no legal move starts on 25"
keys BSpace # takes the refused square back, the message kept
see "Your move 2.     no legal move starts on 25"
text "38" # square by square: 38, then 32
see "Your move 2. 38-"
text "32"
see "2. 38-32 explored (u undoes it, w writes the game)" "(2. 38-32)" \
    "2. 38-32  variation 1" "game 2 of 3 [explored]  Sijbrands"
text "1722"
see "2... 17-22 explored" "(2. 38-32 17-22)"
keys h # the engine's move first, then the legal moves
see "best " "; legal: "
keys u
see "undone; 1 explored move left" "2. 38-32  variation 1"
text "19x24" # a separator that does not fit is let pass: the squares decide
see "2... 19-24 explored" "(2. 38-32 19-24)"
keys w
see "Write the game to: tests/cli/tui/games-explored.pdn"
keys C-u
text "$work/explored.pdn"
keys Enter
see "wrote $work/explored.pdn: game 2 with 2 explored moves"
gone "[explored]"
keys ]
see "game 3 of 3  Sijbrands, Ton - Black, B." "1... 1-7" "2. 28x8"
keys h # the engine's answer is of the position shown: it goes with it
see "; legal: "
keys Right
gone "; legal: "
keys Left
see "Start position"

# ---- game 3: a capture of two pieces, square by square -----------------------------
text "1-6" # square 1 needs its separator: 1 could begin 10-19
see "1... 1-6 explored"
text "28"
see "Your move 2. 28x"
text "17-19" # 28x17 is not a way: refused, with what may be played; the
# keys typed ahead after it are ignored (19 was read as the next square,
# the message about 17 gone) until Backspace or Enter takes 17 back
see "Your move 2. 28x17    no legal move goes 28x17; it may be: 28x19x8"
keys BSpace
see "Your move 2. 28x    no legal move goes 28x17; it may be: 28x19x8"
text "19"
see "Your move 2. 28x19x"
text "8"
see "2. 28x8 explored" "(1... 1-6 2. 28x8)" "[×]"
keys u
see "undone; 1 explored move left"
text "28x8" # from and to name the one capture to its end: played at once, as 28 19 8
see "2. 28x8 explored" "(1... 1-6 2. 28x8)"
keys q # not written: asked
see "Explored moves not written (w writes them). Drop them? (y/n)"
text "n"
see "kept; w writes them, q quits"
keys q
see "Drop them? (y/n)"
text "y"
ended 1 # game 1 has an error: the status says so, as pdncheck --list's does
grep -q -- "-icanon" "$work/stty" && fail "the terminal was left without icanon"
[ -s "$work/err" ] && fail "standard error: $(cat "$work/err")"

# The file written: the game with the explored line where it was played.
cat >"$work/want.pdn" <<'EOF'
[Event "Short"]
[Site "?"]
[Date "2026.01.03"]
[Round "?"]
[White "Sijbrands, Ton"]
[Black "Valnéris, Guntis"]
[Result "1-1"]
[GameType "20"]

1. 32-28 18-23 2. 37-32 {quiet} (2. 38-32 19-24) 2... 12-18 3. 41-37 1-1

EOF
if ! cmp -s "$work/want.pdn" "$work/explored.pdn"; then
    case_name=written
    echo "tui: written: the file differs:"
    diff -u "$work/want.pdn" "$work/explored.pdn"
    failed=$((failed + 1))
fi
"$bin/pdncheck" -q "$work/explored.pdn" >"$work/check" 2>&1 ||
    { echo "tui: written: pdncheck is not clean:"; cat "$work/check"; failed=$((failed + 1)); }
"$bin/pdnreplay" --text --fen --variations "$work/explored.pdn" >"$work/replayed" 2>&1
grep -qF "Variation 1, instead of 2. 37-32:" "$work/replayed" ||
    { echo "tui: written: no variation instead of 2. 37-32"; failed=$((failed + 1)); }

# ---- a Russian game: squares with letters (issue 16) ------------------------------------
run letters "$(view C.UTF-8 tests/data/algebraic/ussr1947-game1.pdn)"
see "Start position" "1. c3-d4 d6-e5" "│a5    c5    e5    g5    │" "? help  q quit"
text "c3-d4" # the game's own move, typed with letters
see "1. c3-d4: the move of this line" "1. c3-d4  ply 1 of 61"
text "f6g5" # f is also a key (flip); a rank at once makes it a file
see "1... f6-g5 explored (u undoes it, w writes the game)" "(1... f6-g5)"
keys u
see "undone; 0 explored moves left"
text "c4" # a light square: refused, the legal moves named with letters, by square
see "no legal move starts on c4; legal: b6-a5  b6-c5  d6-c5  d6-e5  f6-e5  f6-g5 …"
keys Escape
see "move dropped"
text "h6 g5" # square by square; h (hint) and g (go to) start squares here
see "1... h6-g5 explored" "(1... h6-g5)"
keys u
see "undone; 0 explored moves left"
keys g # alone, g is still the key: go to a move
see "Go to move (23 or 23...):"
text "5..."
keys Enter
see "5... b6-c5  ply 10 of 61"
text "d4:b6" # a capture with ':', as the Russian files write them
see "6. d4xb6: the move of this line" "[×]"
keys h # alone, after a moment: the engine's capture, and the legal ones
see "best a" "legal: " "a5xc7" "a7xc5"
keys f
see "(board flip" "│h4     ○    [·]   b4    │"
keys q
ended 0
[ -s "$work/err" ] && fail "standard error: $(cat "$work/err")"

# ---- E: the engine's verdict on a move ----------------------------------------------------
# 33-28 gives a man for nothing (tests/cli/analyse/blunder.pdn, checked
# with pdnperft --divide); 23x32, Black's only move, is the engine's too.
run judge "$(view C.UTF-8 tests/cli/analyse/blunder.pdn)"
see "Start position"
keys E
see "E judges the move that led here: go to a move first"
keys Right E
see "1. 33-28??: better 45-40"
keys Right E
see "1... 23x32: as good as the engine's 23x32"
keys q
ended 0

# ---- Ctrl-C, resizing --------------------------------------------------------------------
# A game written over a file first: the write took Ctrl-C over for its
# rename and kept it, so that Ctrl-C killed the view, the terminal raw.
echo old >"$work/over.pdn"
run interrupt "$(view C.UTF-8 "-g 2 $games")"
see "game 1 of 1  Sijbrands, Ton - Valnéris, Guntis"
text "3126"
see "1. 31-26 explored"
keys w C-u
text "$work/over.pdn"
keys Enter
see "It exists. Replace it? (y/n)"
text y
see "wrote $work/over.pdn: game 2 with 1 explored move"
keys Home
see "Start position"
tm resize-window -t t -x 50 -y 15
see "Too small: 50x15." "pdnreplay wants 64x20 at least."
tm resize-window -t t -x 80 -y 24
see "game 1 of 1  Sijbrands" "Moves" "? help  q quit"
text "32" # a move half typed when Ctrl-C comes
keys C-c
ended 0
grep -q -- "-icanon" "$work/stty" && fail "Ctrl-C left the terminal without icanon"
grep -q -- "-echo " "$work/stty" && fail "Ctrl-C left the terminal without echo"

# A terminal curses does not know: said, status 3, no memory kept by
# curses (make sanitize: LeakSanitizer).
run noterm "env TERM=no-such-terminal $bin/pdnreplay $games 2>$work/err; echo \$? >$work/rc.tmp; mv $work/rc.tmp $work/rc; sleep 600"
ended 3
grep -q "pdnreplay: cannot use the terminal (TERM=no-such-terminal)" "$work/err" ||
    fail "no terminal: $(cat "$work/err")"

# ---- the C locale: ASCII ------------------------------------------------------------------
run ascii "$(view C "--ply 1 $games")"
see "game 1 of 3  White, A. - Black, B." "+------" "|    b     b" " [w] " "[.]" "1. 32-28  ply 1 of 4" \
    "<- -> move"
see "Black to move" "Comment: Before the first move / The centre"
keys ]
see "game 2 of 3  Sijbrands, Ton - Valn?ris, Guntis"
keys q
ended 1

# ---- w never writes over the file being browsed ------------------------------------------
cp "$games" "$work/copy.pdn"
run write-over-input "$(view C.UTF-8 "$work/copy.pdn")"
see "game 1 of 3  White, A. - Black, B."
text "3126"
see "1. 31-26 explored"
keys w
see "Write the game to:"
keys C-u
text "$work/copy.pdn"
keys Enter
see "It exists. Replace it? (y/n)"
text "y"
see "copy.pdn: is one of the inputs: not replaced"
cmp -s "$games" "$work/copy.pdn" || fail "the input was written over"
keys w # a write that fails is said
see "Write the game to:"
keys C-u
text "/dev/full"
keys Enter
see "It exists. Replace it? (y/n)"
text "y"
see "/dev/full: No space left on device"
keys q
see "Drop them? (y/n)"
text "y"
ended 3 # a write refused is a write failed

# ---- q quits from anywhere; autoplay starts on its speed key ------------------------------
run quit-help "$(view C.UTF-8 "$games")"
see "game 1 of 3  White, A. - Black, B."
keys ?
see "Keys (q quits, any other key closes this)"
keys q
ended 1
run quit-list "$(view C.UTF-8 "$games")"
keys l
see "3 games chosen"
keys q
ended 1
run autoplay "$(view C.UTF-8 "$games")"
keys a
see "Autoplay speed: 1 slow, 2 normal, 3 fast (Enter: normal)"
keys 3 # no Enter: the key starts it
see "autoplay (fast): any key stops"
see "autoplay: end of the line" "2... 14x23  ply 4 of 4"
keys Home a
see "Autoplay speed"
keys 1
see "autoplay (slow): any key stops"
keys q # stops it, and quits
ended 1

# ---- two files: the games of both, the list names each one's file ---------------------------
run two-files "$(view C.UTF-8 "$games samples/good/problems-goedemoed-fen.pdn")"
see "game 1 of 7  White, A. - Black, B."
keys l
see "7 games chosen" "2  Sijbrands, Ton - Valnéris, Guntis  1-1  2026.01.03  Short  (tests/cli/tui/games.pdn)" \
    "4  ? - ?  *  ????.??.??  ?  (samples/good/problems-goedemoed-fen.pdn)"
keys End Enter
see "game 7 of 7" "(samples/good/problems-goedemoed-fen.pdn, number 4 in it)"
keys q
ended 1

# ---- a list as high as the screen: nothing of the view beside its frame -------------------
# (the '?' of "? lists the keys" stood left of its bottom corner)
run long-list "$(view C.UTF-8 "'tests/data/tournaments/Championnat de France 2021.pdn'")"
keys l
see "58 games chosen" "└────"
gone "?└"
keys q
ended 0 # warnings only: no error

# ---- a wide terminal: the tags whole, the title in words ------------------------------------
run wide "$(view C.UTF-8 "$games")"
see "game 1 of 3  White, A. - Black, B."
see "Event     Variations, comments, an illegal"
tm resize-window -t t -x 160 -y 40
see "Event     Variations, comments, an illegal move in a variation" "Moves"
keys q
ended 1

# ---- a long comment, broken between words -------------------------------------------------
# On every width from 64 to 100 the comment's two rows hold its words
# whole (it was cut at the edge: "ke" at the end of a row, "eps" on the
# next), an ellipsis after the last when the rest does not fit.
run comment "$(view C.UTF-8 tests/cli/tui/comment.pdn)"
see "Start position"
keys Right
see "Comment: White takes the centre"
words="White takes the centre at once and keeps it for the rest of the game while Black waits on the wing"
# comment_whole: every word on the comment's rows is one of its words.
comment_whole() {
    screen | grep -A1 '^Comment: ' | sed 's/^Comment: //' | tr ' ' '\n' | grep -v '^$' >"$work/said"
    [ -s "$work/said" ] || return 1
    while read -r w; do
        case " $words … " in *" $w "*) ;; *) return 1 ;; esac
    done <"$work/said"
}
for cols in 64 67 70 73 76 79 80 83 86 89 92 95 100; do
    tm resize-window -t t -x $cols -y 30
    steps=$((steps + 1))
    poll 300 0.1 comment_whole || fail "comment at $cols columns: $(tr '\n' ' ' <"$work/said")"
done
# h at the start: the engine's move and the nine legal moves, on the
# message row (above the keys), each whole, an ellipsis for those left out
# ("33-2" ended the row on 80 columns).
keys Home h
see "legal: "
moves_whole() {
    screen | tail -n 2 | head -n 1 | tr ' ' '\n' | grep -v '^$' >"$work/said"
    grep -q '^legal:$' "$work/said" &&
        ! grep -Evx 'best|\([-+][0-9.]+\);|legal:|…|[0-9]+-[0-9]+' "$work/said" >/dev/null
}
for cols in 64 67 70 73 76 79 80 83 86 89 92 95 100; do
    tm resize-window -t t -x $cols -y 30
    steps=$((steps + 1))
    poll 300 0.1 moves_whole || fail "legal moves at $cols columns: $(tr '\n' ' ' <"$work/said")"
done
keys q
ended 0

# ---- the smallest width: the keys and a finding whole ----------------------------------
# On 64 columns the keys with no room are left out whole after an
# ellipsis (the bar ended "u u"), and a long finding is cut after a word
# (it ended "'5-10': sq"). Each width comes after the too-small notice,
# so that what is checked is drawn for it.
run smallest "$(view C.UTF-8 "-g 2 'tests/data/tournaments/World Title Match Women 2024.pdn'")"
see "Start position" "! 3 findings in this game; 29:45: error: illegal move"
finding="! 3 findings in this game; 29:45: error: illegal move '5-10': square 5 holds a black piece and white is to move"
finding_whole() {
    screen | grep '^! ' | tr ' ' '\n' | grep -v '^$' >"$work/said"
    [ -s "$work/said" ] || return 1
    while read -r w; do
        case " $finding … " in *" $w "*) ;; *) return 1 ;; esac
    done <"$work/said"
}
replay_keys_whole() {
    keys_whole "? help" "q quit" "←→ move" "v/Esc variation" "g goto" "0-9 play" "u undo" \
        "w write" "[ ] game" "l list"
}
for cols in 64 65 67 70 75 80 90 100; do
    tm resize-window -t t -x 50 -y 15
    see "Too small: 50x15."
    tm resize-window -t t -x $cols -y 20
    steps=$((steps + 2))
    poll 300 0.1 finding_whole || fail "the finding at $cols columns: $(tr '\n' ' ' <"$work/said")"
    poll 300 0.1 replay_keys_whole || fail "the keys at $cols columns: $(tr '\n' '|' <"$work/keys")"
done
keys q
ended 1 # the game has an error

# ---- 100,000 variations of one move: browsed within 64 MB ------------------------------------
# ---- the annotator's marks in the move list, as --text writes them --------------------
# Written as NAGs ($1-$6: their marks; another NAG as $14) or literally.
run marks "$(view C.UTF-8 tests/cli/tui/marks.pdn)"
see "1. 32-28! 18-23? 2. 37-32?! 12-18!! \$14 3. 41-37??"
# The result as pdnfmt writes it: in the convention of the game's variant.
keys ]
see "game 2 of 3  Draw, A. - Draw, B.  1-1  "
keys ]
see "game 3 of 3  English, A. - English, B.  0-1  "
keys l
see "3 games chosen" "Draw, A. - Draw, B.  1-1" "English, A. - English, B.  0-1"
keys Escape
gone "3 games chosen"
keys q
ended 0

# ---- the legal moves of a refused square: by square, cut with an ellipsis ----------------------
run legal-list "$(view C.UTF-8 "'tests/data/conformance/succeed/nk ronde 01.pdn'")"
see "Start position"
keys g
see "Go to move"
text "10"
keys Enter
see "10. 40x29  ply 19"
text "50"
see "Your move 10... 50    no legal move starts on 50; legal: 1-6  2-8  3-8  9-14  10-14  15-20  16-21 …"
keys Escape q
ended 0

# ---- a Chinese name: two columns a character --------------------------------------------
# The conformance set's unicode.pdn (Black "高文龙"): measured one column a
# character, the title ran past the terminal's width and a character of it
# landed on the board's first row.
run wide-chars "$(view C.UTF-8 tests/data/conformance/succeed/unicode.pdn)"
see "高文龙"
screen | sed -n 2p | grep -q '^ ┌' || fail "the board's top row does not start with its frame"
keys q
ended 0

# ---- a tag value cut: an ellipsis says so ----------------------------------------------------
# ussr1947.pdn's FEN lists White's men first: cut silently, it read as a
# whole position with Black's men gone.
run fen-cut "$(view C.UTF-8 tests/data/conformance/succeed/ussr1947.pdn)"
see "FEN       W:W29,30,31,32,25,26,27,28,21,22,23,2…"
keys q
ended 0

# ---- clock commands: their times in words, not the commands ------------------------------
run clocks "$(view C.UTF-8 tests/cli/tui/clocks.pdn)"
see "Start position"
keys Right # a comment holding only a clock command: the times, no comment
see "Clock:   White 1:29:46, Black 1:29:40"
off_screen "Comment:" || fail "a comment of a clock command alone is shown"
off_screen "[%clock" || fail "a clock command is shown raw"
# On every size from the smallest up each row has a line of its own: on
# 20 rows the pieces and the times shared one ("Clock: 20White 1:29:46").
rows_apart() {
    screen >"$work/rows"
    grep -q '^ White 20, Black 20' "$work/rows" &&
        grep -q '^Clock:   White 1:29:46, Black 1:29:40 *$' "$work/rows"
}
# Each size comes after the notice of a terminal too small, so that what
# is checked is drawn for it (not the last size's screen, cut by tmux).
for size in 64x20 64x21 64x22 80x20 80x24 100x20 100x22 160x21 100x40; do
    tm resize-window -t t -x 50 -y 15
    see "Too small: 50x15."
    tm resize-window -t t -x "${size%x*}" -y "${size#*x}"
    steps=$((steps + 1))
    poll 300 0.1 rows_apart || fail "$size: the pieces and the clock: $(grep -e White -e Clock "$work/rows")"
done
keys Right # text and a clock command: the text, then the times
see "Comment: Played at once." "Clock:   White 1:29:46, Black 1:29:39"
off_screen "[%clock" || fail "a clock command is shown raw"
keys Right
see "Clock:   1:28:00"
keys Right # a comment of two rows: no room for the times
see "Comment: White takes the centre"
off_screen "Clock:" || fail "the times shown over a comment of two rows"
off_screen "[%clock" || fail "a clock command is shown raw"
keys q
ended 0

# The peak resident memory (VmHWM) of the view, once it has drawn the
# chooser; not under AddressSanitizer, whose shadow memory is not the
# view's.
for kind in siblings nested; do
    sh bench/make_variations.sh $kind 100000 >"$work/$kind.pdn"
    run "variations-$kind" "sh -c 'echo \$\$ >$work/pid; exec env TERM=screen LC_ALL=C.UTF-8 \\
        $bin/pdnreplay $work/$kind.pdn' 2>$work/err; echo \$? >$work/rc.tmp; \\
        mv $work/rc.tmp $work/rc; sleep 600"
    see "Start position" "(1. 31-27" "(1. 31-26"
    keys Right
    second="1. 31-26  (variation 2)" # nested: each group of 100 starts the same
    [ $kind = nested ] && second="1. 31-27  (variation 2)"
    see "Variations here" "> 1. 32-28  (main line)" "1. 31-27  (variation 1)" "$second"
    keys Down Enter
    see "1. 31-27  variation 1"
    hwm=$(sed -n 's/^VmHWM:[[:space:]]*\([0-9]*\) kB/\1/p' "/proc/$(cat "$work/pid")/status")
    if grep -q __asan_init "$bin/pdnreplay"; then
        :
    elif [ -z "$hwm" ] || [ "$hwm" -ge 65536 ]; then
        fail "the view's peak memory is ${hwm:-unknown} kB, not under 64 MB"
    fi
    keys q
    ended 0
done

if [ $failed -gt 0 ]; then
    echo "tui: $failed of $steps checks failed"
    exit 1
fi
echo "tui: $steps checks of the interactive view passed"
