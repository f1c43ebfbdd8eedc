#!/bin/sh
# The man pages under groff, which man(1) uses to show them: no warning
# ("can't break line" where a long URL or literal meets the margin, a
# character groff does not read) at three terminal widths, as mandoc -Tlint
# is clean of its own. man --warnings -l PAGE shows the same.
#
#   sh tests/check-man-groff.sh PAGE...      (make lint-man)

command -v groff >/dev/null 2>&1 || { echo "check-man-groff: no groff (Debian groff-base)" >&2; exit 1; }
out=$(for width in 60 80 120; do
    for page in "$@"; do
        groff -mandoc -ww -z -Tutf8 -rLL="${width}n" "$page" 2>&1 | sed "s/^/width $width: /"
    done
done)
if [ -n "$out" ]; then
    echo "$out"
    exit 1
fi
echo "man pages: groff -ww clean at 60, 80 and 120 columns"
