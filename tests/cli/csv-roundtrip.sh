#!/bin/sh
# The round trips through CSV, for every PDN file of tests/data (the
# tournaments, the encodings, the whole PDN 3.0 conformance set, succeed
# and fail, and the rest: every real file of the shared corpus):
# - csv: pdn2csv -> csv2pdn -> pdn2csv gives the same CSV, byte for byte
#   (the file and error_line columns aside: they name the source), with
#   every tag of the file as a column. Fails on a difference, except the
#   status columns of games whose source text had a reader error or an
#   error in a variation (the CSV holds the main line, not that text), or
#   whose error message ends "... rules assumed, no GameType tag"
#   (the GameType column gives the game back its tag, and the message
#   then says no more): listed as "status only".
# - lossless: pdn2csv --lossless -> csv2pdn gives the games as the file
#   wrote them: the --lossless CSV of what comes back equals the original's
#   (every tag pair as written, the result token as written, 1/2-1/2 or
#   none, the movetext with its comments and variations), and pdnfmt of the
#   two is the same. The GameType and error_message columns aside: a game
#   without the tag comes back with the GameType it was read under (pdnfmt
#   writes it too; csv2pdn reads each game alone, where its squares may
#   say another variant than its file did), so a finding's message no
#   longer ends "english rules assumed, no GameType tag" (the status
#   column still names the finding). The moves column (the main line
#   without its comments) is compared with that of pdnfmt's text of the
#   file, which is what comes back: a number pdnfmt writes after a comment
#   (the count's, right, where a wrong one before put a reader's count
#   off: "1. 27-23 {c} 2. 20x27" in English checkers) stays in the text
#   and in its moves, as the same number written in the file would.
# - moves: pdn2csv --moves --variations --lossless -> csv2pdn --moves gives
#   back the tags and the result token as written.
# Then, for every input the fuzzers kept (tests/fuzz/regressions), the
# lossless trip gives the games pdnfmt gives (README.md's promise): the
# same once pdnfmt writes them. Their findings may differ (what did not
# read is gone) and a game left without moves nor result may come back
# with its Result tag's (else the next game's tags would read as its own).
# Prints one line per file; fails on any difference.
#   sh tests/cli/csv-roundtrip.sh    (from the project root, tools in PATH)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failed=0
files=0
# the columns of pdn2csv OPTIONS FILE but file and error_line
columns() {
    f=$1
    shift
    pdn2csv -q "$@" "$f" 2>/dev/null | head -1 | tr ',' '\n' |
        grep -v -e '^file$' -e '^error_line$' | paste -sd, -
}
# same A B: whether two files are the same
same() { cmp -s "$1" "$2"; }
# lossless_pdnfmt FILE: whether the lossless trip of FILE, once pdnfmt
# writes it ($tmp/lf.pdn), is pdnfmt's text of FILE ($tmp/o.pdn)
lossless_pdnfmt() {
    pdn2csv -q --lossless "$1" 2>/dev/null | csv2pdn -q >"$tmp/l.pdn" 2>/dev/null
    pdnfmt -q "$1" >"$tmp/o.pdn" 2>/dev/null
    pdnfmt -q "$tmp/l.pdn" >"$tmp/lf.pdn" 2>/dev/null
    same "$tmp/o.pdn" "$tmp/lf.pdn"
}
find tests/data -name '*.pdn' | LC_ALL=C sort >"$tmp/files"
while IFS= read -r f; do
    files=$((files + 1))
    name=${f#tests/data/}
    cols=$(columns "$f" --all-tags)
    pdn2csv -q --columns "$cols" "$f" >"$tmp/1.csv" 2>/dev/null
    csv2pdn -q "$tmp/1.csv" >"$tmp/back.pdn" 2>/dev/null
    pdn2csv -q --columns "$cols" "$tmp/back.pdn" >"$tmp/2.csv" 2>/dev/null
    if same "$tmp/1.csv" "$tmp/2.csv"; then
        csv=same
    else
        # the same once the status columns are left out?
        cut_cols=$(echo "$cols" | tr ',' '\n' | grep -v -e '^status$' -e '^error_' | paste -sd, -)
        pdn2csv -q --columns "$cut_cols" "$f" >"$tmp/1s.csv" 2>/dev/null
        pdn2csv -q --columns "$cut_cols" "$tmp/back.pdn" >"$tmp/2s.csv" 2>/dev/null
        if same "$tmp/1s.csv" "$tmp/2s.csv"; then csv="status only"; else csv=DIFFERENT; failed=1; fi
    fi
    lcols=$(columns "$f" --lossless | tr ',' '\n' |
        grep -v -e '^GameType$' -e '^error_message$' -e '^moves$' | paste -sd, -)
    lossless_pdnfmt "$f"
    formatted=$?
    pdn2csv -q --lossless --columns "$lcols" "$f" >"$tmp/l1.csv" 2>/dev/null
    pdn2csv -q --lossless --columns "$lcols" "$tmp/l.pdn" >"$tmp/l2.csv" 2>/dev/null
    pdn2csv -q --columns game,moves "$tmp/o.pdn" >"$tmp/lm1.csv" 2>/dev/null
    pdn2csv -q --columns game,moves "$tmp/l.pdn" >"$tmp/lm2.csv" 2>/dev/null
    if [ $formatted -eq 0 ] && same "$tmp/l1.csv" "$tmp/l2.csv" &&
        same "$tmp/lm1.csv" "$tmp/lm2.csv"; then
        lossless=same
    else
        lossless=DIFFERENT
        failed=1
    fi
    written=game,recorded_result,tags
    pdn2csv -q --moves --variations --lossless "$f" 2>/dev/null |
        csv2pdn -q --moves >"$tmp/m.pdn" 2>/dev/null
    pdn2csv -q --columns $written "$f" >"$tmp/m1.csv" 2>/dev/null
    pdn2csv -q --columns $written "$tmp/m.pdn" >"$tmp/m2.csv" 2>/dev/null
    if same "$tmp/m1.csv" "$tmp/m2.csv"; then moves=same; else moves=DIFFERENT; failed=1; fi
    echo "$name: csv $csv, lossless $lossless, moves $moves"
done <"$tmp/files"
[ "$files" -ge 56 ] || { echo "only $files files: the real files are missing"; exit 1; }
kept=0
for f in tests/fuzz/regressions/*; do
    [ "${f##*/}" = README ] && continue
    kept=$((kept + 1))
    if lossless_pdnfmt "$f"; then lossless=same; else lossless=DIFFERENT; failed=1; fi
    echo "${f#tests/}: lossless $lossless"
done
[ "$kept" -ge 60 ] || { echo "only $kept fuzz inputs: tests/fuzz/regressions is missing"; exit 1; }
exit $failed
