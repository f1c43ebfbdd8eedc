#!/bin/sh
# Issue 19's ratios to pdncheck in instructions (callgrind), which a
# shared machine does not disturb: CPU time moves by 10 to 30 % from run to
# run there, enough to carry a ratio across its goal and back. The tools
# with -j 1 -q on the first 3 MB of the check corpus (the same bytes for
# each). Skipped without valgrind.
bin=$1
corpus=bench/corpus/check-100mb.pdn
[ -s "$corpus" ] || { echo "== ratios: no $corpus (run-check.sh builds it)"; exit 0; }
command -v valgrind >/dev/null 2>&1 || { echo "== ratios: no valgrind, skipped"; exit 0; }
slice=/tmp/pdn-ratios-slice.$$
trap 'rm -f "$slice"' EXIT
head -c 3000000 "$corpus" >"$slice"

# instructions TOOL ARGS...: what callgrind counts for the run on the slice.
# glibc copies blocks of a few kB and more (stdio's copy of pdn2csv's rows
# into its buffer) with "rep movsb", whose every byte callgrind counts as
# an instruction: 3 MB more of pdn2csv --moves output counted 10 M more
# there, 3.4 a byte, where the processor moves 32 bytes or more a cycle.
# The tunable has glibc copy them with 32-byte vector moves, which
# callgrind counts one each; it changes no tool's work.
instructions() {
    GLIBC_TUNABLES=glibc.cpu.x86_rep_movsb_threshold=4294967295 \
        valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" "$slice" 2>&1 >/dev/null |
        awk '/Collected/ { print $NF }'
}

echo "== ratios to pdncheck in instructions (callgrind, -j 1, the first 3 MB of $corpus)"
check=$(instructions "$bin/pdncheck" -q -j 1)
printf '   %-22s %6.1fM\n' "pdncheck -q" "$(echo "$check" | awk '{ print $1 / 1e6 }')"
while IFS='|' read -r label goal cmd; do
    # shellcheck disable=SC2086 # the options are words
    n=$(instructions "$bin/"$cmd)
    echo "$n $check $goal" | awk -v label="$label" '{
        printf "   %-22s %6.1fM   ratio %.2f (goal <= %s)\n", label, $1 / 1e6, $1 / $2, $3 }'
done <<'LIST'
pdnfmt|2|pdnfmt -q -j 1
pdn2csv|1.5|pdn2csv -q -j 1
pdn2csv --moves|1.5|pdn2csv -q -j 1 --moves
pdnstats|1.5|pdnstats -j 1
LIST
exit 0
