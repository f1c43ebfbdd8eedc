#!/bin/sh
# Checks that the SYNOPSIS of libpdn.3 lists every function pdn.h declares
# (PDN_API), with its current return type and parameters, and no other: the
# list is derived from the header, so a function added, renamed or changed
# there fails until the page follows. Prints the differences and fails when
# there are any; prints nothing when they agree.
#
#   sh tests/cli/check-man3.sh lib/pdn.h man/man3/libpdn.3
# POSIX sh and awk.
header=${1:?usage: check-man3.sh PDN_H LIBPDN_3}
page=${2:?usage: check-man3.sh PDN_H LIBPDN_3}
tmp=${TMPDIR:-/tmp}/check-man3.$$
trap 'rm -f "$tmp".*' EXIT

# One line per declaration, "type name(param, param)", blanks collapsed.
awk '
    /^PDN_API[ \t]/ { decl = ""; inside = 1 }
    inside {
        decl = decl " " $0
        if (index($0, ";")) {
            sub(/^[ \t]*PDN_API[ \t]+/, "", decl)
            sub(/;.*/, "", decl)
            gsub(/[ \t]+/, " ", decl)
            gsub(/\( /, "(", decl); gsub(/ \)/, ")", decl)
            sub(/ $/, "", decl)
            print decl
            inside = 0
        }
    }
' "$header" | sort >"$tmp.want" || exit 3
[ -s "$tmp.want" ] || { echo "check-man3: no PDN_API declaration in $header" >&2; exit 3; }

# The SYNOPSIS pairs ".Ft type" / ".Fn name "param" "param"".
awk '
    /^\.Sh / { synopsis = ($2 == "SYNOPSIS"); next }
    !synopsis { next }
    /^\.Ft / { type = substr($0, 5); next }
    /^\.Fn / {
        n = split($0, part, "\"")
        name = part[1]; sub(/^\.Fn[ \t]+/, "", name); sub(/[ \t]+$/, "", name)
        params = ""
        for (i = 2; i <= n; i += 2) params = params (i > 2 ? ", " : "") part[i]
        sep = (type ~ /\*$/) ? "" : " "
        print type sep name "(" params ")"
        type = ""
    }
' "$page" | sort >"$tmp.got" || exit 3

if ! cmp -s "$tmp.want" "$tmp.got"; then
    echo "$page: SYNOPSIS differs from $header (- header, + page):"
    diff "$tmp.want" "$tmp.got" | sed -n 's/^</-/p; s/^>/+/p'
    exit 1
fi
exit 0
