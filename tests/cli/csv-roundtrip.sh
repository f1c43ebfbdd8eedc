#!/bin/sh
# pdn2csv -> csv2pdn -> pdn2csv gives the same CSV, byte for byte, for every
# file of tests/data (the file and error_line columns aside: they name the
# source), with every tag of the file as a column; and with --lossless,
# pdnfmt of the original equals pdnfmt of the games csv2pdn gives back.
# Prints one line per file; fails on a difference, except the status columns
# of games whose source text had a reader error or an error in a variation
# (the CSV holds the main line, not that text): listed as "status only".
#   sh tests/cli/csv-roundtrip.sh    (from the project root, tools in PATH)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failed=0
for f in tests/data/tournaments/*.pdn tests/data/encodings/*.pdn; do
    name=$(basename "$f")
    cols=$(pdn2csv -q --all-tags "$f" 2>/dev/null | head -1 | tr ',' '\n' |
        grep -v -e '^file$' -e '^error_line$' | paste -sd, -)
    pdn2csv -q --columns "$cols" "$f" >"$tmp/1.csv" 2>/dev/null
    csv2pdn -q "$tmp/1.csv" >"$tmp/back.pdn" 2>/dev/null
    pdn2csv -q --columns "$cols" "$tmp/back.pdn" >"$tmp/2.csv" 2>/dev/null
    if cmp -s "$tmp/1.csv" "$tmp/2.csv"; then
        csv=same
    else
        # the same once the status columns are left out?
        cut_cols=$(echo "$cols" | tr ',' '\n' | grep -v -e '^status$' -e '^error_' | paste -sd, -)
        pdn2csv -q --columns "$cut_cols" "$f" >"$tmp/1s.csv" 2>/dev/null
        pdn2csv -q --columns "$cut_cols" "$tmp/back.pdn" >"$tmp/2s.csv" 2>/dev/null
        if cmp -s "$tmp/1s.csv" "$tmp/2s.csv"; then csv="status only"; else csv=DIFFERENT; failed=1; fi
    fi
    pdn2csv -q --lossless "$f" 2>/dev/null | csv2pdn -q 2>/dev/null | pdnfmt -q >"$tmp/l.pdn" 2>/dev/null
    pdnfmt -q "$f" >"$tmp/o.pdn" 2>/dev/null
    if cmp -s "$tmp/o.pdn" "$tmp/l.pdn"; then lossless=same; else lossless=DIFFERENT; failed=1; fi
    echo "$name: csv $csv, lossless $lossless"
done
exit $failed
