#!/bin/sh
# No circles between files: among the object files named, file A calls
# file B when A uses a global symbol B defines (nm: U in A, T/D/B/R in B).
# The files must call in one direction (DESIGN.md), so the graph has no
# cycle: tsort, which orders a graph and names each cycle it breaks, finds
# them. Each file calling itself is no cycle.
#
#   sh tests/check-cycles.sh OBJECT...     (make cycles: the shared cmd/*.c, each tool folder)
#
# Prints the files of each cycle found and exits 1; silent and 0 when none.
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
# tsort reports each loop it breaks ("tsort: -: input contains a loop:"
# then the files of the loop) on standard error.
tsort "$work/edges" >/dev/null 2>"$work/loops"
if [ -s "$work/loops" ]; then
    sed -n 's/^tsort: //p' "$work/loops" | grep -v 'input contains a loop' | sort -u >"$work/members"
    echo "check-cycles: files that call each other, directly or through others:"
    while read -r a b; do
        grep -qx "$a" "$work/members" && grep -qx "$b" "$work/members" || continue
        syms=$(awk -v a="$a" '$2 == a { print $1 }' "$work/uses.s" | sort -u |
            join - "$work/defs.s" | awk -v b="$b" '$2 == b { printf " %s", $1 }')
        echo "  $a -> $b:$syms"
    done <"$work/edges"
    exit 1
fi
exit 0
