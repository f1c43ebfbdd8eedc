#!/bin/sh
# pdn2csv --excel opened by a real spreadsheet program: LibreOffice Calc,
# headless, with its detection of special numbers (dates) on, converts the
# file back to CSV; every move and result cell must come back unchanged
# (compared with pdn2csv's plain output of the same columns), and so must a
# formula of 300 characters (long-formula.pdn, issue 22), not evaluated. Not in the
# quick make check: make check-consumers and CI run it (Debian
# libreoffice-calc-nogui).
#   sh tests/consumers/libreoffice.sh BIN
bin=${1:-bin}
command -v soffice >/dev/null || { echo "libreoffice: soffice not installed" >&2; exit 3; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cols=game,Round,Result,moves,recorded_result,implied_result,Black,Event,Annotator
{
    "$bin/pdn2csv" -q --columns "$cols" tests/data/csv/tricky.pdn
    "$bin/pdn2csv" -q --columns "$cols" tests/data/csv/long-formula.pdn | sed 1d
    for f in tests/data/tournaments/*.pdn; do
        "$bin/pdn2csv" -q --columns "$cols" "$f" | sed 1d
    done
} 2>/dev/null | "$bin/csv2pdn" -q 2>/dev/null >"$tmp/all.pdn"
"$bin/pdn2csv" -q --columns "$cols" -d ';' "$tmp/all.pdn" >"$tmp/want.csv" 2>/dev/null
"$bin/pdn2csv" -q --columns "$cols" --excel "$tmp/all.pdn" >"$tmp/in.csv" 2>/dev/null
# Import: ';', '"', UTF-8 (76), from line 1, en-US, quoted fields not forced
# to text, special numbers detected. Export: the same separators.
HOME=$tmp soffice --headless \
    --infilter='CSV:59,34,76,1,,1033,false,true' \
    --convert-to 'csv:Text - txt - csv (StarCalc):59,34,76,1,,0,false,true,false,false' \
    --outdir "$tmp/out" "$tmp/in.csv" >/dev/null 2>&1
python3 - "$tmp/want.csv" "$tmp/out/in.csv" <<'PY'
import csv, sys
def rows(p):
    with open(p, newline="", encoding="utf-8-sig") as f:
        return list(csv.reader(f, delimiter=";"))
want, got = rows(sys.argv[1]), rows(sys.argv[2])
assert len(want) == len(got), (len(want), len(got))
head = want[0]
cells = bad = 0
for w, g in zip(want[1:], got[1:]):
    for name, a, b in zip(head, w, g):
        if name in ("game",):
            continue
        cells += 1
        if a != b:
            bad += 1
            print("libreoffice: %s changed: %r -> %r" % (name, a, b))
print("libreoffice: %d games, %d cells, %d changed" % (len(want) - 1, cells, bad))
sys.exit(1 if bad else 0)
PY
