#!/bin/sh
# No circles between files: among the object files named, file A calls
# file B when A uses a global symbol B defines (nm: U in A, T/D/B/R in B).
# The files must call in one direction (DESIGN.md), so the graph has no
# cycle. Each file calling itself is no cycle.
#
#   sh tests/check-cycles.sh OBJECT...     (make cycles: the shared cmd/*.c, each tool
#                                          folder; make lib-cycles: the library's)
#
# Prints every call that closes a cycle, with the names it uses, and exits
# 1; silent and 0 when none.
[ $# -gt 0 ] || { echo "usage: check-cycles.sh OBJECT..." >&2; exit 2; }
work=$(mktemp -d "${TMPDIR:-/tmp}/cycles.XXXXXX") || exit 3
trap 'rm -rf "$work"' EXIT
# One nm for all (-A: each line opens with its file), one awk: a process a
# file took most of the time.
nm -A "$@" >"$work/nm" || exit 3
awk -v defs="$work/defs" -v uses="$work/uses" '{
    split($0, at, ":"); f = at[1]; sub(/.*\//, "", f); sub(/\.o$/, "", f)
    rest = substr($0, length(at[1]) + 2); n = split(rest, w, " ")
    if (n == 3 && w[2] ~ /^[TDBRC]$/) print w[3], f >defs
    else if (n == 2 && w[1] == "U") print w[2], f >uses
}' "$work/nm"
touch "$work/defs" "$work/uses"
# "caller callee" for each use a file of the list defines.
sort -k1,1 "$work/defs" >"$work/defs.s"
sort -k1,1 "$work/uses" >"$work/uses.s"
join "$work/uses.s" "$work/defs.s" | awk '$2 != $3 { print $2, $3 }' | sort -u >"$work/edges"
# A call lies on a cycle when its callee reaches its caller back: what each
# file reaches (a walk from it over the calls: files x calls, where the
# closure of the graph took files cubed, 7 s for the library's hundred)
# says which, so every call of every cycle is named, not only those of one
# loop found.
awk '{ edge[NR] = $1 " " $2; out[$1] = out[$1] " " $2; file[$1]; file[$2] }
END {
    for (f in file) {
        n = split(out[f], todo, " ")
        for (i = 1; i <= n; i++) reach[f, todo[i]] = 1
        while (n > 0) {
            g = todo[n--]
            m = split(out[g], next_, " ")
            for (j = 1; j <= m; j++)
                if (!((f, next_[j]) in reach)) { reach[f, next_[j]] = 1; todo[++n] = next_[j] }
        }
    }
    for (e = 1; e <= NR; e++) {
        split(edge[e], ab, " ")
        if ((ab[2], ab[1]) in reach) print edge[e]
    }
}' "$work/edges" >"$work/cyclic"
if [ -s "$work/cyclic" ]; then
    echo "check-cycles: files that call each other, directly or through others:"
    while read -r a b; do
        syms=$(awk -v a="$a" '$2 == a { print $1 }' "$work/uses.s" | sort -u |
            join - "$work/defs.s" | awk -v b="$b" '$2 == b { printf " %s", $1 }')
        echo "  $a -> $b:$syms"
    done <"$work/cyclic"
    exit 1
fi
exit 0
