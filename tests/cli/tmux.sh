# The helpers of the tests that drive a full-screen tool in a real
# terminal (a tmux pane), sourced by tui.sh (pdnreplay) and play-tui.sh
# (pdnplay) after they set tag (the name in their messages) and root (the
# project root): a scratch folder $work with a private tmux server, run to
# start a pane, see and gone to wait for what the screen shows (polling,
# with a timeout, rather than sleeping a fixed time), keys and text to
# type, ended to check the exit status the pane's shell wrote to $work/rc,
# keys_whole to check the bar of keys.
. tests/cli/checks.sh
sock=$tag-$$
: >"$work/tmux.conf"
steps=0

tm() { tmux -L "$sock" -f "$work/tmux.conf" "$@"; }
cleanup() {
    tm kill-server 2>/dev/null
    rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 2' INT TERM

# The server runs in the foreground (-D), in the background of this
# shell: a daemon needs a working /dev/null, which some sandboxes lack.
tm -D </dev/null >/dev/null 2>&1 &

# run NAME COMMAND: a fresh 100x40 pane running COMMAND from the root.
run() {
    tm kill-session -t t 2>/dev/null
    rm -f "$work/rc"
    poll 300 0.1 tm new-session -d -s t -x 100 -y 40 -c "$root" "$2" 2>/dev/null ||
        { echo "$tag: $1: tmux does not start"; exit 3; }
    case_name=$1
}

screen() { tm capture-pane -p -t t 2>/dev/null; }

fail() {
    echo "$tag: $case_name: $1"
    echo "--- the screen:"
    screen
    echo "---"
    failed=$((failed + 1))
}

# on_screen TEXT...: every TEXT is on the screen now.
on_screen() {
    s=$(screen)
    for want in "$@"; do
        case $s in *"$want"*) ;; *) return 1 ;; esac
    done
}
off_screen() { ! screen | grep -qF -- "$1"; }

# see TEXT...: every TEXT is on the screen, within 30 seconds.
see() {
    steps=$((steps + 1))
    poll 300 0.1 on_screen "$@" || {
        fail "not on the screen: $*"
        return 1
    }
}

# gone TEXT: TEXT is off the screen, within 30 seconds.
gone() {
    steps=$((steps + 1))
    poll 300 0.1 off_screen "$1" || {
        fail "still on the screen: $1"
        return 1
    }
}

# keys_whole KEY...: every key on the bottom row (parted by two blanks)
# is one of the KEYs, or the ellipsis of those left out: none cut ("w sa").
keys_whole() {
    screen | tail -n 1 | sed 's/^ *//; s/ *$//; s/   */\n/g' >"$work/keys"
    grep -q . "$work/keys" || return 1
    while IFS= read -r shown; do
        whole=no
        for k in "$@" "…" "..."; do [ "$shown" = "$k" ] && whole=yes; done
        [ $whole = yes ] || return 1
    done <"$work/keys"
}

keys() { tm send-keys -t t "$@"; }
text() { tm send-keys -t t -l "$1"; }

# ended RC: the program ended with this status (the pane's shell wrote it).
ended() {
    steps=$((steps + 1))
    poll 300 0.1 test -s "$work/rc" || {
        fail "did not end"
        return 1
    }
    [ "$(cat "$work/rc")" = "$1" ] || fail "exit status $(cat "$work/rc"), not $1"
}

