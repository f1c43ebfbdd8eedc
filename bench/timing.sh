# The timing the benchmark scripts share, sourced after they set tmp (a
# scratch file of theirs) and digits (the decimals shown), with the
# benchmark programs' directory as the script's second argument: what (the
# clock), once COMMAND... (its seconds) and best COMMAND... (the least of
# RUNS, default 3). CPU seconds (user + system): to the microsecond with
# bench/cputime when it is built, else to the hundredth with GNU time; a
# busy machine disturbs them far less than wall time. Else wall time.
# best_each 'COMMAND' ... times several commands in turn (see there): for
# the ratios, which a host slowing down between two series would skew.
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

# best_each 'COMMAND' ...: the least of RUNS runs (default 3) of each
# command, a string run by eval (so that "$bin/pdncheck" stays quoted), the
# commands taken in turn in every round: a shared host that slows down for
# a few seconds slows a run of each, not only the series that ran then
# (pdn2csv against pdncheck, a series each: ratios 1.41 to 1.76 between
# runs of the same binaries). The figures on one line, in the commands'
# order.
best_each() {
    for run in $(seq "${RUNS:-3}"); do
        i=0
        for cmd in "$@"; do
            i=$((i + 1))
            echo "$i $(eval "once $cmd")"
        done
    done | sort -k1,1n -k2,2n | awk '$1 != last { printf "%s%s", sep, $2; sep = " "; last = $1 }
        END { print "" }'
}
