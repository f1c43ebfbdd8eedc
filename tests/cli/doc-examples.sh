#!/bin/sh
# The examples of the CSV documentation run: every command of the EXAMPLES
# section of pdn2csv(1) and csv2pdn(1) (the lines of its .Bd -literal blocks
# and its .Dl lines, backslash-continued lines joined), and every command of
# the README's "Games as CSV, and back" section, in a scratch directory
# holding games.pdn (samples/good/match-samb-buggy-2003.pdn) and export.csv
# (another program's CSV). Each must exit 0 and write something: on the
# standard output, or a file. Prints one line per command; fails on any that
# does not (VERBOSE=1: every command).
#   sh tests/cli/doc-examples.sh    (from the project root, tools in PATH)
root=$(pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failed=0
count=0

# man_examples PAGE: the commands of its EXAMPLES section, one a line
man_examples() {
    awk '
        /^\.Sh / { in_ex = ($2 == "EXAMPLES"); next }
        !in_ex { next }
        /^\.Bd -literal/ { lit = 1; next }
        /^\.Ed/ { lit = 0; next }
        /^\.Dl / { sub(/^\.Dl +/, ""); sub(/^\$ /, ""); print; next }
        lit { print }
    ' "$1" | sed -e 's/\\e/\\/g' -e 's/\\-/-/g' -e 's/\\&//g' | join_lines
}

# readme_examples: the commands of the README's CSV section (sh blocks),
# comments after them left out
readme_examples() {
    awk '
        /^### Games as CSV/ { in_sec = 1; next }
        /^##/ { in_sec = 0 }
        !in_sec { next }
        /^```sh/ { code = 1; next }
        /^```/ { code = 0; next }
        code { print }
    ' "$root/README.md" | sed -e 's/  *# .*$//' | join_lines
}

# Lines ending in a backslash go on with the next.
join_lines() {
    awk '{ if (sub(/\\$/, "")) { buf = buf $0; next } print buf $0; buf = "" }'
}

# run SOURCE COMMAND: in the scratch directory, with its files
run() {
    count=$((count + 1))
    ls -l --time-style=full-iso >"$tmp/.before" 2>/dev/null
    (cd "$tmp/work" && sh -c "$2") >"$tmp/.out" 2>"$tmp/.err"
    rc=$?
    ls -l --time-style=full-iso >"$tmp/.after" 2>/dev/null
    if [ $rc -ne 0 ]; then
        echo "$1: exit $rc: $2"
        sed 's/^/    /' "$tmp/.err"
        failed=1
    elif [ ! -s "$tmp/.out" ] && cmp -s "$tmp/.before" "$tmp/.after"; then
        echo "$1: no output: $2"
        failed=1
    elif [ -n "$VERBOSE" ]; then
        echo "$1: ok: $2"
    fi
}

mkdir "$tmp/work"
cp "$root/samples/good/match-samb-buggy-2003.pdn" "$tmp/work/games.pdn"
cat >"$tmp/work/export.csv" <<'CSV'
round,white player,black player,result,moves
1,"Samb, N.",Buggy,2-0,1. 32-28 18-23 2. 37-32 12-18
CSV
ln -s "$root/bin" "$tmp/work/bin"
cd "$tmp/work" || exit 3
for page in pdn2csv csv2pdn; do
    man_examples "$root/man/man1/$page.1" >"$tmp/.cmds"
    [ -s "$tmp/.cmds" ] || { echo "$page(1): no example found"; failed=1; }
    while IFS= read -r cmd; do
        [ -n "$cmd" ] && run "$page(1)" "$cmd"
    done <"$tmp/.cmds"
done
readme_examples >"$tmp/.cmds"
[ -s "$tmp/.cmds" ] || { echo "README: no CSV example found"; failed=1; }
while IFS= read -r cmd; do
    [ -n "$cmd" ] && run "README" "$cmd"
done <"$tmp/.cmds"
if [ $count -lt 8 ]; then
    echo "only $count commands found: the extraction missed some"
    failed=1
fi
[ $failed -eq 0 ] && echo "every example ran (at least 8)"
exit $failed
