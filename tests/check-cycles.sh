#!/bin/sh
# No circles between files: among the object files named, file A calls
# file B when A uses a global symbol B defines (nm: U in A, T/D/B/R in B).
# The files must call in one direction (DESIGN.md), so the graph has no
# cycle. Each file calling itself is no cycle.
#
#   sh tests/check-cycles.sh OBJECT...     (make cycles: the shared cmd/*.c, each tool folder)
#
# Prints every call that closes a cycle, with the names it uses, and exits
# 1; silent and 0 when none.
[ $# -gt 0 ] || { echo "usage: check-cycles.sh OBJECT..." >&2; exit 2; }
work=$(mktemp -d "${TMPDIR:-/tmp}/cycles.XXXXXX") || exit 3
trap 'rm -rf "$work"' EXIT
for o in "$@"; do
    name=$(basename "$o" .o)
    nm "$o" >"$work/nm" || exit 3
    awk -v f="$name" 'NF == 3 && $2 ~ /^[TDBRC]$/ { print $3, f }' "$work/nm" >>"$work/defs"
    awk -v f="$name" '$1 == "U" { print $2, f }' "$work/nm" >>"$work/uses"
done
touch "$work/defs" "$work/uses"
# "caller callee" for each use a file of the list defines.
sort -k1,1 "$work/defs" >"$work/defs.s"
sort -k1,1 "$work/uses" >"$work/uses.s"
join "$work/uses.s" "$work/defs.s" | awk '$2 != $3 { print $2, $3 }' | sort -u >"$work/edges"
# A call lies on a cycle when its callee reaches its caller back: the
# transitive closure of the graph (a few dozen files) says which, so every
# call of every cycle is named, not only those of one loop found.
awk '{ edge[NR] = $1 " " $2; file[$1]; file[$2]; reach[$1, $2] = 1 }
END {
    for (k in file)
        for (i in file)
            if ((i, k) in reach)
                for (j in file)
                    if ((k, j) in reach) reach[i, j] = 1
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
