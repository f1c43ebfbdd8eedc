# The timing the benchmark scripts share, sourced after they set tmp (a
# scratch file of theirs) and digits (the decimals shown): what (the
# clock), once COMMAND... (its seconds) and best COMMAND... (the least of
# three). CPU seconds (user + system) with GNU time, which a busy machine
# disturbs far less than wall time; else wall time.
if [ -x /usr/bin/time ]; then
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
    { once "$@"; once "$@"; once "$@"; } | sort -n | head -1
}
