#!/bin/sh
# pdnengine hub driven as a GUI drives Scan (Hub version 2, Scan 3's
# protocol.txt): through a FIFO, one command at a time, each step waiting
# (polling, with a timeout) for the answer it expects. A whole session:
# hub / id, param, wait; set-param; init / ready; an unknown command
# answered with error naming it (as Scan 3.1's "bad command"; it was
# ignored without a word), stop outside a search ignored, a blank line
# answered "missing command" (as Scan 3.1); ping / pong; pos with moves; level depth; go think / info, done,
# the move checked legal by pdncheck (a game of the moves played and the
# engine's); bad positions, illegal moves and moves= without quotes
# answered with error, the moves before an illegal one kept (as Scan);
# go analyze under level infinite, ping answered and stop obeyed during
# it; go ponder searching past the level until ponder-hit or stop;
# new-game; quit. Then go before any pos, and pos without pos=, search
# the start position (as Scan); a level of 0 answers at once, so does a
# clock with no time left, a level that does not read is refused; the
# end of the input ends the engine too.
#
#   sh tests/cli/hub.sh BIN        (from the project root; make cli runs it)
bin=${1:?usage: hub.sh BIN}
tag=hub
. tests/cli/checks.sh
pid=
cleanup() {
    [ -n "$pid" ] && kill "$pid" 2>/dev/null
    rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 2' INT TERM

fail() {
    echo "hub: FAILED: $1"
    echo "--- engine output:"
    cat "$work/out"
    failed=$((failed + 1))
}

start='Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww'
mkfifo "$work/in" || exit 3
"$bin/pdnengine" hub <"$work/in" >"$work/out" 2>"$work/err" &
pid=$!
exec 3>"$work/in"

send() { printf '%s\n' "$1" >&3; }
# expect STEP PATTERN [COUNT]: waits up to 30 s for COUNT lines (1) that
# match the extended regular expression PATTERN.
expect() {
    check
    poll 601 0.05 lines_match "$2" "${3:-1}" || {
        fail "$1: no line matching '$2' within 30 s"
        return 1
    }
}
# lines_match PATTERN COUNT: the engine has written COUNT such lines.
lines_match() { [ "$(grep -Ec "$1" "$work/out")" -ge "$2" ]; }

send hub
expect "hub" '^wait$'
expect "id" '^id name=pdnengine '
expect "param variant" '^param name=variant value=international type=enum values="international '
send 'set-param name=variant value=international'
send init
expect "init" '^ready$'
send 'frobnicate now=1 "odd'
send 'stop'
send ping
expect "ping" '^pong$'
expect "unknown command" '^error message="unknown command: frobnicate"$'
[ "$(wc -l <"$work/out")" -eq 7 ] || fail "stop outside a search was answered"

send "pos pos=$start moves=\"32-28 19-23 28x19\""
send 'level depth=5'
send 'go think'
expect "go think" '^done move=[0-9]+x[0-9x]+( ponder=[0-9x-]+)?$' && {
    expect "info" '^info depth=5 score=-?[0-9]+\.[0-9]+ nodes=[0-9]+ time=[0-9.]+ nps=[0-9.]+ pv="'
    move=$(sed -n 's/^done move=\([^ ]*\).*/\1/p' "$work/out")
    printf '[Event "hub"]\n\n1. 32-28 19-23 2. 28x19 %s *\n' "$move" >"$work/game.pdn"
    "$bin/pdncheck" -q -w "$work/game.pdn" >"$work/check" 2>&1 ||
        fail "pdncheck refuses the engine's move $move: $(cat "$work/check")"
}

send 'pos pos=Wbbbxx'
expect "bad position" '^error message="bad position: Wbbbxx: 6 letters, international takes 51 \(W or B, then a letter a square\)"$'
# Moves whose quotes were lost: refused, the position before kept (the
# search below still answers 28x19x23 from it).
send "pos pos=$start moves=32-28 19-23 28x19"
expect "moves not in quotes" '^error message="moves not in quotes: 19-23"$'
# Moves apart by a tab, as Scan splits them: White to take after them.
send "pos pos=$start moves=\"32-28$(printf '\t')19-23\""
send 'level depth=1'
send 'go think'
expect "moves apart by a tab" '^done move=28x19x23'
send "pos pos=$start moves=\"32-28 19-23 28-22\""
expect "illegal move (28x19 is compulsory)" '^error message="illegal move: 28-22"$'
# As Scan: the moves before the illegal one stand, so White must take.
send 'level depth=2'
send 'go think'
expect "go after an illegal move" '^done move=28x19x23' 2

send 'new-game'
send "pos pos=$start"
send 'level infinite'
send 'go analyze'
expect "go analyze" '^info depth=3 '
send ping
expect "ping during a search" '^pong$' 2
send stop
expect "stop during go analyze" '^done move=' 3
analysed=$(tail -n 1 "$work/out" | sed -n 's/^done move=\([^ ]*\).*/\1/p')
printf '[Event "hub"]\n\n1. %s *\n' "$analysed" >"$work/analysed.pdn"
"$bin/pdncheck" -q -w "$work/analysed.pdn" >"$work/check" 2>&1 ||
    fail "go analyze: the last line is no done with a legal move: $(tail -n 1 "$work/out")"
# go ponder: the clock does not run, so the level (depth 2) does not end
# the search; ponder-hit starts the move's search under it, and stop
# answers at once (it was go think: done after depth 2, before the hit).
send "pos pos=$start moves=\"32-28\""
send 'level depth=2'
dones=$(grep -c '^done ' "$work/out")
deep=$(grep -c '^info depth=5 ' "$work/out")
send 'go ponder'
expect "go ponder past the level's depth" '^info depth=5 ' $((deep + 1)) && {
    [ "$(grep -c '^done ' "$work/out")" -eq "$dones" ] || fail "go ponder: done before ponder-hit"
}
send 'ponder-hit'
expect "ponder-hit" '^done move=' $((dones + 1))
send 'go ponder'
send stop
expect "stop during go ponder" '^done move=' $((dones + 2))
send quit
engine_ended() { ! kill -0 "$pid" 2>/dev/null; }
poll 601 0.05 engine_ended
if kill -0 "$pid" 2>/dev/null; then
    fail "quit: still running after 30 s"
else
    wait "$pid" || fail "quit: exit status $?"
    pid=
fi
check
exec 3>&-

# As Scan: before any pos the game is at the start position, and pos
# without pos= goes back to it; new-game keeps the position.
printf 'hub\ninit\nlevel depth=3\ngo think\npos moves="33-28"\nnew-game\nlevel depth=3\ngo think\n' |
    "$bin/pdnengine" hub >"$work/out3" 2>&1 || fail "no pos: exit status $?"
grep -q '^error' "$work/out3" && fail "no pos: $(grep '^error' "$work/out3")"
first=$(sed -n 's/^done move=\([^ ]*\).*/\1/p' "$work/out3" | sed -n 1p)
reply=$(sed -n 's/^done move=\([^ ]*\).*/\1/p' "$work/out3" | sed -n 2p)
printf '[Event "hub"]\n\n1. %s *\n\n[Event "hub"]\n\n1. 33-28 %s *\n' "$first" "$reply" >"$work/start.pdn"
"$bin/pdncheck" -q -w "$work/start.pdn" >"$work/check" 2>&1 ||
    fail "no pos: pdncheck refuses '$first' or '$reply' from the start: $(cat "$work/check")"
check

# board SQUARE=LETTER...: a Hub position, White to move, those pieces alone.
board() {
    b=W
    for square in $(seq 50); do
        letter=e
        for piece; do [ "${piece%%=*}" = "$square" ] && letter=${piece#*=}; done
        b=$b$letter
    done
    echo "$b"
}
# scores POSITION PATTERN WHAT: searched to depth 3, an info line matches.
scores() {
    printf 'hub\ninit\npos pos=%s\nlevel depth=3\ngo think\n' "$1" |
        "$bin/pdnengine" hub >"$work/out5" 2>&1 || fail "$3: exit status $?"
    grep -q "$2" "$work/out5" || fail "$3: $(grep '^info' "$work/out5")"
    check
}
# A win found reads as Scan writes one, 100 men less a hundredth a ply
# (Scan's win(ply) = Inf - ply, Inf 100.00): a win in 1 ply 99.99, a loss
# in 2 plies -99.98 (it was 299.99: a Hub GUI that knows Scan's scores
# took it for 300 men).
scores "$(board 28=w 22=b)" '^info depth=[23] score=99\.99 .*pv="28x17x22"' \
    "won position: no score=99.99 (a win in one ply)"
# White's last man must go to 41, where Black's on 36 takes it.
scores "$(board 46=w 36=b)" '^info depth=3 score=-99\.98 .*pv="46-41 36x47x41"' \
    "lost position: no score=-99.98 (a loss in two plies)"

# answer LINES...: pdnengine hub given LINES (hub and init first) through
# a FIFO kept open until its "done" (the end of the input would stop the
# search), waiting 10 s at most; what it wrote in $work/out4.
mkfifo "$work/in4" || exit 3
answer() {
    rm -f "$work/out4" # not the last one's: it has a done
    "$bin/pdnengine" hub >"$work/out4" 2>&1 <"$work/in4" &
    pid=$!
    exec 4>"$work/in4"
    printf 'hub\ninit\n' >&4
    printf '%s\n' "$@" >&4
    poll 201 0.05 grep -q '^done move=' "$work/out4"
    answered=$?
    exec 4>&-
    kill "$pid" 2>/dev/null
    wait "$pid" 2>/dev/null
    pid=
    check
    return $answered
}

# A position no game reaches (a white man on 3, its crowning row) is
# refused at pos, with the library's check that DXP and pdnmatch's
# openings use, the position before kept (go said "no legal move").
printf 'hub\ninit\npos pos=%s\nlevel depth=1\ngo think\n' "$(board 3=w 40=b)" |
    "$bin/pdnengine" hub >"$work/out8" 2>&1
grep -q "^error message=\"bad position: impossible position 'W:W3:B40': white man on square 3" \
    "$work/out8" && grep -q '^done move=3[1-5]-' "$work/out8" ||
    fail "impossible position: $(grep -v '^param' "$work/out8")"
check

# A limit of 0 is the least, as Scan takes it: an answer at once
# (move-time=0 searched until stop: pdnmatch's Hub engine then lost every
# game on time).
for level in move-time=0 depth=0 nodes=0; do
    answer "level $level" 'go think' || fail "level $level: no done within 10 s"
done

# A clock with no time left gets the least search, one depth (the floor
# of 0.01 s searched to depth 4 at the start position, past the time).
answer 'level time=0' 'go think' || fail "level time=0: no done within 10 s"
grep -q '^info depth=1 ' "$work/out4" && ! grep -q '^info depth=2 ' "$work/out4" ||
    fail "level time=0: more than one depth: $(grep '^info' "$work/out4" | tail -n 1)"

# A value that is no number of 0 or more is refused, and the level before
# kept (depth=abc was depth 0, an answer at once, without a word).
for level in depth=abc depth=-1 depth=2.5 nodes=x move-time=-1 move-time=nan move-time=inf \
    'time=1 moves=z'; do
    answer 'level depth=3' "level $level" 'go think' || fail "level $level: no done within 10 s"
    grep -q "^error message=\"bad level: ${level#time=1 }\"\$" "$work/out4" &&
        grep -q '^info depth=3 ' "$work/out4" && ! grep -q '^info depth=4 ' "$work/out4" ||
        fail "level $level: not refused, depth 3 not kept: $(grep -v '^param' "$work/out4")"
done

# A second init keeps the level, the GUI's (as Scan's): it searched to
# depth 11 after level depth=3.
answer 'level depth=3' init 'go think' || fail "init: no done within 10 s"
grep -q '^info depth=3 ' "$work/out4" && ! grep -q '^info depth=4 ' "$work/out4" ||
    fail "init: level depth=3 not kept: $(grep '^info' "$work/out4" | tail -n 1)"

# A blank line is answered as Scan 3.1 answers it, "missing command" (it
# was ignored without a word: a GUI that ends its commands with two line
# ends never learnt it); so is a line of blanks, or a lone CRLF end.
printf 'hub\n\n \t\n\r\nping\n' | "$bin/pdnengine" hub >"$work/out9" 2>&1
[ "$(grep -v '^param\|^id' "$work/out9" | paste -sd'|' -)" = \
    'wait|error message="missing command"|error message="missing command"|error message="missing command"|pong' ] ||
    fail "blank lines: $(grep -v '^param\|^id' "$work/out9")"
check
# During a search a blank line neither stops it (depth 8 is reached; Scan
# stops for any line but ping and ponder-hit) nor is answered before its
# done, which an error would stand for: it is answered after it.
"$bin/pdnengine" hub >"$work/out10" 2>&1 <"$work/in4" &
pid=$!
exec 4>"$work/in4"
printf 'hub\ninit\nlevel depth=8\ngo think\n\n' >&4
poll 201 0.05 grep -q '^error' "$work/out10"
printf 'quit\n' >&4
exec 4>&-
wait "$pid"
pid=
grep -q '^info depth=8 ' "$work/out10" &&
    [ "$(grep -v '^param\|^id\|^info' "$work/out10" | sed 's/^done .*/done/' | paste -sd'|' -)" = \
        'wait|ready|done|error message="missing command"' ] ||
    fail "a blank line in a search: $(grep -v '^param' "$work/out10")"
check

# A line too long for the engine (a long game's moves, 600 kB): one error
# that says so, the rest of the line dropped, the next command answered
# (it was cut into lines that were each a bad command).
awk 'BEGIN { printf "hub\ninit\npos moves=\""; for (i = 0; i < 50000; i++) printf "32-28 19-23 ";
             printf "\"\nping\nquit\n" }' | "$bin/pdnengine" hub >"$work/out5" 2>&1
[ "$(grep -c '^error' "$work/out5")" -eq 1 ] &&
    grep -q '^error message="line too long (more than 16383 bytes), ignored"$' "$work/out5" &&
    grep -q '^pong$' "$work/out5" || fail "a line too long: $(grep -v '^param' "$work/out5" | head -5)"
check
# So is one sent during a search, answered after its done as a blank line
# is: read as its first 16 kB, "ping" and 40 kB of junk was answered
# "pong", and the rest of it "unknown command: xxx...". The search goes
# on (the ping after it answered), and stops at stop.
"$bin/pdnengine" hub >"$work/out13" 2>&1 <"$work/in4" &
pid=$!
exec 4>"$work/in4"
printf 'hub\ninit\nlevel infinite\ngo analyze\n' >&4
poll 201 0.05 grep -q '^info depth=2 ' "$work/out13"
awk 'BEGIN { printf "ping "; for (i = 0; i < 4000; i++) printf "xxxxxxxxxx"; printf "\nping\n" }' >&4
poll 201 0.05 grep -q '^pong$' "$work/out13"
printf 'stop\nquit\n' >&4
exec 4>&-
wait "$pid"
pid=
[ "$(grep -v '^param\|^id\|^info' "$work/out13" | sed 's/^done .*/done/' | paste -sd'|' -)" = \
    'wait|ready|pong|done|error message="line too long (more than 16383 bytes), ignored"' ] ||
    fail "a line too long in a search: $(grep -v "^param\\|^id\\|^info" "$work/out13" | cut -c 1-100)"
check

# A line with a NUL byte is refused whole, the position before kept (read
# up to the NUL, "pos pos=START<NUL> moves=..." set the start position
# without its moves: White's move came for a position of Black's);
# "ping<NUL>" is no ping either.
printf 'hub\ninit\npos moves="32-28"\npos pos=%s\000 moves="32-28 19-23"\nlevel depth=1\ngo think\nping\000\n' \
    "$start" | "$bin/pdnengine" hub >"$work/out11" 2>&1
[ "$(grep '^error' "$work/out11" | paste -sd'|' -)" = \
    'error message="line with a NUL byte (byte 60), ignored"|error message="line with a NUL byte (byte 5), ignored"' ] &&
    grep -q '^done move=\(1[6-9]\|20\)-2[1-5]' "$work/out11" ||
    fail "a NUL byte: $(grep -v '^param\|^id' "$work/out11")"
check

# A capture written by its ends that fits two (the king on 4 takes 13, 20
# and 32 or 37; a black man on 1 too): ambiguous, the two named as Hub
# writes them, not "illegal".
printf 'hub\ninit\npos pos=%s moves="4x15"\nquit\n' WbeeWeeeeeeeebeeeeeebeeeeeeeeeeebeeeebeeeeeeeeeeeee |
    "$bin/pdnengine" hub >"$work/out6" 2>&1
grep -q '^error message="ambiguous move: 4x15 (4x15x13x20x32 or 4x15x13x20x37)"$' "$work/out6" ||
    fail "ambiguous: $(grep '^error' "$work/out6")"
check

# Junk after an unquoted moves= list refuses the position as a second
# move does (32-28 was played, without a word: Black then moved), and
# what the caller sent comes back in an error without control characters
# (the bell went out raw).
# moves="" (pdnmatch's first move of a game) is no stray word.
printf 'hub\ninit\npos moves="32-28"\npos moves=""\npos moves=32-28 x\nset-param name=variant value=a\007b\nlevel depth=1\ngo think\n' |
    "$bin/pdnengine" hub >"$work/out7" 2>&1
[ "$(grep -c '^error message="stray word' "$work/out7")" -eq 1 ] &&
    grep -q '^error message="stray word in pos: x"$' "$work/out7" &&
    grep -q '^done move=3[1-5]-' "$work/out7" || fail "junk in pos: $(grep -v '^param' "$work/out7")"
check
grep -q '^error message="unknown variant: a\\x07b"$' "$work/out7" &&
    ! grep -q "$(printf '\007')" "$work/out7" || fail "a control character: $(grep '^error' "$work/out7")"
check

# Nor does it come back with a byte that is no UTF-8 (a GUI that reads
# the engine as UTF-8 fails on it: Python's text mode, Rust's lines()) or
# a C1 control (CSI, which a terminal obeys): \xHH and \u009b, as
# pdn_text_escape writes them; the 'é' stays as it is.
printf 'hub\nfrob\377\302\233\303\251\n' | "$bin/pdnengine" hub >"$work/out12" 2>&1
grep -qx "$(printf 'error message="unknown command: frob\\\\xff\\\\u009b\303\251"')" "$work/out12" ||
    fail "a byte that is no UTF-8: $(grep '^error' "$work/out12")"
check

# Another variant after pos goes back to its start: the international
# position was kept and searched, a GUI that had set Russian draughts got
# 17-22. The same variant again keeps the position (Black to move after
# c3-d4, 21-17 in Hub's numbers).
printf 'hub\ninit\npos moves="32-28"\nset-param name=variant value=russian\nlevel depth=2\ngo think\npos moves="c3-d4"\nset-param name=variant value=russian\nlevel depth=2\ngo think\n' |
    "$bin/pdnengine" hub >"$work/out14" 2>&1
sed -n 's/^done move=\([^ ]*\).*/\1/p' "$work/out14" >"$work/moves14"
first=$(sed -n 1p "$work/moves14") reply=$(sed -n 2p "$work/moves14")
printf '[GameType "25"]\n\n1. %s *\n\n[GameType "25"]\n\n1. c3-d4 %s *\n' "$first" "$reply" \
    >"$work/russian.pdn"
! grep -q '^error' "$work/out14" && [ -n "$reply" ] &&
    "$bin/pdncheck" -q -w "$work/russian.pdn" >"$work/check" 2>&1 ||
    fail "variant after pos: '$first' from Russian's start, '$reply' after c3-d4: $(cat "$work/check")"
check

# The parameters are declared with their values: a Hub GUI sets one only
# when it wants another value than the one declared, and under --variant
# russian the engine said value=international (and level 0 under --level
# 3), so a GUI that wanted international draughts played Russian.
printf 'hub\n' | "$bin/pdnengine" --variant russian --level 3 hub >"$work/out15" 2>&1
grep -q '^param name=variant value=russian type=enum ' "$work/out15" &&
    grep -q '^param name=level value=3 type=int ' "$work/out15" ||
    fail "declared values: $(grep '^param' "$work/out15")"
check

# A position that does not read says why: the 10x10 start sent to the
# engine set to English checkers, a side to move that is no W or B, a
# letter that is no piece ("bad position: Wbbb..." and no more).
ten=Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww
printf 'set-param name=variant value=english\npos pos=%s\npos pos=Xbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww\npos pos=Bbbbbbbbbbbbbeeexeeeewwwwwwwwwwww\n' \
    "$ten" | "$bin/pdnengine" hub >"$work/out16" 2>&1
cat >"$work/want16" <<EOF16
error message="bad position: $ten: 51 letters, english takes 33 (W or B, then a letter a square)"
error message="bad position: Xbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww: the side to move is W or B, not 'X'"
error message="bad position: Bbbbbbbbbbbbbeeexeeeewwwwwwwwwwww: square 16 is 'x', none of w b W B e"
EOF16
cmp -s "$work/out16" "$work/want16" || fail "bad positions: $(cat "$work/out16")"
check

# The end of the input (a GUI that crashed) ends the engine as quit does.
printf 'hub\ninit\n' | "$bin/pdnengine" hub >"$work/out2" 2>&1 || fail "end of input: exit status $?"
grep -q '^ready$' "$work/out2" || fail "end of input: no ready"
check

checks_done
