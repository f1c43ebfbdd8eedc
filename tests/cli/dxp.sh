#!/bin/sh
# pdnengine dxp over the loopback: two processes play a whole game of
# international draughts (DamExchange protocol), one of them asking for a
# take-back on the way; both write the game, pdncheck finds both clean and
# they hold the same moves, and the game ended by GAMEEND. Then peers that
# misbehave, written in bash (its /dev/tcp): garbage after the game
# request, an illegal move (32-30), a connection closed mid-game, a peer
# that never answers. Each leaves a clear message, no hang (--timeout),
# exit status 1, and the game so far saved; the peer whose connection
# still works is told why (a CHAT) and gets a GAMEEND of reason 0, stop
# code 1 ("E01"), which it acknowledges. Both ends of that too: an
# initiator that waits 1 s for a follower thinking 3 s (level 4) ends the
# game, and the follower says why, in the peer's words, and saves it.
# A game over on the board reads so in the winner's file too; a CHAT
# before the game request is shown and the request still answered; one
# ply is "1 ply". --max-plies N ends the game after exactly N plies, N
# even and odd (the next ply the initiator's, then the follower's). A win
# the peer claims (GAMEEND 3) is written only when the board shows it.
#
#   sh tests/cli/dxp.sh BIN        (from the project root; make cli runs it)
bin=${1:?usage: dxp.sh BIN}
work=$(mktemp -d "${TMPDIR:-/tmp}/pdnengine-dxp.XXXXXX") || exit 3
failed=0
checks=0
# Ports of a range of its own: play.sh and play-tui.sh, which make check
# may run beside this script, have theirs (from 20000 for all three, a
# listener met another's port when their PIDs were near: "Address already
# in use"), all below the ephemeral ports (32768) that connections take.
port=$((20000 + $$ % 4000))
trap 'rm -rf "$work"' EXIT

fail() {
    echo "dxp: FAILED: $1"
    failed=$((failed + 1))
}

# connect CMD...: runs a connecting command until the listener is there
# (exit status 3: no connection yet), 30 s at most.
connect() {
    i=0
    while :; do
        "$@"
        rc=$?
        [ $rc -ne 3 ] || [ $i -ge 300 ] && return $rc
        i=$((i + 1))
        sleep 0.1
    done
}

movetext() { sed -n '/^$/,$p' "$1" | sed 's/{[^}]*}//'; }

checks=$((checks + 1))
"$bin/pdnengine" --level 1 --timeout 20 dxp --listen $port -o "$work/follower.pdn" \
    2>"$work/follower.err" &
listener=$!
connect "$bin/pdnengine" --level 2 --timeout 20 dxp --connect 127.0.0.1:$port \
    --take-back-at 10 -o "$work/initiator.pdn" 2>"$work/initiator.err" ||
    fail "initiator: exit status $?: $(cat "$work/initiator.err")"
wait $listener || fail "follower: exit status $?: $(cat "$work/follower.err")"
"$bin/pdncheck" -q "$work/follower.pdn" "$work/initiator.pdn" >"$work/check" 2>&1 ||
    fail "the games do not check: $(cat "$work/check")"
[ "$(movetext "$work/follower.pdn")" = "$(movetext "$work/initiator.pdn")" ] ||
    fail "the two sides wrote different games"
grep -q 'a take-back' "$work/follower.err" || fail "no take-back: $(cat "$work/follower.err")"
grep -q '^\[Result "\(2-0\|0-2\|1-1\)"\]' "$work/follower.pdn" || fail "no result"
grep -q 'has no legal move\|peer ended the game\|most plies\|repetition\|rule' "$work/initiator.err" ||
    fail "no GAMEEND: $(cat "$work/initiator.err")"
# A game over on the board reads so in both files, the winner's too (not
# "the peer ended the game", what the loser's GAMEEND had made it).
if grep -q 'has no legal move' "$work/initiator.err" "$work/follower.err"; then
    for f in follower initiator; do
        grep -q '{[A-Z][a-z]* has no legal move} [02]-[02]$' "$work/$f.pdn" ||
            fail "$f: the end on the board not written: $(tail -n 2 "$work/$f.pdn")"
    done
fi

# Both ends of a wait cut short: the initiator's CHAT and GAMEEND reach
# the follower, which ends the game with the initiator's reason.
checks=$((checks + 1))
port=$((port + 1))
"$bin/pdnengine" --level 4 --timeout 20 dxp --listen $port -o "$work/slow.pdn" \
    2>"$work/slow.err" &
listener=$!
connect "$bin/pdnengine" --level 1 --timeout 1 dxp --connect 127.0.0.1:$port \
    -o "$work/hasty.pdn" 2>"$work/hasty.err"
[ $? -eq 1 ] && grep -q 'before the timeout' "$work/hasty.err" ||
    fail "hasty: $(cat "$work/hasty.err")"
wait $listener
[ $? -eq 1 ] || fail "slow: exit status not 1"
why='the peer ended the game (no message from the peer before the timeout)'
grep -qF "$why" "$work/slow.err" || fail "slow: not told why: $(cat "$work/slow.err")"
grep -qF "{$why} *" "$work/slow.pdn" || fail "slow: the game saved: $(cat "$work/slow.pdn")"
"$bin/pdncheck" -q "$work/slow.pdn" "$work/hasty.pdn" >/dev/null 2>&1 ||
    fail "slow, hasty: the games saved do not check"

# --max-plies N: the game ends after exactly N plies, whichever side
# would play the next. The initiator plays White: with N even the next
# ply is its own and it ends the game on its turn; with N odd it is the
# follower's, which had played it before the end reached it (N + 1
# plies in both games). Both games: N plies, drawn, alike, clean.
plies() { movetext "$1" | tr ' ' '\n' | grep -x '[0-9]*[-x][0-9x]*' | grep -cvx '[012]-[012]'; }
for n in 10 9; do
    checks=$((checks + 1))
    port=$((port + 1))
    "$bin/pdnengine" --level 1 --timeout 20 dxp --listen $port -o "$work/most$n-f.pdn" \
        2>"$work/most$n-f.err" &
    listener=$!
    connect "$bin/pdnengine" --level 1 --timeout 20 --max-plies $n dxp --connect 127.0.0.1:$port \
        -o "$work/most$n-i.pdn" 2>"$work/most$n-i.err" ||
        fail "--max-plies $n: initiator: exit status $?: $(cat "$work/most$n-i.err")"
    wait $listener || fail "--max-plies $n: follower: exit status $?: $(cat "$work/most$n-f.err")"
    for f in i f; do
        got=$(plies "$work/most$n-$f.pdn")
        [ "$got" = $n ] || fail "--max-plies $n: $f: $got plies: $(cat "$work/most$n-$f.err")"
        grep -q '^\[Result "1-1"\]' "$work/most$n-$f.pdn" || fail "--max-plies $n: $f: not drawn"
    done
    grep -qF "a draw after $n plies, the most allowed ($n plies), 1-1" "$work/most$n-i.err" ||
        fail "--max-plies $n: initiator: $(cat "$work/most$n-i.err")"
    [ "$(movetext "$work/most$n-f.pdn")" = "$(movetext "$work/most$n-i.pdn")" ] ||
        fail "--max-plies $n: the two sides wrote different games"
    "$bin/pdncheck" -q "$work/most$n-f.pdn" "$work/most$n-i.pdn" >/dev/null 2>&1 ||
        fail "--max-plies $n: the games saved do not check"
done

# peer NAME SCRIPT WHY [RC]: pdnengine listens as Black (the peer asks it
# to follow with Z) against a bash peer running SCRIPT on fd 3; its exit
# status RC (1: a game cut short).
peer() {
    checks=$((checks + 1))
    port=$((port + 1))
    start=$(date +%s)
    "$bin/pdnengine" --level 1 --timeout 2 dxp --listen $port -o "$work/$1.pdn" 2>"$work/$1.err" &
    listener=$!
    i=0
    until bash -c "exec 3<>/dev/tcp/127.0.0.1/$port || exit 9; $2" 2>/dev/null; do
        i=$((i + 1))
        [ $i -ge 300 ] && break
        sleep 0.1
    done
    wait $listener
    rc=$?
    [ $(($(date +%s) - start)) -le 60 ] || fail "$1: took too long"
    [ $rc -eq "${4:-1}" ] || fail "$1: exit status $rc, not ${4:-1}"
    grep -q "$3" "$work/$1.err" || fail "$1: no '$3' in: $(cat "$work/$1.err")"
    "$bin/pdncheck" -q "$work/$1.pdn" >/dev/null 2>&1 || fail "$1: the game saved does not check"
}
req='printf "R01%-32sZ010075A\0" bash >&3; head -c 34 <&3 >/dev/null'
# told NAME: the peer's part that reads pdnengine's messages into
# NAME.got, a line each, until a GAMEEND, which it answers.
told() {
    echo "while IFS= read -r -d '' m <&3; do printf '%s\n' \"\$m\";" \
        "case \$m in E*) printf 'E00\0' >&3; break;; esac; done >'$work/$1.got'"
}
# gameend NAME WHY: pdnengine said WHY in a CHAT, then sent GAMEEND E01.
gameend() {
    grep -q "^C.*$2" "$work/$1.got" || fail "$1: no CHAT saying '$2'"
    [ "$(tail -n 1 "$work/$1.got")" = E01 ] || fail "$1: no GAMEEND E01: $(cat "$work/$1.got")"
}
# A peer's name is a tag of the game saved, escaped: named 'ev"] \ <ESC>[31m',
# it ended the tag at its quote, the file held the escape sequence, and the
# validator refused the game ("cannot write the game").
peer named "printf 'R01%-32sZ010075A\0' \"\$(printf 'ev\"] \\\\ \\033[31m')\" >&3;
    head -c 34 <&3 >/dev/null; printf 'Chi\0M0001322800\0' >&3; head -c 5 <&3 >/dev/null; exec 3>&-" \
    "the peer closed the connection (2 plies)"
grep -qFx '[White "ev\"] \\ \\x1b[31m"]' "$work/named.pdn" ||
    fail "a peer's name: $(grep '^\[White' "$work/named.pdn")"
# ... and shown on stderr with its chat as the tag has it: raw, its escape
# sequence recoloured the terminal.
grep -qF 'dxp: ev"] \ \x1b[31m says: hi' "$work/named.err" && ! grep -q "$(printf '\033')" "$work/named.err" ||
    fail "a peer's name on stderr: $(cat -v "$work/named.err")"
peer garbage "$req; printf 'M00xx\0' >&3; $(told garbage)" "does not read"
gameend garbage "does not read"
peer closed "$req; printf 'M0001322800\0' >&3; head -c 5 <&3 >/dev/null; exec 3>&-" \
    "closed the connection"
peer illegal "$req; printf 'M0001323000\0' >&3; $(told illegal)" "illegal move: 32-30"
gameend illegal "illegal move: 32-30" # named, as Scan names it: an arbiter needs it
peer silent "$req; printf 'M0001322800\0' >&3; sleep 3; $(told silent)" "timeout"
gameend silent "timeout"
# A chat is the reason of a GAMEEND right after it only: not of one after
# a move. The GAMEEND goes once pdnengine's move has come (a fixed second
# could pass before it on a loaded machine: heard before the move went,
# the GAMEEND made it 1 ply), and the peer leaves once it is answered.
peer chatty "$req; printf 'Chello\0M0001322800\0' >&3; head -c 13 <&3 >/dev/null;
    printf 'E01\0' >&3; head -c 4 <&3 >/dev/null" "the peer ended the game (2 plies)"
grep -q '^1\. 32-28' "$work/closed.pdn" || fail "closed: the move played is not saved"
# One ply played (pdnengine White, its first move read), then the
# connection closed: "1 ply", not "1 plies".
peer oneply "printf 'R01%-32sW010075A\0' bash >&3; head -c 34 <&3 >/dev/null; head -c 12 <&3 >/dev/null" \
    "closed the connection (1 ply), \*$"
# A CHAT may come at any time, before the game request too: shown on
# stderr, and the request that follows it is answered.
peer chatfirst "printf 'Chi there\0' >&3; $req; printf 'M0001322800\0' >&3; head -c 5 <&3 >/dev/null" \
    "closed the connection"
grep -q '^pdnengine: dxp: the peer says: hi there$' "$work/chatfirst.err" ||
    fail "chatfirst: the chat not shown: $(cat "$work/chatfirst.err")"
grep -q '^1\. 32-28' "$work/chatfirst.pdn" || fail "chatfirst: no game after the chat"

# A win the peer claims (GAMEEND reason 3, "for informational purposes
# only" in DXP) in a game still going, after 1. 32-28 and pdnengine's
# answer: the game is saved unfinished, the claim said, not lost.
peer claim "$req; printf 'M0001322800\0' >&3; head -c 13 <&3 >/dev/null;
    printf 'CI win on time\0E31\0' >&3; head -c 4 <&3 >/dev/null" \
    "the peer claimed a win the board does not show (I win on time) (2 plies), \*$"
grep -q '^\[Result "\*"\]' "$work/claim.pdn" || fail "claim: not saved unfinished"
grep -qF '{the peer claimed a win the board does not show (I win on time)} *' "$work/claim.pdn" ||
    fail "claim: the claim not said: $(cat "$work/claim.pdn")"
# A claim whose words hold a C1 CSI in UTF-8 (\xc2\x9b), an 8-bit CSI
# (\x9b) and a byte that is no UTF-8 (\xff) beside an "é": they went raw
# to the terminal and into the PDN comment, which then read as CP1252
# ("input is not UTF-8"). Now escaped, the é kept.
peer claimc1 "$req; printf 'M0001322800\0' >&3; head -c 13 <&3 >/dev/null;
    printf 'CI win \xc2\x9b2J\x9b31m\xff \xc3\xa9\0E31\0' >&3; head -c 4 <&3 >/dev/null" \
    "the peer claimed a win"
shown=$(printf 'I win \\u009b2J\\x9b31m\\xff \303\251')
grep -qFx "pdnengine: dxp: bash says: $shown" "$work/claimc1.err" ||
    fail "claimc1: the chat not escaped: $(cat -v "$work/claimc1.err")"
grep -qF "{the peer claimed a win the board does not show ($shown)} *" "$work/claimc1.pdn" ||
    fail "claimc1: the comment: $(cat -v "$work/claimc1.pdn")"
"$bin/pdncheck" -q -W error "$work/claimc1.pdn" >"$work/check" 2>&1 ||
    fail "claimc1: pdncheck: $(cat "$work/check")"
# The honest claim: from a position (White 28, Black 23; the game request
# gives it), the peer's 28x19 takes pdnengine's last piece, then its
# GAMEEND 3: the board shows the win, the peer's (2-0), a game ended by
# the rules (exit status 0).
lost=$(printf '%22s' | tr ' ' e)z$(printf '%4s' | tr ' ' e)w$(printf '%22s' | tr ' ' e)
peer honest "printf 'R01%-32sZ010075BW$lost\0' bash >&3; head -c 35 <&3 >/dev/null;
    printf 'M000128190123\0E31\0' >&3; head -c 4 <&3 >/dev/null" \
    "Black has no legal move (1 ply), 2-0$" 0
grep -qF '1. 28x19 {Black has no legal move} 2-0' "$work/honest.pdn" ||
    fail "honest: the win not saved: $(cat "$work/honest.pdn")"

# A game request from a position no game reaches (a white man on 4, its
# crowning row) or of another protocol version: refused, the peer told why
# in a CHAT, then GAMEACC 2 or 1 (DamExchange's codes); it was played, and
# the game written failed pdncheck.
crowned=eee$(printf w)$(printf '%35s' | tr ' ' e)z$(printf '%10s' | tr ' ' e)
peer impossible "printf 'R01%-32sZ010075BW$crowned\0' bash >&3; cat <&3 >'$work/impossible.got'" \
    "no game from the position of the game request: impossible position 'W:W4:B40'"
tr '\0' '\n' <"$work/impossible.got" | grep -q '^Apdnengine  *2$' ||
    fail "impossible: no GAMEACC 2: $(tr '\0' '\n' <"$work/impossible.got")"
peer version "printf 'R02%-32sZ010075A\0' bash >&3; cat <&3 >'$work/version.got'" \
    "the game request is of DXP version 2; this program speaks 1"
tr '\0' '\n' <"$work/version.got" | grep -q '^Apdnengine  *1$' ||
    fail "version: no GAMEACC 1: $(tr '\0' '\n' <"$work/version.got")"
# A game request that does not read (the follower's colour B, not Z): the
# peer is told why in a CHAT, then GAMEACC 2; it was cut off with neither.
peer unread "printf 'R01%-32sB010075A\0' bash >&3; cat <&3 >'$work/unread.got'" \
    "the game request does not read: R01, a name of 32, W or Z"
tr '\0' '\n' <"$work/unread.got" | grep -q '^Cthe game request does not read: ' ||
    fail "unread: no CHAT saying why: $(tr '\0' '\n' <"$work/unread.got")"
tr '\0' '\n' <"$work/unread.got" | grep -q '^Apdnengine  *2$' ||
    fail "unread: no GAMEACC 2: $(tr '\0' '\n' <"$work/unread.got")"

# A port that is none is a usage error, before any wait (99999 listened
# on 34463 for ten minutes); a peer that never comes is said so.
for address in "--listen 99999" "--listen 0" "--listen abc" "--connect 127.0.0.1" \
    "--connect :27531"; do
    checks=$((checks + 1))
    # shellcheck disable=SC2086 # the option and its value, two words
    "$bin/pdnengine" dxp $address --timeout 2 >/dev/null 2>"$work/address.err"
    status=$?
    [ $status -eq 2 ] && grep -q "a number from 1 to 65535" "$work/address.err" ||
        fail "$address: exit status $status: $(cat "$work/address.err")"
done
checks=$((checks + 1))
"$bin/pdnengine" dxp --listen 27999 --timeout 1 >/dev/null 2>"$work/address.err"
grep -q "no peer connected on port 27999 within 1 s" "$work/address.err" ||
    fail "no peer: $(cat "$work/address.err")"

echo "dxp: $checks checks, $failed failed"
[ "$failed" -eq 0 ]
