#!/bin/sh
# pdnfmt --fix over every real file of tests/data (tournaments, the PDN 3.0
# conformance set, the encodings): afterwards pdncheck must find none of the
# faults --fix repairs. FIX_CODES below is the one list of them; pdnfmt(1)
# must name each one under --fix.
#
#   sh tests/cli/fix-real-files.sh      (from the project root; run by the
#                                       golden case fmt-fix-real-files)
#
# bad-date has the dates --fix must leave, each printed: a range, words, two
# years, a two-digit year, and a day and month before the year that read
# as two dates (10.03.2003: 10 March or 3 October). They are told apart
# here by their shape, not by the library's reading.
#
# move-number has one: the number of a move the replay stops at (the count
# does not pass it), printed too.
#
# result-mismatch has one exception, which --fix must not repair (nothing
# decides between two results): a Result tag and a terminator that are both
# results. Each such finding left is printed, with the place pdnfmt --fix
# reported it at (it must have reported it, as a warning). Then, on the
# fixed output, pdnfmt --fix must find nothing more to repair and write the
# same bytes, and --fix on plain pdnfmt's output must write what --fix on
# the file writes (comments left out). Finds pdnfmt and pdncheck on PATH
# (the CLI runner puts the build's bin/ first). Prints one line per finding
# left and a last line; fails (exit 1) on a fault left that --fix repairs.

FIX_CODES="move-number move-form result-mismatch bad-date"

tmp=${TMPDIR:-/tmp}/fix-real-files.$$
trap 'rm -f "$tmp".*' EXIT
failed=0
files=0

# The man page names every code of the list.
for code in $FIX_CODES; do
    grep -q "^\.It Li $code\$" man/man1/pdnfmt.1 || { echo "pdnfmt.1 does not name $code"; failed=1; }
done

# field NAME: the value of a JSON string field of pdncheck's findings.
field() {
    sed -n "s/.*\"$1\":\"\\([^\"]*\\)\".*/\\1/p"
}

# two_dates D M: a day and a month that read both ways as different dates.
two_dates() {
    [ "$1" -ge 1 ] && [ "$1" -le 12 ] && [ "$2" -ge 1 ] && [ "$2" -le 12 ] && [ "$1" -ne "$2" ]
}

# left_date TEXT: why --fix must leave that date (nothing when it must not).
left_date() {
    year_last='^[0-9]{1,2}[./-][0-9]{1,2}[./-][0-9]{4}$'
    if echo "$1" | grep -q ' - '; then
        echo "a range"
    elif echo "$1" | grep -q '[A-Za-z]'; then
        echo "words"
    elif echo "$1" | grep -Eq '^[0-9]{4}/[0-9]{4}$'; then
        echo "two years"
    elif echo "$1" | grep -Eq '^[0-9?]{1,2}[./-][0-9?]{1,2}[./-][0-9?]{2}$'; then
        echo "a two-digit year"
    elif echo "$1" | grep -Eq "$year_last" &&
        two_dates $(echo "$1" | sed 's/^0*\([0-9]*\)[./-]0*\([0-9]*\).*/\1 \2/'); then
        echo "day or month first"
    fi
}

# left_number FINDING GAME: why --fix must leave a move number (nothing
# when it must not): the move it numbers is one the replay stops at, which
# the count does not pass ("(1... 5-10)" after White's move).
left_number() {
    move=$(echo "$1" | field move)
    if grep -Eq "\"game\":$2,\"move\":\"$move\",.*\"code\":\"(illegal|ambiguous)-move\"" \
        "$tmp.json"; then
        echo "the replay stops at its move"
    fi
}

for f in tests/data/tournaments/*.pdn tests/data/conformance/*/*.pdn tests/data/encodings/*.pdn; do
    files=$((files + 1))
    pdnfmt -q --fix "$f" >"$tmp.fixed" 2>"$tmp.notes"
    pdncheck -q --format json "$tmp.fixed" >"$tmp.json" 2>&1
    for code in $FIX_CODES; do
        grep "\"code\":\"$code\"" "$tmp.json" >"$tmp.left"
        while IFS= read -r finding; do
            text=$(echo "$finding" | field text)
            tag=$(echo "$finding" | field message | sed -n 's/.*the Result tag says //p')
            game=$(echo "$finding" | sed -n 's/.*"game":\([0-9]*\).*/\1/p')
            why=
            [ "$code" = bad-date ] && why=$(left_date "$text")
            [ "$code" = move-number ] && why=$(left_number "$finding" "$game")
            if [ -n "$why" ]; then
                [ "$code" = bad-date ] && echo "$f: game $game: left: date '$text' ($why)"
                [ "$code" = move-number ] && echo "$f: game $game: left: number '$text' ($why)"
                continue
            fi
            if [ "$code" = result-mismatch ] && [ "$text" != "*" ] && [ -n "$tag" ] &&
                [ "$tag" != "*" ]; then
                # Two results: --fix reported the disagreement, in the game.
                if grep -q "warning: mismatched result.*(game $game)\$" "$tmp.notes"; then
                    echo "$f: game $game: left: '$text' against the tag's $tag (two results)"
                    continue
                fi
                echo "$f: game $game: '$text' against $tag NOT REPORTED by pdnfmt --fix"
            else
                echo "$f: LEFT: $finding"
            fi
            failed=1
        done <"$tmp.left"
    done
    pdnfmt -q --fix "$tmp.fixed" >"$tmp.again" 2>"$tmp.notes2"
    if grep -q "note: fixed" "$tmp.notes2"; then
        echo "$f: a second --fix still repairs:"
        sed 's/^/    /' "$tmp.notes2"
        failed=1
    fi
    cmp -s "$tmp.fixed" "$tmp.again" || { echo "$f: a second --fix changes the output"; failed=1; }
    # --fix on plain pdnfmt's output (a file: its dates are read ahead) is
    # --fix on the file, comments apart: plain pdnfmt writes a tag whose name
    # is no identifier as a comment ({[R&#x00e9;sultat "1-1"]}), which --fix
    # never changes, where --fix on the file reads it as the tag it names.
    pdnfmt -q "$f" >"$tmp.plain" 2>/dev/null
    pdnfmt -q --fix --no-comments "$tmp.plain" >"$tmp.a" 2>/dev/null
    pdnfmt -q --fix --no-comments "$f" >"$tmp.b" 2>/dev/null
    if ! cmp -s "$tmp.a" "$tmp.b"; then
        echo "$f: pdnfmt, then pdnfmt --fix, differs from pdnfmt --fix"
        failed=1
    fi
done
[ "$files" -gt 0 ] || { echo "no file under tests/data"; exit 1; }
echo "$files files: after pdnfmt --fix, pdncheck finds none of: $FIX_CODES (but two results and dates without one reading)"
exit $failed
