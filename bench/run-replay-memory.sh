#!/bin/sh
# pdnreplay's memory on a game of 100,000 variations (1.1 MB of text),
# made on the fly by bench/make_variations.sh: all siblings of the first
# move, and nested 100 deep, 1,000 times over. Peak RSS of the full-screen
# view (in a tmux pane: open, one step Right to the chooser of the
# variations, quit) and of --text and --list (/usr/bin/time). Goal of issue 22: each within 64 MB. Skips the view when tmux is missing.
bin=$1
work=$(mktemp -d "${TMPDIR:-/tmp}/pdnreplay-mem.XXXXXX") || exit 0
sock=pdnreplay-mem-$$
tm() { tmux -L "$sock" -f /dev/null "$@"; }
trap 'tm kill-server 2>/dev/null; rm -rf "$work"' EXIT

# view FILE: the view's peak RSS in kB, or "-" when it did not run.
view() {
    command -v tmux >/dev/null 2>&1 || { echo "- (no tmux)"; return; }
    rm -f "$work/rss"
    tm -D </dev/null >/dev/null 2>&1 &
    i=0
    until tm new-session -d -s m -x 100 -y 40 -c "$(pwd)" \
        "env TERM=screen LC_ALL=C.UTF-8 /usr/bin/time -f %M -o $work/rss.tmp $bin/pdnreplay $1; mv $work/rss.tmp $work/rss; sleep 60" \
        2>/dev/null; do
        i=$((i + 1)); [ $i -lt 50 ] || { echo "- (tmux does not start)"; return; }
        sleep 0.1
    done
    wait_for "Start position" && tm send-keys -t m Right && wait_for "Variations here" &&
        tm send-keys -t m q
    i=0
    until [ -s "$work/rss" ]; do
        i=$((i + 1)); [ $i -lt 300 ] || break
        sleep 0.1
    done
    tm kill-server 2>/dev/null
    wait
    [ -s "$work/rss" ] && cat "$work/rss" || echo "- (the view did not end)"
}

wait_for() {
    i=0
    until tm capture-pane -p -t m 2>/dev/null | grep -qF -- "$1"; do
        i=$((i + 1)); [ $i -lt 600 ] || return 1
        sleep 0.1
    done
}

peak() { /usr/bin/time -f %M "$@" 2>&1 >/dev/null | tail -n 1; }

echo "== pdnreplay memory: one game of 100,000 variations, peak RSS (kB)"
printf '   %-10s %10s %10s %10s %10s\n' game size view --text --list
for kind in siblings nested; do
    sh bench/make_variations.sh "$kind" 100000 >"$work/$kind.pdn"
    printf '   %-10s %10s %10s %10s %10s\n' "$kind" "$(wc -c <"$work/$kind.pdn")" \
        "$(view "$work/$kind.pdn")" "$(peak "$bin/pdnreplay" --text "$work/$kind.pdn")" \
        "$(peak "$bin/pdnreplay" --list "$work/$kind.pdn")"
done
exit 0
