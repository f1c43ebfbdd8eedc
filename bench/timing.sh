# The timing the benchmark scripts share, sourced after they set tmp (a
# scratch file of theirs) and digits (the decimals shown), with the
# benchmark programs' directory as the script's second argument: what (the
# clock), once COMMAND... (its seconds) and best COMMAND... (the least of
# RUNS, default 3). CPU seconds (user + system): to the microsecond with
# bench/cputime when it is built, else to the hundredth with GNU time; a
# busy machine disturbs them far less than wall time. Else wall time.
cputime=${2:+$2/cputime}
if [ -n "$cputime" ] && [ -x "$cputime" ]; then
    what="CPU time"
    once() {
        "$cputime" "$@" | awk -v d="$digits" '{ printf "%.*f\n", d, $1 }'
    }
elif [ -x /usr/bin/time ]; then
    what="CPU time"
    once() {
        /usr/bin/time -f "%U %S" -o "$tmp" "$@" >/dev/null 2>&1 ||:
        # The last line: GNU time says a non-zero exit status on one before.
        tail -n 1 "$tmp" | awk -v d="$digits" '{ printf "%.*f\n", d, $1 + $2 }'
    }
else
    what="wall time"
    now() { date +%s.%N; }
    once() {
        t0=$(now)
        "$@" >/dev/null 2>&1
        t1=$(now)
        echo "$t0 $t1" | awk -v d="$digits" '{ printf "%.*f\n", d, $2 - $1 }'
    }
fi
best() {
    for run in $(seq "${RUNS:-3}"); do once "$@"; done | sort -n | head -1
}
