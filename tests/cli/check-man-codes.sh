#!/bin/sh
# Checks that a man page lists every diagnostic of the library with its
# severity, no more and no fewer: the rows ".It Li NAME Ta SEVERITY Ta ..."
# against 'pdncheck --list-codes' (which prints the table in lib/diag.c).
# Prints the differences and fails when there are any.
#
#   sh tests/cli/check-man-codes.sh MANPAGE...
status=0
tmp=${TMPDIR:-/tmp}/check-man-codes.$$
trap 'rm -f "$tmp".*' EXIT
command -v pdncheck >/dev/null || { echo "check-man-codes: pdncheck is not in PATH" >&2; exit 3; }
pdncheck --list-codes | awk '{ print $1, $2 }' | sort >"$tmp.want" || exit 3
for page in "$@"; do
    sed -n 's/^\.It Li \([a-z0-9-]*\) Ta \([a-z]*\) Ta .*/\1 \2/p' "$page" | sort >"$tmp.got"
    if ! cmp -s "$tmp.want" "$tmp.got"; then
        echo "$page: diagnostics differ from the library's table (- library, + page):"
        diff "$tmp.want" "$tmp.got" | sed -n 's/^</-/p; s/^>/+/p'
        status=1
    fi
done
exit $status
