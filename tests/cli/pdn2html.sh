#!/bin/sh
# pdn2html's page as a file, without a browser (tests/browser/browser.py
# opens it in one): what it holds, what it must never hold, and how the
# tool writes it. Finds pdn2html on PATH (the CLI runner puts the build's
# bin/ first); Python reads the page's JSON (the standard library only).
# Prints one line per check; exits 1 when one fails.
#
#   sh tests/cli/pdn2html.sh       (from the project root; run by the golden
#                                  case pdn2html-page)

tag=pdn2html
. tests/cli/checks.sh # $work, removed at exit; poll
tmp=$work
check() { # check WHAT COMMAND...: runs COMMAND, says ok or FAIL
    what=$1
    shift
    if "$@" >/dev/null 2>&1; then echo "ok   $what"; else echo "FAIL $what"; failed=1; fi
}
france="tests/data/tournaments/Championnat de France 2021.pdn"
hostile=tests/browser/hostile.pdn

# The games' data as JSON: one element, read back as the file said.
pdn2html -q -w -o "$tmp/h.html" "$hostile"
json_of() { # json_of PAGE ID: the element's JSON
    python3 -c 'import re,sys; t=open(sys.argv[1],encoding="utf-8").read(); print(re.search(r"<script type=\"application/json\" id=\""+sys.argv[2]+r"\">(.*?)</script>",t,re.S).group(1))' "$1" "$2"
}
json_of "$tmp/h.html" pdn-games >"$tmp/games.json"
check "hostile tags travel as JSON and read back unchanged" python3 -c '
import json,sys
g=json.load(open(sys.argv[1],encoding="utf-8"))[0]
tags=dict(g["tags"])
assert tags["Event"]=="<script>window.pwned=1</script>", tags["Event"]
assert tags["White"]=="\"Quoted\" & <b>bold</b> ]]> </script><script>window.pwned=2</script>"
assert tags["Black"]=="محمد الأمين"
assert g["line"][0][4]["c"][0].startswith("</script><img")
' "$tmp/games.json"
check "no '<' of a file in the page: four <script elements, the page's own" \
    test "$(grep -o '<script' "$tmp/h.html" | wc -l)" -eq 4
check "no element of the file: no <img, no <b>, no </script><script>" sh -c "
    ! grep -q '<img' '$tmp/h.html' && ! grep -q '<b>' '$tmp/h.html' &&
    ! grep -q '</script><script>window' '$tmp/h.html'"
check "no request outside the page: nothing loaded, a CSP allowing none" sh -c "
    ! grep -qi '<link\\|<iframe\\|<img\\|url(http\\|url(//\\|@import' '$tmp/h.html' &&
    grep -q \"default-src 'none'\" '$tmp/h.html'"

# The Italian federation's tags (Bianco, Nero, Risultato): the names and
# results the library reads from them go with the game as "read", for the
# page's heading, list and crosstable links; the tags stay as read.
italian="tests/data/conformance/succeed/Campionato Assoluto 2005.pdn"
pdn2html -q -w -o "$tmp/i.html" "$italian" 2>/dev/null
json_of "$tmp/i.html" pdn-games >"$tmp/i.json"
check "Italian tag names read as White, Black, Result, kept as written" python3 -c '
import json,sys
g=json.load(open(sys.argv[1],encoding="utf-8"))
assert len(g)==53, len(g)
assert g[0]["read"]=={"White":"BORGHETTI Michele","Black":"MASCOLO Luca","Result":"1-0"}, g[0].get("read")
assert dict(g[0]["tags"])["Bianco"]=="BORGHETTI Michele"
assert all("read" in x for x in g)
' "$tmp/i.json"

# A tournament: every game, its crosstables, small.
pdn2html -q -w -o "$tmp/f.html" "$france"
json_of "$tmp/f.html" pdn-games >"$tmp/f.json"
check "58 games in the page, 110 plies in game 24's main line" python3 -c '
import json,sys
g=json.load(open(sys.argv[1],encoding="utf-8"))
assert len(g)==58, len(g)
assert len(g[23]["line"])==110, len(g[23]["line"])
' "$tmp/f.json"
json_of "$tmp/f.html" pdn-crosstables >"$tmp/c.json"
check "three crosstables, as pdnstats --crosstable finds" python3 -c '
import json,sys
c=json.load(open(sys.argv[1],encoding="utf-8"))["stats"]["crosstables"]
assert len(c)==3, len(c)
' "$tmp/c.json"
check "no folder of the input in the page: its repeats name 'Championnat de France 2021.pdn'" \
    sh -c "! grep -q 'tests/data' '$tmp/f.html' &&
        grep -q '\"file\": \"Championnat de France 2021.pdn\"' '$tmp/f.html'"
size=$(wc -c <"$tmp/f.html")
text=$(wc -c <"$france")
check "the page is under 300 KB plus the games' text" \
    test $((size - text)) -lt 300000

# A variation the replay could not play is on the page as written: the
# broadcast's '(1... 5-10)' after 1. 34-30, White to move (an illegal move).
wtm="tests/data/tournaments/World Title Match Women 2024.pdn"
pdn2html -q -w -g 2 -o "$tmp/w.html" "$wtm" 2>/dev/null
json_of "$tmp/w.html" pdn-games >"$tmp/w.json"
check "a variation not replayed kept as written: (1... 5-10) after 34-30" python3 -c '
import json,sys
g=json.load(open(sys.argv[1],encoding="utf-8"))[0]
assert g["line"][0][0]=="34-30", g["line"][0]
assert g["line"][0][4]["v"]==[["5-10"]], g["line"][0][4]["v"]
' "$tmp/w.json"

# Selection and titles.
pdn2html -q -w -g 24 --title 'Round 6 & more' -o "$tmp/g.html" "$france"
check "-g 24: one game" sh -c "grep -c '\"index\":24' '$tmp/g.html' | grep -qx 1"
check "--title is escaped in <title>" grep -q '<title>Round 6 &amp; more</title>' "$tmp/g.html"
# Move numbers from a FEN as pdnfmt writes them: counted back from a later
# number (37), lidraughts' :F12, Black first counted back (37...).
pdn2html -q -o "$tmp/n.html" tests/cli/numbers/fen-first-number.pdn
check "the first move numbers after a FEN: 37, 12, 37" sh -c \
    "test \"\$(grep -o '\"n0\":[0-9]*' '$tmp/n.html' | tr '\n' ' ')\" = '\"n0\":37 \"n0\":12 \"n0\":37 '"

# Writing: never over an input, nothing left behind on failure.
cp "$hostile" "$tmp/in.pdn"
pdn2html -q -o "$tmp/in.pdn" "$tmp/in.pdn" 2>/dev/null
rc=$?
check "-o naming an input is refused (exit $rc), the input kept" sh -c "
    test $rc -eq 2 && cmp -s '$hostile' '$tmp/in.pdn'"
pdn2html -q -o "$tmp/none.html" "$tmp/missing.pdn" 2>/dev/null
rc=$?
check "a missing input: exit 3 ($rc), no page" sh -c "test $rc -eq 3 && ! test -e '$tmp/none.html'"

# --watch: the page follows its input, atomically, and stops on SIGTERM.
# Each wait is for the event itself (the page, its new text, the end of
# the process), a minute at most: load makes it slower, never wrong.
# ended PID: the process has ended (gone, or a zombie not waited for yet).
ended() { [ ! -e "/proc/$1" ] || [ "$(sed 's/.*) \(.\).*/\1/' "/proc/$1/stat" 2>/dev/null)" = Z ]; }
cp "$hostile" "$tmp/live.pdn"
pdn2html -q -w --watch -o "$tmp/live.html" "$tmp/live.pdn" &
pid=$!
poll 600 0.1 test -s "$tmp/live.html"
sed 's/Round "1"/Round "2"/' "$hostile" >"$tmp/live.pdn.new" && mv "$tmp/live.pdn.new" "$tmp/live.pdn"
poll 600 0.1 grep -q '"Round","2"' "$tmp/live.html"
check "--watch writes the page again when the input changes" grep -q '"Round","2"' "$tmp/live.html"
kill -TERM $pid
poll 600 0.1 ended $pid || kill -KILL $pid
wait $pid
rc=$?
check "--watch ends on SIGTERM with status 0 ($rc)" test $rc -eq 0
check "--watch leaves no temporary file" sh -c "test \$(ls -A '$tmp' | grep -c live) -eq 2"
pdn2html --watch "$hostile" 2>/dev/null
check "--watch without -o is a usage error (exit 2)" test $? -eq 2

[ $failed -eq 0 ] && echo "pdn2html: all checks passed"
exit $failed
