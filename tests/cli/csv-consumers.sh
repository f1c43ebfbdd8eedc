#!/bin/sh
# Real consumers read pdn2csv's CSV: Python's csv module gets the values
# back exactly (commas, quotes, line ends, blanks, Cyrillic), and sqlite3's
# .import --csv loads the tournament files, whose games per result a query
# counts: the same counts as Python's csv module finds, over all 297 games;
# and the normalised_result and points columns group and sum as the Result
# spellings mapped by hand say.
#   sh tests/cli/csv-consumers.sh   (from the project root, tools in PATH)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
status=0
pdn2csv -q --all-tags tests/data/csv/tricky.pdn >"$tmp/t.csv" 2>/dev/null
pdn2csv -q --all-tags -d ';' --crlf --bom tests/data/csv/tricky.pdn >"$tmp/s.csv" 2>/dev/null
python3 - "$tmp/t.csv" "$tmp/s.csv" <<'PY' || status=1
import csv, sys
want = {"Event": 'Open, "A"; 2024', "Site": "  Leading and trailing  ",
        "White": "Иванов, Пётр", "Black": '=HYPERLINK("x")', "Round": "1-1",
        "Annotator": "+plus @at -minus"}
for path, kw in ((sys.argv[1], {}), (sys.argv[2], {"delimiter": ";"})):
    with open(path, newline="", encoding="utf-8-sig") as f:
        rows = list(csv.DictReader(f, **kw))
    assert len(rows) == 3, (path, len(rows))
    for k, v in want.items():
        assert rows[0][k] == v, (path, k, rows[0][k])
    assert rows[1]["status"] == "illegal-move", rows[1]["status"]
print("python csv: 2 files read back exactly")
PY
for f in tests/data/tournaments/*.pdn; do pdn2csv -q "$f" 2>/dev/null | sed 1d; done >"$tmp/body.csv"
pdn2csv -q tests/data/csv/tricky.pdn 2>/dev/null | head -1 >"$tmp/all.csv"
cat "$tmp/body.csv" >>"$tmp/all.csv"
got=$(sqlite3 "$tmp/db" '.import --csv '"$tmp/all.csv"' games' \
    'SELECT Result, count(*) FROM games GROUP BY Result ORDER BY Result;' | paste -sd' ' -)
want=$(python3 -c '
import csv, sys, collections
c = collections.Counter(r["Result"] for r in csv.DictReader(open(sys.argv[1], newline="")))
print(" ".join("%s|%d" % (k, c[k]) for k in sorted(c)))' "$tmp/all.csv")
games=$(sqlite3 "$tmp/db" 'SELECT count(*) FROM games;')
[ "$games" = 297 ] || { echo "sqlite3: $games games, want 297"; status=1; }
if [ "$got" = "$want" ]; then
    echo "sqlite3: games per result: $got"
else
    echo "sqlite3: games per result: got '$got', want '$want'"
    status=1
fi
# The normalised result and the points: one GROUP BY over the games whose
# Result tag is one of the six spellings of PDN.md, against those spellings
# mapped by hand (1-0 is 2-0, 1/2-1/2 is 1-1, 0-1 is 0-2; a win 2 points).
got=$(sqlite3 "$tmp/db" "SELECT normalised_result, count(*), sum(white_points), sum(black_points)
    FROM games WHERE Result IN ('2-0', '1-0', '1-1', '1/2-1/2', '0-2', '0-1')
    GROUP BY normalised_result ORDER BY normalised_result;" | paste -sd' ' -)
want=$(python3 -c '
import csv, sys, collections
same = {"2-0": "2-0", "1-0": "2-0", "1-1": "1-1", "1/2-1/2": "1-1", "0-2": "0-2", "0-1": "0-2"}
points = {"2-0": (2, 0), "1-1": (1, 1), "0-2": (0, 2)}
c = collections.Counter(same[r["Result"]] for r in csv.DictReader(open(sys.argv[1], newline=""))
                        if r["Result"] in same)
print(" ".join("%s|%d|%d|%d" % (k, c[k], c[k] * points[k][0], c[k] * points[k][1])
               for k in sorted(c)))' "$tmp/all.csv")
if [ "$got" = "$want" ]; then
    echo "sqlite3: normalised results and points: $got"
else
    echo "sqlite3: normalised results and points: got '$got', want '$want'"
    status=1
fi
exit $status
