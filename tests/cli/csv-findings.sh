#!/bin/sh
# pdn2csv shows the findings pdncheck shows, no fewer and no more: for every
# PDN file of tests/data and samples, the sorted finding lines of the two
# tools are the same, by default (errors and warnings), with -W all (the
# notes too), with -w (errors only) and as JSON. pdn2csv used to show the
# reader's findings only: the replay's (illegal moves, results, dates, draw
# rules) went to the status cells alone, and csv2pdn then reported them
# from nowhere (issue 17).
#   sh tests/cli/csv-findings.sh    (from the project root, tools in PATH)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failed=0
files=0
findings=0
for opt in "" "-W all" "-w" "--format json"; do
    for f in tests/data/*/*.pdn tests/data/*/*/*.pdn samples/*/*.pdn; do
        [ "$opt" = "" ] && files=$((files + 1))
        pdncheck -q $opt "$f" 2>&1 | sort >"$tmp/check"
        pdn2csv -q $opt "$f" 2>&1 >/dev/null | sort >"$tmp/csv"
        [ "$opt" = "" ] && findings=$((findings + $(wc -l <"$tmp/check")))
        if ! cmp -s "$tmp/check" "$tmp/csv"; then
            echo "${opt:-default}: $f: pdncheck and pdn2csv differ:"
            diff "$tmp/check" "$tmp/csv" | head -5
            failed=1
        fi
    done
done
[ "$findings" -gt 100 ] || { echo "only $findings findings: the files are missing"; exit 1; }
[ $failed = 0 ] && echo "$files files, $findings findings by default: the same in pdncheck and pdn2csv"
exit $failed
