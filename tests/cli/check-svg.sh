#!/bin/sh
# Checks a picture of pdnreplay against a position given independently, as
# a FEN: the SVG is well-formed XML (xmllint), it holds exactly the pieces
# of the FEN on their squares (each piece is <g class="piece COLOUR-KIND"
# data-square="N">), every king is crowned, and it renders (rsvg-convert)
# to a PNG of the size the SVG declares. Prints one line per kind of piece.
#
#   sh tests/cli/check-svg.sh FILE.svg FEN
# POSIX sh, awk, xmllint (libxml2-utils), rsvg-convert (librsvg2-bin).
svg=${1:?usage: check-svg.sh SVG FEN}
fen=${2:?usage: check-svg.sh SVG FEN}
xmllint --noout "$svg" || { echo "check-svg: $svg is not well-formed XML"; exit 1; }
failed=0

# The squares of one kind in the FEN, ascending: "W:W31,K45:B1-3" with kind
# white-king gives "45".
fen_squares() {
    printf '%s\n' "$fen" | awk -v want="$1" '
        BEGIN { FS = ":" }
        {
            for (f = 2; f <= NF; f++) {
                color = substr($f, 1, 1) == "W" ? "white" : "black"
                n = split(substr($f, 2), item, ",")
                for (i = 1; i <= n; i++) {
                    it = item[i]; sub(/\.$/, "", it)
                    if (it == "") continue
                    kind = "man"
                    if (substr(it, 1, 1) == "K") { kind = "king"; it = substr(it, 2) }
                    split(it, r, "-"); sub(/^K/, "", r[2])
                    hi = (r[2] == "") ? r[1] : r[2]
                    if (color "-" kind == want) for (s = r[1] + 0; s <= hi + 0; s++) print s
                }
            }
        }' | sort -n | tr '\n' ' '
}

# The squares of one kind in the SVG, ascending.
svg_squares() {
    xmllint --xpath "//*[@class='piece $1']/@data-square" "$svg" 2>/dev/null |
        tr ' ' '\n' | sed -n 's/^data-square="\([0-9]*\)"$/\1/p' | sort -n | tr '\n' ' '
}

for kind in white-man white-king black-man black-king; do
    want=$(fen_squares $kind)
    got=$(svg_squares $kind)
    if [ "$want" != "$got" ]; then
        echo "check-svg: $kind: the FEN has [$want], the SVG [$got]"
        failed=1
    fi
    echo "$kind: $(printf '%s' "$want" | wc -w) [${want% }]"
done

kings=$(($(printf '%s' "$(fen_squares white-king)$(fen_squares black-king)" | wc -w)))
crowns=$(xmllint --xpath "count(//*[@class='crown'])" "$svg")
[ "$kings" = "$crowns" ] || { echo "check-svg: $kings kings, $crowns crowns"; failed=1; }

size=$(sed -n 's/^<svg [^>]* width="\([0-9]*\)" height="\([0-9]*\)".*/\1x\2/p' "$svg")
png=${TMPDIR:-/tmp}/check-svg.$$.png
trap 'rm -f "$png"' EXIT
if rsvg-convert "$svg" -o "$png"; then
    # The PNG header: width and height, big-endian, at bytes 16 to 23.
    got=$(od -An -tu1 -j16 -N8 "$png" | awk '{ printf "%dx%d", $1*16777216+$2*65536+$3*256+$4, $5*16777216+$6*65536+$7*256+$8 }')
    [ "$got" = "$size" ] || { echo "check-svg: rendered $got, declared $size"; failed=1; }
    echo "renders: $got"
else
    echo "check-svg: rsvg-convert could not render $svg"
    failed=1
fi
exit $failed
