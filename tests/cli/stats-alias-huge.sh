#!/bin/sh
# pdnstats with alias files no one would write by hand: 200000 lines (a
# list of names by mistake, or made by a script) are read in moments and
# still mend the name they hold, as does a chain of 200000 links; a line of 100000 bytes (not an alias file)
# is refused with its line number, not read into a table.
#
#   PATH=bin:$PATH sh tests/cli/stats-alias-huge.sh     (from the project root)
data='tests/data/tournaments/Championnat de France 2021.pdn'
tmp=$(mktemp -d) || exit 3
trap 'rm -rf "$tmp"' EXIT
awk 'BEGIN { for (i = 0; i < 200000; i++) printf "Player %d = Someone %d\n", i, i % 977
             print "Manakanou = Manakounou, Ali" }' >"$tmp/many.alias"
pdnstats --alias "$tmp/many.alias" --only players "$data" | grep -c Manaka
pdnstats --alias "$tmp/many.alias" --only players "$data" | grep -c Manakou
# a chain of 200000 links, each naming the one before (q1 = q0, q2 = q1,
# ...), at whose end Manakanou is mended: read in moments, not in time
# growing with the square of the lines
awk 'BEGIN { print "q0 = Manakounou, Ali"
             for (i = 1; i < 200000; i++) printf "q%d = q%d\n", i, i - 1
             print "Manakanou = q199999" }' >"$tmp/chain.alias"
pdnstats --alias "$tmp/chain.alias" --only players "$data" | grep -c Manaka
pdnstats --alias "$tmp/chain.alias" --only players "$data" | grep -c Manakou
awk 'BEGIN { s = "x"; for (i = 0; i < 17; i++) s = s s; print "# names"; print s " = y" }' \
    >"$tmp/long.alias"
{
    pdnstats --alias "$tmp/long.alias" --only totals "$data"
    echo "exit $?"
} 2>&1 | sed "s|$tmp/||"
